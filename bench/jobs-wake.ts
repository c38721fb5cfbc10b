/**
 * Do background jobs wake when work is due (decision 156)? Starts the server from source in its
 * own process, as in production but with TEST_CLOCK=1 for its seeding route, on an empty
 * embedded database (or BENCH_DATABASE_URL), and a push service on 127.0.0.1 that decrypts what
 * it receives (server/src/test/push-service.ts). Then:
 *
 * 1. Push latency: a member subscribed on one device; another member sends them BENCH_MESSAGES
 *    messages (40), one at a time, each after a random pause of 0.1–1.1 s, and each waits for
 *    its push. A job that polls every 2 s has just run when a push arrives, so the next message
 *    meets its next run 0.9–1.9 s later: the median then says more about the pause than about
 *    the poll, and the maximum is the poll's bound. Printed: from the message's 201 to the push's
 *    arrival (median, p90, max), against the ceiling measured in the same run: one HTTP round
 *    trip from this process to the same push service.
 * 2. Idle CPU: once the pushes are done and the server has been quiet for 5 s, its CPU time
 *    (every thread, from /proc) over BENCH_IDLE_S seconds (30), against a bare Node HTTP
 *    server started beside it and measured over the same seconds.
 *
 *   node --import tsx bench/jobs-wake.ts                       # this checkout, MAIL_POLL_MS as configured
 *   MAIL_POLL_MS=200 node --import tsx bench/jobs-wake.ts      # as the browser tests' servers run
 *   BENCH_ROOT=/path/to/older/checkout node --import tsx bench/jobs-wake.ts   # its server instead
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestPushService } from '../server/src/test/push-service';
import { quantile } from './load';
import { stop } from './processes';

const ROOT = path.resolve(process.env.BENCH_ROOT ?? path.join(import.meta.dirname, '..'));
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 40);
const IDLE_S = Number(process.env.BENCH_IDLE_S ?? 30);
const PORT = Number(process.env.BENCH_PORT ?? 4350);
const PASSWORD = 'bench-wake-password';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ms = (v: number) => `${v.toFixed(0)} ms`;
const TICKS = 100; // USER_HZ on Linux

/** CPU seconds a process has used, all its threads (utime + stime of /proc/<pid>/stat). */
function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

function startServer(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** A bare Node HTTP server, idle: the least a listening process costs. */
function startBare(port: number): ChildProcess {
  const code = `require('node:http').createServer((q, s) => s.end('ok')).listen(${port}, '127.0.0.1')`;
  return spawn(process.execPath, ['-e', code], { stdio: 'ignore' });
}

async function member(origin: string, name: string): Promise<{ id: string; cookie: string }> {
  const res = await fetch(`${origin}/api/test/members`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `${name}-${Date.now()}@bench.example`,
      password: PASSWORD,
      firstName: name,
      lastName: 'Bench',
    }),
  });
  if (res.status !== 201) throw new Error(`seeding ${res.status}: ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { id: ((await res.json()) as { id: string }).id, cookie };
}

async function post(origin: string, cookie: string, route: string, body: unknown) {
  const res = await fetch(`${origin}${route}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${route} ${res.status}: ${await res.text()}`);
  return res.json() as Promise<{ id: number }>;
}

async function listing(origin: string, cookie: string): Promise<number> {
  const form = new FormData();
  const fields = {
    title: 'Milk kefir grains',
    description: 'Healthy grains fed daily with whole milk, ready to share.',
    category: 'dairy',
    subcategory: 'kefir',
    starterType: 'Kefir grains',
    location: 'Leeds, UK',
  };
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const res = await fetch(`${origin}/api/starters`, {
    method: 'POST',
    headers: { cookie },
    body: form,
  });
  if (res.status !== 201) throw new Error(`posting ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { id: number }).id;
}

/** Resolves once `url` answers 2xx; a start on a busy machine may take minutes. */
async function ready(url: string, child?: ChildProcess): Promise<void> {
  for (const until = performance.now() + 300_000; performance.now() < until;) {
    if (child && child.exitCode !== null) throw new Error(`the server ended (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  throw new Error(`${url} never answered`);
}

/** Resolves once the push service holds more than `count` pushes; answers when, in ms. */
async function arrival(received: unknown[], count: number, timeoutMs = 180_000): Promise<number> {
  const until = performance.now() + timeoutMs;
  while (received.length <= count) {
    if (performance.now() > until) throw new Error('a push never arrived');
    await sleep(1);
  }
  return performance.now();
}

function summary(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  return `median ${ms(quantile(sorted, 0.5))}, p90 ${ms(quantile(sorted, 0.9))}, max ${ms(sorted.at(-1)!)}`;
}

const push = await startTestPushService();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cultureshare-bench-wake-'));
const origin = `http://127.0.0.1:${PORT}`;
const pollMs = process.env.MAIL_POLL_MS;
const server = startServer({
  HOST: '127.0.0.1',
  PORT: String(PORT),
  DATA_DIR: dataDir,
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
  TEST_CLOCK: '1',
  PUSH_SERVICE_ORIGINS: push.origin,
  LIMIT_MESSAGES_PER_DAY: '100000',
  LIMIT_SIGNUPS_PER_ADDRESS: '100000',
});
const bare = startBare(PORT + 1);
try {
  await ready(`${origin}/readyz`, server);
  await ready(`http://127.0.0.1:${PORT + 1}/`);
  const giver = await member(origin, 'Maya');
  const asker = await member(origin, 'Omar');
  const starterId = await listing(origin, giver.cookie);
  const device = push.device();
  await post(origin, giver.cookie, '/api/push/subscriptions', device.subscription);

  const latencies: number[] = [];
  const trips: number[] = [];
  for (let i = 0; i < MESSAGES; i++) {
    await sleep(100 + Math.random() * 1000);
    const count = push.received.length;
    await post(origin, asker.cookie, '/api/messages', {
      starterId,
      receiverId: giver.id,
      content: `Still available? (${i + 1})`,
    });
    const sent = performance.now();
    latencies.push((await arrival(push.received, count)) - sent);
    // The ceiling: one round trip to the same push service, from here.
    const began = performance.now();
    await (await fetch(`${push.origin}/ceiling`, { method: 'POST', body: 'x' })).arrayBuffer();
    trips.push(performance.now() - began);
  }

  await sleep(5000);
  const before = [cpuSeconds(server.pid!), cpuSeconds(bare.pid!)];
  await sleep(IDLE_S * 1000);
  const after = [cpuSeconds(server.pid!), cpuSeconds(bare.pid!)];
  const perMinute = (i: number) => ((after[i]! - before[i]!) * 60) / IDLE_S;

  console.log(
    `server from ${ROOT}; MAIL_POLL_MS ${pollMs ?? '(default)'}; ${
      process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'
    }; load average ${os.loadavg()[0]!.toFixed(2)}`,
  );
  console.log(`message 201 → its push at the push service (${MESSAGES}): ${summary(latencies)}`);
  console.log(`  ceiling, one round trip to the push service:      ${summary(trips)}`);
  console.log(
    `idle CPU over ${IDLE_S} s: server ${perMinute(0).toFixed(2)} CPU s a minute; bare Node server ${perMinute(1).toFixed(2)}`,
  );
} finally {
  await stop(server);
  await stop(bare);
  await push.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
