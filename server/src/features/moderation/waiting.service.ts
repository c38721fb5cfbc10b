import { sql, type SQL } from 'drizzle-orm';
import type { ModerationWaiting } from '../../../../common/moderation/screening';
import { membersWhoMayNotAct } from '../../access/members';
import { moderationScope, stewardAreasOf, type ModerationScope } from '../../access/stewards';
import * as clock from '../../clock/clock';
import type { Config } from '../../config';
import type { Db, DbOrTx, Tx } from '../../db/client';
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
 * oldest has waited. A steward gets the same for what lies in their areas, and never a count
 * of anything outside them.
 */

/** What waits on the Held and Reports tabs: one reading for the tabs, the bell and the mail. */
async function waiting(db: DbOrTx, scope: ModerationScope) {
  const [held, reports] = await Promise.all([
    heldWaiting(db, scope),
    pendingReportsWaiting(db, scope),
  ]);
  return { held, reports };
}
type Waiting = Awaited<ReturnType<typeof waiting>>;

/**
 * GET /api/moderation/waiting: the counts on the moderation page's tabs — everything for
 * moderators, what lies in their areas for a steward (decision 174).
 */
export async function moderationWaiting(
  deps: { db: DbOrTx },
  actor: SessionUser,
): Promise<ModerationWaiting> {
  const { held, reports } = await waiting(deps.db, await moderationScope(deps.db, actor));
  return {
    held: { count: held.count, oldestAt: held.oldestAt?.toISOString() ?? null },
    reports: { count: reports.count, oldestAt: reports.oldestAt?.toISOString() ?? null },
  };
}

/** Where the bell item and the mail lead: the tab with the oldest waiting. */
export const WAITING_LINK_PREFIX = '/moderation?tab=';

/** Members told of what waits who had no such item in the last day (the day's own measure). */
function notToldToday(): SQL {
  return sql`NOT EXISTS (
    SELECT 1 FROM notifications n
    WHERE n.user_id = u.id AND n.kind = 'moderation'
      AND n.url LIKE ${`${WAITING_LINK_PREFIX}%`}
      AND n.created_at > ${new Date(clock.nowMs() - DAY_MS).toISOString()}::timestamptz)`;
}

/** One bell item and, by their reminder choice, one mail: how much waits and for how long. */
async function tellWhatWaits(
  tx: Tx,
  config: Config,
  to: string,
  { held, reports }: Waiting,
  steward: boolean,
): Promise<void> {
  const total = held.count + reports.count;
  const oldest = [held.oldestAt, reports.oldestAt]
    .filter((at): at is Date => at !== null)
    .sort((a, b) => a.getTime() - b.getTime())[0]!;
  const tab = held.oldestAt?.getTime() === oldest.getTime() ? 'held' : 'reports';
  const url = `${WAITING_LINK_PREFIX}${tab}`;
  const hours = Math.max(0, Math.floor((clock.nowMs() - oldest.getTime()) / HOUR_MS));
  // A steward's words say the items are in their area; the rest is the moderators'.
  const title = steward ? 'mail:notifications.waitingInArea' : 'mail:notifications.waiting';
  const subject = steward
    ? 'mail:moderation.waitingSubjectInArea'
    : 'mail:moderation.waitingSubject';
  await tell(tx, config, {
    kind: 'moderation',
    to,
    bell: {
      title: { key: title, values: { count: total } },
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
      subject: t(subject, { count: total }),
      paragraphs: [
        t('mail:moderation.waitingCounts', { held: held.count, reports: reports.count }),
        t('mail:moderation.waitingOldest', { hours }),
      ],
      action: { label: t('mail:moderation.waitingAction'), url: `${siteUrl(config)}${url}` },
      footer: t(steward ? 'mail:footers.stewards' : 'mail:footers.moderators'),
    }),
  });
}

/**
 * The scheduler's job (woken by a held message or listing and by a filed report, and every
 * minute): each moderator who may act and has had no such item in the last day gets one bell
 * item and, by their reminder choice, one mail, while anything waits. So a first held message
 * reaches them at once, and then once a day until the queues are empty. The day is measured
 * from their last item, kept in the centre itself.
 * A steward is told the same of what waits in their areas alone, and nothing while none does.
 */
export async function remindModeratorsOfWaiting({
  db,
  config,
}: {
  db: Db;
  config: Config;
}): Promise<number> {
  const everything = await waiting(db, { all: true });
  if (everything.held.count + everything.reports.count === 0) return 0;
  const moderators = await runDueWork<{ id: string }>(db, {
    claim: () => sql`
        SELECT u.id FROM users u
        WHERE u.is_moderator AND u.id NOT IN (${membersWhoMayNotAct()}) AND ${notToldToday()}
        ORDER BY u.id
        FOR UPDATE OF u SKIP LOCKED`,
    // Each moderator found counts, mailed or not: the bell item is their reminder too.
    deliver: async (tx, { id }) => {
      await tellWhatWaits(tx, config, id, everything, false);
      return true;
    },
  });
  const stewardsTold = await runDueWork<{ id: string }>(db, {
    claim: () => sql`
        SELECT u.id FROM users u
        WHERE NOT u.is_moderator AND u.id NOT IN (${membersWhoMayNotAct()}) AND ${notToldToday()}
          AND EXISTS (SELECT 1 FROM stewards s WHERE s.user_id = u.id)
        ORDER BY u.id
        FOR UPDATE OF u SKIP LOCKED`,
    deliver: async (tx, { id }) => {
      const inArea = await waiting(tx, { all: false, areas: await stewardAreasOf(tx, id) });
      if (inArea.held.count + inArea.reports.count === 0) return false;
      await tellWhatWaits(tx, config, id, inArea, true);
      return true;
    },
  });
  return moderators + stewardsTold;
}
