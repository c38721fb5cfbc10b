import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { sanctions, sessions, users } from '../../../db/schema';
import { cookieFrom, createMember, createTestApp, type TestApp } from '../../../test/app';
import { hashPassword, passwordHashCostForTests } from './passwords';

const PASSWORD = 'cultured-butter-2025';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ MODERATOR_EMAILS: 'boss@example.test,late-boss@example.test' });
});
afterAll(async () => {
  await t?.close();
});

let counter = 0;
function newAccount(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    email: `cook${counter}-${Date.now()}@example.test`,
    password: PASSWORD,
    firstName: 'Kim',
    lastName: 'Baker',
    ...overrides,
  };
}

async function signUp(app: TestApp, body: Record<string, unknown>, remoteAddress?: string) {
  return app.app.inject({ method: 'POST', url: '/api/auth/signup', payload: body, remoteAddress });
}

async function signIn(
  app: TestApp,
  body: { email: string; password: string },
  opts: {
    url?: string;
    cookie?: string;
    remoteAddress?: string;
    headers?: Record<string, string>;
  } = {},
) {
  return app.app.inject({
    method: 'POST',
    url: opts.url ?? '/api/auth/login',
    payload: body,
    remoteAddress: opts.remoteAddress,
    headers: { ...(opts.cookie ? { cookie: opts.cookie } : {}), ...opts.headers },
  });
}

const currentUser = (cookie?: string) =>
  t.app.inject({ url: '/api/auth/user', headers: cookie ? { cookie } : {} });

/** Every response body a member can see must be free of passwords and their hashes. */
function expectNoSecrets(body: string, password = PASSWORD) {
  expect(body).not.toContain(password);
  expect(body).not.toContain('$argon2');
  expect(body.toLowerCase()).not.toContain('passwordhash');
  expect(body.toLowerCase()).not.toContain('password_hash');
}

describe('sign-up', () => {
  it('creates an account whose password is stored only as an argon2id hash', async () => {
    // The other tests hash at argon2id's lowest cost (server/src/test/setup.ts); this one
    // signs up at the cost a server uses, OWASP's minimum.
    passwordHashCostForTests('production');
    onTestFinished(() => passwordHashCostForTests('cheapest'));
    const account = newAccount();
    const res = await signUp(t, account);
    expect(res.statusCode).toBe(201);
    // The same notice whether or not the address had an account: nothing about the account.
    expect(Object.keys(res.json())).toEqual(['message']);
    expectNoSecrets(res.body);
    // Signing up does not sign in: the member goes to /login next (spec §4).
    expect(cookieFrom(res)).toBeUndefined();

    const [row] = await t.db.select().from(users).where(eq(users.email, account.email));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row!.passwordHash).not.toContain(PASSWORD);
  });

  it('hashes at a lower cost only under the unit tests, never in a server', () => {
    const vitest = process.env.VITEST;
    delete process.env.VITEST;
    try {
      expect(() => passwordHashCostForTests('cheapest')).toThrow(/never in a server/);
    } finally {
      process.env.VITEST = vitest;
    }
  });

  it('answers the spec messages for each invalid field', async () => {
    const res = await signUp(t, {
      email: 'not-an-email',
      password: 'short',
      firstName: ' ',
      lastName: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password must be at least 8 characters',
      firstName: 'First name is required',
      lastName: 'Last name is required',
    });
    expect(await t.db.select().from(users).where(eq(users.email, 'not-an-email'))).toHaveLength(0);
  });

  it('refuses a very common password with a clear message', async () => {
    const account = newAccount({ password: 'password123' });
    const res = await signUp(t, account);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.password).toMatch(/too common/);
    expect(await t.db.select().from(users).where(eq(users.email, account.email))).toHaveLength(0);
  });

  it('accepts 128 characters, refuses 129, and never truncates', async () => {
    const long = 'k'.repeat(64) + 'e'.repeat(64);
    const tooLong = await signUp(t, newAccount({ password: long + 'x' }));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fields.password).toMatch(/at most 128/);

    const account = newAccount({ password: long });
    expect((await signUp(t, account)).statusCode).toBe(201);
    expect((await signIn(t, { email: account.email, password: long })).statusCode).toBe(200);
    const prefix = await signIn(t, { email: account.email, password: long.slice(0, 72) });
    expect(prefix.statusCode).toBe(401);
  });

  it('ignores fields a member may not set, such as the moderator flag', async () => {
    const account = newAccount({ isModerator: true, isActive: false, passwordHash: 'x' });
    const res = await signUp(t, account);
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(users).where(eq(users.email, account.email));
    expect(row).toMatchObject({ isModerator: false, isActive: true });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('answers a taken email, whatever its case, as a new one, and creates nothing', async () => {
    const account = newAccount();
    const first = await signUp(t, account);
    const again = await signUp(t, { ...account, email: account.email.toUpperCase() });
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    const rows = await t.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${account.email.toLowerCase()}`);
    expect(rows).toHaveLength(1);
  });
});

describe('sign-in', () => {
  it('gives the same 401 for an unknown email and for a wrong password', async () => {
    const account = newAccount();
    await signUp(t, account);
    const wrong = await signIn(t, { email: account.email, password: 'not-the-password' });
    const unknown = await signIn(t, {
      email: `nobody-${counter}@example.test`,
      password: PASSWORD,
    });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(cookieFrom(res)).toBeUndefined();
    }
    const { requestId: _a, ...wrongBody } = wrong.json();
    const { requestId: _b, ...unknownBody } = unknown.json();
    expect(wrongBody).toEqual(unknownBody);
    expect(wrongBody.message).toBe('Invalid email or password');
  });

  it('starts a session with a safe cookie and returns the current user without secrets', async () => {
    const account = newAccount();
    await signUp(t, account);
    const res = await signIn(t, { email: account.email.toUpperCase(), password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expectNoSecrets(res.body);
    const cookie = res.cookies.find((c) => c.name === 'cs_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy();
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const me = await currentUser(`cs_session=${cookie.value}`);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: account.email, firstName: 'Kim' });
    expect(me.headers['cache-control']).toBe('no-store');
    expectNoSecrets(me.body);
  });

  it('answers 401 to the current-user call when signed out', async () => {
    const res = await currentUser();
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBeTruthy();
  });

  it('rotates the session id at sign-in, so the old cookie stops working', async () => {
    const account = newAccount();
    await signUp(t, account);
    const first = cookieFrom(await signIn(t, account))!;
    const second = cookieFrom(await signIn(t, account, { cookie: first }))!;
    expect(second).not.toBe(first);
    expect((await currentUser(first)).statusCode).toBe(401);
    expect((await currentUser(second)).statusCode).toBe(200);
  });

  it('over HTTPS names the cookie __Host- and marks it Secure, so no subdomain can plant one', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://cultureshare.example' });
    try {
      const account = newAccount();
      await signUp(secure, account);
      const res = await signIn(secure, account);
      expect(res.cookies.find((c) => c.name === 'cs_session')).toBeUndefined();
      const cookie = res.cookies.find((c) => c.name === '__Host-cs_session')!;
      expect(cookie).toMatchObject({ secure: true, path: '/', httpOnly: true });
      expect(cookie.domain).toBeUndefined();
      const me = await secure.app.inject({
        url: '/api/auth/user',
        headers: { cookie: `__Host-cs_session=${cookie.value}` },
      });
      expect(me.statusCode).toBe(200);
      // The plain name is not read over HTTPS: a cookie planted under it signs nobody in.
      const planted = await secure.app.inject({
        url: '/api/auth/user',
        headers: { cookie: `cs_session=${cookie.value}` },
      });
      expect(planted.statusCode).toBe(401);
    } finally {
      await secure.close();
    }
  });

  it('refuses a deactivated account, and suspended or banned members with the reason', async () => {
    const passwordHash = await hashPassword(PASSWORD);
    const inactive = await createMember(t.db, { passwordHash, isActive: false });
    const res = await signIn(t, { email: inactive.email, password: PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/deactivated/);

    const until = new Date(Date.now() + 3 * 86_400_000);
    const suspended = await createMember(t.db, { passwordHash, suspendedUntil: until });
    await t.db.insert(sanctions).values([
      {
        userId: suspended.id,
        kind: 'suspension',
        reason: 'Old matter',
        endsAt: until,
        liftedAt: new Date(),
      },
      { userId: suspended.id, kind: 'suspension', reason: 'Selling starters', endsAt: until },
    ]);
    const s = await signIn(t, { email: suspended.email, password: PASSWORD });
    expect(s.statusCode).toBe(403);
    expect(s.json().message).toMatch(
      /^Your account is suspended until .*\d{4}.*: Selling starters$/,
    );
    expect(cookieFrom(s)).toBeUndefined();

    const banned = await createMember(t.db, { passwordHash, bannedAt: new Date() });
    await t.db.insert(sanctions).values({ userId: banned.id, kind: 'ban', reason: 'Spam' });
    const b = await signIn(t, { email: banned.email, password: PASSWORD });
    expect(b.statusCode).toBe(403);
    expect(b.json().message).toBe('Your account has been banned: Spam');

    // A suspension that has run out no longer stands in the way.
    const past = await createMember(t.db, {
      passwordHash,
      suspendedUntil: new Date(Date.now() - 1000),
    });
    expect((await signIn(t, { email: past.email, password: PASSWORD })).statusCode).toBe(200);
  });
});

describe('sign-out', () => {
  it('ends the session server-side and redirects home; a replayed cookie gets 401', async () => {
    const account = newAccount();
    await signUp(t, account);
    const cookie = cookieFrom(await signIn(t, account))!;
    const out = await t.call({ cookie }, 'GET', '/api/logout');
    expect(out.statusCode).toBe(302);
    expect(out.headers.location).toBe('/');
    const cleared = out.cookies.find((c) => c.name === 'cs_session');
    expect(cleared?.value).toBe('');
    expect((await currentUser(cookie)).statusCode).toBe(401);
  });

  it('signs out on a same-origin or typed-in navigation', async () => {
    for (const headers of [
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
      { origin: 'http://localhost:80' },
    ]) {
      const account = newAccount();
      await signUp(t, account);
      const cookie = cookieFrom(await signIn(t, account))!;
      const out = await t.app.inject({
        url: '/api/logout',
        headers: { cookie, host: 'localhost:80', ...headers },
      });
      expect(out.statusCode).toBe(302);
      expect((await currentUser(cookie)).statusCode).toBe(401);
    }
  });

  it('does not sign out when another site sends the request', async () => {
    for (const headers of [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
    ]) {
      const account = newAccount();
      await signUp(t, account);
      const cookie = cookieFrom(await signIn(t, account))!;
      const out = await t.app.inject({ url: '/api/logout', headers: { cookie, ...headers } });
      expect(out.statusCode).toBe(302);
      expect(out.headers.location).toBe('/');
      expect(out.cookies.find((c) => c.name === 'cs_session')).toBeUndefined();
      expect((await currentUser(cookie)).statusCode).toBe(200);
    }
  });

  it('ends the session when the member is banned', async () => {
    const account = newAccount();
    await signUp(t, account);
    const cookie = cookieFrom(await signIn(t, account))!;
    await t.db.update(users).set({ bannedAt: new Date() }).where(eq(users.email, account.email));
    expect((await currentUser(cookie)).statusCode).toBe(401);
  });
});

describe('throttling', () => {
  it('locks an account after repeated failures, counting every path variant', async () => {
    const app = await createTestApp({ LIMIT_LOGIN_FAILURES_PER_ACCOUNT: '3' });
    try {
      const account = newAccount();
      await signUp(app, account);
      const wrong = { email: account.email, password: 'wrong-password' };
      const variants = ['/api/auth/login/', '/API/auth/login', '/api/auth/login?x=1'];
      for (const url of variants) expect((await signIn(app, wrong, { url })).statusCode).toBe(401);
      for (const url of [...variants, '/api/auth/login']) {
        const res = await signIn(app, wrong, { url });
        expect(res.statusCode).toBe(429);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        expect(res.json().message).toMatch(/Too many sign-in attempts/);
      }
      // Even the right password waits until the window ends.
      expect((await signIn(app, account)).statusCode).toBe(429);
      // Another account from the same address is unaffected.
      const other = newAccount();
      await signUp(app, other);
      expect((await signIn(app, other)).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  const limiterStores: Array<[string, Record<string, string>]> = [['the database', {}]];
  if (process.env.TEST_REDIS_URL) {
    limiterStores.push(['Redis', { REDIS_URL: process.env.TEST_REDIS_URL }]);
  }
  it.each(limiterStores)(
    'checks at most the limit of 30 parallel wrong passwords (counter in %s)',
    async (_store, env) => {
      const app = await createTestApp({ ...env, LIMIT_LOGIN_FAILURES_PER_ACCOUNT: '10' });
      try {
        const account = newAccount({ email: `parallel-${crypto.randomUUID()}@example.test` });
        expect((await signUp(app, account)).statusCode).toBe(201);
        const wrong = { email: account.email, password: 'wrong-password' };
        const answers = await Promise.all(
          Array.from({ length: 30 }, (_, n) =>
            signIn(app, wrong, { remoteAddress: `198.51.100.${n + 1}` }),
          ),
        );
        const codes = answers.map((a) => a.statusCode);
        expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(10);
        expect(codes.filter((c) => c !== 401).every((c) => c === 429)).toBe(true);
        // The right password waits too, until the window ends.
        expect((await signIn(app, account)).statusCode).toBe(429);
      } finally {
        await app.close();
      }
    },
  );

  it('limits attempts per address; a spoofed X-Forwarded-For does not reset it', async () => {
    const app = await createTestApp({ LIMIT_LOGIN_ATTEMPTS_PER_ADDRESS: '3' });
    try {
      const attempt = (n: number, ip: string) =>
        signIn(
          app,
          { email: `probe${n}@example.test`, password: 'whatever-it-is' },
          { remoteAddress: '198.51.100.7', headers: { 'x-forwarded-for': ip } },
        );
      for (let n = 0; n < 3; n++) expect((await attempt(n, `203.0.113.${n}`)).statusCode).toBe(401);
      const blocked = await attempt(9, '203.0.113.99');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['retry-after']).toBeDefined();
      // A different real address has its own allowance.
      const elsewhere = await signIn(
        app,
        { email: 'probe@example.test', password: 'whatever-it-is' },
        { remoteAddress: '198.51.100.8' },
      );
      expect(elsewhere.statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('uses X-Forwarded-For only from a listed proxy; others cannot rotate it', async () => {
    const app = await createTestApp({
      LIMIT_LOGIN_ATTEMPTS_PER_ADDRESS: '1',
      LIMIT_SIGNUPS_PER_ADDRESS: '1',
      TRUST_PROXY: '10.0.0.1,10.1.0.0/16',
    });
    try {
      const attempt = (peer: string, forwarded: string) =>
        signIn(
          app,
          { email: 'probe@example.test', password: 'whatever-it-is' },
          { remoteAddress: peer, headers: { 'x-forwarded-for': forwarded } },
        );
      // Behind the listed proxies each client has its own allowance.
      expect((await attempt('10.0.0.1', '203.0.113.1')).statusCode).toBe(401);
      expect((await attempt('10.0.0.1', '203.0.113.1')).statusCode).toBe(429);
      expect((await attempt('10.1.2.3', '203.0.113.2')).statusCode).toBe(401);
      // A client talking to us directly is counted by its own address, whatever it claims.
      expect((await attempt('198.51.100.7', '203.0.113.10')).statusCode).toBe(401);
      for (let n = 11; n < 15; n++) {
        expect((await attempt('198.51.100.7', `203.0.113.${n}`)).statusCode).toBe(429);
      }
      // It also cannot claim to be a listed proxy forwarding for someone new.
      expect((await attempt('198.51.100.7', `203.0.113.20, 10.0.0.1`)).statusCode).toBe(429);

      const signUpFrom = (peer: string, forwarded: string) =>
        app.app.inject({
          method: 'POST',
          url: '/api/auth/signup',
          payload: newAccount(),
          remoteAddress: peer,
          headers: { 'x-forwarded-for': forwarded },
        });
      expect((await signUpFrom('198.51.100.9', '203.0.113.30')).statusCode).toBe(201);
      for (let n = 31; n < 34; n++) {
        expect((await signUpFrom('198.51.100.9', `203.0.113.${n}`)).statusCode).toBe(429);
      }
    } finally {
      await app.close();
    }
  });

  it('with a hop count, takes the address the nearest proxy saw, not what the client wrote', async () => {
    const app = await createTestApp({ LIMIT_LOGIN_ATTEMPTS_PER_ADDRESS: '1', TRUST_PROXY: '1' });
    try {
      // The proxy appends the address it saw after whatever the client sent.
      const attempt = (claimed: string, seen: string) =>
        signIn(
          app,
          { email: 'probe@example.test', password: 'whatever-it-is' },
          { remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': `${claimed}, ${seen}` } },
        );
      expect((await attempt('192.0.2.1', '203.0.113.1')).statusCode).toBe(401);
      expect((await attempt('192.0.2.2', '203.0.113.1')).statusCode).toBe(429);
      expect((await attempt('192.0.2.3', '203.0.113.2')).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('limits sign-ups per address', async () => {
    const app = await createTestApp({ LIMIT_SIGNUPS_PER_ADDRESS: '2' });
    try {
      expect((await signUp(app, newAccount(), '192.0.2.5')).statusCode).toBe(201);
      expect((await signUp(app, newAccount(), '192.0.2.5')).statusCode).toBe(201);
      const third = newAccount();
      const res = await signUp(app, third, '192.0.2.5');
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBeDefined();
      expect(await app.db.select().from(users).where(eq(users.email, third.email))).toHaveLength(0);
    } finally {
      await app.close();
    }
  });
  it('counts IPv6 clients by their /64; IPv4 and IPv4-mapped addresses stay whole', async () => {
    // Sign-ups, resets and passkeys build their keys the same way (`perAddressKey`).
    const app = await createTestApp({ LIMIT_LOGIN_ATTEMPTS_PER_ADDRESS: '1' });
    try {
      const probe = (remoteAddress: string) =>
        signIn(app, { email: 'probe@example.test', password: 'whatever-it-is' }, { remoteAddress });
      // One subscriber's /64 holds 2^64 addresses: rotating through them gains nothing.
      expect((await probe('2001:db8:1:2::1')).statusCode).toBe(401);
      expect((await probe('2001:db8:1:2:ffff:eeee:dddd:cccc')).statusCode).toBe(429);
      expect((await probe('2001:0db8:0001:0002:0:0:0:9')).statusCode).toBe(429);
      // The next /64 is someone else.
      expect((await probe('2001:db8:1:3::1')).statusCode).toBe(401);
      // IPv4 neighbours, and the same IPv4 written as mapped IPv6, are counted per address.
      expect((await probe('192.0.2.20')).statusCode).toBe(401);
      expect((await probe('::ffff:192.0.2.20')).statusCode).toBe(429);
      expect((await probe('::ffff:192.0.2.21')).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});

describe('moderator bootstrap', () => {
  it('does not make an unconfirmed password sign-up a moderator, even when listed', async () => {
    const account = newAccount({ email: 'Boss@Example.test' });
    const res = await signUp(t, account);
    expect(res.statusCode).toBe(201);
    const login = await signIn(t, account);
    expect(login.statusCode).toBe(200);
    expect(login.json().isModerator).toBe(false);
    const cookie = cookieFrom(login)!;
    for (const url of ['/api/moderation/sanctions', '/api/moderation/audit']) {
      expect((await t.call({ cookie }, 'GET', url)).statusCode).toBe(403);
    }
  });

  it('does not make an existing password account a moderator when it signs in after being listed', async () => {
    const member = await createMember(t.db, {
      email: 'late-boss@example.test',
      passwordHash: await hashPassword(PASSWORD),
    });
    const res = await signIn(t, { email: member.email, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().isModerator).toBe(false);
    const [after] = await t.db.select().from(users).where(eq(users.id, member.id));
    expect(after!.isModerator).toBe(false);
  });
});

describe('sessions table', () => {
  it('keeps only a hash of the session id, with idle and absolute expiry', async () => {
    const account = newAccount();
    await signUp(t, account);
    const res = await signIn(t, account);
    const raw = res.cookies.find((c) => c.name === 'cs_session')!.value;
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, res.json().id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.sid).not.toBe(raw);
    expect(rows[0]!.sid).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.absoluteExpire.getTime()).toBeGreaterThan(rows[0]!.expire.getTime());
  });
});
