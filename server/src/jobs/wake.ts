import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

/** The Postgres channel a write announces due work on; every server copy listens (decision 156). */
export const JOBS_CHANNEL = 'cultureshare_jobs';

/** The background jobs a write wakes; the others run on their interval (background-jobs.ts). */
export const WOKEN_JOBS = [
  'mail',
  'push',
  'message-mail',
  'account-links',
  'reservation-mail',
  'alert-announce',
  'alert-mail',
  'held-decisions',
  'moderators-waiting',
  'ask-mails',
  'standing-offer-rounds',
  'checkin-mails',
  'data-exports',
] as const;
export type WokenJob = (typeof WOKEN_JOBS)[number];

/**
 * The one way a write says its job has work: from now, or from `at` (the server's clock) for
 * work that waits (a message's quiet period, a decision's minute to undo). Pass the writing
 * transaction: Postgres delivers the NOTIFY to every copy when it commits, never when it rolls
 * back, and folds the same job's wakes in one transaction into one. A wake lost on the way (a
 * listener reconnecting) only waits for the job's slow poll.
 */
export async function wakeJob(db: DbOrTx, job: WokenJob, at?: Date): Promise<void> {
  const payload = at ? `${job}@${at.getTime()}` : job;
  await db.execute(sql`SELECT pg_notify(${JOBS_CHANNEL}, ${payload})`);
}

/** A wake's payload read back: the job's name and when its work is due (ms, server's clock). */
export function parseWake(payload: string): { job: string; atMs?: number } {
  const at = payload.lastIndexOf('@');
  if (at < 0) return { job: payload };
  const atMs = Number(payload.slice(at + 1));
  return Number.isFinite(atMs) ? { job: payload.slice(0, at), atMs } : { job: payload };
}
