import { displayName } from '../../../../common/members/display';
import { sql } from 'drizzle-orm';
import { openly } from '../../access/starter-access';
import { runDueWork, type DueWorkDeps } from '../../jobs/due-work';
import { CHECKIN_ANSWERS } from '../../../../common/cultures/checkins';
import { siteUrl } from '../mail/outbox';
import { tell } from '../notifications/tell';
import { notificationLinks } from '../../../../common/notifications/notifications';
import * as clock from '../../clock/clock';

interface DueRow {
  id: number;
  day: number;
  title: string;
  starter_id: number;
  giver_first_name: string | null;
  giver_username: string | null;
  recipient_id: string;
  giver_id: string;
  /** Read in the same statement: whether this check-in is still worth a mail. */
  current: boolean;
  visible: boolean;
  recent: boolean;
}

/**
 * The worker's periodic task: each check-in that has come due gets at most one gentle mail to
 * its recipient, and an item in their notification centre. Marking the row and queueing the mail share one transaction, and the mark is
 * a conditional UPDATE over rows taken FOR UPDATE SKIP LOCKED, so several server copies send
 * it once. Every due row is marked, mailed or not: a check-in that was superseded, answered
 * on the site first, is about a thread the recipient can no longer see, or came due long ago
 * (the server was down) is never mailed later. Mail follows the member's choice for check-in
 * mail (`tell`).
 */
export async function queueCheckinMails({ db, config }: DueWorkDeps): Promise<number> {
  return runDueWork<DueRow>(db, {
    claim: () => sql`
        WITH due AS (
          SELECT c.id FROM checkins c
          WHERE c.answer IS NULL AND c.mailed_at IS NULL AND c.due_at <= ${clock.sqlNow()}
          ORDER BY c.due_at, c.id
          LIMIT 50
          FOR UPDATE SKIP LOCKED
        )
        UPDATE checkins c SET mailed_at = ${clock.sqlNow()}
        FROM due, handovers h, starters s, users g
        WHERE c.id = due.id AND h.id = c.handover_id AND s.id = h.starter_id
          AND g.id = h.giver_id
        RETURNING c.id, c.day, s.title, s.id AS starter_id,
          g.first_name AS giver_first_name, g.username AS giver_username,
          h.recipient_id, h.giver_id,
          (h.status = 'received' AND NOT EXISTS (
            SELECT 1 FROM checkins later
            WHERE later.handover_id = c.handover_id
              AND ((later.day > c.day AND later.due_at <= ${clock.sqlNow()}) OR later.answer = 'thriving')
          )) AS current,
          EXISTS (SELECT 1 FROM starters WHERE starters.id = s.id AND ${openly()}) AS visible,
          c.due_at > ${clock.sqlNow()} - (2 * ${config.checkinDaySeconds}::int) * interval '1 second' AS recent`,
    deliver: async (tx, row) => {
      if (!row.current || !row.visible || !row.recent) return false;
      const giverName =
        displayName({ username: row.giver_username, firstName: row.giver_first_name }, '') || null;
      // The bell rings whatever the mail choice: the site's own answer card is one tap away.
      const bell = {
        title: { key: 'mail:notifications.checkin', values: { title: row.title } },
        body: {
          key: 'mail:notifications.checkinBody',
          values: {
            day: Number(row.day),
            title: row.title,
            giver: giverName ?? { text: { key: 'mail:checkin.giver' } },
          },
        },
        url: notificationLinks.thread(row.starter_id, row.giver_id),
        tag: `checkin:${row.id}`,
      };
      const told = await tell(tx, config, {
        kind: 'checkin',
        to: row.recipient_id,
        bell,
        mail: (t, _, to) => ({
          subject: t('mail:checkin.subject', { title: row.title }),
          paragraphs: [
            t('mail:checkin.since', {
              day: Number(row.day),
              title: row.title,
              giver: giverName ?? t('mail:checkin.giver'),
            }),
            t('mail:checkin.oneClick'),
          ],
          // Each answer is its own link to a page with one button (decision 055): one click
          // from the mail and one press, and a link scanner opening it answers nothing.
          links: CHECKIN_ANSWERS.map((answer) => ({
            label: t(`mail:checkin.answers.${answer}`),
            url: `${siteUrl(config)}/check-in/${row.id}/${answer}?key=${to.member.mailKey}`,
          })),
          footer: t('mail:footers.checkins'),
        }),
      });
      return told.mailed;
    },
  });
}
