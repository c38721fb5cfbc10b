import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';

/** A piece of background work the scheduler runs on its own interval (decision 041). */
export interface Job {
  /** Unique across jobs: the name of its lease row. */
  name: string;
  /** How often it runs, across all server copies together. */
  everyMs: number;
  /** Wait before its first run after start; defaults to none. */
  firstDelayMs?: number;
  /**
   * How long one run may hold the job before another copy may take it over (a copy that dies
   * mid-run holds it no longer than this). Well above any one run; 10 minutes by default.
   */
  leaseMs?: number;
  run(): Promise<unknown>;
}

const DEFAULT_LEASE_MS = 10 * 60_000;

export interface Scheduler {
  /** Starts each job's timer. */
  start(): void;
  /**
   * Runs a job now, due or not, unless a copy is running it already (tests, and a nudge).
   * Answers whether it ran here; a failure is logged as on the timer, never thrown.
   */
  runNow(name: string): Promise<boolean>;
  /** What each timer tick does: runs the job only if it is due and nobody holds it. */
  runIfDue(name: string): Promise<boolean>;
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

/**
 * The one scheduler of background work. Each job has its own timer, so a slow or failing job
 * never delays or stops another; each runs on one copy at a time across every server on the
 * database (a lease row per job), and at most about once per interval across them all.
 */
export function createScheduler({ db, log, jobs }: { db: Db; log: Log; jobs: Job[] }): Scheduler {
  const names = new Set(jobs.map((j) => j.name));
  if (names.size !== jobs.length) throw new Error('two background jobs share a name');
  const holder = crypto.randomUUID();
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Set<Promise<boolean>>();
  let stopped = false;

  const attempt = (job: Job, force: boolean): Promise<boolean> => {
    const run = (async () => {
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
    })();
    running.add(run);
    void run.finally(() => running.delete(run));
    return run;
  };

  const jobNamed = (name: string) => {
    const job = jobs.find((j) => j.name === name);
    if (!job) throw new Error(`no background job named ${name}`);
    return job;
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
    start() {
      for (const job of jobs) schedule(job, job.firstDelayMs ?? 0);
    },
    runNow: (name) => attempt(jobNamed(name), true),
    runIfDue: (name) => attempt(jobNamed(name), false),
    async stop() {
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
