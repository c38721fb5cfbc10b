import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyHandovers, StarterActivity } from '../../../../common/conversations/handovers';
import { handovers, starters } from '../../db/schema';
import { createStarterRow, createTestApp, signedInMember, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Member = Awaited<ReturnType<typeof signedInMember>>;

/** An owner with a two-portion starter, and a member who has asked for some. */
async function setting() {
  const owner = await signedInMember(t.db);
  const asker = await signedInMember(t.db);
  const starter = await createStarterRow(t.db, owner.user.id, { portions: 2 });
  const asked = await t.call(asker, 'POST', '/api/messages', {
    starterId: starter.id,
    receiverId: owner.user.id,
    content: 'May I have some?',
  });
  expect(asked.statusCode, asked.body).toBe(201);
  return { owner, asker, starter };
}

const give = (owner: Member, starterId: number, body: object) =>
  t.call(owner, 'POST', `/api/starters/${starterId}/handovers`, body);

async function received(member: Member) {
  const res = await t.call(member, 'GET', '/api/me/handovers');
  expect(res.statusCode).toBe(200);
  return res.json<MyHandovers>();
}

describe("the giver's health check at hand-over", () => {
  it('is stored and shown to the recipient and to the giver', async () => {
    const { owner, asker, starter } = await setting();
    const res = await give(owner, starter.id, {
      memberId: asker.user.id,
      healthCheck: { noMould: true, noPinkFilm: false, smellsRight: true },
    });
    expect(res.statusCode, res.body).toBe(201);
    const expected = { noMould: true, noPinkFilm: false, smellsRight: true };

    const mine = (await received(asker)).received.find((h) => h.starter.id === starter.id);
    expect(mine?.healthCheck).toEqual(expected);

    const given = (await received(owner)).given.find((h) => h.starter.id === starter.id);
    expect(given?.healthCheck).toEqual(expected);

    const activity = await t.call(owner, 'GET', '/api/me/starter-activity');
    const listing = activity.json<StarterActivity[]>().find((a) => a.starterId === starter.id);
    expect(listing?.askers.find((a) => a.user.id === asker.user.id)?.handover?.healthCheck).toEqual(
      expected,
    );

    // Nobody else: another member's hand-overs do not include it.
    const stranger = await signedInMember(t.db);
    const theirs = await received(stranger);
    expect([...theirs.received, ...theirs.given]).toEqual([]);
  });

  it('is optional: a hand-over without one carries null', async () => {
    const { owner, asker, starter } = await setting();
    expect((await give(owner, starter.id, { memberId: asker.user.id })).statusCode).toBe(201);
    const mine = (await received(asker)).received.find((h) => h.starter.id === starter.id);
    expect(mine?.healthCheck).toBeNull();

    const { owner: o2, asker: a2, starter: s2 } = await setting();
    const none = { noMould: false, noPinkFilm: false, smellsRight: false };
    expect((await give(o2, s2.id, { memberId: a2.user.id, healthCheck: none })).statusCode).toBe(
      201,
    );
    expect((await received(a2)).received[0]?.healthCheck).toBeNull();
  });

  it.each([
    ['a value that is not true or false', { noMould: 'yes' }],
    ['a tick the check does not have', { noMould: true, clean: true }],
    ['a list instead of ticks', ['noMould']],
  ])('refuses %s with 400 and records nothing', async (_name, healthCheck) => {
    const { owner, asker, starter } = await setting();
    const res = await give(owner, starter.id, { memberId: asker.user.id, healthCheck });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTruthy();
    expect(await t.db.select().from(handovers).where(eq(handovers.starterId, starter.id))).toEqual(
      [],
    );
    const [row] = await t.db
      .select({ given: starters.portionsGiven })
      .from(starters)
      .where(eq(starters.id, starter.id));
    expect(row?.given).toBe(0);
  });
});
