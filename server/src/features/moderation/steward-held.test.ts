import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { HELD_UNDO_MS } from '../../../../common/moderation/screening';
import * as clock from '../../clock/clock';
import { heldMessages, starters } from '../../db/schema';
import { createStarterRow, createTestApp, signedInMember, type TestApp } from '../../test/app';
import { heldMessage, LEEDS, LONDON, settleHeld } from '../../test/held';

/* A steward decides on what screening held in their area, as a moderator would (decision 166). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  clock.resetClock();
  await t?.close();
});

type Member = Awaited<ReturnType<typeof signedInMember>>;
const ids = async (as: Member, url: string) =>
  ((await t.call(as, 'GET', url)).json() as Array<{ id: number }>).map((h) => h.id);

async function leedsSteward() {
  const moderator = await signedInMember(t.db, { isModerator: true });
  const steward = await signedInMember(t.db, LEEDS);
  const res = await t.call(moderator, 'POST', '/api/moderation/stewards', {
    memberId: steward.user.id,
    place: 'Leeds, England, United Kingdom',
    radiusKm: 25,
  });
  expect(res.statusCode).toBe(201);
  return { moderator, steward };
}

async function heldListingAt(where: typeof LEEDS) {
  const owner = await signedInMember(t.db, where);
  const starter = await createStarterRow(t.db, owner.user.id, {
    ...where,
    title: 'Kefir grains for sale',
    heldAt: clock.now(),
    heldCodes: ['money'],
  });
  return starter.id;
}

describe('a steward and held items', () => {
  it('releases a held listing in their area, logged as a steward’s; one elsewhere does not exist for them', async () => {
    const { moderator, steward } = await leedsSteward();
    const leeds = await heldListingAt(LEEDS);
    const london = await heldListingAt(LONDON);

    const queue = await ids(steward, '/api/moderation/held-starters');
    expect(queue).toContain(leeds);
    expect(queue).not.toContain(london);
    expect(await ids(moderator, '/api/moderation/held-starters')).toEqual(
      expect.arrayContaining([leeds, london]),
    );

    for (const path of [`${london}`, `${london}/undo`]) {
      const far = await t.call(steward, 'POST', `/api/moderation/held-starters/${path}`, {
        decision: 'release',
      });
      expect(far.statusCode).toBe(404);
    }
    const released = await t.call(steward, 'POST', `/api/moderation/held-starters/${leeds}`, {
      decision: 'release',
    });
    expect(released.statusCode).toBe(200);
    expect(released.json()).toMatchObject({ id: leeds, status: 'released' });
    // The same minute to undo as a moderator's.
    expect(
      (await t.call(steward, 'POST', `/api/moderation/held-starters/${leeds}/undo`)).statusCode,
    ).toBe(200);
    expect(
      (
        await t.call(steward, 'POST', `/api/moderation/held-starters/${leeds}`, {
          decision: 'release',
        })
      ).statusCode,
    ).toBe(200);
    clock.advanceClock(HELD_UNDO_MS);
    await settleHeld(t);

    const audit = (await t.call(moderator, 'GET', '/api/moderation/audit')).json();
    const entry = audit.find(
      (e: { action: string; starter: { id: number } | null }) =>
        e.action === 'release_starter' && e.starter?.id === leeds,
    );
    expect(entry).toMatchObject({ moderator: { id: steward.user.id }, details: { steward: true } });
  });

  it('rejects a held message whose sender lives in their area, and cannot see one from elsewhere', async () => {
    const { moderator, steward } = await leedsSteward();
    const near = (await heldMessage(t, { sender: LEEDS, listingAt: LONDON })).id;
    const far = (await heldMessage(t, { sender: LONDON, listingAt: LONDON })).id;
    const queue = await ids(steward, '/api/moderation/held');
    expect(queue).toContain(near);
    expect(queue).not.toContain(far);

    const outside = await t.call(steward, 'POST', `/api/moderation/held/${far}`, {
      decision: 'reject',
    });
    expect(outside.statusCode).toBe(404);
    // A week at most, as for any steward's suspension.
    const tooLong = await t.call(steward, 'POST', `/api/moderation/held/${near}`, {
      decision: 'reject',
      suspendDays: 30,
    });
    expect(tooLong.statusCode).toBe(400);
    const rejected = await t.call(steward, 'POST', `/api/moderation/held/${near}`, {
      decision: 'reject',
    });
    expect(rejected.statusCode).toBe(200);
    clock.advanceClock(HELD_UNDO_MS);
    await settleHeld(t);
    const [row] = await t.db.select().from(heldMessages).where(eq(heldMessages.id, near));
    expect(row).toMatchObject({ status: 'rejected', decidedBy: steward.user.id });
    const audit = (await t.call(moderator, 'GET', '/api/moderation/audit')).json();
    expect(
      audit.find(
        (e: { action: string; details: { heldMessageId?: number } }) =>
          e.action === 'reject_message' && e.details.heldMessageId === near,
      ),
    ).toMatchObject({ moderator: { id: steward.user.id }, details: { steward: true } });
  });

  it('opens a held listing’s page in their area, as its owner and moderators can; not one elsewhere, and not for other members', async () => {
    const { steward } = await leedsSteward();
    const neighbour = await signedInMember(t.db, LEEDS);
    const leeds = await heldListingAt(LEEDS);
    const london = await heldListingAt(LONDON);

    const page = await t.call(steward, 'GET', `/api/starters/${leeds}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().title).toBe('Kefir grains for sale');
    expect((await t.call(steward, 'GET', `/api/starters/${london}`)).statusCode).toBe(404);
    expect((await t.call(neighbour, 'GET', `/api/starters/${leeds}`)).statusCode).toBe(404);
    // Seeing it gives no more than that: no message, no report.
    const [owner] = await t.db
      .select({ id: starters.userId })
      .from(starters)
      .where(eq(starters.id, leeds));
    const message = await t.call(steward, 'POST', '/api/messages', {
      starterId: leeds,
      receiverId: owner!.id,
      content: 'Is it still there?',
    });
    expect(message.statusCode).toBe(409);

    // Once rejected and removed, it is gone for the steward as for any member.
    await t.call(steward, 'POST', `/api/moderation/held-starters/${leeds}`, { decision: 'reject' });
    clock.advanceClock(HELD_UNDO_MS + 1000);
    await settleHeld(t);
    expect((await t.call(steward, 'GET', `/api/starters/${leeds}`)).statusCode).toBe(404);
  });

  it('refuses members who steward nothing', async () => {
    const member = await signedInMember(t.db, LEEDS);
    expect((await t.call(member, 'GET', '/api/moderation/held')).statusCode).toBe(403);
    expect((await t.call(member, 'GET', '/api/moderation/held-starters')).statusCode).toBe(403);
  });
});
