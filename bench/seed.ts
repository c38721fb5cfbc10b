import { createRequire } from 'node:module';
import { sql } from 'drizzle-orm';
import type { Db } from '../server/src/db/client';

/** Culture names people actually post, each with the catalogue pair it belongs to. */
export const cultures: [name: string, category: string, subcategory: string][] = [
  ['Milk kefir grains', 'dairy', 'kefir'],
  ['Goat milk kefir', 'dairy', 'kefir'],
  ['Bulgarian yogurt', 'dairy', 'yogurt'],
  ['Greek yogurt culture', 'dairy', 'yogurt'],
  ['Viili', 'dairy', 'yogurt'],
  ['Filmjölk', 'dairy', 'yogurt'],
  ['Matsoni', 'dairy', 'yogurt'],
  ['Skyr culture', 'dairy', 'other'],
  ['Cultured buttermilk', 'dairy', 'buttermilk'],
  ['Crème fraîche', 'dairy', 'buttermilk'],
  ['Camembert mould', 'dairy', 'cheese'],
  ['Blue cheese culture', 'dairy', 'cheese'],
  ['Rye sourdough', 'grain', 'sourdough'],
  ['San Francisco sourdough', 'grain', 'sourdough'],
  ['Whole wheat levain', 'grain', 'sourdough'],
  ['Spelt sourdough', 'grain', 'sourdough'],
  ['Gluten free sourdough', 'grain', 'sourdough'],
  ['Teff injera starter', 'grain', 'injera'],
  ['Idli batter starter', 'grain', 'idli'],
  ['Dosa batter', 'grain', 'dosa'],
  ['Amazake', 'grain', 'other'],
  ['Kvass starter', 'grain', 'other'],
  ['Kombucha SCOBY', 'beverage', 'scoby'],
  ['Jun SCOBY', 'beverage', 'scoby'],
  ['Vinegar mother', 'beverage', 'scoby'],
  ['Water kefir crystals', 'beverage', 'waterKefir'],
  ['Tibicos', 'beverage', 'waterKefir'],
  ['Ginger bug', 'beverage', 'gingerBug'],
  ['Ginger beer plant', 'beverage', 'gingerBug'],
  ['Tepache starter', 'beverage', 'other'],
  ['Mead yeast', 'beverage', 'other'],
  ['Shio koji', 'legume', 'miso'],
  ['Barley miso', 'legume', 'miso'],
  ['Rice koji spores', 'legume', 'miso'],
  ['Tempeh starter', 'legume', 'tempeh'],
  ['Rhizopus oligosporus', 'legume', 'tempeh'],
  ['Soy sauce moromi', 'legume', 'soySauce'],
  ['Natto spores', 'legume', 'bacterial'],
  ['Doenjang meju', 'legume', 'bacterial'],
  ['Sauerkraut brine', 'other', 'wild'],
  ['Kimchi brine', 'other', 'wild'],
  ['Hot sauce mash', 'other', 'experimental'],
  ['Fermented honey garlic', 'other', 'custom'],
  ['Mixed wild yeast', 'other', 'mixed'],
  ['Nuka pot', 'other', 'mixed'],
];

const adjectives = [
  'Lively',
  'Heirloom',
  'Bubbly',
  'Tangy',
  'Gentle',
  'Robust',
  'Creamy',
  'Wild',
  'Old',
  'Happy',
  'Sleepy',
  'Vigorous',
];

const sentences = [
  'Fed every morning with fresh flour and water.',
  'It came from my grandmother and has travelled across three countries.',
  'Thick and tangy, it sets in about eight hours at room temperature.',
  'Bring a clean jar with a lid.',
  'I have far too much of it and would love it to go to a good home.',
  'Smells of green apples and a little of vinegar.',
  'Very forgiving: it survived a month in the fridge without feeding.',
  'Makes a beautiful open crumb and a crackling crust.',
  'Ferments a litre of milk overnight in a warm kitchen.',
  'Pick-up only, evenings after six or at weekends.',
  'The pellicle is about a centimetre thick and very healthy.',
  'Great for beginners, with instructions written out for you.',
  'Kept at a steady temperature in a cellar for years.',
  'Works with oat, soy or coconut milk too.',
  'I will include a little of the liquid it lives in.',
  'Happy to answer questions about brewing, baking or pickling.',
  'Dried flakes that keep for months; rehydrate in a day.',
  'Organic ingredients only, no chlorine in the water.',
  'It doubles in four hours when it is warm.',
  'Ask me about the recipe my family uses at midwinter.',
];

const firstNames = [
  'Ada',
  'Ben',
  'Chiara',
  'Dmitri',
  'Esi',
  'Farah',
  'Gus',
  'Hana',
  'Ines',
  'Jonas',
  'Kiri',
  'Lena',
  'Mateo',
  'Noor',
  'Olu',
  'Priya',
  'Quinn',
  'Rosa',
  'Sami',
  'Tove',
];

export interface BenchPlace {
  name: string;
  /** The first word of the city name, as someone would type it into the location filter. */
  word: string;
  latitude: number;
  longitude: number;
}

/** `count` real places from the gazetteer, spread over the whole list (all continents). */
export function gazetteerPlaces(count: number): BenchPlace[] {
  const require = createRequire(import.meta.url);
  const { City, Country } = require('country-state-city') as typeof import('country-state-city');
  const all = City.getAllCities().filter((c) => /^[A-Za-z][A-Za-z ]{2,}$/.test(c.name));
  // Some picks are skipped (short or repeated first words): step finely enough to get `count`.
  const step = Math.floor(all.length / (count * 1.5));
  const places: BenchPlace[] = [];
  const seen = new Set<string>();
  for (let i = 0; places.length < count && i < all.length; i += step) {
    const city = all[i]!;
    const word = city.name.split(' ')[0]!.toLowerCase();
    if (seen.has(word) || word.length < 4) continue;
    seen.add(word);
    places.push({
      name: `${city.name}, ${Country.getCountryByCode(city.countryCode)?.name ?? city.countryCode}`,
      word,
      latitude: Number(city.latitude),
      longitude: Number(city.longitude),
    });
  }
  return places;
}

/** A Postgres array literal as a parameter (drizzle would otherwise spread it into a tuple). */
const textArray = (values: string[]) =>
  sql`${'{' + values.map((v) => '"' + v.replace(/["\\]/g, '\\$&') + '"').join(',') + '}'}::text[]`;
const floatArray = (values: number[]) => sql`${'{' + values.join(',') + '}'}::float8[]`;

/**
 * Fills the database with `members` members and `count` starters in a few bulk statements:
 * ~45 culture names, descriptions of one to six sentences, real places (about 6 % unknown
 * ones, without a position), ~15 % claimed, created over two years.
 */
export async function seedStarters(db: Db, count: number, places: BenchPlace[], members = 10_000) {
  await db.execute(sql`
    INSERT INTO users (email, first_name, last_name, username)
    SELECT 'bench' || g || '@bench.test', (${textArray(firstNames)})[(g % 20) + 1], 'Member ' || g, 'bench_' || g
    FROM generate_series(1, ${members}) g
    ON CONFLICT DO NOTHING`);
  const names = cultures.map((c) => c[0]);
  const cats = cultures.map((c) => c[1]);
  const subs = cultures.map((c) => c[2]);
  const placeNames = [
    ...places.map((p) => p.name),
    'Somewhere quiet',
    'Behind the old mill',
    'Near the market',
  ];
  const lats = places.map((p) => p.latitude);
  const lngs = places.map((p) => p.longitude);
  const batch = 20_000;
  for (let done = 0; done < count; done += batch) {
    const n = Math.min(batch, count - done);
    await db.execute(sql`
      WITH u AS (SELECT array_agg(id ORDER BY id) AS ids FROM users WHERE email LIKE '%@bench.test'),
      g AS (
        SELECT s,
          1 + floor(random() * ${cultures.length})::int AS c,
          -- A few places are far more common than others, as in a real community.
          CASE WHEN random() < 0.06 THEN ${places.length} + 1 + floor(random() * 3)::int
               ELSE 1 + floor(power(random(), 2) * ${places.length})::int END AS p,
          1 + floor(random() * 6)::int AS sentences,
          floor(random() * 20)::int AS first
        FROM generate_series(1, ${n}) s
      )
      INSERT INTO starters (user_id, title, description, category, subcategory, starter_type, location, latitude, longitude, is_claimed, created_at)
      SELECT
        u.ids[1 + floor(random() * ${members})::int],
        (${textArray(adjectives)})[1 + floor(random() * ${adjectives.length})::int] || ' ' || (${textArray(names)})[g.c],
        (SELECT string_agg((${textArray(sentences)})[1 + ((g.first + k * 7) % 20)], ' ') FROM generate_series(0, g.sentences - 1) k),
        (${textArray(cats)})[g.c],
        (${textArray(subs)})[g.c],
        (${textArray(names)})[g.c],
        (${textArray(placeNames)})[g.p],
        (${floatArray(lats)})[g.p],
        (${floatArray(lngs)})[g.p],
        random() < 0.15,
        now() - make_interval(secs => random() * 2 * 365 * 86400)
      FROM g, u`);
  }
  // As autovacuum leaves the tables soon after a bulk load (statistics and a visibility map),
  // so that its first pass does not land in the middle of a measured phase.
  await db.execute(sql`VACUUM ANALYZE users`);
  await db.execute(sql`VACUUM ANALYZE starters`);
  await db.execute(sql`VACUUM ANALYZE starter_place_counts`);
}
