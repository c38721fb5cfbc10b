/**
 * Is every alert heard (issue 49)? The member's sequence, many times, on a server that is busy:
 * a member saves an alert ("kefir <word>", a word mixing letters and digits, dairy, Leeds, 25 km,
 * immediately); another member posts "Kefir grains <word> Leeds" at Leeds; the alert's member
 * asks for their bell (`GET /api/notifications`) until the listing is in it. Counts the misses
 * and prints each hit's delay (from the posting's 201 to the bell holding it) against the
 * promise: the ring delay plus one job period.
 *
 * The server runs in its own process as in production (ANNOUNCE_RING_MINUTES=0 unless
 * BENCH_RING_MINUTES says otherwise; MAIL_POLL_MS as configured, 2 s by default). Before the
 * loop it does other work (BENCH_WARMUP flows: listings posted at many places, alerts saved and
 * deleted, browse), and through the loop other givers keep posting and browsing. The alerts'
 * members have no time zone of their own, as members who saved an alert without a browser
 * (their night is UTC's), unless BENCH_TIME_ZONE names one. Every BENCH_RESTART_EVERY-th
 * sequence, the server is stopped right after the listing is posted — killed (SIGKILL) or shut
 * down (SIGTERM), in turn — and started again; the sequences under way then are timed from the
 * restart's /readyz.
 *
 *   node --import tsx bench/alerts-heard.ts                                   # PGlite
 *   BENCH_DATABASE_URL=postgres://…/alerts_bench node --import tsx bench/alerts-heard.ts
 *   BENCH_DB=postgres BENCH_DATABASE_URL=… node --import tsx bench/alerts-heard.ts
 *
 * BENCH_LOOPS (300), BENCH_PARALLEL (3 sequences at a time), BENCH_WARMUP (60),
 * BENCH_BUSY_MS (a background listing every 400 ms), BENCH_RESTART_EVERY (50; 0: never),
 * BENCH_WAIT_S (how long a sequence waits before counting a miss: 60).
 * BENCH_DATABASE_URL names a database the bench may empty (never the `test` database).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { openPglite, openPostgres } from '../server/src/db/client';
import { rowsOf } from '../server/src/db/rows';
import { hashPassword } from '../server/src/features/account/auth/passwords';
import { openBenchDatabase } from './database';
import { quantile } from './load';
import { browseQuestions } from './questions';
import { cultures, gazetteerPlaces } from './seed';

const url = process.env.BENCH_DATABASE_URL;
const LOOPS = Number(process.env.BENCH_LOOPS ?? 300);
const PARALLEL = Number(process.env.BENCH_PARALLEL ?? 3);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 60);
const BUSY_MS = Number(process.env.BENCH_BUSY_MS ?? 400);
const RESTART_EVERY = Number(process.env.BENCH_RESTART_EVERY ?? 50);
const WAIT_MS = Number(process.env.BENCH_WAIT_S ?? 60) * 1000;
const RING_MINUTES = Number(process.env.BENCH_RING_MINUTES ?? 0);
const POLL_MS = Number(process.env.MAIL_POLL_MS ?? 2000);
const TIME_ZONE = process.env.BENCH_TIME_ZONE ?? null;
const PASSWORD = 'bench-heard-password';
const WATCHERS = 40;
const GIVERS = 10;
/** How often a waiting member asks for their bell. */
const ASK_EVERY_MS = 100;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

class Server {
  child: ChildProcess | null = null;
  /** When the server last answered /readyz after a start, and how many starts there were. */
  readyAt = 0;
  starts = 0;
  private starting: Promise<void> | null = null;
  constructor(
    readonly kind: string,
    readonly dir: string,
    readonly port: number,
  ) {}

  start(): Promise<void> {
    this.starting ??= (async () => {
      this.child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
        env: {
          ...process.env,
          HOST: '127.0.0.1',
          LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
          PORT: String(this.port),
          NODE_ENV: 'production',
          PUBLIC_URL: `http://127.0.0.1:${this.port}`,
          DATA_DIR: this.dir,
          DATABASE_URL: this.kind === 'postgres' ? url! : '',
          ANNOUNCE_RING_MINUTES: String(RING_MINUTES),
          MAIL_POLL_MS: String(POLL_MS),
          LIMIT_STARTERS_PER_DAY: '1000000',
          LIMIT_LOGIN_ATTEMPTS_PER_ADDRESS: '1000000',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      for (;;) {
        if (this.child.exitCode !== null) throw new Error('the server exited while starting');
        try {
          if ((await fetch(`http://127.0.0.1:${this.port}/readyz`)).ok) break;
        } catch {
          // not listening yet
        }
        await sleep(25);
      }
      this.readyAt = performance.now();
      this.starts += 1;
    })();
    return this.starting;
  }

  async stop(signal: 'SIGTERM' | 'SIGKILL'): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    const late = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(late);
    this.starting = null;
  }

  /** Waits while the server restarts, then answers `fetch`. */
  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      await this.start();
      try {
        return await fetch(`http://127.0.0.1:${this.port}${path}`, init);
      } catch (err) {
        if (attempt > 200) throw err;
        await sleep(50);
      }
    }
  }
}

async function signIn(server: Server, email: string): Promise<string> {
  const res = await server.fetch('/api/auth/login', {
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

async function postListing(
  server: Server,
  cookie: string,
  fields: Record<string, string>,
): Promise<number> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const res = await server.fetch('/api/starters', {
    method: 'POST',
    headers: { cookie },
    body: form,
  });
  if (res.status !== 201) throw new Error(`posting ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { id: number }).id;
}

async function saveAlert(server: Server, cookie: string, search: string): Promise<number> {
  const res = await server.fetch('/api/alerts', {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({
      search,
      category: 'dairy',
      location: 'Leeds, UK',
      radiusKm: 25,
      frequency: 'immediate',
    }),
  });
  if (res.status !== 201) throw new Error(`alert ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { id: number }).id;
}

async function bellHolds(server: Server, cookie: string, starterId: number): Promise<boolean> {
  const res = await server.fetch('/api/notifications?limit=20', { headers: { cookie } });
  if (!res.ok) return false;
  const page = (await res.json()) as { notifications: { url: string }[] };
  return page.notifications.some((n) => n.url === `/starter/${starterId}`);
}

/** A word of letters and digits nobody else uses: "q7x2k9". */
function mixedWord(n: number): string {
  const letters = 'abcdefghjkmnpqrstuvwxyz';
  const pick = (i: number) => letters[(n * 7 + i * 13) % letters.length]!;
  return `${pick(0)}${n % 10}${pick(1)}${(n * 3) % 10}${pick(2)}${Math.floor(n / 10) % 10}`;
}

/** Other members' work: listings at many places, alerts saved and deleted, browse. */
async function otherWork(
  server: Server,
  cookies: string[],
  places: string[],
  n: number,
): Promise<void> {
  const [name, category, subcategory] = cultures[n % cultures.length]!;
  const cookie = cookies[n % cookies.length]!;
  await postListing(server, cookie, {
    title: `${name} ${n}`,
    description: 'Fed this morning, lively and ready to share with a neighbour.',
    category,
    subcategory,
    starterType: name,
    location: places[n % places.length]!,
  });
  if (n % 3 === 0) {
    const res = await server.fetch('/api/alerts', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        search: name.split(' ')[0],
        location: places[(n * 7) % places.length],
        radiusKm: 50,
        frequency: 'daily',
      }),
    });
    const { id } = (await res.json()) as { id?: number };
    if (id && n % 2 === 0) {
      await server.fetch(`/api/alerts/${id}`, { method: 'DELETE', headers: { cookie } });
    }
  }
  const [question] = browseQuestions(1, gazetteerPlaces(50), n);
  await (await server.fetch(question!, { headers: { cookie } })).arrayBuffer();
}

export async function benchHeard(kind: string): Promise<string[]> {
  const { database, dir } = await openBenchDatabase(kind, 'alerts-heard-');
  const db = database.db;
  const hash = await hashPassword(PASSWORD);
  // Members a day old and more, their addresses confirmed: posting is not held for a newcomer.
  await db.execute(sql`INSERT INTO users (email, username, password_hash, email_verified_at,
      time_zone, created_at)
    SELECT 'watcher' || g || '@heard.bench.test', 'heard_watcher_' || g, ${hash}, now(),
      ${TIME_ZONE}, now() - interval '1 year'
    FROM generate_series(1, ${WATCHERS}) g`);
  await db.execute(sql`INSERT INTO users (email, username, password_hash, email_verified_at,
      created_at)
    SELECT 'giver' || g || '@heard.bench.test', 'heard_giver_' || g, ${hash}, now(),
      now() - interval '1 year'
    FROM generate_series(1, ${GIVERS}) g`);
  await database.close();

  const port = Number(process.env.E2E_PORT ?? 3900 + Math.floor(Math.random() * 90));
  const server = new Server(kind, dir, port);
  const lines: string[] = [];
  const delays: number[] = [];
  const afterRestart: number[] = [];
  const misses: string[] = [];
  const missed: { id: number; alertId: number }[] = [];
  const slow: string[] = [];
  const timeline: { i: number; id: number; posted: number; heard: number | null }[] = [];
  let busyDone = false;
  try {
    await server.start();
    const watchers: string[] = [];
    for (let w = 1; w <= WATCHERS; w++) {
      watchers.push(await signIn(server, `watcher${w}@heard.bench.test`));
    }
    const givers: string[] = [];
    for (let g = 1; g <= GIVERS; g++)
      givers.push(await signIn(server, `giver${g}@heard.bench.test`));
    const places = gazetteerPlaces(60).map((p) => p.name);
    // The other work done before: the server is no longer fresh.
    for (let n = 0; n < WARMUP; n++) await otherWork(server, givers.slice(1), places, n);
    // …and goes on through the loop.
    const busy = (async () => {
      for (let n = WARMUP; !busyDone; n++) {
        await otherWork(server, givers.slice(1), places, n).catch(() => undefined);
        await sleep(BUSY_MS);
      }
    })();

    const giver = givers[0]!;
    const bound = RING_MINUTES * 60_000 * 3 + POLL_MS;
    let next = 0;
    const sequence = async (i: number) => {
      const watcher = watchers[i % WATCHERS]!;
      const word = mixedWord(i + 1);
      const alertId = await saveAlert(server, watcher, `kefir ${word}`);
      const id = await postListing(server, giver, {
        title: `Kefir grains ${word} Leeds`,
        description: 'Milk kefir grains, fed daily; bring a clean jar.',
        category: 'dairy',
        subcategory: 'kefir',
        starterType: 'Kefir grains',
        location: 'Leeds, UK',
      });
      const posted = performance.now();
      const startsThen = server.starts;
      const entry = { i: i + 1, id, posted: Date.now(), heard: null as number | null };
      timeline.push(entry);
      const restart = RESTART_EVERY > 0 && (i + 1) % RESTART_EVERY === 0;
      if (restart) {
        await server.stop((i + 1) % (2 * RESTART_EVERY) === 0 ? 'SIGTERM' : 'SIGKILL');
        await server.start();
      }
      // A sequence the server restarted during is timed from its /readyz.
      const restarted = () => server.starts !== startsThen;
      const from = () => (restarted() ? server.readyAt : posted);
      for (;;) {
        if (await bellHolds(server, watcher, id)) {
          const delay = performance.now() - from();
          entry.heard = Date.now();
          (restarted() ? afterRestart : delays).push(delay);
          if (delay > bound + 3000)
            slow.push(`#${i + 1} listing ${id}: ${(delay / 1000).toFixed(1)} s`);
          break;
        }
        if (performance.now() - from() > WAIT_MS) {
          misses.push(`#${i + 1} listing ${id} "${word}"${restarted() ? ' (restarted)' : ''}`);
          missed.push({ id, alertId });
          return;
        }
        await sleep(ASK_EVERY_MS);
      }
      await server.fetch(`/api/alerts/${alertId}`, {
        method: 'DELETE',
        headers: { cookie: watcher },
      });
    };
    const began = performance.now();
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        for (let i = next++; i < LOOPS; i = next++) await sequence(i);
      }),
    );
    busyDone = true;
    await busy;
    const sorted = [...delays].sort((a, b) => a - b);
    const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    lines.push(
      `\n${kind}: ${LOOPS} sequences (${PARALLEL} at a time) in ${s(performance.now() - began)} after ${WARMUP} other flows; ring delay ${RING_MINUTES} min, job period ${s(POLL_MS)}; members' zone ${TIME_ZONE ?? '(none: UTC)'}`,
      `  misses: ${misses.length}${misses.length ? ' — ' + misses.slice(0, 10).join(', ') : ''}`,
      `  heard: ${delays.length}; delay p50 ${s(quantile(sorted, 0.5))}, p95 ${s(quantile(sorted, 0.95))}, worst ${s(sorted.at(-1) ?? 0)} (promise: ${s(bound)} plus the poll)`,
    );
    if (slow.length) lines.push(`  slow: ${slow.slice(0, 20).join('; ')}`);
    if (afterRestart.length) {
      const r = [...afterRestart].sort((a, b) => a - b);
      lines.push(
        `  heard across a restart: ${r.length}; delay from /readyz p50 ${s(quantile(r, 0.5))}, worst ${s(r.at(-1)!)}`,
      );
    }
  } finally {
    busyDone = true;
    await server.stop('SIGTERM');
  }
  const after = kind === 'postgres' ? openPostgres(url!) : await openPglite(dir);
  const [row] = rowsOf<{ listings: number; alerts: number }>(
    await after.db.execute(
      sql`SELECT (SELECT count(*)::int FROM starters) AS listings, (SELECT count(*)::int FROM alerts) AS alerts`,
    ),
  );
  lines.push(`  the server ended with ${row!.listings} listings and ${row!.alerts} alerts stored`);
  if (process.env.BENCH_TIMELINE) {
    const rows = rowsOf<{
      id: number;
      created: string;
      announced: string | null;
      bell: string | null;
    }>(
      await after.db.execute(sql`SELECT s.id, s.created_at AS created,
        (SELECT min(announced_at) FROM alert_matches m WHERE m.starter_id = s.id) AS announced,
        (SELECT min(created_at) FROM notifications n WHERE n.url = '/starter/' || s.id) AS bell
        FROM starters s WHERE s.id IN (${sql.join(
          timeline.map((e) => sql`${e.id}`),
          sql`, `,
        )})`),
    );
    const at = (v: string | null) => (v ? new Date(v).getTime() : NaN);
    for (const e of timeline.sort((a, b) => a.posted - b.posted)) {
      const r = rows.find((x) => Number(x.id) === e.id)!;
      lines.push(
        `  #${e.i} ${e.id}: posted ${new Date(e.posted).toISOString().slice(11, 23)} created +${at(r.created) - e.posted} announced +${at(r.announced) - e.posted} bell +${at(r.bell) - e.posted} heard +${e.heard ? e.heard - e.posted : '-'}`,
      );
    }
  }
  // What the database holds of each miss: was the listing there, public, announced, rung?
  for (const { id, alertId } of missed) {
    const [state] = rowsOf<Record<string, unknown>>(
      await after.db.execute(sql`SELECT
        (SELECT count(*)::int FROM starters WHERE id = ${id}) AS listing,
        (SELECT visible FROM starters WHERE id = ${id}) AS visible,
        (SELECT created_at FROM starters WHERE id = ${id}) AS created_at,
        (SELECT count(*)::int FROM alerts WHERE id = ${alertId}) AS alert,
        (SELECT created_at FROM alerts WHERE id = ${alertId}) AS alert_created_at,
        (SELECT ring FROM alert_rings WHERE starter_id = ${id}) AS ring,
        (SELECT count(*)::int FROM alert_matches WHERE starter_id = ${id} AND alert_id = ${alertId}) AS matched,
        (SELECT count(*)::int FROM notifications WHERE url = ${'/starter/' + id}) AS bells`),
    );
    lines.push(`  miss: listing ${id}, alert ${alertId}: ${JSON.stringify(state)}`);
  }
  await after.close();
  fs.rmSync(dir, { recursive: true, force: true });
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const kinds = (process.env.BENCH_DB ?? (url ? 'pglite,postgres' : 'pglite')).split(',');
  (async () => {
    for (const kind of kinds) console.log((await benchHeard(kind)).join('\n'));
  })().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
