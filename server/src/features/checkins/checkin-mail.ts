import { sql } from 'drizzle-orm';
import { membersWhoMayNotAct } from '../../access/members';
import { openly } from '../../access/starter-access';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { queueMail, siteUrl, unsubscribeUrl } from '../mail/outbox';
import { greetingFor, renderMail } from '../mail/templates';
import * as clock from '../../clock/clock';

interface DueRow {
  id: number;
  day: number;
  title: string;
  starter_id: number;
  giver_first_name: string | null;
  giver_username: string | null;
  email: string;
  mail_key: string;
  first_name: string | null;
  username: string | null;
  message_mail: string;
  /**
   * Read in the same statement: whether this mail should go out at all — `hasConfirmedEmail`,
   * `mayAct` and `isOpen` of the access layer, as SQL.
   */
  confirmed: boolean;
  may_act: boolean;
  current: boolean;
  visible: boolean;
  recent: boolean;
}

const SINCE: Record<number, string> = { 1: 'a day', 3: 'three days', 7: 'a week' };

/**
 * The worker's periodic task: each check-in that has come due gets at most one gentle mail to
 * its recipient. Marking the row and queueing the mail share one transaction, and the mark is
 * a conditional UPDATE over rows taken FOR UPDATE SKIP LOCKED, so several server copies send
 * it once. Every due row is marked, mailed or not: a check-in that was superseded, answered
 * on the site first, is about a thread the recipient can no longer see, or came due long ago
 * (the server was down) is never mailed later. Mail follows the member's message-mail setting
 * (off: none), like the other news about a conversation.
 */
export async function queueCheckinMails({
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
          SELECT c.id FROM checkins c
          WHERE c.answer IS NULL AND c.mailed_at IS NULL AND c.due_at <= ${clock.sqlNow()}
          ORDER BY c.due_at, c.id
          LIMIT 50
          FOR UPDATE SKIP LOCKED
        )
        UPDATE checkins c SET mailed_at = ${clock.sqlNow()}
        FROM due, handovers h, starters s, users r, users g
        WHERE c.id = due.id AND h.id = c.handover_id AND s.id = h.starter_id
          AND r.id = h.recipient_id AND g.id = h.giver_id
        RETURNING c.id, c.day, s.title, s.id AS starter_id,
          g.first_name AS giver_first_name, g.username AS giver_username,
          r.email, r.mail_key, r.first_name, r.username, r.message_mail,
          r.email_verified_at IS NOT NULL AS confirmed,
          r.id NOT IN (${membersWhoMayNotAct()}) AS may_act,
          (h.status = 'received' AND NOT EXISTS (
            SELECT 1 FROM checkins later
            WHERE later.handover_id = c.handover_id
              AND ((later.day > c.day AND later.due_at <= ${clock.sqlNow()}) OR later.answer = 'thriving')
          )) AS current,
          EXISTS (SELECT 1 FROM starters WHERE starters.id = s.id AND ${openly()}) AS visible,
          c.due_at > ${clock.sqlNow()} - (2 * ${config.checkinDaySeconds}::int) * interval '1 second' AS recent`),
    );
    let queued = 0;
    for (const row of due) {
      if (!row.current || !row.visible || !row.recent) continue;
      if (!row.confirmed || !row.may_act || row.message_mail === 'off') continue;
      const giver = row.giver_username?.trim() || row.giver_first_name?.trim() || 'the giver';
      const content = renderMail({
        subject: `Did ${row.title} wake up?`,
        greeting: greetingFor({ firstName: row.first_name, username: row.username }),
        paragraphs: [
          `It has been ${SINCE[row.day] ?? `${row.day} days`} since ${row.title} reached you from ${giver}. How is it doing?`,
          'One click on CultureShare tells them: thriving, waking up slowly, or not yet. If you are worried, ask them: they know this culture best.',
        ],
        action: { label: 'Answer on CultureShare', url: `${siteUrl(config)}/profile` },
        footer:
          'You get this email because you have message emails turned on. Change that on your profile page.',
        unsubscribeUrl: unsubscribeUrl(config, row.mail_key),
      });
      await queueMail(tx, config, { ...content, to: row.email, mailKey: row.mail_key });
      queued += 1;
    }
    return queued;
  });
}
