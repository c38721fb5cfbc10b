import { sql } from 'drizzle-orm';
import { categories, OTHER_SUBCATEGORY } from '../common/catalogue';
import type { Db } from '../server/src/db/client';

const words = [
  'lively',
  'heirloom',
  'bubbly',
  'tangy',
  'gentle',
  'robust',
  'creamy',
  'wild',
  'ancient',
  'fizzy',
  'mild',
  'sour',
  'sweet',
  'organic',
  'family',
  'village',
  'mountain',
  'coastal',
  'spring',
  'autumn',
];
const places = [
  'Portland, Oregon',
  'Seattle, Washington',
  'Austin, Texas',
  'Denver, Colorado',
  'Chicago, Illinois',
  'Toronto, Ontario',
  'Bristol, United Kingdom',
  'Madison, Wisconsin',
  'Boulder, Colorado',
  'Nowhere Special',
];

/** A text[] parameter (drizzle would otherwise spread an array into a tuple). */
const textArray = (values: string[]) =>
  sql`${'{' + values.map((v) => '"' + v.replace(/["\\]/g, '\\$&') + '"').join(',') + '}'}::text[]`;

/** Fills the database with `members` members and `count` starters in a few bulk statements. */
export async function seedStarters(db: Db, count: number, members = 1000) {
  await db.execute(sql`
    INSERT INTO users (email, first_name, last_name, username)
    SELECT 'bench' || g || '@bench.test', 'Bench', 'Member ' || g, 'bench_' || g
    FROM generate_series(1, ${members}) g
    ON CONFLICT DO NOTHING`);
  const pairs = categories.flatMap((c) => [
    ...c.subcategories.map((s) => ({ c: c.key, s: s.key, label: s.label as string })),
    { c: c.key, s: OTHER_SUBCATEGORY, label: 'Other' },
  ]);
  const cats = pairs.map((p) => p.c);
  const subs = pairs.map((p) => p.s);
  const labels = pairs.map((p) => p.label);
  const batch = 20_000;
  for (let done = 0; done < count; done += batch) {
    const n = Math.min(batch, count - done);
    await db.execute(sql`
      WITH u AS (SELECT id, row_number() OVER (ORDER BY id) AS rn FROM users WHERE email LIKE '%@bench.test'),
      g AS (SELECT s, (s % ${pairs.length}) + 1 AS p FROM generate_series(1, ${n}) s)
      INSERT INTO starters (user_id, title, description, category, subcategory, starter_type, location, latitude, longitude, created_at)
      SELECT
        (SELECT id FROM u WHERE rn = (g.s % ${members}) + 1),
        (${textArray(words)})[(g.s % 20) + 1] || ' ' || (${textArray(labels)})[g.p] || ' #' || g.s,
        'A ' || (${textArray(words)})[((g.s / 7) % 20) + 1] || ' culture kept with care, fed regularly and ready to share with a neighbour.',
        (${textArray(cats)})[g.p],
        (${textArray(subs)})[g.p],
        (${textArray(labels)})[g.p],
        (${textArray(places)})[(g.s % 10) + 1],
        CASE WHEN g.s % 10 = 9 THEN NULL ELSE 30 + (g.s % 200) / 10.0 END,
        CASE WHEN g.s % 10 = 9 THEN NULL ELSE -120 + (g.s % 400) / 10.0 END,
        now() - make_interval(mins => g.s)
      FROM g`);
  }
  await db.execute(sql`ANALYZE users`);
  await db.execute(sql`ANALYZE starters`);
}
