import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../../config';

/** One mail as the outbox holds it. */
export interface OutgoingMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  messageId: string;
}

export interface Mailer {
  /** Delivers one mail; throws a `MailError` saying whether trying again could help. */
  send(mail: OutgoingMail): Promise<{ file?: string }>;
  close(): void;
}

export class MailError extends Error {
  constructor(
    message: string,
    /** A 5xx answer: the server refused this mail for good, so it is not retried. */
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

function toMessage(from: string, mail: OutgoingMail) {
  return {
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: mail.messageId,
    date: new Date(),
    headers: mail.headers,
  };
}

/** Why a send failed, without the addresses or the body (they stay out of logs). */
function describe(err: unknown): { message: string; permanent: boolean } {
  const e = err as { responseCode?: number; code?: string; message?: string };
  const permanent = typeof e.responseCode === 'number' && e.responseCode >= 500;
  const message = e.responseCode
    ? `SMTP ${e.responseCode}`
    : (e.code ?? (err instanceof Error ? err.name : 'unknown error'));
  return { message, permanent };
}

/**
 * SMTP through nodemailer when `SMTP_URL` is set; otherwise every mail is written as an
 * .eml file under `DATA_DIR/mail/`, so a newcomer on `npm start` can still follow its links.
 */
export function createMailer(config: Config): Mailer {
  const { smtpUrl, from } = config.mail;
  if (smtpUrl) {
    const transport = nodemailer.createTransport({
      url: smtpUrl,
      // A server that hangs must not hold a worker forever.
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    });
    return {
      async send(mail) {
        try {
          await transport.sendMail(toMessage(from, mail));
          return {};
        } catch (err) {
          const { message, permanent } = describe(err);
          throw new MailError(message, permanent);
        }
      },
      close: () => transport.close(),
    };
  }
  const dir = path.resolve(config.dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(mail) {
      const info = await transport.sendMail(toMessage(from, mail));
      await fs.mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(
        dir,
        `${stamp}-${mail.id}-${crypto.randomBytes(3).toString('hex')}.eml`,
      );
      // Written aside, then renamed: whoever watches the folder never opens half a mail.
      const partial = `${file}.partial`;
      await fs.writeFile(partial, info.message as Buffer, { mode: 0o600 });
      await fs.rename(partial, file);
      return { file };
    },
    close: () => transport.close(),
  };
}
