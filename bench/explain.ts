/**
 * Prints EXPLAIN ANALYZE of every browse query shape on a seeded Postgres database, for
 * docs/decisions/023 and 027, and last the time Postgres spent planning them beside running
 * them. Asserts nothing.
 *   BENCH_DATABASE_URL=postgres://… [BENCH_STARTERS=100000] node --import tsx bench/explain.ts
 * The database is emptied and seeded unless BENCH_SEEDED=1. BENCH_QUESTIONS_ONLY='a=1&b=2 c=3'
 * explains those questions instead of the shapes below.
 */
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { starterListQuerySchema } from '../common/listings/starters';
import { migrateDatabase, openPostgres, type Db } from '../server/src/db/client';
import * as schema from '../server/src/db/schema';
import { ListingCache } from '../server/src/features/starters/listing-cache';
import { browseStarters } from '../server/src/features/starters/starters.service';
import { gazetteerPlaces, seedStarters } from './seed';

const url = process.env.BENCH_DATABASE_URL!;
const count = Number(process.env.BENCH_STARTERS ?? 100_000);

const shapes: Record<string, string> = process.env.BENCH_QUESTIONS_ONLY
  ? Object.fromEntries(process.env.BENCH_QUESTIONS_ONLY.split(' ').map((q) => [q, q]))
  : {
      'newest, whole list': 'limit=12&offset=36',
      'oldest, one category': 'category=dairy&sort=oldest',
      'one starter type': 'category=beverage&subcategory=scoby&offset=84',
      'search, newest (common word)': 'search=kefir',
      'search, newest (rare word)': 'search=tibicos',
      'search, oldest': 'search=sourdough&sort=oldest',
      'search, best match': 'search=kefir&sort=best',
      'location filter': 'location=lisbon',
      'search in a category it is rare in': 'search=plant&category=dairy',
      'search and place, few matches': 'search=kefir&location=paris',
      'search, deep page (many matches)': 'search=mead&offset=84',
      'closest, location filter': 'sort=closest&lat=48.86&lng=2.35&location=caraguatay&offset=48',
      'closest, whole list': 'sort=closest&lat=48.86&lng=2.35&offset=48',
      'closest, search and category': 'sort=closest&lat=48.86&lng=2.35&search=kefir&category=dairy',
    };

async function main() {
  if (process.env.BENCH_SEEDED !== '1') {
    const database = openPostgres(url);
    await database.db.execute(
      sql`DROP SCHEMA IF EXISTS public CASCADE; DROP SCHEMA IF EXISTS drizzle CASCADE; CREATE SCHEMA public`,
    );
    await migrateDatabase(database);
    await seedStarters(database.db, count, gazetteerPlaces(420));
    await database.close();
  }
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const queries: { query: string; params: unknown[] }[] = [];
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (query, params) => queries.push({ query, params }) },
  }) as unknown as Db;
  let planning = 0;
  let execution = 0;
  let statements = 0;
  for (const [name, question] of Object.entries(shapes)) {
    queries.length = 0;
    const query = starterListQuerySchema.parse(Object.fromEntries(new URLSearchParams(question)));
    await browseStarters({ db, listings: new ListingCache() }, null, query);
    console.log(`\n### ${name}: \`?${question}\`\n`);
    for (const q of queries) {
      const plan = await pool.query(
        `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF, SUMMARY ON) ${q.query}`,
        q.params,
      );
      const text = plan.rows.map((r) => r['QUERY PLAN'] as string).join('\n');
      planning += Number(/Planning Time: ([\d.]+)/.exec(text)?.[1] ?? 0);
      execution += Number(/Execution Time: ([\d.]+)/.exec(text)?.[1] ?? 0);
      statements += 1;
      console.log('```\n' + text + '\n```');
    }
  }
  // What statements prepared once per shape could save at most: Postgres's planning.
  console.log(
    `\n${statements} statements: planning ${planning.toFixed(1)} ms, execution ` +
      `${execution.toFixed(1)} ms (planning ${((100 * planning) / (planning + execution)).toFixed(0)} %)`,
  );
  await pool.end();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
