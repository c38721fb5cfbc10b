import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';

const member = {
  email: 'seeded@example.test',
  password: 'fermenting-friends-2025',
  firstName: 'Fern',
  lastName: 'Seeded',
};

// Apps are built in hooks, which may take longer than a test on a busy machine.
let without: TestApp;
let t: TestApp;
beforeAll(async () => {
  without = await createTestApp();
  t = await createTestApp({ TEST_CLOCK: '1' });
});
afterAll(async () => {
  await without?.close();
  await t?.close();
});

describe('/api/test/members', () => {
  it('does not exist unless TEST_CLOCK is on', async () => {
    expect((await without.call(null, 'POST', '/api/test/members', member)).statusCode).toBe(404);
    expect((await without.call(null, 'POST', '/api/auth/login', member)).statusCode).toBe(401);
  });

  it('makes a confirmed member, signed in, who can sign in again with the password', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/test/members',
      payload: member,
      headers: { 'accept-language': 'es' },
    });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({
      email: member.email,
      emailVerified: true,
      language: 'es',
    });
    const cookie = made.headers['set-cookie'] as string;
    const me = await t.call({ cookie: cookie.split(';')[0]! }, 'GET', '/api/auth/user');
    expect(me.json()).toMatchObject({ email: member.email, emailVerified: true });

    const signedIn = await t.call(null, 'POST', '/api/auth/login', member);
    expect(signedIn.statusCode).toBe(200);
    // The address has an account: its password signs in again, another is refused.
    expect((await t.call(null, 'POST', '/api/test/members', member)).statusCode).toBe(201);
    const wrong = { ...member, password: 'another-long-password' };
    expect((await t.call(null, 'POST', '/api/test/members', wrong)).statusCode).toBe(400);
  });
});
