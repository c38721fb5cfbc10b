import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox, messageMailDue, users } from '../../db/schema';
import {
  cookieFrom,
  createStarterRow,
  createTestApp,
  signedInMember,
  type TestApp,
} from '../../test/app';
import { linkToken, startTestSmtpServer, type TestSmtpServer } from '../../test/smtp';
import { createMailer, type Mailer } from './mailer';
import { queueDueMessageMail } from '../messages/message-mail';
import { deliverDueMail } from './outbox';
import { mailRequestedAccountLinks } from '../account/auth/account-mail.service';

const PASSWORD = 'cultured-butter-2025';
type Member = Awaited<ReturnType<typeof signedInMember>>;
const quietLog = { info: () => {} };

let smtp: TestSmtpServer;
let t: TestApp;
let mailer: Mailer;
const logged: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'https://share.example',
    MAIL_FROM: 'CultureShare <hello@share.example>',
    MODERATOR_EMAILS: 'boss@example.test',
    MESSAGE_MAIL_DELAY_SECONDS: '0',
    MAIL_RETRY_SECONDS: '0.001',
  });
  mailer = createMailer(t.config);
});
afterAll(async () => {
  mailer?.close();
  await t?.close();
  await smtp?.close();
});
beforeEach(() => {
  smtp.refuseWith = undefined;
});

/** One pass of what the background worker does. */
async function flush() {
  await mailRequestedAccountLinks({ db: t.db, config: t.config });
  await queueDueMessageMail({ db: t.db, config: t.config });
  await deliverDueMail({ db: t.db, config: t.config }, mailer, {
    info: (obj: Record<string, unknown>) => void logged.push(obj),
  });
}

let counter = 0;
const newEmail = () => `cook${++counter}-${Date.now()}@example.test`;

async function signUp(email: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { email, password: PASSWORD, firstName: 'Kim', lastName: 'Baker' },
  });
}
async function signIn(email: string, password = PASSWORD) {
  return t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
}
const mailTo = (email: string, subject?: RegExp) =>
  smtp.waitFor((m) => m.to.includes(email) && (!subject || subject.test(m.parsed.subject ?? '')));

const starterBody = {
  title: 'Lively milk kefir grains',
  description: 'Healthy grains fed daily with whole milk, ready to share.',
  category: 'dairy',
  subcategory: 'kefir',
  starterType: 'Kefir grains',
  location: 'Portland, Oregon',
};

describe('confirming the address', () => {
  it('sign-up mails a link; until it is followed posting is refused, then it works', async () => {
    const email = newEmail();
    expect((await signUp(email)).statusCode).toBe(201);
    const login = await signIn(email);
    const cookie = cookieFrom(login)!;
    expect(login.json().emailVerified).toBe(false);

    const refused = await t.call({ cookie }, 'POST', '/api/messages', {
      starterId: 1,
      receiverId: 'x',
      content: 'Hello',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('email_unconfirmed');
    expect(refused.json().message).toMatch(/confirm your email/);
    const report = await t.call({ cookie }, 'POST', '/api/reports', {
      starterId: 1,
      reason: 'spam',
    });
    expect(report.json().code).toBe('email_unconfirmed');

    await flush();
    const mail = await mailTo(email);
    expect(mail.parsed.subject).toBe('Confirm your email address');
    expect(mail.parsed.from?.address).toBe('hello@share.example');
    expect(mail.parsed.html).toContain('CultureShare');
    expect(mail.parsed.html).not.toMatch(/<img/i);
    expect(mail.parsed.messageId).toMatch(/@share\.example>$/);
    expect(mail.parsed.date).toBeTruthy();
    // Account mail cannot be turned off, so it carries no stop link (decision 054).
    const headers = Object.fromEntries(mail.parsed.headers.map((h) => [h.key, h.value]));
    expect(headers['list-unsubscribe']).toBeUndefined();
    expect(mail.parsed.text).not.toContain('Stop these emails');

    const token = linkToken(mail, 'https://share.example/confirm-email');
    // Only a hash of the token is stored.
    const stored = await t.db.execute(sql`SELECT token_hash FROM email_tokens`);
    expect(JSON.stringify(stored)).not.toContain(token);

    // Confirmed in the browser the member is signed in with: it stays signed in.
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/confirm-email',
      payload: { token },
      headers: { cookie },
    });
    expect(confirmed.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/confirm-email',
      payload: { token },
    });
    expect(again.statusCode).toBe(400);

    const me = await t.call({ cookie }, 'GET', '/api/auth/user');
    expect(me.json().emailVerified).toBe(true);
    const boundary = '----cultureshare-mail-test';
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/starters',
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload:
        Object.entries(starterBody)
          .map(
            ([k, v]) =>
              `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
          )
          .join('') + `--${boundary}--\r\n`,
    });
    expect(posted.statusCode).toBe(201);
  });

  it('resending is limited to a few an hour', async () => {
    const email = newEmail();
    await signUp(email);
    const cookie = cookieFrom(await signIn(email))!;
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      codes.push((await t.call({ cookie }, 'POST', '/api/auth/confirm-email/resend')).statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 429]);
  });

  it('a sign-up from a page mails a link that leads back to it; elsewhere is refused', async () => {
    const email = newEmail();
    const back = '/starter/12?dialog=message';
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/auth/signup?next=${encodeURIComponent(back)}`,
      payload: { email, password: PASSWORD, firstName: 'Kim', lastName: 'Baker' },
    });
    expect(created.statusCode).toBe(201);
    await flush();
    const mail = await mailTo(email, /^Confirm your/);
    const link = mail.parsed.text?.match(/https:\/\/share\.example\/confirm-email\?\S+/)?.[0];
    const url = new URL(link!);
    expect(url.searchParams.get('next')).toBe(back);
    expect(url.searchParams.get('token')).toBe(linkToken(mail, '/confirm-email'));

    // The resent link keeps the page the member asked from, too.
    const cookie = cookieFrom(await signIn(email))!;
    const resent = await t.call(
      { cookie },
      'POST',
      `/api/auth/confirm-email/resend?next=${encodeURIComponent('/starter/12')}`,
    );
    expect(resent.statusCode).toBe(200);

    for (const elsewhere of ['https://evil.example/', '//evil.example', '/login', '/\\evil']) {
      const other = newEmail();
      const refused = await t.app.inject({
        method: 'POST',
        url: `/api/auth/signup?next=${encodeURIComponent(elsewhere)}`,
        payload: { email: other, password: PASSWORD, firstName: 'Kim', lastName: 'Baker' },
      });
      expect(refused.statusCode, elsewhere).toBe(400);
      expect(refused.json().message).toMatch(/page of this site/);
      // Nothing was created: the same address still signs up.
      expect((await signUp(other)).statusCode).toBe(201);
    }
  });

  it('a listed moderator address gets no rights until it is confirmed', async () => {
    expect((await signUp('boss@example.test')).statusCode).toBe(201);
    const cookie = cookieFrom(await signIn('boss@example.test'))!;
    const queue = await t.call({ cookie }, 'GET', '/api/moderation/sanctions');
    expect(queue.statusCode).toBe(403);

    await flush();
    const token = linkToken(await mailTo('boss@example.test'), '/confirm-email');
    await t.app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token } });
    // Confirmed from another browser: whoever was signed in before is out; the owner signs in.
    expect((await t.call({ cookie }, 'GET', '/api/auth/user')).statusCode).toBe(401);
    const owner = cookieFrom(await signIn('boss@example.test'))!;
    const me = await t.call({ cookie: owner }, 'GET', '/api/auth/user');
    expect(me.json().isModerator).toBe(true);
  });
});

describe('forgot password', () => {
  it('answers alike for unknown addresses and mails a single-use link that ends every session', async () => {
    const email = newEmail();
    await signUp(email);
    const other = cookieFrom(await signIn(email))!;

    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email: `nobody-${Date.now()}@example.test` },
    });
    const known = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email: email.toUpperCase() },
    });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);

    await flush();
    const mail = await mailTo(email, /Reset/);
    const token = linkToken(mail, '/reset-password');
    const weak = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token, password: 'short' },
    });
    expect(weak.statusCode).toBe(400);
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token, password: 'sourdough-rye-starter-9' },
    });
    expect(done.statusCode).toBe(200);
    const reuse = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token, password: 'another-new-password-1' },
    });
    expect(reuse.statusCode).toBe(400);

    expect((await signIn(email)).statusCode).toBe(401);
    const fresh = await signIn(email, 'sourdough-rye-starter-9');
    expect(fresh.statusCode).toBe(200);
    // The reset proved the address too.
    expect(fresh.json().emailVerified).toBe(true);
    const old = await t.call({ cookie: other }, 'GET', '/api/auth/user');
    expect(old.statusCode).toBe(401);
  });

  it('sends at most a few links per account an hour, silently', async () => {
    const email = newEmail();
    await signUp(email);
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/password-reset',
        payload: { email },
      });
      expect(res.statusCode).toBe(202);
    }
    await flush();
    const [row] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(sql`${mailOutbox.toAddress} = ${email} AND ${mailOutbox.subject} LIKE 'Reset%'`);
    expect(row!.n).toBe(3);
  });
});

describe('delivery', () => {
  it('a refusing (5xx) server stops the retries; a down server delays without losing', async () => {
    const email = newEmail();
    smtp.refuseWith = 550;
    await signUp(email);
    logged.length = 0;
    await flush();
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    expect(row!.failedAt).not.toBeNull();
    expect(row!.attempts).toBe(1);
    // Logged without the address or the body.
    expect(JSON.stringify(logged)).not.toContain(email);
    expect(JSON.stringify(logged)).toContain('SMTP 550');

    const down = createMailer({
      ...t.config,
      mail: { ...t.config.mail, smtpUrl: 'smtp://127.0.0.1:1' },
    });
    const later = newEmail();
    smtp.refuseWith = undefined;
    const page = await signUp(later);
    expect(page.statusCode).toBe(201);
    await deliverDueMail({ db: t.db, config: t.config }, down, quietLog);
    down.close();
    const [waiting] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, later));
    expect(waiting!.sentAt).toBeNull();
    expect(waiting!.failedAt).toBeNull();
    await new Promise((r) => setTimeout(r, 20));
    await flush();
    await mailTo(later);
    expect(smtp.received.filter((m) => m.to.includes(later))).toHaveLength(1);
  });

  it('two workers at once send each mail once', async () => {
    const emails = Array.from({ length: 6 }, newEmail);
    for (const email of emails) await signUp(email);
    const other = createMailer(t.config);
    await Promise.all([
      deliverDueMail({ db: t.db, config: t.config }, mailer, quietLog, 2),
      deliverDueMail({ db: t.db, config: t.config }, other, quietLog, 2),
      flush(),
      flush(),
    ]);
    await flush();
    other.close();
    for (const email of emails) {
      expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(1);
    }
  });
});

describe('message notifications', () => {
  async function conversation() {
    const owner = await signedInMember(t.db, { username: null, firstName: 'Maya' });
    const asker = await signedInMember(t.db, { username: null, firstName: 'Omar' });
    const starter = await createStarterRow(t.db, owner.user.id, { title: 'Milk kefir grains' });
    const send = (content: string) =>
      t.call(asker, 'POST', '/api/messages', {
        starterId: starter.id,
        receiverId: owner.user.id,
        content,
      });
    return { owner, asker, starter, send };
  }

  it('one mail per conversation after the delay, with the messages escaped', async () => {
    const { owner, send } = await conversation();
    expect((await send('Hi! <b>Still</b> available?')).statusCode).toBe(201);
    await send('I can pick up tomorrow.');
    await send('Thanks & see you');
    await flush();
    const mail = await mailTo(owner.user.email);
    expect(mail.parsed.subject).toBe('3 new messages from Omar about Milk kefir grains');
    expect(mail.parsed.html).toContain('&lt;b&gt;Still&lt;/b&gt;');
    expect(mail.parsed.html).not.toContain('<b>Still');
    expect(mail.parsed.text).toContain('Thanks & see you');
    expect(mail.parsed.text).toContain('https://share.example/messages?starter=');
    await flush();
    expect(smtp.received.filter((m) => m.to.includes(owner.user.email))).toHaveLength(1);
  });

  it('no mail of messages whose sender was banned or blocked before the mail was due', async () => {
    const banned = await conversation();
    await banned.send('Hello there');
    await t.db
      .update(users)
      .set({ bannedAt: new Date() })
      .where(eq(users.id, banned.asker.user.id));
    const blocked = await conversation();
    await blocked.send('Hello there');
    const put = await t.call(blocked.owner, 'PUT', `/api/blocks/${blocked.asker.user.id}`);
    expect(put.statusCode).toBe(204);
    await flush();
    await flush();
    for (const c of [banned, blocked]) {
      expect(smtp.received.filter((m) => m.to.includes(c.owner.user.email))).toHaveLength(0);
    }
  });

  it('no mail when read first, after one-click unsubscribe, or when banned', async () => {
    const read = await conversation();
    await read.send('Hello there');
    const marked = await t.call(
      read.owner,
      'POST',
      `/api/messages/starter/${read.starter.id}/read`,
      {},
    );
    expect(marked.statusCode).toBeLessThan(300);

    const unsub = await conversation();
    const [u] = await t.db.select().from(users).where(eq(users.id, unsub.owner.user.id));
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `/api/mail/unsubscribe/${u!.mailKey}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    await unsub.send('Hello there');

    const banned = await conversation();
    await banned.send('Hello there');
    await t.db
      .update(users)
      .set({ bannedAt: new Date() })
      .where(eq(users.id, banned.owner.user.id));

    await flush();
    await flush();
    for (const c of [read, unsub, banned]) {
      expect(smtp.received.filter((m) => m.to.includes(c.owner.user.email))).toHaveLength(0);
    }
  });
});

describe('daily digest', () => {
  it('sends one mail per member a day, listing each conversation with new messages', async () => {
    const owner = await signedInMember(t.db, {
      username: null,
      firstName: 'Maya',
      messageMail: 'daily',
    });
    const omar = await signedInMember(t.db, { username: null, firstName: 'Omar' });
    const lena = await signedInMember(t.db, { username: null, firstName: 'Lena' });
    const kefir = await createStarterRow(t.db, owner.user.id, { title: 'Milk kefir grains' });
    const sourdough = await createStarterRow(t.db, owner.user.id, { title: 'Rye sourdough' });
    const send = (from: Member, starterId: number, content: string) =>
      t.call(from, 'POST', '/api/messages', { starterId, receiverId: owner.user.id, content });
    expect((await send(omar, kefir.id, 'Still available?')).statusCode).toBe(201);
    await send(omar, kefir.id, 'I can pick up <b>tomorrow</b>.');
    await send(lena, sourdough.id, 'Could I have some rye starter?');

    const due = await t.db
      .select()
      .from(messageMailDue)
      .where(eq(messageMailDue.receiverId, owner.user.id));
    expect(due).toHaveLength(2);
    for (const row of due) expect(row.dueAt.toISOString()).toMatch(/T07:00:00\.000Z$/);
    // Nothing before 07:00 UTC.
    await flush();
    expect(smtp.received.filter((m) => m.to.includes(owner.user.email))).toHaveLength(0);

    // 07:00 arrives.
    await t.db
      .update(messageMailDue)
      .set({ dueAt: new Date(Date.now() - 1000) })
      .where(eq(messageMailDue.receiverId, owner.user.id));
    await flush();
    const mail = await mailTo(owner.user.email);
    expect(mail.parsed.subject).toBe('3 new messages in 2 conversations on CultureShare');
    const text = mail.parsed.text ?? '';
    expect(text).toContain('2 new messages from Omar about Milk kefir grains');
    expect(text).toContain('1 new message from Lena about Rye sourdough');
    expect(text).toContain('> I can pick up <b>tomorrow</b>.');
    expect(text).not.toContain('Still available?');
    expect(text).toContain(
      `https://share.example/messages?starter=${kefir.id}&with=${encodeURIComponent(omar.user.id)}`,
    );
    expect(text).toContain(
      `https://share.example/messages?starter=${sourdough.id}&with=${encodeURIComponent(lena.user.id)}`,
    );
    expect(mail.parsed.html).toContain('I can pick up &lt;b&gt;tomorrow&lt;/b&gt;.');
    expect(mail.parsed.html).not.toContain('<b>tomorrow');
    const headers = Object.fromEntries(mail.parsed.headers.map((h) => [h.key, h.value]));
    expect(headers['list-unsubscribe']).toMatch(
      /^<https:\/\/share\.example\/api\/mail\/unsubscribe\/[0-9a-f]{32}\/messages>$/,
    );
    expect(headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.parsed.text).toMatch(
      /Stop these emails: https:\/\/share\.example\/mail\/stop\/[0-9a-f]{32}\/messages/,
    );

    await flush();
    expect(smtp.received.filter((m) => m.to.includes(owner.user.email))).toHaveLength(1);
  });
});

describe('changing password and address from the profile', () => {
  it('a password change asks for the current one and ends the other sessions only', async () => {
    const email = newEmail();
    await signUp(email);
    const here = cookieFrom(await signIn(email))!;
    const there = cookieFrom(await signIn(email))!;
    const wrong = await t.call({ cookie: here }, 'POST', '/api/users/password', {
      currentPassword: 'not-it-at-all',
      newPassword: 'pickled-ginger-bug-4',
    });
    expect(wrong.statusCode).toBe(400);
    const ok = await t.call({ cookie: here }, 'POST', '/api/users/password', {
      currentPassword: PASSWORD,
      newPassword: 'pickled-ginger-bug-4',
    });
    expect(ok.statusCode).toBe(200);
    expect((await t.call({ cookie: here }, 'GET', '/api/auth/user')).statusCode).toBe(200);
    expect((await t.call({ cookie: there }, 'GET', '/api/auth/user')).statusCode).toBe(401);
    expect((await signIn(email, 'pickled-ginger-bug-4')).statusCode).toBe(200);
  });

  it('a new address takes effect only once confirmed, and the old one hears of it', async () => {
    const email = newEmail();
    const next = newEmail();
    await signUp(email);
    // An address change needs the sign-up address confirmed first.
    await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.email, email));
    const cookie = cookieFrom(await signIn(email))!;
    const asked = await t.call({ cookie }, 'POST', '/api/users/email', {
      email: next,
      currentPassword: PASSWORD,
    });
    expect(asked.statusCode).toBe(202);
    expect((await t.call({ cookie }, 'GET', '/api/auth/user')).json().email).toBe(email);
    await flush();
    const notice = await mailTo(email, /being changed/);
    expect(notice.parsed.text).toContain(next);
    const token = linkToken(await mailTo(next, /new email/), '/confirm-email');
    await t.app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token } });
    const me = (await t.call({ cookie }, 'GET', '/api/auth/user')).json();
    expect(me.email).toBe(next);
    expect(me.emailVerified).toBe(true);
  });

  it('mail settings: one choice per kind, kept; a digest only where there is one', async () => {
    const { cookie } = await signedInMember(t.db);
    const put = await t.call({ cookie }, 'PATCH', '/api/users/mail-settings', {
      messages: 'daily',
      checkins: 'off',
    });
    expect(put.statusCode).toBe(200);
    const got = await t.call({ cookie }, 'GET', '/api/users/mail-settings');
    expect(got.json()).toEqual({
      messages: 'daily',
      reservations: 'immediately',
      checkins: 'off',
      offers: 'immediately',
      reminders: 'immediately',
      asks: 'immediately',
    });
    const refused = await t.call({ cookie }, 'PATCH', '/api/users/mail-settings', {
      offers: 'daily',
    });
    expect(refused.statusCode).toBe(400);
    expect((await t.call({ cookie }, 'GET', '/api/users/mail-settings')).json().offers).toBe(
      'immediately',
    );
  });
});
