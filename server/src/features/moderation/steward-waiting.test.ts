import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as clock from '../../clock/clock';
import { createStarterRow, createTestApp, signedInMember, type TestApp } from '../../test/app';
import {
  bellOf,
  heldMessage,
  LEEDS,
  LONDON,
  mailTo,
  remindOfWaiting,
  waitingFor,
} from '../../test/held';

/*
 * A steward hears of what waits in their area as moderators hear of everything (decision 174):
 * counts on the Held and Reports tabs, a bell item and a daily mail; never of anything outside.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  clock.resetClock();
  await t?.close();
});

const HOUR_MS = 60 * 60 * 1000;

async function heldListingAt(where: typeof LEEDS) {
  const owner = await signedInMember(t.db, where);
  await createStarterRow(t.db, owner.user.id, {
    ...where,
    title: 'Kefir grains for sale',
    heldAt: clock.now(),
    heldCodes: ['money'],
  });
}

async function reportedListingAt(where: typeof LEEDS) {
  const owner = await signedInMember(t.db, where);
  const starter = await createStarterRow(t.db, owner.user.id, where);
  const reporter = await signedInMember(t.db, LONDON);
  const res = await t.call(reporter, 'POST', '/api/reports', {
    starterId: starter.id,
    reason: 'spam',
    description: 'Looks like an advert',
  });
  expect(res.statusCode).toBe(201);
}

describe('what waits for a steward', () => {
  it('counts and rings only what lies in their area, and says nothing while none does', async () => {
    const moderator = await signedInMember(t.db, { isModerator: true });
    const steward = await signedInMember(t.db, LEEDS);
    const appointed = await t.call(moderator, 'POST', '/api/moderation/stewards', {
      memberId: steward.user.id,
      place: 'Leeds, England, United Kingdom',
      radiusKm: 25,
    });
    expect(appointed.statusCode).toBe(201);

    // London's held listing, held message and report wait: for moderators, not for Leeds.
    await heldListingAt(LONDON);
    await heldMessage(t, { sender: LONDON, listingAt: LEEDS });
    await reportedListingAt(LONDON);
    const everything = await waitingFor(t, moderator);
    expect(everything.held.count).toBe(2);
    expect(everything.reports.count).toBe(1);
    expect(await waitingFor(t, steward)).toEqual({
      held: { count: 0, oldestAt: null },
      reports: { count: 0, oldestAt: null },
    });
    await remindOfWaiting(t);
    expect(await bellOf(t, moderator)).toHaveLength(1);
    expect(await bellOf(t, steward)).toEqual([]);
    expect(await mailTo(t, steward)).toHaveLength(0);

    // Three hours later Leeds has a held listing, a held message and a report.
    clock.advanceClock(3 * HOUR_MS);
    await heldListingAt(LEEDS);
    clock.advanceClock(HOUR_MS);
    await heldMessage(t, { sender: LEEDS, listingAt: LEEDS });
    await reportedListingAt(LEEDS);
    const inLeeds = await waitingFor(t, steward);
    expect(inLeeds.held.count).toBe(2);
    expect(inLeeds.reports.count).toBe(1);
    expect(Date.parse(inLeeds.held.oldestAt!)).toBeGreaterThan(
      Date.parse(everything.held.oldestAt!),
    );
    const queue = (await t.call(steward, 'GET', '/api/moderation/held-starters')).json();
    const messages = (await t.call(steward, 'GET', '/api/moderation/held')).json();
    const reports = (await t.call(steward, 'GET', '/api/reports?status=pending')).json();
    expect(queue.length + messages.length).toBe(inLeeds.held.count);
    expect(reports).toHaveLength(inLeeds.reports.count);

    clock.advanceClock(HOUR_MS);
    await remindOfWaiting(t);
    expect(await bellOf(t, steward)).toEqual([
      expect.objectContaining({
        title: '3 items wait in your area',
        body: expect.stringMatching(/^Held: 2 · Reports: 1\. The oldest has waited \d+ hours\.$/),
        url: expect.stringMatching(/^\/moderation\?tab=(held|reports)$/),
      }),
    ]);
    const mails = await mailTo(t, steward);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('3 items wait in your area');
    expect(mails[0]!.textBody).toContain('Held messages and listings: 2. Pending reports: 1.');
    expect(mails[0]!.textBody).toContain('because you are a steward for an area');

    // Once a day, as moderators.
    await remindOfWaiting(t);
    expect(await bellOf(t, steward)).toHaveLength(1);
  });

  it('is refused to a member who stewards nothing', async () => {
    const member = await signedInMember(t.db, LEEDS);
    expect((await t.call(member, 'GET', '/api/moderation/waiting')).statusCode).toBe(403);
  });
});
