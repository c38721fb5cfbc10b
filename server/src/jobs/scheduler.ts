import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import * as clock from '../clock/clock';
import type { Database, Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { JOBS_CHANNEL, parseWake } from './wake';
import { MINUTE_MS } from '../../../common/site/time';

/** A piece of background work the scheduler runs on its own interval (decision 041). */
export interface Job {
  /** Unique across jobs: the name of its lease row. */
  name: string;
  /**
   * How often it runs, across all server copies together. For a job a write wakes (wake.ts),
   * only the slow poll that finds what a lost wake left (decision 156).
   */
  everyMs: number;
  /** Wait before its first run after start; defaults to none. */
  firstDelayMs?: number;
  /**
   * How long one run may hold the job before another copy may take it over (a copy that dies
   * mid-run holds it no longer than this). Well above any one run; 10 minutes by default.
   */
  leaseMs?: number;
  /** Work that comes due by the server's clock: also runs at once when a test moves it on. */
  wakesWithClock?: boolean;
  run(): Promise<unknown>;
}

const DEFAULT_LEASE_MS = 10 * MINUTE_MS;

export interface Scheduler {
  /** Starts each job's timer at once; resolves once it hears wakes (when given `listen`). */
  start(): Promise<void>;
  /**
   * Runs a job now, due or not, unless a copy is running it already (tests, and a nudge).
   * Answers whether it ran here; a failure is logged as on the timer, never thrown.
   */
  runNow(name: string): Promise<boolean>;
  /** What each timer tick does: runs the job only if it is due and nobody holds it. */
  runIfDue(name: string): Promise<boolean>;
  /**
   * What a wake heard on the jobs channel does: runs the job now (or once the server's clock
   * reaches `atMs`), or, if this copy is in the job, once more when that run ends, so work
   * written after the run took its rows is not left to the slow poll.
   */
  wake(name: string, atMs?: number): void;
  /** Stops the timers and waits for the runs in progress. */
  stop(): Promise<void>;
}

type Log = Pick<FastifyBaseLogger, 'warn'>;

/**
 * Claims a job's lease row if nobody holds it and it is due (or `force`). One statement: a
 * second copy claiming at the same moment waits for the first's row lock, then sees it held.
 * Leases and due times are in the database's own time, not the test clock: they measure how
 * long this process really ran, and timers are real time too.
 */
async function claim(db: Db, job: Job, holder: string, force: boolean): Promise<boolean> {
  const leaseSeconds = (job.leaseMs ?? DEFAULT_LEASE_MS) / 1000;
  const rows = rowsOf(
    await db.execute(sql`
      INSERT INTO job_leases (name, holder, locked_until, next_run_at)
      VALUES (${job.name}, ${holder}, now() + make_interval(secs => ${leaseSeconds}::float8), now())
      ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, locked_until = excluded.locked_until
      WHERE (job_leases.locked_until IS NULL OR job_leases.locked_until <= now())
        AND (${force}::boolean OR job_leases.next_run_at <= now())
      RETURNING name`),
  );
  return rows.length > 0;
}

/**
 * Frees every job a process had claimed. Only for the embedded database, which one server
 * process holds at a time (its folder is locked): a lease found when it starts was held by a
 * process that has gone, which would otherwise keep the job (mail delivery among them) from
 * running for the rest of its lease. Servers sharing PostgreSQL keep each other's leases.
 */
export async function releaseLeasesOfGoneProcess(db: Db): Promise<void> {
  await db.execute(sql`UPDATE job_leases SET holder = NULL, locked_until = NULL`);
}

async function release(db: Db, job: Job, holder: string): Promise<void> {
  await db.execute(sql`
    UPDATE job_leases SET holder = NULL, locked_until = NULL,
      next_run_at = now() + make_interval(secs => ${job.everyMs / 1000}::float8)
    WHERE name = ${job.name} AND holder = ${holder}`);
}

/** setTimeout's longest wait; a later wake is armed again when this one fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** Due times kept per job; later ones beyond this are left to the job's slow poll. */
const MAX_LATER_WAKES = 256;

/**
 * The due times heard for work that waits, per job, with one timer for the earliest: `onDue`
 * runs once the server's clock has reached it (or `due()` finds it passed after a move).
 */
function laterWakes(onDue: (name: string) => void) {
  const times = new Map<string, number[]>();
  const timers = new Map<string, NodeJS.Timeout>();
  const fire = (name: string) => {
    const list = times.get(name) ?? [];
    const now = clock.nowMs();
    let passed = 0;
    while (passed < list.length && list[passed]! <= now) passed += 1;
    if (passed > 0) list.splice(0, passed);
    if (list.length === 0) times.delete(name);
    arm(name);
    if (passed > 0) onDue(name);
  };
  const arm = (name: string) => {
    clearTimeout(timers.get(name));
    timers.delete(name);
    const next = times.get(name)?.[0];
    if (next === undefined) return;
    const wait = Math.min(Math.max(next - clock.nowMs(), 0), MAX_TIMER_MS);
    const timer = setTimeout(() => fire(name), wait);
    timer.unref();
    timers.set(name, timer);
  };
  return {
    add(name: string, atMs: number) {
      const list = times.get(name) ?? [];
      if (list.includes(atMs)) return;
      if (list.length >= MAX_LATER_WAKES) {
        if (atMs >= list[list.length - 1]!) return;
        list.pop();
      }
      list.push(atMs);
      list.sort((a, b) => a - b);
      times.set(name, list);
      if (list[0] === atMs) arm(name);
    },
    /** After the clock moved: every job whose time has come runs. */
    due() {
      for (const name of [...times.keys()]) fire(name);
    },
    clear() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      times.clear();
    },
  };
}

/**
 * The one scheduler of background work. Each job has its own timer, so a slow or failing job
 * never delays or stops another; each runs on one copy at a time across every server on the
 * database (a lease row per job), and at most about once per interval across them all, unless
 * a write wakes it: given `listen`, every copy hears the jobs channel (decision 156).
 */
export function createScheduler({
  db,
  log,
  jobs,
  listen,
}: {
  db: Db;
  log: Log;
  jobs: Job[];
  listen?: Database['listen'];
}): Scheduler {
  const names = new Set(jobs.map((j) => j.name));
  if (names.size !== jobs.length) throw new Error('two background jobs share a name');
  const holder = crypto.randomUUID();
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Set<Promise<boolean>>();
  /** Runs in progress on this copy, per job, and the jobs woken meanwhile. */
  const active = new Map<string, number>();
  const again = new Set<string>();
  const cleanups: (() => unknown)[] = [];
  let stopped = false;

  const attempt = (job: Job, force: boolean): Promise<boolean> => {
    active.set(job.name, (active.get(job.name) ?? 0) + 1);
    const run = runOnce(db, log, job, holder, force);
    running.add(run);
    void run.finally(() => {
      running.delete(run);
      const left = active.get(job.name)! - 1;
      if (left > 0) active.set(job.name, left);
      else active.delete(job.name);
      if (left === 0 && again.delete(job.name)) wakeNow(job);
    });
    return run;
  };

  const wakeNow = (job: Job) => {
    if (stopped) return;
    if (active.has(job.name)) again.add(job.name);
    else void attempt(job, true);
  };
  const later = laterWakes((name) => wakeNow(jobNamed(name)));

  const jobNamed = (name: string) => {
    const job = jobs.find((j) => j.name === name);
    if (!job) throw new Error(`no background job named ${name}`);
    return job;
  };

  const wake = (name: string, atMs?: number) => {
    if (stopped || !names.has(name)) return; // a newer copy's job this one does not run
    if (atMs !== undefined && atMs > clock.nowMs()) later.add(name, atMs);
    else wakeNow(jobNamed(name));
  };

  const schedule = (job: Job, delay: number) => {
    if (stopped) return;
    const timer = setTimeout(() => {
      void attempt(job, false).finally(() => schedule(job, job.everyMs));
    }, delay);
    timer.unref();
    timers.set(job.name, timer);
  };

  return {
    async start() {
      for (const job of jobs) schedule(job, job.firstDelayMs ?? 0);
      cleanups.push(
        clock.onClockMoved(() => {
          for (const job of jobs) if (job.wakesWithClock) wakeNow(job);
          later.due();
        }),
      );
      if (!listen) return;
      try {
        const unlisten = await listen(JOBS_CHANNEL, (payload) => {
          const { job, atMs } = parseWake(payload);
          wake(job, atMs);
        });
        if (stopped) await unlisten();
        else cleanups.push(unlisten);
      } catch (err) {
        log.warn({ err }, 'not hearing job wakes; background jobs run on their slow poll');
      }
    },
    runNow: (name) => attempt(jobNamed(name), true),
    runIfDue: (name) => attempt(jobNamed(name), false),
    wake,
    async stop() {
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
      later.clear();
      for (const cleanup of cleanups.splice(0)) await cleanup();
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}

/** One attempt at a job: its lease, its run, its release; a failure is logged, never thrown. */
async function runOnce(
  db: Db,
  log: Log,
  job: Job,
  holder: string,
  force: boolean,
): Promise<boolean> {
  let claimed = false;
  try {
    claimed = await claim(db, job, holder, force);
    if (claimed) await job.run();
  } catch (err) {
    log.warn({ job: job.name, err }, 'background job failed; it runs again on its interval');
  } finally {
    if (claimed) {
      await release(db, job, holder).catch((err: unknown) =>
        log.warn({ job: job.name, err }, 'releasing a background job failed'),
      );
    }
  }
  return claimed;
}
