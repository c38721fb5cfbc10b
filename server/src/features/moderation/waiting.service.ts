import { sql } from 'drizzle-orm';
import type { ModerationWaiting } from '../../../../common/moderation/screening';
import { assertModerator, membersWhoMayNotAct } from '../../access/members';
import * as clock from '../../clock/clock';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { runDueWork } from '../../jobs/due-work';
import type { SessionUser } from '../../plugins/sessions';
import { siteUrl } from '../mail/outbox';
import { tell } from '../notifications/tell';
import { pendingReportsWaiting } from '../reports/reports.service';
import { heldWaiting } from '../screening/held.service';
import { DAY_MS, HOUR_MS } from '../../../../common/site/time';

/*
 * Nothing waits for moderators in silence: the Held and Reports tabs carry counts, and while
 * anything waits each moderator gets a bell item and a mail once a day, saying how long the
 * oldest has waited.
 */

/** What waits on the Held and Reports tabs: one reading for the tabs, the bell and the mail. */
async function waiting(db: DbOrTx) {
  const [held, reports] = await Promise.all([heldWaiting(db), pendingReportsWaiting(db)]);
  return { held, reports };
}

/** GET /api/moderation/waiting: the counts on the moderation page's tabs. */
export async function moderationWaiting(
  deps: { db: DbOrTx },
  actor: SessionUser,
): Promise<ModerationWaiting> {
  assertModerator(actor);
  const { held, reports } = await waiting(deps.db);
  return {
    held: { count: held.count, oldestAt: held.oldestAt?.toISOString() ?? null },
    reports: { count: reports.count, oldestAt: reports.oldestAt?.toISOString() ?? null },
  };
}

/** Where the bell item and the mail lead: the tab with the oldest waiting. */
export const WAITING_LINK_PREFIX = '/moderation?tab=';

/**
 * The scheduler's job (every minute): each moderator who may act and has had no such item in
 * the last day gets one bell item and, by their reminder choice, one mail, while anything
 * waits. So a first held message reaches them within the minute, and then once a day until
 * the queues are empty. The day is measured from their last item, kept in the centre itself.
 */
export async function remindModeratorsOfWaiting({
  db,
  config,
}: {
  db: Db;
  config: Config;
}): Promise<number> {
  const { held, reports } = await waiting(db);
  const total = held.count + reports.count;
  if (total === 0) return 0;
  const oldest = [held.oldestAt, reports.oldestAt]
    .filter((at): at is Date => at !== null)
    .sort((a, b) => a.getTime() - b.getTime())[0]!;
  const tab = held.oldestAt?.getTime() === oldest.getTime() ? 'held' : 'reports';
  const url = `${WAITING_LINK_PREFIX}${tab}`;
  const hours = Math.max(0, Math.floor((clock.nowMs() - oldest.getTime()) / HOUR_MS));
  return runDueWork<{ id: string }>(db, {
    claim: () => sql`
        SELECT u.id FROM users u
        WHERE u.is_moderator AND u.id NOT IN (${membersWhoMayNotAct()})
          AND NOT EXISTS (
            SELECT 1 FROM notifications n
            WHERE n.user_id = u.id AND n.kind = 'moderation'
              AND n.url LIKE ${`${WAITING_LINK_PREFIX}%`}
              AND n.created_at > ${new Date(clock.nowMs() - DAY_MS).toISOString()}::timestamptz)
        ORDER BY u.id
        FOR UPDATE OF u SKIP LOCKED`,
    // Each moderator found counts, mailed or not: the bell item is their reminder too.
    deliver: async (tx, { id }) => {
      await tell(tx, config, {
        kind: 'moderation',
        to: id,
        bell: {
          title: { key: 'mail:notifications.waiting', values: { count: total } },
          body: {
            key: 'mail:notifications.waitingNow',
            values: {
              held: held.count,
              reports: reports.count,
              // The mail's own line for how long the oldest has waited.
              oldest: { text: { key: 'mail:moderation.waitingOldest', values: { hours } } },
            },
          },
          url,
        },
        mail: (t) => ({
          subject: t('mail:moderation.waitingSubject', { count: total }),
          paragraphs: [
            t('mail:moderation.waitingCounts', { held: held.count, reports: reports.count }),
            t('mail:moderation.waitingOldest', { hours }),
          ],
          action: { label: t('mail:moderation.waitingAction'), url: `${siteUrl(config)}${url}` },
          footer: t('mail:footers.moderators'),
        }),
      });
      return true;
    },
  });
}
