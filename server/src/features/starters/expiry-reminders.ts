import { sql } from 'drizzle-orm';
import { EXPIRY_NOTICE_DAYS } from '../../../../common/handovers';
import { fresh, listed } from '../../access/starter-access';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { queueMail, siteUrl } from '../mail/outbox';
import { mailFooter, mailRecipient } from '../mail/recipients';
import { greetingFor, renderMail } from '../mail/templates';
import * as clock from '../../clock/clock';

interface DueRow {
  id: number;
  title: string;
  available_until: Date | string;
  user_id: string;
}

/**
 * The worker's periodic task: each open, unclaimed listing whose stretch ends within
 * EXPIRY_NOTICE_DAYS gets one reminder mail to its owner. Marking the row and queueing the
 * mail share one transaction, and the mark is a conditional UPDATE with SKIP LOCKED, so two
 * server copies never both remind; renewing moves `available_until` past the mark, which
 * allows the next stretch its own reminder.
 */
export async function queueExpiryReminders({
  db,
  config,
}: {
  db: Db;
  config: Config;
}): Promise<number> {
  return db.transaction(async (tx) => {
    const due = rowsOf<DueRow>(
      await tx.execute(sql`
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
        RETURNING s.id, s.title, s.available_until, s.user_id`),
    );
    let queued = 0;
    for (const row of due) {
      // Marked all the same: a member who may not act now is not reminded later for it.
      const to = await mailRecipient(tx, config, row.user_id, 'reminders');
      if (!to) continue;
      const until = new Date(row.available_until);
      const profileUrl = `${siteUrl(config)}/profile`;
      const content = renderMail({
        subject: `${row.title} leaves CultureShare soon`,
        greeting: greetingFor(to.member),
        paragraphs: [
          `Your listing ${row.title} stops showing in browse and search on ${until.toUTCString().slice(0, 16)}.`,
          'If you still have some to share, press "Still available" on your profile to keep it listed.',
        ],
        action: { label: 'Open My Starters', url: profileUrl },
        footer: mailFooter('you share a starter and have listing reminders turned on'),
        unsubscribeUrl: to.unsubscribeUrl,
      });
      await queueMail(tx, config, { ...content, to: to.member.email, stop: to.stop });
      queued += 1;
    }
    return queued;
  });
}
