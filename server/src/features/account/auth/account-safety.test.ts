import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, resetClock } from '../../../clock/clock';
import {
  accountLinkRequests,
  emailTokens,
  externalIdentities,
  passkeys,
  users,
} from '../../../db/schema';
import { endUnlistedModerators, setModerator } from '../users/moderators.service';
import { cookieFrom, createTestApp, type TestApp } from '../../../test/app';
import { mailWithSubject } from '../../../test/mail';
import { mailRequestedAccountLinks } from './account-mail.service';
import { pendingUndoLinks } from './email-links';

const PASSWORD = 'cultured-butter-2025';
const NEW_PASSWORD = 'pickled-ginger-bug-4';
const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    PUBLIC_URL: 'https://share.example',
    MODERATOR_EMAILS: 'chief@example.test,boss@example.test',
  });
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => resetClock());

let counter = 0;
const newEmail = () => `safe${++counter}-${Date.now()}@example.test`;

// Each call from its own address: the per-address limits are not what this file tests.
let caller = 0;
const post = (url: string, payload: unknown, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: cookie ? { cookie } : {},
    remoteAddress: `10.41.${Math.floor(++caller / 250)}.${caller % 250}`,
  });

async function member(email = newEmail(), { confirmed = true } = {}) {
  const signup = await post('/api/auth/signup', {
    email,
    password: PASSWORD,
    firstName: 'Lucia',
    lastName: 'Baker',
  });
  expect(signup.statusCode).toBe(201);
  if (confirmed) {
    const welcome = await linkIn(email, /Confirm your email/, '/confirm-email');
    expect((await confirm(welcome)).statusCode).toBe(200);
  }
  const login = await post('/api/auth/login', { email, password: PASSWORD });
  expect(login.statusCode).toBe(200);
  return { email, cookie: cookieFrom(login)! };
}

const mailTo = (to: string, subject: RegExp) => mailWithSubject(t.db, to, subject);

async function linkIn(to: string, subject: RegExp, path: string) {
  const mail = await mailTo(to, subject);
  const token = mail?.textBody.match(new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`))?.[1];
  if (!token) throw new Error(`no ${path} link mailed to ${to}`);
  return token;
}

const confirm = (token: string) => post('/api/auth/confirm-email', { token });
const me = (cookie: string) => t.call({ cookie }, 'GET', '/api/auth/user');

async function askChange(cookie: string, email: string, currentPassword = PASSWORD) {
  return post('/api/users/email', { email, currentPassword }, cookie);
}

async function resetLink(email: string) {
  expect((await post('/api/auth/password-reset', { email })).statusCode).toBe(202);
  await mailRequestedAccountLinks({ db: t.db, config: t.config });
  return linkIn(email, /^Reset/, '/reset-password');
}

describe('old links die', () => {
  it('a password change spends a pending address change and an earlier reset link', async () => {
    const { email, cookie } = await member();
    const typo = newEmail();
    expect((await askChange(cookie, typo)).statusCode).toBe(202);
    const change = await linkIn(typo, /new email/, '/confirm-email');
    const reset = await resetLink(email);

    const changed = await post(
      '/api/users/password',
      { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
      cookie,
    );
    expect(changed.statusCode).toBe(200);

    expect((await confirm(change)).statusCode).toBe(400);
    const late = await post('/api/auth/password-reset/confirm', {
      token: reset,
      password: 'someone-elses-choice-1',
    });
    expect(late.statusCode).toBe(400);
    expect((await me(cookie)).json().email).toBe(email);
  });

  it('a reset spends a pending address change', async () => {
    const { email, cookie } = await member();
    const other = newEmail();
    await askChange(cookie, other);
    const change = await linkIn(other, /new email/, '/confirm-email');
    const reset = await resetLink(email);
    const done = await post('/api/auth/password-reset/confirm', {
      token: reset,
      password: NEW_PASSWORD,
    });
    expect(done.statusCode).toBe(200);
    expect((await confirm(change)).statusCode).toBe(400);
  });

  it('only the newest address change counts; an older link cannot flip the address back', async () => {
    const { cookie } = await member();
    const first = newEmail();
    const second = newEmail();
    await askChange(cookie, first);
    const older = await linkIn(first, /new email/, '/confirm-email');
    await askChange(cookie, second);
    const newer = await linkIn(second, /new email/, '/confirm-email');
    expect((await confirm(newer)).statusCode).toBe(200);
    expect((await confirm(older)).statusCode).toBe(400);
    expect((await me(cookie)).json().email).toBe(second);
  });

  it('a confirmed change spends other links and tells the old address, which can undo it for 7 days', async () => {
    const { email, cookie } = await member();
    const reset = await resetLink(email);
    const next = newEmail();
    await askChange(cookie, next);
    expect((await confirm(await linkIn(next, /new email/, '/confirm-email'))).statusCode).toBe(200);
    const late = await post('/api/auth/password-reset/confirm', {
      token: reset,
      password: 'someone-elses-choice-1',
    });
    expect(late.statusCode).toBe(400);

    const notice = await mailTo(email, /was changed/);
    expect(notice?.textBody).toContain(next);
    const undo = await linkIn(email, /was changed/, '/undo-email-change');
    advanceClock(6 * DAY);
    const undone = await post('/api/auth/email-change/undo', { token: undo });
    expect(undone.statusCode).toBe(200);
    // Everyone is signed out; the account has its old address back.
    expect((await me(cookie)).statusCode).toBe(401);
    const back = await t.db.select().from(users).where(eq(users.email, email));
    expect(back).toHaveLength(1);
    expect((await post('/api/auth/email-change/undo', { token: undo })).statusCode).toBe(400);
  });

  it('the undo link is listed on the security page until the member proves control after the change', async () => {
    const proofs: Array<(m: { email: string; cookie: string }, next: string) => Promise<unknown>> =
      [
        (m) =>
          post(
            '/api/users/password',
            { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
            m.cookie,
          ),
        (m) => post('/api/users/me/sessions/sign-out-others', {}, m.cookie),
        async (_m, next) =>
          post('/api/auth/password-reset/confirm', {
            token: await resetLink(next),
            password: NEW_PASSWORD,
          }),
      ];
    for (const prove of proofs) {
      const m = await member();
      const next = newEmail();
      await askChange(m.cookie, next);
      await confirm(await linkIn(next, /new email/, '/confirm-email'));
      const undo = await linkIn(m.email, /was changed/, '/undo-email-change');
      const listed = await t.call(m, 'GET', '/api/users/me/undo-links');
      expect(listed.json()).toEqual([{ email: m.email, expiresAt: expect.any(String) }]);
      await prove(m, next);
      const [row] = await t.db.select().from(users).where(eq(users.email, next));
      expect(await pendingUndoLinks(t.db, row!.id)).toEqual([]);
      expect((await post('/api/auth/email-change/undo', { token: undo })).statusCode).toBe(400);
    }
  });

  it('the undo link stops working after 7 days', async () => {
    const { email, cookie } = await member();
    const next = newEmail();
    await askChange(cookie, next);
    await confirm(await linkIn(next, /new email/, '/confirm-email'));
    const undo = await linkIn(email, /was changed/, '/undo-email-change');
    advanceClock(7 * DAY + 60_000);
    expect((await post('/api/auth/email-change/undo', { token: undo })).statusCode).toBe(400);
  });
});

/** A passkey row as one added before this version refused them on unconfirmed accounts. */
async function passkeyOf(email: string, { beforeConfirmation }: { beforeConfirmation: boolean }) {
  const [user] = await t.db.select().from(users).where(eq(users.email, email));
  await t.db.insert(passkeys).values({
    userId: user!.id,
    credentialId: `cred-${email}`,
    publicKey: Buffer.from('key'),
    name: 'Squatter key',
    beforeConfirmation,
  });
  return user!.id;
}

const passkeysOf = (userId: string) =>
  t.db.select().from(passkeys).where(eq(passkeys.userId, userId));

describe('nothing added before the mailbox owner proves the address stays', () => {
  it('an unconfirmed account can add no passkey and no new address', async () => {
    const squatter = await member(newEmail(), { confirmed: false });
    const options = await post(
      '/api/auth/passkeys/register/options',
      { currentPassword: PASSWORD },
      squatter.cookie,
    );
    expect(options.statusCode).toBe(403);
    expect(options.json().message).toMatch(/confirm your email address first/);
    const change = await askChange(squatter.cookie, newEmail());
    expect(change.statusCode).toBe(403);
  });

  it('the first confirmation ends every other session and removes what was added, and says so', async () => {
    const owner = newEmail();
    const squatter = await member(owner, { confirmed: false });
    const userId = await passkeyOf(owner, { beforeConfirmation: true });
    await t.db.insert(externalIdentities).values({ issuer: 'https://idp', subject: owner, userId });
    // The owner presses Confirm in the welcome mail, in a browser of their own.
    const welcome = await linkIn(owner, /Confirm your email/, '/confirm-email');
    expect((await confirm(welcome)).statusCode).toBe(200);
    expect((await me(squatter.cookie)).statusCode).toBe(401);
    expect(await passkeysOf(userId)).toEqual([]);
    expect(
      await t.db.select().from(externalIdentities).where(eq(externalIdentities.userId, userId)),
    ).toEqual([]);
    const notice = await mailTo(owner, /We removed sign-in methods/);
    expect(notice?.textBody).toContain('1 passkey and 1 sign-in through another provider');
  });

  it('confirming in the browser signed in to the account keeps that browser signed in', async () => {
    const email = newEmail();
    const { cookie } = await member(email, { confirmed: false });
    const welcome = await linkIn(email, /Confirm your email/, '/confirm-email');
    expect((await post('/api/auth/confirm-email', { token: welcome }, cookie)).statusCode).toBe(
      200,
    );
    expect((await me(cookie)).json().emailVerified).toBe(true);
    // Nothing was removed, so no such mail.
    expect(await mailTo(email, /We removed sign-in methods/)).toBeNull();
  });

  it('a reset ends every session and removes the passkeys added before confirmation, keeping later ones', async () => {
    const { email, cookie } = await member();
    const userId = await passkeyOf(email, { beforeConfirmation: true });
    await t.db.insert(passkeys).values({
      userId,
      credentialId: `own-${email}`,
      publicKey: Buffer.from('key'),
      name: 'My phone',
    });
    const done = await post('/api/auth/password-reset/confirm', {
      token: await resetLink(email),
      password: NEW_PASSWORD,
    });
    expect(done.statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await passkeysOf(userId)).map((p) => p.name)).toEqual(['My phone']);
    const notice = await mailTo(email, /password was changed/);
    expect(notice?.textBody).toContain('1 passkey and no sign-ins through another provider');
    expect(notice?.textBody).not.toMatch(/token=/);
  });

  it('a listed address gives a squatter no rights; its owner gets them only by clearing', async () => {
    const squatter = await member('boss@example.test', { confirmed: false });
    expect((await me(squatter.cookie)).json().isModerator).toBe(false);
    const done = await post('/api/auth/password-reset/confirm', {
      token: await resetLink('boss@example.test'),
      password: NEW_PASSWORD,
    });
    expect(done.statusCode).toBe(200);
    // The squatter's session ended with the reset; the owner signs in as a moderator.
    expect((await me(squatter.cookie)).statusCode).toBe(401);
    const owner = await post('/api/auth/login', {
      email: 'boss@example.test',
      password: NEW_PASSWORD,
    });
    expect(owner.json().isModerator).toBe(true);
    const [row] = await t.db.select().from(users).where(eq(users.email, 'boss@example.test'));
    expect(row!.moderatorFromList).toBe(true);

    // The address leaves the list: at the next start the rights end. Rights from the
    // command line stay.
    const cli = await member();
    await setModerator(t, { email: cli.email, isModerator: true });
    expect(
      await endUnlistedModerators({ db: t.db, config: { ...t.config, moderatorEmails: [] } }),
    ).toBe(1);
    expect((await me(cookieFrom(owner)!)).json().isModerator).toBe(false);
    expect((await me(cli.cookie)).json().isModerator).toBe(true);
  });
});

describe('moderator rights only for the address owner', () => {
  it('moving an account to a listed moderator address never makes it a moderator', async () => {
    const { cookie } = await member();
    await askChange(cookie, 'chief@example.test');
    const token = await linkIn('chief@example.test', /new email/, '/confirm-email');
    expect((await confirm(token)).statusCode).toBe(200);
    const now = (await me(cookie)).json();
    expect(now.email).toBe('chief@example.test');
    expect(now.isModerator).toBe(false);
    expect((await t.call({ cookie }, 'GET', '/api/moderation/sanctions')).statusCode).toBe(403);
  });

  it('the confirmation page names the account before confirming; looking does not confirm', async () => {
    const { cookie } = await member();
    const next = newEmail();
    await askChange(cookie, next);
    const token = await linkIn(next, /new email/, '/confirm-email');
    const details = await post('/api/auth/confirm-email/details', { token });
    expect(details.statusCode).toBe(200);
    expect(details.json()).toEqual({ name: 'Lucia', email: next });
    expect((await me(cookie)).json().email).not.toBe(next);
    expect((await confirm(token)).statusCode).toBe(200);
    // Reopened once used: the address is confirmed, which the page says instead of an error.
    const again = await post('/api/auth/confirm-email/details', { token });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ name: 'Lucia', email: next, alreadyConfirmed: true });
    // Confirming again changes nothing and is refused as before.
    expect((await confirm(token)).statusCode).toBe(400);
  });

  it('a used link for an address the account has since left does not work', async () => {
    const { cookie } = await member();
    const first = newEmail();
    await askChange(cookie, first);
    const token = await linkIn(first, /new email/, '/confirm-email');
    expect((await confirm(token)).statusCode).toBe(200);
    const second = newEmail();
    await askChange(cookie, second);
    expect((await confirm(await linkIn(second, /new email/, '/confirm-email'))).statusCode).toBe(
      200,
    );
    expect((await post('/api/auth/confirm-email/details', { token })).statusCode).toBe(400);
  });
});

describe('every password check is throttled; answers do not tell who has an account', () => {
  it('guessing the current password through an address change runs into the limit', async () => {
    const { cookie } = await member();
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      codes.push((await askChange(cookie, newEmail(), `wrong-guess-${i}-x`)).statusCode);
    }
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(codes.slice(10)).toEqual([429, 429]);
    // The right password is refused too while the limit lasts: guesses cannot be confirmed.
    expect((await askChange(cookie, newEmail())).statusCode).toBe(429);
  });

  it('an address change to a taken address answers as for a free one and mails its owner', async () => {
    const taken = await member();
    const asker = await member();
    const free = await askChange(asker.cookie, newEmail());
    const onTaken = await askChange(asker.cookie, taken.email.toUpperCase());
    expect(onTaken.statusCode).toBe(free.statusCode);
    expect(onTaken.statusCode).toBe(202);
    expect(Object.keys(onTaken.json())).toEqual(Object.keys(free.json()));
    expect(await mailTo(taken.email, /tried to use your address/)).not.toBeNull();
    expect(await mailTo(taken.email, /new email/)).toBeNull();
  });

  it('a request for a taken address spends earlier links as one for a free address does', async () => {
    const taken = await member();
    const asker = await member();
    const first = newEmail();
    await askChange(asker.cookie, first);
    const earlier = await linkIn(first, /new email/, '/confirm-email');
    expect((await askChange(asker.cookie, taken.email)).statusCode).toBe(202);
    expect((await confirm(earlier)).statusCode).toBe(400);
    expect((await me(asker.cookie)).json().email).toBe(asker.email);
  });

  it('sign-up with a taken address answers as for a new one and mails the owner', async () => {
    const { email } = await member();
    const again = await post('/api/auth/signup', {
      email,
      password: 'another-long-phrase-7',
      firstName: 'Eve',
      lastName: 'Other',
    });
    const fresh = await post('/api/auth/signup', {
      email: newEmail(),
      password: 'another-long-phrase-7',
      firstName: 'Eve',
      lastName: 'Other',
    });
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(fresh.body);
    expect(await mailTo(email, /tried to make an account/)).not.toBeNull();
  });

  it('forgot-password does the same work for known and unknown addresses: it only notes the request', async () => {
    const { email } = await member();
    const before = await t.db.select().from(emailTokens);
    for (const address of [email, newEmail()]) {
      expect((await post('/api/auth/password-reset', { email: address })).statusCode).toBe(202);
    }
    expect(await t.db.select().from(emailTokens)).toHaveLength(before.length);
    const noted = await t.db.select().from(accountLinkRequests);
    expect(noted.map((r) => r.purpose)).toEqual(['reset', 'reset']);
    // The worker then mails the one account there is.
    expect(await mailRequestedAccountLinks({ db: t.db, config: t.config })).toBe(1);
    expect(await mailTo(email, /^Reset/)).not.toBeNull();
  });
});

describe('no lock-out by strangers', () => {
  it('a locked member signs in with a mailed one-time link', async () => {
    const { email } = await member();
    for (let i = 0; i < 10; i++) {
      await post('/api/auth/login', { email, password: `stranger-guess-${i}` }).then((r) =>
        expect(r.statusCode).toBe(401),
      );
    }
    const locked = await post('/api/auth/login', { email, password: PASSWORD });
    expect(locked.statusCode).toBe(429);

    const unknown = await post('/api/auth/sign-in-link', { email: newEmail() });
    const asked = await post('/api/auth/sign-in-link', { email });
    expect(asked.statusCode).toBe(202);
    expect(asked.body).toBe(unknown.body);
    await mailRequestedAccountLinks({ db: t.db, config: t.config });
    const token = await linkIn(email, /sign-in link/, '/sign-in-link');
    const signedIn = await post('/api/auth/sign-in-link/confirm', { token });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().email).toBe(email);
    expect((await me(cookieFrom(signedIn)!)).statusCode).toBe(200);
    expect((await post('/api/auth/sign-in-link/confirm', { token })).statusCode).toBe(400);
    const tokens = await t.db.select().from(emailTokens).where(eq(emailTokens.purpose, 'signin'));
    expect(tokens.every((row) => row.usedAt)).toBe(true);
  });
});
