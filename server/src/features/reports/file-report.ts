import { and, eq, type SQL } from 'drizzle-orm';
import { withDailyQuota } from '../../access/trust';
import { isUniqueViolation } from '../../db/errors';
import { reports } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { conflict } from '../../errors';
import { wakeJob } from '../../jobs/wake';
import type { SessionUser } from '../../plugins/sessions';

/**
 * Files a member's report once: refused while they have an open report on the same thing (`on`
 * says which reports are about it), charged to their daily reports only when `store` stores it.
 * Two submissions at once: the partial unique index lets only one through.
 */
export async function fileReport<T>(
  deps: Pick<AppDeps, 'db' | 'limiter' | 'config'>,
  actor: SessionUser,
  { on, alreadyReported }: { on: SQL | undefined; alreadyReported: string },
  store: () => Promise<T>,
): Promise<T> {
  const [open] = await deps.db
    .select({ id: reports.id })
    .from(reports)
    .where(and(on, eq(reports.reporterId, actor.id), eq(reports.status, 'pending')))
    .limit(1);
  if (open) throw conflict(alreadyReported);

  return withDailyQuota(
    deps,
    actor,
    'reports',
    "You've sent a lot of reports today. Please try again tomorrow.",
    async () => {
      try {
        const stored = await store();
        // The moderators (and the area's stewards) hear of it now, not at the job's next minute.
        await wakeJob(deps.db, 'moderators-waiting');
        return stored;
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(alreadyReported);
        throw err;
      }
    },
  );
}
