/**
 * Times browse questions one at a time on a seeded Postgres database, without the cache, and
 * prints the database's time by question shape, then the slowest questions with their query
 * count: where the time goes per question shape.
 *   BENCH_DATABASE_URL=postgres://… [BENCH_QUESTIONS=400] node --import tsx bench/profile-questions.ts
 * Run bench/explain.ts (or npm run bench) first to seed the database.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { starterListQuerySchema } from '../common/listings/starters';
import type { Db } from '../server/src/db/client';
import * as schema from '../server/src/db/schema';
import { ListingCache } from '../server/src/features/starters/listing-cache';
import { browseStarters } from '../server/src/features/starters/starters.service';
import { quantile } from './load';
import { browseQuestions } from './questions';
import { gazetteerPlaces } from './seed';

const url = process.env.BENCH_DATABASE_URL!;
const n = Number(process.env.BENCH_QUESTIONS ?? 400);

async function main() {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  let queries = 0;
  const logged: { query: string; params: unknown[] }[] = [];
  const db = drizzle(pool, {
    schema,
    logger: {
      logQuery: (query, params) => {
        queries++;
        logged.push({ query, params });
      },
    },
  }) as unknown as Db;
  /** Buffers read and planning + execution time of the logged statements, as EXPLAIN says. */
  async function explained() {
    let buffers = 0;
    let ms = 0;
    for (const q of logged.splice(0)) {
      const plan = await pool.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${q.query}`, q.params);
      const [top] = plan.rows[0]['QUERY PLAN'] as {
        Plan: { 'Shared Hit Blocks': number; 'Shared Read Blocks': number };
        'Planning Time': number;
        'Execution Time': number;
      }[];
      buffers += top!.Plan['Shared Hit Blocks'] + top!.Plan['Shared Read Blocks'];
      ms += top!['Planning Time'] + top!['Execution Time'];
    }
    return { buffers, ms };
  }
  const questions = browseQuestions(n, gazetteerPlaces(420), 7);
  const timings: {
    ms: number;
    q: string;
    queries: number;
    total: string;
    buffers: number;
    dbMs: number;
  }[] = [];
  for (const path of questions) {
    const search = new URLSearchParams(path.split('?')[1]);
    const query = starterListQuerySchema.parse(Object.fromEntries(search));
    queries = 0;
    logged.length = 0;
    const began = performance.now();
    const body = await browseStarters({ db, listings: new ListingCache() }, null, query);
    const ms = performance.now() - began;
    const { total, totalIsCapped } = JSON.parse(body) as { total: number; totalIsCapped: boolean };
    const { buffers, ms: dbMs } = await explained();
    timings.push({
      ms,
      q: search.toString(),
      queries,
      total: `${total}${totalIsCapped ? '+' : ''}`,
      buffers,
      dbMs,
    });
  }
  timings.sort((a, b) => b.buffers - a.buffers);
  const ms = timings.map((t) => t.ms).sort((a, b) => a - b);
  const pct = (p: number) => quantile(ms, p).toFixed(1);
  const sum = ms.reduce((a, b) => a + b, 0);
  const mean = (f: (t: (typeof timings)[number]) => number) =>
    (timings.reduce((a, t) => a + f(t), 0) / n).toFixed(1);
  console.log(
    `EXPLAIN: mean ${mean((t) => t.buffers)} buffers, ${mean((t) => t.dbMs)} ms planning + execution, ${mean((t) => t.queries)} statements`,
  );
  console.log(
    `${n} questions: mean ${(sum / n).toFixed(1)} ms, p50 ${pct(0.5)}, p90 ${pct(0.9)}, p99 ${pct(0.99)}, max ${pct(1)}`,
  );
  // Where the database's time goes by question shape: which filters, which sort, capped or not.
  const shapes = new Map<string, { n: number; dbMs: number; buffers: number }>();
  for (const t of timings) {
    const q = new URLSearchParams(t.q);
    const shape = [
      ['search', 'location', 'category'].filter((k) => q.has(k)).join('+') || 'no words',
      q.get('sort') ?? 'newest',
      t.total.endsWith('+') ? 'capped' : 'few',
    ].join(', ');
    const s = shapes.get(shape) ?? { n: 0, dbMs: 0, buffers: 0 };
    shapes.set(shape, { n: s.n + 1, dbMs: s.dbMs + t.dbMs, buffers: s.buffers + t.buffers });
  }
  const allMs = timings.reduce((a, t) => a + t.dbMs, 0);
  for (const [shape, s] of [...shapes].sort((a, b) => b[1].dbMs - a[1].dbMs).slice(0, 12))
    console.log(
      `${shape.padEnd(36)} ${String(s.n).padStart(4)} questions, ${((s.dbMs / allMs) * 100).toFixed(1).padStart(4)} % of database time, ${(s.dbMs / s.n).toFixed(1)} ms and ${(s.buffers / s.n).toFixed(0)} buffers each`,
    );
  for (const t of timings.slice(0, 25))
    console.log(
      `${String(t.buffers).padStart(6)} buf ${t.dbMs.toFixed(1).padStart(6)} ms  ${t.queries}q  total ${t.total.padEnd(6)} ${t.q}`,
    );
  await pool.end();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
