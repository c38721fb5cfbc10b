/** Seeding shared by the alerts benches (bench/alerts.ts, bench/alerts-mix.ts). */
import { sql } from 'drizzle-orm';
import type { Db } from '../server/src/db/client';
import { cultures, type BenchPlace } from './seed';

export const MEMBERS = 10_000;

const floatArray = (values: number[]) => `ARRAY[${values.join(',')}]::float8[]`;
const textArray = (values: string[]) =>
  `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`;
/** Words people put in alerts: the culture names' words that say what it is. */
const alertWords = ['kefir', 'sourdough', 'scoby', 'yogurt', 'miso', 'tempeh', 'rye', 'koji'];

/** A time zone where it is midday now: the bench pushes and mails as by day (decision 126). */
export function daytimeZone(): string {
  const off = ((12 - new Date().getUTCHours() + 36) % 24) - 12;
  return off === 0 ? 'UTC' : off > 0 ? `Etc/GMT-${off}` : `Etc/GMT+${-off}`;
}

/**
 * `MEMBERS` members (in daytime) and `count` alerts spread over `places` with the browse
 * bench's skew: place p is picked as 1 + floor(random()² · places), so the first place holds
 * ~5 % of all alerts and the median place ~0.2 %.
 */
export async function seedAlerts(db: Db, count: number, places: BenchPlace[]): Promise<void> {
  await db.execute(
    sql.raw(`INSERT INTO users (email, first_name, last_name, username, time_zone)
      SELECT 'alerts' || g || '@bench.test', 'Alex', 'Member ' || g, 'alerts_' || g, '${daytimeZone()}'
      FROM generate_series(1, ${MEMBERS}) g ON CONFLICT DO NOTHING`),
  );
  const cats = cultures.map((c) => c[1]);
  const subs = cultures.map((c) => c[2]);
  await db.execute(
    sql.raw(`WITH u AS (SELECT array_agg(id ORDER BY id) AS ids FROM users WHERE email LIKE 'alerts%@bench.test'),
      g AS (
        SELECT i,
          1 + floor(power(random(), 2) * ${places.length})::int AS p,
          1 + floor(random() * ${cultures.length})::int AS c,
          random() AS r_cat, random() AS r_sub, random() AS r_words,
          1 + floor(random() * ${alertWords.length})::int AS w,
          1 + floor(random() * 5)::int AS radius,
          1 + floor(random() * 3)::int AS f,
          1 + floor(random() * ${MEMBERS})::int AS m
        FROM generate_series(1, ${count}) AS i)
    INSERT INTO alerts (user_id, search, search_tokens, category, subcategory, place,
      latitude, longitude, radius_km, frequency)
    SELECT u.ids[g.m],
      CASE WHEN g.r_words < 1.0 / 3 THEN (${textArray(alertWords)})[g.w] END,
      CASE WHEN g.r_words < 1.0 / 3 THEN ARRAY[(${textArray(alertWords)})[g.w]] ELSE '{}'::text[] END,
      CASE WHEN g.r_cat < 0.5 THEN (${textArray(cats)})[g.c] END,
      CASE WHEN g.r_cat < 0.5 AND g.r_sub < 0.5 THEN (${textArray(subs)})[g.c] END,
      (${textArray(places.map((p) => p.name))})[g.p],
      (${floatArray(places.map((p) => p.latitude))})[g.p],
      (${floatArray(places.map((p) => p.longitude))})[g.p],
      (ARRAY[5, 10, 25, 50, 100])[g.radius],
      (ARRAY['immediate','daily','weekly'])[g.f]
    FROM g, u`),
  );
  // As autovacuum leaves a table soon after a bulk load: statistics, and a visibility map that
  // lets the members' and announcements' keys answer from their indexes alone.
  await db.execute(sql`VACUUM ANALYZE users`);
  await db.execute(sql`VACUUM ANALYZE alerts`);
}
