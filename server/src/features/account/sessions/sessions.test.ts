import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../../db/schema';
import { cookieFrom, createTestApp, signedInMember, type TestApp } from '../../../test/app';
import { hashPassword } from '../auth/passwords';
import { createMember } from '../../../test/app';

const PASSWORD = 'cultured-butter-2025';
const FIREFOX_ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0';
const SAFARI_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SESSION_PLACE_HEADER: 'X-Visitor-City' });
});
afterAll(async () => {
  await t?.close();
});

async function twoDevices() {
  const user = await createMember(t.db, { passwordHash: await hashPassword(PASSWORD) });
  const signIn = (userAgent: string, city?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: PASSWORD },
      headers: { 'user-agent': userAgent, ...(city ? { 'x-visitor-city': city } : {}) },
    });
  const phone = cookieFrom(await signIn(FIREFOX_ANDROID, 'Portland, Oregon'))!;
  const laptop = cookieFrom(await signIn(SAFARI_MAC, 'Nowhere-In-Particular 12 Main St'))!;
  return { user, phone, laptop };
}

describe('where am I signed in', () => {
  it('lists the sessions with browser, system and a known town, marking the current one', async () => {
    const { phone } = await twoDevices();
    const res = await t.call({ cookie: phone }, 'GET', '/api/users/me/sessions');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const list = res.json() as Array<Record<string, unknown>>;
    expect(list).toHaveLength(2);
    const current = list.find((s) => s.current)!;
    const other = list.find((s) => !s.current)!;
    expect(current).toMatchObject({
      browser: 'Firefox',
      system: 'Android',
      place: 'Portland, Oregon, United States',
    });
    // A place the gazetteer does not know is not shown at all.
    expect(other).toMatchObject({ browser: 'Safari', system: 'macOS', place: null });
    expect(Object.keys(current).sort()).toEqual(
      ['browser', 'createdAt', 'current', 'id', 'lastSeenAt', 'place', 'system'].sort(),
    );
    expect(JSON.stringify(list)).not.toMatch(/Mozilla|Intel|sid/);
  });

  it('signs out one other session, which is then signed out', async () => {
    const { phone, laptop } = await twoDevices();
    const list = (await t.call({ cookie: phone }, 'GET', '/api/users/me/sessions')).json();
    const other = list.find((s: { current: boolean }) => !s.current);
    const res = await t.call({ cookie: phone }, 'DELETE', `/api/users/me/sessions/${other.id}`);
    expect(res.statusCode).toBe(200);
    expect((await t.call({ cookie: laptop }, 'GET', '/api/auth/user')).statusCode).toBe(401);
    expect((await t.call({ cookie: phone }, 'GET', '/api/auth/user')).statusCode).toBe(200);
  });

  it("cannot end another member's session: it is not found", async () => {
    const { laptop, user } = await twoDevices();
    const stranger = await signedInMember(t.db);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const res = await t.call(stranger, 'DELETE', `/api/users/me/sessions/${row!.id}`);
    expect(res.statusCode).toBe(404);
    expect((await t.call({ cookie: laptop }, 'GET', '/api/auth/user')).statusCode).toBe(200);
  });

  it('signing out the current session from the list signs this browser out', async () => {
    const { phone } = await twoDevices();
    const list = (await t.call({ cookie: phone }, 'GET', '/api/users/me/sessions')).json();
    const mine = list.find((s: { current: boolean }) => s.current);
    const res = await t.call({ cookie: phone }, 'DELETE', `/api/users/me/sessions/${mine.id}`);
    expect(res.statusCode).toBe(200);
    expect((await t.call({ cookie: phone }, 'GET', '/api/auth/user')).statusCode).toBe(401);
  });

  it('signs out all others and keeps this one', async () => {
    const { phone, laptop, user } = await twoDevices();
    const res = await t.call({ cookie: laptop }, 'POST', '/api/users/me/sessions/sign-out-others');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('One other device is signed out.');
    expect((await t.call({ cookie: phone }, 'GET', '/api/auth/user')).statusCode).toBe(401);
    expect((await t.call({ cookie: laptop }, 'GET', '/api/auth/user')).statusCode).toBe(200);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
  });

  it('writes "last seen" at most every few minutes, not on every request', async () => {
    const { phone, user } = await twoDevices();
    const seen = async () =>
      (await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).map((s) =>
        s.lastSeenAt.toISOString(),
      );
    const before = await seen();
    for (let i = 0; i < 3; i++) await t.call({ cookie: phone }, 'GET', '/api/auth/user');
    expect(await seen()).toEqual(before);
  });

  it('answers 401 when signed out', async () => {
    expect((await t.call(null, 'GET', '/api/users/me/sessions')).statusCode).toBe(401);
    expect((await t.call(null, 'POST', '/api/users/me/sessions/sign-out-others')).statusCode).toBe(
      401,
    );
    expect((await t.call(null, 'DELETE', '/api/users/me/sessions/1')).statusCode).toBe(401);
  });
});
