import { and, asc, eq, sql } from 'drizzle-orm';
import { isPublic, loadStarterFacts } from '../../access/starter-access';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { messageMailDue, messages, users } from '../../db/schema';
import { queueMail, siteUrl } from '../mail/outbox';
import { mailChoiceOf, mailFooter, mailRecipient, type MailRecipient } from '../mail/recipients';
import { greetingFor, renderMail } from '../mail/templates';
import * as clock from '../../clock/clock';

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
  const choice = receiver ? mailChoiceOf(receiver, 'messages') : 'off';
  if (choice === 'off') return;
  const now = clock.now();
  const dueAt =
    choice === 'daily'
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

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const plural = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);
const nameOf = (user: { firstName: string | null; username: string | null } | undefined) =>
  user?.firstName?.trim() || user?.username || 'A member';

/**
 * What a mail says about one conversation: its unread messages (oldest first), or null when
 * there is nothing to tell (read meanwhile, or about a starter nobody may see any more).
 */
async function unreadConversation(tx: Tx, config: Config, row: DueRow) {
  const starterId = Number(row.starter_id);
  const facts = await loadStarterFacts(tx, starterId);
  if (!facts || !isPublic(facts)) return null;
  const unread = await tx
    .select({ content: messages.content })
    .from(messages)
    .where(
      and(
        eq(messages.starterId, starterId),
        eq(messages.senderId, row.sender_id),
        eq(messages.receiverId, row.receiver_id),
        eq(messages.isRead, false),
      ),
    )
    .orderBy(asc(messages.createdAt), asc(messages.id));
  if (unread.length === 0) return null;
  const [sender] = await tx.select().from(users).where(eq(users.id, row.sender_id));
  const [starter] = await tx
    .execute(sql`SELECT title FROM starters WHERE id = ${starterId}`)
    .then((r) => rowsOf<{ title: string }>(r));
  return {
    unread,
    senderName: nameOf(sender),
    title: starter?.title ?? 'your starter',
    threadUrl: `${siteUrl(config)}/messages?starter=${starterId}&with=${encodeURIComponent(row.sender_id)}`,
  };
}

type UnreadConversation = NonNullable<Awaited<ReturnType<typeof unreadConversation>>>;

function conversationMail(to: MailRecipient, c: UnreadConversation) {
  return renderMail({
    subject: `${plural(c.unread.length, 'new message', 'new messages')} from ${c.senderName} about ${c.title}`,
    greeting: greetingFor(to.member),
    paragraphs: [`${c.senderName} wrote to you about ${c.title} on CultureShare.`],
    quotes: c.unread.map((m) => ({ from: c.senderName, text: m.content })),
    action: { label: 'Reply on CultureShare', url: c.threadUrl },
    footer: mailFooter('you have message emails turned on'),
    unsubscribeUrl: to.unsubscribeUrl,
  });
}

/** The daily digest: every conversation with new messages in one mail, newest text of each. */
function digestMail(to: MailRecipient, list: UnreadConversation[]) {
  const total = list.reduce((n, c) => n + c.unread.length, 0);
  return renderMail({
    subject: `${plural(total, 'new message', 'new messages')} in ${plural(list.length, 'conversation', 'conversations')} on CultureShare`,
    greeting: greetingFor(to.member),
    paragraphs: ['Here is what members wrote to you since your last digest.'],
    sections: list.map((c) => ({
      heading: `${plural(c.unread.length, 'new message', 'new messages')} from ${c.senderName} about ${c.title}`,
      quote: { from: c.senderName, text: c.unread[c.unread.length - 1]!.content },
      link: { label: 'Open the conversation', url: c.threadUrl },
    })),
    footer: mailFooter('you chose a daily digest of new messages'),
    unsubscribeUrl: to.unsubscribeUrl,
  });
}

/**
 * Turns conversations whose quiet period is over into mails, in one transaction with taking
 * them off the list: a message read meanwhile, a member who turned mail off, is banned or
 * suspended, or a starter nobody may see any more sends nothing. A member on the daily digest
 * gets one mail for all their due conversations, so all of a claimed member's due rows are
 * taken together.
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
        DELETE FROM message_mail_due WHERE due_at <= ${clock.sqlNow()} AND receiver_id IN (
          SELECT receiver_id FROM message_mail_due
          WHERE due_at <= ${clock.sqlNow()} ORDER BY due_at LIMIT 50 FOR UPDATE SKIP LOCKED
        ) RETURNING receiver_id, starter_id, sender_id`),
    );
    const byReceiver = new Map<string, DueRow[]>();
    for (const row of due) {
      byReceiver.set(row.receiver_id, [...(byReceiver.get(row.receiver_id) ?? []), row]);
    }
    let queued = 0;
    for (const [receiverId, rows] of byReceiver) {
      const to = await mailRecipient(tx, config, receiverId, 'messages');
      if (!to) continue;
      const list: UnreadConversation[] = [];
      for (const row of rows) {
        const c = await unreadConversation(tx, config, row);
        if (c) list.push(c);
      }
      const mails =
        to.choice === 'daily'
          ? list.length > 0
            ? [digestMail(to, list)]
            : []
          : list.map((c) => conversationMail(to, c));
      for (const content of mails) {
        await queueMail(tx, config, { ...content, to: to.member.email, stop: to.stop });
        queued += 1;
      }
    }
    return queued;
  });
}
