import { displayName, type NamedPerson } from '../../../../common/members/display';
import { and, asc, eq, sql } from 'drizzle-orm';
import { isPublic, loadStarterFacts } from '../../access/starter-access';
import { mayAct } from '../../access/members';
import { blockBetween } from '../blocks/blocks.service';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { wakeJob } from '../../jobs/wake';
import { rowsOf } from '../../db/rows';
import { runDueWork, type DueWorkDeps } from '../../jobs/due-work';
import { messageMailDue, messages, users } from '../../db/schema';
import { queueMail, siteUrl } from '../mail/outbox';
import { mailChoiceOf, mailRecipient, type MailRecipient } from '../mail/recipients';
import { greetingFor, mailLanguage, memberText, renderMail } from '../mail/templates';
import { translator } from '../../i18n/translate';
import * as clock from '../../clock/clock';
import { takeAlertDigest } from '../alerts/alert-mail';

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
  await wakeJob(db, 'message-mail', dueAt);
}

interface DueRow {
  receiver_id: string;
  starter_id: number;
  sender_id: string;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const nameOf = (user: NamedPerson | undefined) => displayName(user, '') || null;

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
  // Banned or suspended since writing, or blocked either way since: the messages are not
  // carried to the inbox after the fact.
  if (!sender || !mayAct(sender, clock.now())) return null;
  const { byMe, byThem } = await blockBetween(tx, row.receiver_id, row.sender_id);
  if (byMe || byThem) return null;
  const [starter] = await tx
    .execute(sql`SELECT title FROM starters WHERE id = ${starterId}`)
    .then((r) => rowsOf<{ title: string }>(r));
  return {
    unread,
    // Member-written: quoted as plain text in subjects and lines, never a link.
    // Null when missing: each mail names it in its own language.
    senderName: nullOr(nameOf(sender), memberText),
    title: nullOr(starter?.title ?? null, memberText),
    threadUrl: `${siteUrl(config)}/messages?starter=${starterId}&with=${encodeURIComponent(row.sender_id)}`,
  };
}

const nullOr = (text: string | null, f: (s: string) => string) => (text === null ? null : f(text));

type UnreadConversation = NonNullable<Awaited<ReturnType<typeof unreadConversation>>>;

/** The mail of one conversation, wholly in the receiver's language. */
function conversationMail(to: MailRecipient, c: UnreadConversation) {
  const language = mailLanguage(to.member);
  const t = translator(language);
  const name = c.senderName ?? t('mail:messages.someone');
  const title = c.title ?? t('mail:messages.yourStarter');
  return renderMail({
    language,
    subject: t('mail:messages.subject', { count: c.unread.length, name, title }),
    greeting: greetingFor(to.member, language),
    paragraphs: [t('mail:messages.wrote', { name, title })],
    quotes: c.unread.map((m) => ({ from: name, text: m.content || t('mail:messages.photo') })),
    action: { label: t('mail:messages.reply'), url: c.threadUrl },
    footer: t('mail:messages.footer'),
    unsubscribeUrl: to.unsubscribeUrl,
  });
}

/**
 * The daily digest: every conversation with new messages in one mail, newest text of each,
 * then the listings the member's digest alerts found (one mail where both are due).
 */
function digestMail(
  to: MailRecipient,
  list: UnreadConversation[],
  alertNews: Awaited<ReturnType<typeof takeAlertDigest>>,
) {
  const total = list.reduce((n, c) => n + c.unread.length, 0);
  const found = alertNews.sections.length;
  const language = mailLanguage(to.member);
  const t = translator(language);
  const counts = { messages: total, conversations: list.length, listings: found };
  return renderMail({
    language,
    subject:
      list.length > 0
        ? found
          ? t('mail:digest.subjectWithAlerts', counts)
          : t('mail:digest.subject', counts)
        : t('mail:alerts.digestSubject', { count: found }),
    greeting: greetingFor(to.member, language),
    paragraphs: [list.length > 0 ? t('mail:digest.intro') : t('mail:alerts.digestIntro')],
    sections: [
      ...list.map(({ unread, senderName, title, threadUrl }) => {
        const name = senderName ?? t('mail:messages.someone');
        return {
          heading: t('mail:messages.subject', {
            count: unread.length,
            name,
            title: title ?? t('mail:messages.yourStarter'),
          }),
          quote: {
            from: name,
            text: unread[unread.length - 1]!.content || t('mail:messages.photo'),
          },
          link: { label: t('mail:openConversation'), url: threadUrl },
        };
      }),
      ...alertNews.sections,
    ],
    links: alertNews.links,
    footer: t('mail:footers.digest'),
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
export async function queueDueMessageMail({ db, config }: DueWorkDeps): Promise<number> {
  return runDueWork<DueRow, [string, DueRow[]]>(db, {
    claim: () => sql`
      DELETE FROM message_mail_due WHERE due_at <= ${clock.sqlNow()} AND receiver_id IN (
        SELECT receiver_id FROM message_mail_due
        WHERE due_at <= ${clock.sqlNow()} ORDER BY due_at LIMIT 50 FOR UPDATE SKIP LOCKED
      ) RETURNING receiver_id, starter_id, sender_id`,
    items: (due) => {
      const byReceiver = new Map<string, DueRow[]>();
      for (const row of due) {
        byReceiver.set(row.receiver_id, [...(byReceiver.get(row.receiver_id) ?? []), row]);
      }
      return [...byReceiver];
    },
    deliver: async (tx, [receiverId, rows]) => {
      const to = await mailRecipient(tx, config, receiverId, 'message');
      if (!to) return 0;
      const list: UnreadConversation[] = [];
      for (const row of rows) {
        const c = await unreadConversation(tx, config, row);
        if (c) list.push(c);
      }
      const alertNews =
        to.choice === 'daily'
          ? await takeAlertDigest(tx, config, to.member)
          : { sections: [], links: [] };
      const mails =
        to.choice === 'daily'
          ? list.length > 0 || alertNews.sections.length > 0
            ? [digestMail(to, list, alertNews)]
            : []
          : list.map((c) => conversationMail(to, c));
      for (const content of mails) {
        await queueMail(tx, config, {
          ...content,
          to: to.member.email,
          stop: to.stop,
          kind: to.news,
        });
      }
      return mails.length;
    },
  });
}
