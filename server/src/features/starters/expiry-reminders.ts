import { sql } from 'drizzle-orm';
import { EXPIRY_NOTICE_DAYS } from '../../../../common/conversations/handovers';
import { fresh, listed } from '../../access/starter-access';
import { runDueWork, type DueWorkDeps } from '../../jobs/due-work';
import { siteUrl } from '../mail/outbox';
import { tell } from '../notifications/tell';
import { tellSavers } from '../saved/saved.service';
import { notificationLinks } from '../../../../common/notifications/notifications';
import { dateFor, readerOf } from '../../i18n/wording';
import * as clock from '../../clock/clock';

interface DueRow {
  id: number;
  title: string;
  available_until: Date | string;
  user_id: string;
}

/**
 * The worker's periodic task: each open, unclaimed listing whose stretch ends within
 * EXPIRY_NOTICE_DAYS gets one reminder to its owner: an item in the notification centre, and a mail by their choice;
 * members who saved it get a bell item (decision 159). Marking the row and queueing the
 * mail share one transaction, and the mark is a conditional UPDATE with SKIP LOCKED, so two
 * server copies never both remind; renewing moves `available_until` past the mark, which
 * allows the next stretch its own reminder.
 */
export async function queueExpiryReminders({ db, config }: DueWorkDeps): Promise<number> {
  return runDueWork<DueRow>(db, {
    claim: () => sql`
        WITH due AS (
          SELECT starters.id FROM starters
          WHERE starters.is_claimed = false AND ${listed()} AND ${fresh()}
            AND starters.available_until <= ${clock.sqlNow()} + make_interval(days => ${EXPIRY_NOTICE_DAYS}::int)
            AND starters.expiry_reminded_for IS DISTINCT FROM starters.available_until
          ORDER BY starters.available_until, starters.id
          LIMIT 50
          FOR UPDATE SKIP LOCKED
        )
        UPDATE starters s SET expiry_reminded_for = s.available_until
        FROM due
        WHERE s.id = due.id
        RETURNING s.id, s.title, s.available_until, s.user_id`,
    deliver: async (tx, row) => {
      const until = new Date(row.available_until);
      const profileUrl = `${siteUrl(config)}/profile`;
      // Marked all the same: a member who may not act now is not reminded later for it.
      const told = await tell(tx, config, {
        kind: 'expiry',
        to: row.user_id,
        bell: {
          title: { key: 'mail:notifications.expiry', values: { title: row.title } },
          body: {
            key: 'mail:notifications.expiryBody',
            values: { date: { date: until.toISOString() } },
          },
          url: notificationLinks.myListings,
        },
        mail: (t, _, to) => ({
          subject: t('mail:expiry.subject', { title: row.title }),
          paragraphs: [
            t('mail:expiry.stops', { title: row.title, date: dateFor(until, readerOf(to.member)) }),
            t('mail:expiry.keep'),
          ],
          action: { label: t('mail:expiry.action'), url: profileUrl },
          footer: t('mail:footers.reminders'),
        }),
      });
      await tellSavers(tx, config, {
        starterId: row.id,
        title: row.title,
        except: [row.user_id],
        news: { expiresAt: until },
      });
      return told.mailed;
    },
  });
}
