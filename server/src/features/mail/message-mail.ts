import { and, asc, eq, sql } from 'drizzle-orm';
import { hasConfirmedEmail, mayAct } from '../../access/members';
import { isPublic, loadStarterFacts } from '../../access/starter-access';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { messageMailDue, messages, users } from '../../db/schema';
import { queueMail, siteUrl, unsubscribeUrl } from './outbox';
import { renderMail } from './templates';

/** The hour (UTC) at which daily digests go out. */
const DIGEST_HOUR_UTC = 7;

function nextDigestTime(now: Date): Date {
  const at = new Date(now);
  at.setUTCHours(DIGEST_HOUR_UTC, 0, 0, 0);
  if (at <= now) at.setUTCDate(at.getUTCDate() + 1);
  return at;
}

/**
 * The messages service's one call after storing a message: starts the conversation's quiet
 * period for the receiver unless one is already running. The mail is decided when it ends.
 */
export async function noteMessageForMail(
  db: DbOrTx,
  config: Pick<Config, 'mail'>,
  message: { starterId: number; senderId: string; receiverId: string },
): Promise<void> {
  const [receiver] = await db
    .select({ messageMail: users.messageMail })
    .from(users)
    .where(eq(users.id, message.receiverId));
  if (!receiver || receiver.messageMail === 'off') return;
  const now = new Date();
  const dueAt =
    receiver.messageMail === 'daily'
      ? nextDigestTime(now)
      : new Date(now.getTime() + config.mail.messageDelaySeconds * 1000);
  await db
    .insert(messageMailDue)
    .values({ ...message, dueAt })
    .onConflictDoNothing();
}

interface DueRow {
  receiver_id: string;
  starter_id: number;
  sender_id: string;
}

const plural = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

/**
 * Turns conversations whose quiet period is over into mails, in one transaction with taking
 * them off the list: a message read meanwhile, a member who turned mail off, is banned or
 * suspended, or a starter nobody may see any more sends nothing.
 */
export async function queueDueMessageMail({
  db,
  config,
}: {
  db: Db;
  config: Config;
}): Promise<number> {
  return db.transaction(async (tx) => {
    const due = rowsOf<DueRow>(
      await tx.execute(sql`
        DELETE FROM message_mail_due WHERE (receiver_id, starter_id, sender_id) IN (
          SELECT receiver_id, starter_id, sender_id FROM message_mail_due
          WHERE due_at <= now() ORDER BY due_at LIMIT 50 FOR UPDATE SKIP LOCKED
        ) RETURNING receiver_id, starter_id, sender_id`),
    );
    let queued = 0;
    for (const row of due) {
      const [receiver] = await tx.select().from(users).where(eq(users.id, row.receiver_id));
      if (!receiver || receiver.messageMail === 'off') continue;
      if (!mayAct(receiver) || !hasConfirmedEmail(receiver)) continue;
      const facts = await loadStarterFacts(tx, Number(row.starter_id));
      if (!facts || !isPublic(facts)) continue;
      const unread = await tx
        .select({ content: messages.content })
        .from(messages)
        .where(
          and(
            eq(messages.starterId, Number(row.starter_id)),
            eq(messages.senderId, row.sender_id),
            eq(messages.receiverId, row.receiver_id),
            eq(messages.isRead, false),
          ),
        )
        .orderBy(asc(messages.createdAt), asc(messages.id));
      if (unread.length === 0) continue;
      const [sender] = await tx.select().from(users).where(eq(users.id, row.sender_id));
      const [starter] = await tx
        .execute(sql`SELECT title FROM starters WHERE id = ${Number(row.starter_id)}`)
        .then((r) => rowsOf<{ title: string }>(r));
      const senderName = sender?.firstName?.trim() || sender?.username || 'A member';
      const title = starter?.title ?? 'your starter';
      const threadUrl = `${siteUrl(config)}/messages?starter=${row.starter_id}&with=${encodeURIComponent(row.sender_id)}`;
      const content = renderMail({
        subject: `${plural(unread.length, 'new message', 'new messages')} from ${senderName} about ${title}`,
        greeting: `Hi ${receiver.firstName?.trim() || receiver.username || 'there'},`,
        paragraphs: [`${senderName} wrote to you about ${title} on CultureShare.`],
        quotes: unread.map((m) => ({ from: senderName, text: m.content })),
        action: { label: 'Reply on CultureShare', url: threadUrl },
        footer:
          'You get this email because you have message emails turned on. Change that on your profile page.',
        unsubscribeUrl: unsubscribeUrl(config, receiver.mailKey),
      });
      await queueMail(tx, config, { ...content, to: receiver.email, mailKey: receiver.mailKey });
      queued += 1;
    }
    return queued;
  });
}
