import { DrizzleQueryError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import type { Mailer } from './mailer';
import { deliverDueMail, queueMail } from './outbox';
import { renderMail } from './templates';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ MAIL_RETRY_SECONDS: '0.001' });
});
afterAll(async () => {
  await t?.close();
});

describe('the outbox log', () => {
  it('names a failed delivery without the address, the body or any bound parameter', async () => {
    const address = 'private-person@example.test';
    const body = 'a secret only the mail may carry';
    await queueMail(t.db, t.config, {
      ...renderMail({ subject: 'Hello', greeting: 'Hi,', paragraphs: [body], footer: 'x' }),
      to: address,
    });
    const failing: Mailer = {
      send: async () => {
        throw new DrizzleQueryError(
          'insert into "x" values ($1, $2)',
          [address, body],
          new Error(`boom ${address}`),
        );
      },
      close: () => {},
    };
    const logged: unknown[] = [];
    await deliverDueMail({ db: t.db, config: t.config }, failing, {
      info: (obj: unknown) => void logged.push(obj),
    });
    expect(logged.length).toBeGreaterThan(0);
    const text = JSON.stringify(logged);
    expect(text).not.toContain(address);
    expect(text).not.toContain(body);
    const rows = await t.db.select().from(mailOutbox);
    expect(JSON.stringify(rows.map((r) => r.lastError))).not.toContain(address);
  });
});
