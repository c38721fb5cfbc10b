/**
 * Performance figures for DESIGN.md's budgets. Prints numbers; asserts nothing.
 *   npm run bench                         (embedded PGlite)
 *   BENCH_DATABASE_URL=postgres://… npm run bench   (a Postgres server; the database is emptied)
 * BENCH_STARTERS (default 100000), BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 50).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrateDatabase, openPglite, openPostgres, type Database } from '../server/src/db/client';
import { formatResult, load } from './load';
import { seedStarters } from './seed';

const count = Number(process.env.BENCH_STARTERS ?? 100_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

function startProcess(script: string, env: Record<string, string>) {
  return spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'silent', ...env },
    stdio: 'ignore',
  });
}

async function waitFor(url: string): Promise<void> {
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}

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
  child.kill('SIGTERM');
  await new Promise((r) => child.on('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
  return seconds;
}

async function main() {
  console.log(
    `cold start of the server on an empty data folder: ${(await coldStart()).toFixed(2)} s`,
  );

  const url = process.env.BENCH_DATABASE_URL;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cultureshare-bench-'));
  let database: Database;
  if (url) {
    database = openPostgres(url);
    await database.db.execute(
      sql`DROP SCHEMA IF EXISTS public CASCADE; DROP SCHEMA IF EXISTS drizzle CASCADE; CREATE SCHEMA public`,
    );
  } else {
    database = await openPglite(dataDir);
  }
  await migrateDatabase(database);
  const seeding = performance.now();
  await seedStarters(database.db, count);
  console.log(
    `seeded ${count} starters on ${database.kind} in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );
  await database.close();

  // The server under test runs in its own process, as in production.
  const port = randomPort();
  const server = startProcess('server/src/main.ts', {
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: url ?? '',
    CLIENT_DIST: '/nonexistent',
  });
  await waitFor(`http://127.0.0.1:${port}/readyz`);

  const browsePaths = [
    '/api/starters?limit=12&offset=0&search=lively&category=dairy',
    '/api/starters?limit=12&offset=0&search=sour&category=grain',
    '/api/starters?limit=12&offset=24&search=kefir',
    '/api/starters?limit=12&offset=0&category=beverage&subcategory=all',
    '/api/starters?limit=12&offset=0',
  ];
  const sample = await fetch(`http://127.0.0.1:${port}${browsePaths[0]}`);
  const body = await sample.text();
  console.log(`sample browse answer: ${sample.status}, ${body.length} bytes`);

  const bodyFile = path.join(dataDir, 'body.json');
  fs.writeFileSync(bodyFile, body);
  const barePort = randomPort() + 100;
  const bare = startProcess('bench/bare-server.ts', {
    PORT: String(barePort),
    BODY_FILE: bodyFile,
  });
  await waitFor(`http://127.0.0.1:${barePort}/bare`);

  await load(port, browsePaths, { connections, seconds: 2 }); // warm-up
  const browse = await load(port, browsePaths, { connections, seconds });
  const ceiling = await load(barePort, ['/bare'], { connections, seconds });
  console.log(formatResult('browse API (search+filters)', browse));
  console.log(formatResult('bare Fastify, same bytes', ceiling));
  console.log(
    `browse / bare: ${((browse.rps / ceiling.rps) * 100).toFixed(0)} %  (budget: p99 ≤ 25 ms, ≥ 50 %)`,
  );

  for (const child of [server, bare]) {
    child.kill('SIGTERM');
    await new Promise((r) => child.on('exit', r));
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
