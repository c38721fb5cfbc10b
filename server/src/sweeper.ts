import { sql } from 'drizzle-orm';
import * as clock from './clock/clock';
import type { Db } from './db/client';
import { rowsOf } from './db/rows';

/** One number every server copy agrees on, so only one of them sweeps at a time. */
const SWEEP_LOCK_ID = 604_019_001;
const BATCH_SIZE = 1000;
/** Sent or given-up mails are kept this long (to look into a complaint), then deleted. */
export const KEEP_FINISHED_MAIL_DAYS = 30;

export interface SweepResult {
  sessions: number;
  rateLimits: number;
  /** Outbox rows sent or given up more than `keepMailDays` ago. */
  mail: number;
  /** Email links used or past their expiry: they can never work again. */
  emailTokens: number;
  /** Another copy held the sweep lock, so this one left the work to it. */
  skipped: boolean;
}

/**
 * Deletes expired sessions, finished rate-limit windows, old finished mails and dead email
 * links. Sessions and rate limits keep the wall clock, as the sessions plugin and the limiter
 * do (decision 042); mails and links follow the server's clock. Each batch is its own short
 * transaction holding a transaction-scoped advisory lock (no lock outlives a failed
 * connection), and takes at most `batchSize` rows per table so a large backlog never holds
 * row locks for long. Another copy sweeping at the same moment skips; deleting an already
 * deleted row is a no-op, so overlapping sweeps are harmless either way.
 */
export async function sweepExpiredRows(
  { db }: { db: Db },
  {
    batchSize = BATCH_SIZE,
    keepMailDays = KEEP_FINISHED_MAIL_DAYS,
  }: { batchSize?: number; keepMailDays?: number } = {},
): Promise<SweepResult> {
  const total: SweepResult = {
    sessions: 0,
    rateLimits: 0,
    mail: 0,
    emailTokens: 0,
    skipped: false,
  };
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const [lock] = rowsOf<{ locked: boolean }>(
        await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${SWEEP_LOCK_ID}) AS locked`),
      );
      if (!lock?.locked) return null;
      const sessions = rowsOf(
        await tx.execute(sql`
          DELETE FROM sessions WHERE sid IN (
            SELECT sid FROM sessions
            WHERE expire <= now() OR absolute_expire <= now()
            LIMIT ${batchSize} FOR UPDATE SKIP LOCKED)
          RETURNING 1`),
      ).length;
      const rateLimits = rowsOf(
        await tx.execute(sql`
          DELETE FROM rate_limits WHERE key IN (
            SELECT key FROM rate_limits WHERE reset_at <= now()
            LIMIT ${batchSize} FOR UPDATE SKIP LOCKED)
          RETURNING 1`),
      ).length;
      const mail = rowsOf(
        await tx.execute(sql`
          DELETE FROM mail_outbox WHERE id IN (
            SELECT id FROM mail_outbox
            WHERE coalesce(sent_at, failed_at)
              <= ${clock.sqlNow()} - make_interval(days => ${keepMailDays}::int)
            LIMIT ${batchSize} FOR UPDATE SKIP LOCKED)
          RETURNING 1`),
      ).length;
      const emailTokens = rowsOf(
        await tx.execute(sql`
          DELETE FROM email_tokens WHERE token_hash IN (
            SELECT token_hash FROM email_tokens
            WHERE used_at IS NOT NULL OR expires_at <= ${clock.sqlNow()}
            LIMIT ${batchSize} FOR UPDATE SKIP LOCKED)
          RETURNING 1`),
      ).length;
      return { sessions, rateLimits, mail, emailTokens };
    });
    const counts = ['sessions', 'rateLimits', 'mail', 'emailTokens'] as const;
    if (!batch) return { ...total, skipped: counts.every((k) => total[k] === 0) };
    for (const k of counts) total[k] += batch[k];
    if (counts.every((k) => batch[k] < batchSize)) return total;
  }
}
