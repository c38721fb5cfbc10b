/**
 * Performance figures for the budgets of docs/ARCHITECTURE.md and the browse targets. Prints numbers; asserts nothing.
 *   npm run bench                                   (embedded PGlite)
 *   BENCH_DATABASE_URL=postgres://… npm run bench   (PGlite, then that Postgres; its database is emptied)
 *   BENCH_DB=postgres BENCH_STARTERS=1000000 BENCH_MIXES=cold BENCH_DATABASE_URL=… npm run bench
 *   BENCH_SEEDED=1 BENCH_DB=postgres …            (Postgres as the run before left it seeded)
 * BENCH_STARTERS (default 100000), BENCH_SECONDS per mix (default 10), BENCH_CONNECTIONS
 * (default 50 on Postgres, 10 on PGlite), BENCH_DB (pglite,postgres), BENCH_MIXES (zipf,cold,map: map pans and
 * zooms, bench/map.ts).
 * All load goes to 127.0.0.1.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openBenchDatabase } from './database';
import { bareCeiling, startProcess, stop, waitFor } from './processes';
import { formatResult, load, type LoadResult } from './load';
import { benchMap } from './map';
import { browseQuestions, zipfMix } from './questions';
import { gazetteerPlaces, seedStarters } from './seed';
import { starterListQuerySchema } from '../common/listings/starters';
import { normaliseListQuery } from '../server/src/features/starters/browse-query';
import { ListingCache } from '../server/src/features/starters/listing-cache';

/**
 * The question as the server's cache sees it: paths that differ only in spelling or by a few
 * metres of position are one question, so "distinct" counts these.
 */
function questionKey(pathAndQuery: string): string {
  const params = Object.fromEntries(new URL(pathAndQuery, 'http://bench').searchParams);
  return ListingCache.keyOf(normaliseListQuery(starterListQuerySchema.parse(params)), null);
}

/** The paths whose questions no earlier path (nor `taken`) asked. */
function distinctQuestions(paths: string[], taken = new Set<string>()): string[] {
  const seen = new Set(taken);
  return paths.filter((p) => {
    const key = questionKey(p);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const count = Number(process.env.BENCH_STARTERS ?? 100_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const url = process.env.BENCH_DATABASE_URL;
const kinds = (process.env.BENCH_DB ?? (url ? 'pglite,postgres' : 'pglite')).split(',');
const mixes = (process.env.BENCH_MIXES ?? 'zipf,cold,map').split(',');
/** Postgres only: keep the database a run before this one seeded (BENCH_SEEDED=1). */
const reuse = process.env.BENCH_SEEDED === '1';

const randomPort = () => 3900 + Math.floor(Math.random() * 90);

async function coldStart(): Promise<number> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cultureshare-bench-cold-'));
  const port = randomPort();
  const began = performance.now();
  const child = startProcess('server/src/main.ts', {
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
  });
  await waitFor(`http://127.0.0.1:${port}/readyz`);
  const seconds = (performance.now() - began) / 1000;
  await stop(child);
  fs.rmSync(dataDir, { recursive: true, force: true });
  return seconds;
}

async function benchDatabase(kind: string) {
  const connections = Number(process.env.BENCH_CONNECTIONS ?? (kind === 'postgres' ? 50 : 10));
  const places = gazetteerPlaces(420);
  let dataDir: string;
  if (reuse && kind === 'postgres') {
    // The database a run before this one seeded with the same BENCH_STARTERS.
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cultureshare-bench-'));
    console.log(
      `\n${kind}: ${count} starters seeded before; ${connections} connections, ${seconds} s per mix`,
    );
  } else {
    const opened = await openBenchDatabase(kind);
    dataDir = opened.dir;
    const seeding = performance.now();
    await seedStarters(opened.database.db, count, places);
    console.log(
      `\n${kind}: seeded ${count} starters, 10000 members, ${places.length} places in ${((performance.now() - seeding) / 1000).toFixed(1)} s; ${connections} connections, ${seconds} s per mix`,
    );
    await opened.database.close();
  }

  // The server under test runs in its own process, as in production.
  const port = randomPort();
  const server = startProcess('server/src/main.ts', {
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: kind === 'postgres' ? url! : '',
  });
  await waitFor(`http://127.0.0.1:${port}/readyz`);
  // Warms the JIT and the connection pool on questions no mix asks.
  await load(port, browseQuestions(500, places, 99), { connections, seconds: 3, once: true });

  const zipfQuestions = distinctQuestions(browseQuestions(10_500, places, 1)).slice(0, 10_000);
  const asked = new Set(zipfQuestions.map(questionKey));
  // Neither a popular question nor one asked twice once the server has normalised it.
  const coldQuestions = distinctQuestions(browseQuestions(80_000, places, 7), asked);
  console.log(
    `distinct questions after normalising: zipf ${new Set(zipfQuestions.map(questionKey)).size}, cold ${coldQuestions.length}`,
  );
  const results: string[] = [];
  for (const mix of mixes.filter((m) => m !== 'map')) {
    const paths = mix === 'zipf' ? zipfMix(zipfQuestions, 2_000_000) : coldQuestions;
    const page = kind === 'pglite' && mix === 'cold';
    // While a cold PGlite load runs, the landing page and /healthz must still answer promptly:
    // the database works in its own thread (decision 026). Target: `GET /` p99 ≤ 50 ms.
    const side = page
      ? Promise.all([
          load(port, ['/'], { connections: 2, seconds }),
          load(port, ['/healthz'], { connections: 1, seconds }),
        ])
      : undefined;
    const browse = await load(port, paths, { connections, seconds, once: mix === 'cold' });
    const sides = await side;
    // The same bytes from a bare route: a sample of the answers this mix received.
    const bodies: string[] = [];
    for (const p of paths.slice(0, 200))
      bodies.push(await (await fetch(`http://127.0.0.1:${port}${p}`)).text());
    const ceiling = await bareCeiling(bodies, { connections, seconds, workDir: dataDir });
    const distinct =
      mix === 'cold' ? browse.requests : new Set(paths.slice(0, browse.requests)).size;
    results.push(line(`${kind} ${count} ${mix}`, browse, ceiling, distinct));
    if (sides) {
      results.push(formatResult(`  GET / meanwhile`, sides[0]) + '   (target p99 ≤ 50 ms)');
      results.push(formatResult(`  GET /healthz meanwhile`, sides[1]));
    }
    console.log(results.slice(-3).join('\n'));
  }
  // Map pans and zooms over the same starters, against their own bare ceiling (bench/map.ts).
  if (mixes.includes('map')) {
    const mapLines = await benchMap(port, {
      places,
      connections,
      seconds,
      label: `${kind} ${count} map`,
      workDir: dataDir,
    });
    results.push(...mapLines);
    console.log(mapLines.join('\n'));
  }
  await stop(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
  return results;
}

function line(name: string, browse: LoadResult, ceiling: LoadResult, distinct: number) {
  return [
    formatResult(name, browse) + `   distinct questions ${distinct}`,
    formatResult('  bare Fastify, same bytes', ceiling),
    `  browse / bare: ${((browse.rps / ceiling.rps) * 100).toFixed(1)} %`,
  ].join('\n');
}

async function main() {
  // The PGlite cold mix times `GET /` beside it: without the built app that is a 404, timed.
  const client = path.join(process.env.CLIENT_DIST ?? 'dist/client', 'index.html');
  if (kinds.includes('pglite') && mixes.includes('cold') && !fs.existsSync(client)) {
    throw new Error(`${client} is missing: run \`npm run build\` first, so GET / sends the page`);
  }
  console.log(
    `cold start of the server on an empty data folder: ${(await coldStart()).toFixed(2)} s`,
  );
  const all: string[] = [];
  for (const kind of kinds) all.push(...(await benchDatabase(kind)));
  console.log('\nsummary\n' + all.join('\n'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
