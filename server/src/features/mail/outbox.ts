import { mailFailed, mailSent } from '../metrics/delivery-counters';
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import * as clock from '../../clock/clock';
import type { MailKind } from '../../../../common/members/users';
import type { NewsKind } from '../../../../common/notifications/notification-kinds';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { wakeJob } from '../../jobs/wake';
import { rowsOf } from '../../db/rows';
import { mailOutbox } from '../../db/schema';
import { MailError, type Mailer } from './mailer';
import type { Language } from '../../../../common/i18n/languages';
import { translator } from '../../i18n/translate';
import {
  greetingFor,
  mailLanguage,
  renderMail,
  type MailBody,
  type MailContent,
} from './templates';

/** After this many failed tries a mail is given up (about a day and a half of backoff). */
export const MAX_ATTEMPTS = 12;
const MAX_BACKOFF_SECONDS = 6 * 60 * 60;

export { siteUrl } from '../../config';
import { siteUrl } from '../../config';

/** RFC 8058's one-click URL: a cookie-less POST stops this one kind of mail. */
export function unsubscribeUrl(config: Config, mailKey: string, kind: MailKind): string {
  return `${siteUrl(config)}/api/mail/unsubscribe/${mailKey}/${kind}`;
}

function messageIdDomain(config: Config): string {
  const at = config.mail.from.match(/@([^>\s]+)/);
  return at?.[1] ?? 'cultureshare.local';
}

/**
 * Queues a mail to a member: in their language, greeted by name; `write` words the rest with
 * that language's `t`. Account mail cannot be turned off; mail of a kind the member chose
 * passes `kind` (`mailRecipient`'s answer) for its stop link, headers and the outbox's kind.
 * Pass the causing change's transaction.
 */
export async function queueMailTo(
  db: DbOrTx,
  config: Config,
  member: {
    email: string;
    firstName: string | null;
    username: string | null;
    language?: string | null;
  },
  write: (t: ReturnType<typeof translator>, language: Language) => MailWords | Promise<MailWords>,
  kind?: { stop: { mailKey: string; kind: MailKind }; unsubscribeUrl: string; news: NewsKind },
): Promise<void> {
  const language = mailLanguage(member);
  const body = await write(translator(language), language);
  const mail = renderMail({
    ...body,
    language,
    greeting: greetingFor(member, language),
    unsubscribeUrl: kind?.unsubscribeUrl,
  });
  await queueMail(db, config, { ...mail, to: member.email, stop: kind?.stop, kind: kind?.news });
}

/** What each mail says itself; `queueMailTo` adds the greeting, language and stop link. */
type MailWords = Omit<MailBody, 'greeting' | 'language' | 'unsubscribeUrl'>;

/**
 * Queues a mail. Pass the transaction of the change that causes it: the mail exists exactly
 * when that change does, and a crash after commit only delays it.
 */
export async function queueMail(
  db: DbOrTx,
  config: Config,
  mail: MailContent & {
    to: string;
    /**
     * Which kind of mail this is; absent for account mail, which cannot be turned off. An
     * alert's mail names its own one-click URL instead, which stops that alert only.
     */
    stop?: { mailKey: string; kind: MailKind } | { url: string };
    /** The kind of news it tells of (decision 153); absent for account mail. */
    kind?: NewsKind;
  },
): Promise<void> {
  const oneClick = mail.stop
    ? 'url' in mail.stop
      ? mail.stop.url
      : unsubscribeUrl(config, mail.stop.mailKey, mail.stop.kind)
    : null;
  await db.insert(mailOutbox).values({
    toAddress: mail.to,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html,
    // RFC 8058: one POST to this URL, with no cookie, turns this kind of mail off.
    headers: oneClick
      ? {
          'List-Unsubscribe': `<${oneClick}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        }
      : {},
    messageId: `<${crypto.randomUUID()}@${messageIdDomain(config)}>`,
    kind: mail.kind ?? null,
  });
  await wakeJob(db, 'mail');
}

interface ClaimedRow {
  id: number;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  headers: Record<string, string> | string;
  message_id: string;
  attempts: number;
}

/**
 * Claims due mails and sends them. Claiming moves each row's next try past a lease in one
 * statement with FOR UPDATE SKIP LOCKED, so another server copy skips rows being claimed and
 * then sees them as not due: no mail is sent twice while all is well, and a copy that dies
 * mid-send leaves its rows to be tried again once the lease ends. A failure sets the next try
 * by exponential backoff.
 */
export async function deliverDueMail(
  { db, config }: { db: Db; config: Config },
  mailer: Mailer,
  log: Pick<FastifyBaseLogger, 'info'>,
  limit = 10,
): Promise<number> {
  const base = config.mail.retrySeconds;
  const claimed = rowsOf<ClaimedRow>(
    await db.execute(sql`
      UPDATE mail_outbox SET
        attempts = attempts + 1,
        next_attempt_at = ${clock.sqlNow()} + make_interval(secs => ${config.mail.leaseSeconds}::float8)
      WHERE id IN (
        SELECT id FROM mail_outbox
        WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= ${clock.sqlNow()}
        ORDER BY next_attempt_at, id
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, to_address, subject, text_body, html_body, headers, message_id, attempts`),
  );
  let sent = 0;
  for (const row of claimed) {
    try {
      const result = await mailer.send({
        id: row.id,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        headers: typeof row.headers === 'string' ? JSON.parse(row.headers) : row.headers,
        messageId: row.message_id,
      });
      await db
        .update(mailOutbox)
        .set({ sentAt: clock.now(), lastError: null })
        .where(eq(mailOutbox.id, row.id));
      sent += 1;
      mailSent.inc();
      // The file's path only: its links carry single-use tokens, which stay out of logs.
      if (result.file) log.info({ mailId: row.id, file: result.file }, 'mail saved as a file');
    } catch (err) {
      const { message, permanent } =
        err instanceof MailError
          ? err
          : { message: err instanceof Error ? err.name : 'error', permanent: false };
      const givingUp = permanent || row.attempts >= MAX_ATTEMPTS;
      mailFailed.inc();
      await db
        .update(mailOutbox)
        .set({
          lastError: message,
          ...(givingUp
            ? { failedAt: clock.now() }
            : {
                nextAttemptAt: new Date(
                  clock.nowMs() +
                    Math.min(base * 2 ** (row.attempts - 1), MAX_BACKOFF_SECONDS) * 1000,
                ),
              }),
        })
        .where(eq(mailOutbox.id, row.id));
      // No address, subject or body: only which queued mail and why.
      log.info(
        { mailId: row.id, attempt: row.attempts, reason: message, willRetry: !givingUp },
        givingUp ? 'mail delivery failed for good' : 'mail delivery deferred',
      );
    }
  }
  return sent;
}

/**
 * The mail job's run: sends due mails until none are left (a backlog goes out in one run, ten
 * at a time), unless `stopping` says the server is shutting down.
 */
export async function deliverMailBacklog(
  deps: { db: Db; config: Config },
  mailer: Mailer,
  log: Pick<FastifyBaseLogger, 'info'>,
  stopping: () => boolean = () => false,
): Promise<number> {
  let sent = 0;
  for (;;) {
    const batch = await deliverDueMail(deps, mailer, log);
    sent += batch;
    if (batch === 0 || stopping()) return sent;
  }
}
