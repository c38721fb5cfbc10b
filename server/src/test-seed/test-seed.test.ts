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

describe('/api/test/scene', () => {
  const kefir = {
    title: 'Scene kefir',
    description: 'Lively grains, fed daily with whole milk.',
    category: 'dairy',
    subcategory: 'kefir',
    starterType: 'Kefir grains',
    location: 'Leeds, UK',
    portions: '2',
  };

  it('does not exist unless TEST_CLOCK is on', async () => {
    const scene = { password: member.password, members: [{ key: 'a' }] };
    expect((await without.call(null, 'POST', '/api/test/scene', scene)).statusCode).toBe(404);
  });

  it('makes signed-in members, a listing with a photo, a thread, a reservation and a hand-over received', async () => {
    const made = await t.call(null, 'POST', '/api/test/scene', {
      password: member.password,
      members: [
        { key: 'giver', firstName: 'Greta' },
        { key: 'asker', firstName: 'Milo' },
        { key: 'other', firstName: 'Bea' },
      ],
      listings: [{ key: 'kefir', owner: 'giver', fields: kefir, photos: 1 }],
      steps: [
        { do: 'ask', from: 'asker', listing: 'kefir', text: 'May I have some?' },
        { do: 'reply', listing: 'kefir', to: 'asker', text: 'Yes, Saturday?' },
        { do: 'ask', from: 'other', listing: 'kefir', text: 'Me too?' },
        { do: 'reserve', listing: 'kefir', for: 'other' },
        { do: 'give', listing: 'kefir', to: 'asker' },
        { do: 'confirm', listing: 'kefir', by: 'asker' },
      ],
    });
    expect(made.statusCode, made.body).toBe(201);
    const { members, listings } = made.json() as {
      members: Record<string, { id: string; session: string }>;
      listings: Record<string, number>;
    };
    const as = (k: string) => ({ cookie: `cs_session=${members[k]!.session}` });
    // Each member is signed in with their own session.
    const me = await t.call(as('asker'), 'GET', '/api/auth/user');
    expect(me.json()).toMatchObject({ id: members.asker!.id, emailVerified: true });

    const starter = (await t.call(as('giver'), 'GET', `/api/starters/${listings.kefir}`)).json();
    expect(starter).toMatchObject({ title: 'Scene kefir', portionsReserved: 1, portionsLeft: 0 });
    expect(starter.imagePath).toBeTruthy();
    expect(starter.photos).toHaveLength(1);
    // The asker's thread holds both messages and the hand-over, as the real requests leave it.
    const thread = await t.call(
      as('asker'),
      'GET',
      `/api/messages/starter/${listings.kefir}?with=${members.giver!.id}`,
    );
    expect(thread.body).toContain('May I have some?');
    expect(thread.body).toContain('Yes, Saturday?');
  });

  it('refuses a step naming a member or listing the scene does not have, and what the route would refuse', async () => {
    const bad = await t.call(null, 'POST', '/api/test/scene', {
      password: member.password,
      members: [{ key: 'giver' }, { key: 'asker' }],
      listings: [{ key: 'kefir', owner: 'giver', fields: kefir }],
      steps: [{ do: 'ask', from: 'nobody', listing: 'kefir', text: 'Hello?' }],
    });
    expect(bad.statusCode).toBe(400);
    // Reserving for a member who never asked is refused as the route refuses it.
    const unasked = await t.call(null, 'POST', '/api/test/scene', {
      password: member.password,
      members: [{ key: 'giver' }, { key: 'asker' }],
      listings: [{ key: 'kefir', owner: 'giver', fields: kefir }],
      steps: [{ do: 'reserve', listing: 'kefir', for: 'asker' }],
    });
    expect(unasked.statusCode).toBe(403);
  });
});
