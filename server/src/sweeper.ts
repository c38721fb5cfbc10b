import { sql, type SQL } from 'drizzle-orm';
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
      const deleteBatch = async (table: string, key: string, due: SQL) =>
        rowsOf(
          await tx.execute(sql`
            DELETE FROM ${sql.identifier(table)} WHERE ${sql.identifier(key)} IN (
              SELECT ${sql.identifier(key)} FROM ${sql.identifier(table)} WHERE ${due}
              LIMIT ${batchSize} FOR UPDATE SKIP LOCKED)
            RETURNING 1`),
        ).length;
      const sessions = await deleteBatch(
        'sessions',
        'sid',
        sql`expire <= now() OR absolute_expire <= now()`,
      );
      const rateLimits = await deleteBatch('rate_limits', 'key', sql`reset_at <= now()`);
      const mail = await deleteBatch(
        'mail_outbox',
        'id',
        sql`coalesce(sent_at, failed_at)
          <= ${clock.sqlNow()} - make_interval(days => ${keepMailDays}::int)`,
      );
      const emailTokens = await deleteBatch(
        'email_tokens',
        'token_hash',
        sql`used_at IS NOT NULL OR expires_at <= ${clock.sqlNow()}`,
      );
      return { sessions, rateLimits, mail, emailTokens };
    });
    const counts = ['sessions', 'rateLimits', 'mail', 'emailTokens'] as const;
    if (!batch) return { ...total, skipped: counts.every((k) => total[k] === 0) };
    for (const k of counts) total[k] += batch[k];
    if (counts.every((k) => batch[k] < batchSize)) return total;
  }
}
