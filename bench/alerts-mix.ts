/**
 * Browse p99 while 1,000 listings a minute are published (issue 21): 100,000 starters (as in
 * `npm run bench`) and 100,000 alerts (as in bench/alerts.ts), the server in its own process
 * with the announcing job on (ANNOUNCE_RING_MINUTES=0: every ring of each new listing at once,
 * the most matching work a publish can cause). First browse questions alone for BENCH_SECONDS
 * (the ceiling), then other questions of the same kind for as long while givers post a listing
 * every 60 ms through `POST /api/starters`. Target: p99 within 20 % of the figure without them.
 *
 *   node --import tsx bench/alerts-mix.ts                             # PGlite
 *   BENCH_DATABASE_URL=… node --import tsx bench/alerts-mix.ts        # PGlite, then Postgres
 *   BENCH_DB=postgres BENCH_DATABASE_URL=… node --import tsx bench/alerts-mix.ts
 *
 * BENCH_SECONDS (30), BENCH_CONNECTIONS (10), BENCH_PUBLISH_PER_MINUTE (1000), BENCH_STARTERS and
 * BENCH_ALERTS (100000 each). BENCH_REPEATS (1; Postgres only) runs both phases again on the same
 * seeding, with new questions each time, after removing what the previous run posted and
 * announced, and prints the median ratio: the runs spread widely, and seeding takes as long as
 * a run.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { openPglite, openPostgres, type Db } from '../server/src/db/client';
import { rowsOf } from '../server/src/db/rows';
import { sqlState } from '../server/src/db/errors';
import { hashPassword } from '../server/src/features/account/auth/passwords';
import { cultures, gazetteerPlaces, seedStarters } from './seed';
import { daytimeZone, seedAlerts } from './alerts-seed';
import { openBenchDatabase } from './database';
import { formatResult, load, quantile } from './load';
import { browseQuestions } from './questions';

const url = process.env.BENCH_DATABASE_URL;
const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const perMinute = Number(process.env.BENCH_PUBLISH_PER_MINUTE ?? 1000);
const STARTERS = Number(process.env.BENCH_STARTERS ?? 100_000);
const ALERTS = Number(process.env.BENCH_ALERTS ?? 100_000);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 1);
const GIVERS = 20;
const GIVER_EMAILS = 'giver%@mix.bench.test';
/** Postgres's SQLSTATE for a deadlock it broke by ending one side. */
const DEADLOCK = '40P01';
const PASSWORD = 'bench-giver-password';

async function waitFor(address: string): Promise<void> {
  for (;;) {
    try {
      if ((await fetch(address)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function signIn(port: number, email: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in ${res.status}: ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Posts a listing every 60000/perMinute ms for `seconds`, round-robin over the givers. */
async function publish(port: number, cookies: string[], places: string[]) {
  const every = 60_000 / perMinute;
  const began = performance.now();
  let sent = 0;
  let failed = 0;
  const firstError: string[] = [];
  const inFlight: Promise<void>[] = [];
  while (performance.now() - began < seconds * 1000) {
    const n = sent++;
    const [name, category, subcategory] = cultures[n % cultures.length]!;
    const form = new FormData();
    form.set('title', `${name} ${n}`);
    form.set('description', 'Fed this morning, lively and ready to share with a neighbour.');
    form.set('category', category);
    form.set('subcategory', subcategory);
    form.set('starterType', name);
    form.set('location', places[n % places.length]!);
    inFlight.push(
      fetch(`http://127.0.0.1:${port}/api/starters`, {
        method: 'POST',
        headers: { cookie: cookies[n % cookies.length]! },
        body: form,
      })
        .then(async (res) => {
          if (res.status !== 201) {
            failed++;
            if (!firstError.length) firstError.push(`${res.status} ${await res.text()}`);
          } else await res.arrayBuffer();
        })
        .catch((err: Error) => {
          failed++;
          if (!firstError.length) firstError.push(err.message);
        }),
    );
    const next = began + sent * every;
    await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - began) / 1000;
  return { sent, failed, perMinute: (sent / elapsed) * 60, firstError: firstError[0] };
}

/** Whether announcing kept up: the new listings fully announced, and the members told. */
async function announcedSoFar(db: Db): Promise<string> {
  const [done] = rowsOf<{ posted: number; announced: number; told: number }>(
    await db.execute(sql`SELECT count(*)::int AS posted,
        count(r.starter_id)::int AS announced,
        (SELECT count(*)::int FROM alert_matches m JOIN starters n ON n.id = m.starter_id
          JOIN users g ON g.id = n.user_id AND g.email LIKE ${GIVER_EMAILS}) AS told
      FROM starters s JOIN users u ON u.id = s.user_id AND u.email LIKE ${GIVER_EMAILS}
      LEFT JOIN alert_rings r ON r.starter_id = s.id AND r.ring = 3`),
  );
  return `  of ${done!.posted} new listings, ${done!.announced} announced to every ring by the end; ${done!.told} alerts told`;
}

/** What a run posted and announced, gone, so that the next run starts where the first did. */
async function forgetRun(db: Db): Promise<void> {
  // The announcing job may be writing a ring of one of these listings: when the two deadlock,
  // Postgres ends one of them, and the deletion is asked again.
  for (let attempt = 1; ; attempt++) {
    try {
      await db.execute(sql`DELETE FROM starters
        WHERE user_id IN (SELECT id FROM users WHERE email LIKE ${GIVER_EMAILS})`);
      break;
    } catch (err) {
      if (sqlState(err) !== DEADLOCK || attempt === 5) throw err;
    }
  }
  await db.execute(sql`DELETE FROM notifications WHERE kind = 'alert_match'`);
  await db.execute(sql`VACUUM ANALYZE alert_matches`);
  await db.execute(sql`VACUUM ANALYZE notifications`);
  await db.execute(sql`VACUUM ANALYZE starters`);
}

export async function benchMix(kind: string): Promise<string[]> {
  const { database, dir } = await openBenchDatabase(kind, 'alerts-bench-');
  const db = database.db;
  const places = gazetteerPlaces(420);
  const seeding = performance.now();
  await seedStarters(db, STARTERS, places);
  await seedAlerts(db, ALERTS, places);
  // Seeded starters are old news: none is left inside the announcing window, so the job's work
  // is the listings posted during the mix.
  await db.execute(sql`UPDATE starters SET created_at = created_at - interval '3 days'
    WHERE created_at > now() - interval '3 days'`);
  // The seeding's writes vacuumed and flushed, so that neither autovacuum's first pass nor the
  // checkpoint writing them out lands in one measured phase and not the other.
  await db.execute(sql`VACUUM ANALYZE starters`);
  await db.execute(sql`CHECKPOINT`);
  const hash = await hashPassword(PASSWORD);
  await db.execute(sql`INSERT INTO users (email, username, password_hash, email_verified_at,
      time_zone, created_at)
    SELECT 'giver' || g || '@mix.bench.test', 'mix_giver_' || g, ${hash}, now(),
      ${daytimeZone()}, now() - interval '1 year'
    FROM generate_series(1, ${GIVERS}) g`);
  const lines = [
    `\n${kind} mix: ${STARTERS} starters, ${ALERTS} alerts, seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s; ${connections} browse connections, ${seconds} s a phase, ${perMinute} publishes/min asked`,
  ];
  await database.close();

  const ratios: number[] = [];
  const port = 3900 + Math.floor(Math.random() * 90);
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      PORT: String(port),
      DATA_DIR: dir,
      DATABASE_URL: kind === 'postgres' ? url! : '',
      ANNOUNCE_RING_MINUTES: '0',
      LIMIT_STARTERS_PER_DAY: '1000000',
    },
    stdio: 'ignore',
  });
  try {
    await waitFor(`http://127.0.0.1:${port}/readyz`);
    const cookies: string[] = [];
    for (let g = 1; g <= GIVERS; g++) cookies.push(await signIn(port, `giver${g}@mix.bench.test`));
    // Warms the JIT and the pool on questions neither phase asks.
    await load(port, browseQuestions(500, places, 99), { connections, seconds: 3, once: true });
    // New listings' places follow the same skew as the stored starters and alerts.
    const where = Array.from(
      { length: 4096 },
      (_, i) => places[Math.floor(((i * 0.6180339887) % 1) ** 2 * places.length)]!.name,
    );
    // The embedded database is the server's alone while it runs: one run there.
    const runs = kind === 'postgres' ? REPEATS : 1;
    for (let run = 0; run < runs; run++) {
      if (run > 0) {
        const side = openPostgres(url!);
        lines.push(await announcedSoFar(side.db));
        await forgetRun(side.db);
        await side.close();
        lines.push(`  run ${run + 1}`);
      }
      const alone = await load(port, browseQuestions(40_000, places, 11 + 2 * run), {
        connections,
        seconds,
      });
      lines.push(formatResult('  browse alone', alone));
      const [during, posted] = await Promise.all([
        load(port, browseQuestions(40_000, places, 12 + 2 * run), { connections, seconds }),
        publish(port, cookies, where),
      ]);
      lines.push(formatResult('  browse while publishing', during));
      lines.push(
        `  published ${posted.sent - posted.failed} of ${posted.sent} (${posted.perMinute.toFixed(0)}/min)` +
          (posted.firstError ? `; first refusal: ${posted.firstError.slice(0, 200)}` : ''),
      );
      ratios.push((during.p99 / alone.p99) * 100);
      lines.push(`  p99 while publishing / alone: ${ratios.at(-1)!.toFixed(0)} % (target ≤ 120 %)`);
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.on('exit', r));
  }
  const after = kind === 'postgres' ? openPostgres(url!) : await openPglite(dir);
  lines.push(await announcedSoFar(after.db));
  await after.close();
  if (ratios.length > 1) {
    const median = quantile(
      [...ratios].sort((a, b) => a - b),
      0.5,
    );
    lines.push(
      `  ${ratios.length} runs: ${ratios.map((r) => r.toFixed(0)).join(', ')} %; median ${median.toFixed(0)} % (target ≤ 120 %)`,
    );
  }
  fs.rmSync(dir, { recursive: true, force: true });
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const kinds = (process.env.BENCH_DB ?? (url ? 'pglite,postgres' : 'pglite')).split(',');
  (async () => {
    for (const kind of kinds) console.log((await benchMix(kind)).join('\n'));
  })().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
