import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { externalIdentities, sessions, users } from '../../../db/schema';
import { cookieFrom, createMember, createTestApp, type TestApp } from '../../../test/app';
import { startTestOidcProvider, type TestOidcProvider } from '../../../test/oidc-provider';

const SITE = 'http://localhost:4399';
const CALLBACK = `${SITE}/api/login/callback`;

let provider: TestOidcProvider;
let t: TestApp;

beforeAll(async () => {
  provider = await startTestOidcProvider([CALLBACK]);
  t = await createTestApp({
    PUBLIC_URL: SITE,
    OIDC_ISSUER_URL: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    MODERATOR_EMAILS: 'chief@idp.example,unverified-chief@idp.example',
  });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

/** GET /api/login as the browser would: the provider URL and the pending-sign-in cookie. */
async function startSignIn(app = t) {
  const res = await app.app.inject('/api/login');
  expect(res.statusCode).toBe(302);
  const oidcCookie = cookieFrom(res, 'cs_oidc');
  expect(oidcCookie).toBeDefined();
  return { location: res.headers.location as string, oidcCookie: oidcCookie! };
}

/** Delivers the provider's redirect back to the app, with the pending-sign-in cookie. */
function callback(url: URL, oidcCookie: string, app = t) {
  return app.call({ cookie: oidcCookie }, 'GET', url.pathname + url.search);
}

function loginError(res: { cookies: Array<{ name: string; value: string }> }) {
  const c = res.cookies.find((x) => x.name === 'cs_login_error');
  return c ? decodeURIComponent(c.value) : undefined;
}

describe('external sign-in (OIDC)', () => {
  it('signs a new member in through the provider with PKCE, state and nonce', async () => {
    provider.setAccount('river-123', {
      email: 'river@idp.example',
      email_verified: true,
      given_name: 'River',
      family_name: 'Song',
      picture: 'https://idp.example/river.png',
      preferred_username: 'river',
    });
    const { location, oidcCookie } = await startSignIn();
    const authUrl = new URL(location);
    expect(authUrl.origin).toBe(provider.issuer);
    expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authUrl.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authUrl.searchParams.get('state')).toBeTruthy();
    expect(authUrl.searchParams.get('nonce')).toBeTruthy();
    expect(authUrl.searchParams.get('redirect_uri')).toBe(CALLBACK);

    const back = await provider.authorize(location);
    expect(back.href.startsWith(CALLBACK)).toBe(true);
    const res = await callback(back, oidcCookie);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    const session = cookieFrom(res)!;
    expect(session).toBeDefined();

    const me = await t.call({ cookie: session }, 'GET', '/api/auth/user');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: 'river@idp.example',
      firstName: 'River',
      lastName: 'Song',
      username: 'river',
      profileImageUrl: 'https://idp.example/river.png',
    });
    const [identity] = await t.db
      .select()
      .from(externalIdentities)
      .where(eq(externalIdentities.subject, 'river-123'));
    expect(identity).toMatchObject({ issuer: provider.issuer, userId: me.json().id });

    // Signing in again finds the same member by (issuer, subject), even with a new email.
    provider.setAccount('river-123', { email: 'river.new@idp.example', given_name: 'River' });
    const again = await startSignIn();
    const res2 = await callback(await provider.authorize(again.location), again.oidcCookie);
    expect(res2.headers.location).toBe('/');
    const me2 = await t.call({ cookie: cookieFrom(res2)! }, 'GET', '/api/auth/user');
    expect(me2.json().id).toBe(me.json().id);
  });

  it('makes a taken preferred username unique', async () => {
    await createMember(t.db, { username: 'Sourdough' });
    provider.setAccount('baker-9', {
      email: 'baker9@idp.example',
      preferred_username: 'sourdough',
      name: 'Bo Baker',
    });
    const { location, oidcCookie } = await startSignIn();
    const res = await callback(await provider.authorize(location), oidcCookie);
    const me = await t.call({ cookie: cookieFrom(res)! }, 'GET', '/api/auth/user');
    expect(me.json()).toMatchObject({ username: 'sourdough2', firstName: 'Bo', lastName: 'Baker' });
  });

  it('does not sign into a local account that has the same email', async () => {
    const local = await createMember(t.db, { email: 'owner@idp.example' });
    provider.setAccount('impostor-1', { email: 'owner@idp.example', email_verified: true });
    const { location, oidcCookie } = await startSignIn();
    const res = await callback(await provider.authorize(location), oidcCookie);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login');
    expect(cookieFrom(res)).toBeUndefined();
    expect(loginError(res)).toMatch(/already exists/);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, local.id))).toHaveLength(0);
    expect(
      await t.db
        .select()
        .from(externalIdentities)
        .where(eq(externalIdentities.subject, 'impostor-1')),
    ).toHaveLength(0);
  });

  it('refuses a callback whose state does not match', async () => {
    provider.setAccount('state-1', { email: 'state1@idp.example' });
    const { location, oidcCookie } = await startSignIn();
    const back = await provider.authorize(location);
    back.searchParams.set('state', 'forged-state');
    const res = await callback(back, oidcCookie);
    expect(res.headers.location).toBe('/login');
    expect(cookieFrom(res)).toBeUndefined();
    expect(loginError(res)).toMatch(/failed/);
    expect(await t.db.select().from(users).where(eq(users.email, 'state1@idp.example'))).toEqual(
      [],
    );
  });

  it('refuses a callback that arrives without the pending sign-in', async () => {
    provider.setAccount('nocookie-1', { email: 'nocookie@idp.example' });
    const { location } = await startSignIn();
    const back = await provider.authorize(location);
    const res = await t.app.inject(back.pathname + back.search);
    expect(res.headers.location).toBe('/login');
    expect(cookieFrom(res)).toBeUndefined();
  });

  it('refuses a replayed authorization code', async () => {
    provider.setAccount('replay-1', { email: 'replay@idp.example' });
    const { location, oidcCookie } = await startSignIn();
    const back = await provider.authorize(location);
    const first = await callback(back, oidcCookie);
    expect(first.headers.location).toBe('/');
    const replay = await callback(back, oidcCookie);
    expect(replay.statusCode).toBe(302);
    expect(replay.headers.location).toBe('/login');
    expect(cookieFrom(replay)).toBeUndefined();
  });

  it('refuses a response that names another issuer', async () => {
    provider.setAccount('issuer-1', { email: 'issuer1@idp.example' });
    const { location, oidcCookie } = await startSignIn();
    const back = await provider.authorize(location);
    expect(back.searchParams.get('iss')).toBe(provider.issuer);
    back.searchParams.set('iss', 'https://evil.example');
    const res = await callback(back, oidcCookie);
    expect(res.headers.location).toBe('/login');
    expect(cookieFrom(res)).toBeUndefined();
  });

  it('refuses a provider whose discovery document names another issuer', async () => {
    // The app is pointed at one URL but the document served there claims another issuer.
    const app = await createTestApp({
      PUBLIC_URL: SITE,
      OIDC_ISSUER_URL: `${provider.issuer.replace('127.0.0.1', 'localhost')}`,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
    });
    try {
      const res = await app.app.inject('/api/login');
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/login');
      expect(loginError(res)).toMatch(/not reachable/);
    } finally {
      await app.close();
    }
  });

  it('makes a listed email a moderator only when the provider has verified it', async () => {
    const signInAs = async (subject: string, email: string, verified: boolean) => {
      provider.setAccount(subject, { email, email_verified: verified, given_name: 'Chief' });
      const { location, oidcCookie } = await startSignIn();
      const res = await callback(await provider.authorize(location), oidcCookie);
      const cookie = cookieFrom(res);
      if (!cookie) return { signedIn: false };
      const me = await t.call({ cookie }, 'GET', '/api/auth/user');
      const audit = await t.call({ cookie }, 'GET', '/api/moderation/audit');
      return { isModerator: me.json().isModerator as boolean, audit: audit.statusCode };
    };
    expect(await signInAs('chief-1', 'chief@idp.example', true)).toEqual({
      isModerator: true,
      audit: 200,
    });
    // An address the provider does not vouch for makes no account, so no moderator either.
    expect(await signInAs('chief-2', 'unverified-chief@idp.example', false)).toEqual({
      signedIn: false,
    });
  });

  it('links no identity to an address nobody has proved: an unvouched address makes no account', async () => {
    provider.setAccount('squatter-1', { email: 'victim@idp.example', email_verified: false });
    const { location, oidcCookie } = await startSignIn();
    const res = await callback(await provider.authorize(location), oidcCookie);
    expect(res.headers.location).toBe('/login');
    expect(loginError(res)).toMatch(/has not confirmed your email address/);
    expect(cookieFrom(res)).toBeUndefined();
    expect(await t.db.select().from(users).where(eq(users.email, 'victim@idp.example'))).toEqual(
      [],
    );
  });

  it('refuses a banned member who signs in externally', async () => {
    provider.setAccount('banned-1', { email: 'banned1@idp.example' });
    const first = await startSignIn();
    const ok = await callback(await provider.authorize(first.location), first.oidcCookie);
    expect(ok.headers.location).toBe('/');
    await t.db
      .update(users)
      .set({ bannedAt: new Date() })
      .where(eq(users.email, 'banned1@idp.example'));
    const second = await startSignIn();
    const res = await callback(await provider.authorize(second.location), second.oidcCookie);
    expect(res.headers.location).toBe('/login');
    expect(loginError(res)).toMatch(/banned/);
    expect(cookieFrom(res)).toBeUndefined();
  });
});

describe('external sign-in without a provider', () => {
  it('sends /api/login to the sign-in page', async () => {
    const app = await createTestApp();
    try {
      const res = await app.app.inject('/api/login');
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/login');
    } finally {
      await app.close();
    }
  });
});
