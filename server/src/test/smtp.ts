import { SMTPServer } from 'smtp-server';
import PostalMime, { type Email } from 'postal-mime';

export interface ReceivedMail {
  to: string[];
  raw: string;
  parsed: Email;
}

export interface TestSmtpServer {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Answer every mail with this SMTP code (e.g. 550) instead of accepting it. */
  refuseWith?: number;
  /** The first received mail matching, waiting up to `ms` for it. */
  waitFor(match: (m: ReceivedMail) => boolean, ms?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** A real SMTP server on loopback that keeps (and parses) what it receives. */
export async function startTestSmtpServer(port = 0): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const state: { refuseWith?: number } = {};
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (state.refuseWith) {
          const err = Object.assign(new Error('Mailbox unavailable'), {
            responseCode: state.refuseWith,
          });
          callback(err);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        void PostalMime.parse(raw).then((parsed) => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, parsed });
          callback();
        });
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  const actual = (server.server.address() as { port: number }).port;
  const api: TestSmtpServer = {
    port: actual,
    url: `smtp://127.0.0.1:${actual}`,
    received,
    get refuseWith() {
      return state.refuseWith;
    },
    set refuseWith(code) {
      state.refuseWith = code;
    },
    async waitFor(match, ms = 10_000) {
      const until = Date.now() + ms;
      for (;;) {
        const found = received.find(match);
        if (found) return found;
        if (Date.now() > until) throw new Error('no matching mail arrived');
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return api;
}

/** The token of the first link to `path` in a mail's text part. */
export function linkToken(mail: ReceivedMail, path: string): string {
  const match = mail.parsed.text?.match(new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`));
  if (!match) throw new Error(`no ${path} link in the mail`);
  return match[1]!;
}
