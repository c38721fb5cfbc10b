import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  FEEDBACK_NOT_FOUND,
  FEEDBACK_NOT_WITHDRAWABLE,
} from '../../../../common/conversations/handovers';
import type { Message } from '../../../../common/conversations/messages';
import { DAY_MS, HOUR_MS as HOUR } from '../../../../common/site/time';
import { advanceClock, now, resetClock } from '../../clock/clock';
import { feedback } from '../../db/schema';
import { trustFacts } from '../../access/trust';
import { createStarterRow, createTestApp, signedInMember, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
// Listings are made on the wall clock's day: each test starts from it again.
afterEach(resetClock);
afterAll(async () => {
  await t?.close();
});

type Member = Awaited<ReturnType<typeof signedInMember>>;

async function say(from: Member, starterId: number, to: string, content: string) {
  const res = await t.call(from, 'POST', '/api/messages', { starterId, receiverId: to, content });
  expect(res.statusCode, res.body).toBe(201);
}

/** Gil gives Bea a portion, she confirms it: both may leave feedback. */
async function confirmedHandover() {
  const gil = await signedInMember(t.db, { username: null, firstName: 'Gil' });
  const bea = await signedInMember(t.db, { username: null, firstName: 'Bea' });
  const starter = await createStarterRow(t.db, gil.user.id, { portions: 3 });
  await say(bea, starter.id, gil.user.id, 'May I have some?');
  await say(gil, starter.id, bea.user.id, 'Of course!');
  const given = await t.call(gil, 'POST', `/api/starters/${starter.id}/handovers`, {
    memberId: bea.user.id,
  });
  expect(given.statusCode, given.body).toBe(201);
  const id: number = given.json().id;
  const confirmed = await t.call(bea, 'POST', `/api/handovers/${id}/confirm`, { received: true });
  expect(confirmed.statusCode).toBe(204);
  return { gil, bea, starter, id };
}

const summaryOf = async (member: Member) =>
  (await t.call(null, 'GET', `/api/users/${member.user.id}/summary`)).json();

async function feedbackLines(member: Member, starterId: number, other: string) {
  const res = await t.call(member, 'GET', `/api/messages/starter/${starterId}?with=${other}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Message[])
    .filter((m) => m.kind === 'system' && m.system?.event.startsWith('feedback_'))
    .map((m) => m.content);
}

async function myGiven(member: Member, handoverId: number) {
  const mine = (await t.call(member, 'GET', '/api/me/handovers')).json();
  return mine.given.find((h: { id: number }) => h.id === handoverId);
}

describe('a 👎 waits 48 hours before it counts', () => {
  it('counts nowhere until then, then in the summary and the no-shows of the year', async () => {
    const { gil, bea, starter, id } = await confirmedHandover();
    const left = now();
    const down = await t.call(gil, 'POST', `/api/handovers/${id}/feedback`, {
      rating: 'down',
      reason: 'no-show',
      note: 'Waited an hour',
    });
    expect(down.statusCode, down.body).toBe(201);
    const up = await t.call(bea, 'POST', `/api/handovers/${id}/feedback`, { rating: 'up' });
    expect(up.statusCode).toBe(201);

    // A 👍 counts at once; the 👎 does not, anywhere.
    expect(await summaryOf(gil)).toMatchObject({ thumbsUp: 1, thumbsDown: 0 });
    expect(await summaryOf(bea)).toMatchObject({ thumbsUp: 0, thumbsDown: 0, noShows365d: 0 });
    expect(await trustFacts(t.db, bea.user)).toMatchObject({ feedbackUp: 0, feedbackDown: 0 });
    expect(await trustFacts(t.db, gil.user)).toMatchObject({ feedbackUp: 1, feedbackDown: 0 });

    // Bea reads it as waiting, never as counted; Gil is offered to withdraw it until then.
    const [beaLine] = await feedbackLines(bea, starter.id, gil.user.id);
    expect(beaLine).toMatch(
      /^👎 Gil says the hand-over did not go well: “Waited an hour”\. It counts from \w{3}, \w{3} \d+, \d{4} unless they withdraw it$/,
    );
    const mine = await myGiven(gil, id);
    expect(mine).toMatchObject({ myFeedback: 'down', canLeaveFeedback: false });
    const until = Date.parse(mine.myFeedbackWithdrawableUntil);
    expect(until - left.getTime()).toBeGreaterThanOrEqual(48 * HOUR - 1000);
    expect(until - left.getTime()).toBeLessThanOrEqual(48 * HOUR + 1000);
    // Bea's 👍 cannot be withdrawn, and she cannot withdraw Gil's.
    const upBack = await t.call(bea, 'DELETE', `/api/handovers/${id}/feedback`);
    expect(upBack.statusCode).toBe(409);
    expect(upBack.json().message).toBe(FEEDBACK_NOT_WITHDRAWABLE);

    advanceClock(47 * HOUR);
    expect(await summaryOf(bea)).toMatchObject({ thumbsDown: 0, noShows365d: 0 });

    advanceClock(2 * HOUR);
    expect(await summaryOf(bea)).toMatchObject({ thumbsDown: 1, noShows365d: 1 });
    expect(await trustFacts(t.db, bea.user)).toMatchObject({ feedbackDown: 1 });
    expect((await myGiven(gil, id)).myFeedbackWithdrawableUntil).toBeNull();
    const late = await t.call(gil, 'DELETE', `/api/handovers/${id}/feedback`);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(FEEDBACK_NOT_WITHDRAWABLE);
    expect(await t.db.select().from(feedback).where(eq(feedback.handoverId, id))).toHaveLength(2);

    // The 👎 fades from the thumbs after six months; the no-show stays for the year.
    advanceClock(200 * DAY_MS);
    expect(await summaryOf(bea)).toMatchObject({ thumbsDown: 0, noShows365d: 1 });
    advanceClock(170 * DAY_MS);
    expect(await summaryOf(bea)).toMatchObject({ thumbsDown: 0, noShows365d: 0 });
  });

  it('its giver withdraws it within the 48 hours: gone, a line says so, they may rate again', async () => {
    const { gil, bea, starter, id } = await confirmedHandover();
    const url = `/api/handovers/${id}/feedback`;
    expect((await t.call(gil, 'DELETE', url)).json().message).toBe(FEEDBACK_NOT_FOUND);
    expect((await t.call(gil, 'POST', url, { rating: 'down', reason: 'late' })).statusCode).toBe(
      201,
    );
    // Only its giver: Bea left none, a stranger has none, a bad id is a 400.
    expect((await t.call(bea, 'DELETE', url)).statusCode).toBe(404);
    expect((await t.call(await signedInMember(t.db), 'DELETE', url)).statusCode).toBe(404);
    expect((await t.call(null, 'DELETE', url)).statusCode).toBe(401);
    expect((await t.call(gil, 'DELETE', '/api/handovers/nope/feedback')).statusCode).toBe(400);

    advanceClock(47 * HOUR);
    const back = await t.call(gil, 'DELETE', url);
    expect(back.statusCode, back.body).toBe(204);
    expect(await t.db.select().from(feedback).where(eq(feedback.handoverId, id))).toEqual([]);
    expect((await feedbackLines(bea, starter.id, gil.user.id)).at(-1)).toBe(
      'Gil withdrew their 👎: it does not count',
    );
    expect((await feedbackLines(gil, starter.id, bea.user.id)).at(-1)).toBe(
      'You withdrew your 👎 for Bea: it does not count',
    );
    expect(await myGiven(gil, id)).toMatchObject({
      myFeedback: null,
      canLeaveFeedback: true,
      myFeedbackWithdrawableUntil: null,
    });
    expect((await t.call(gil, 'DELETE', url)).statusCode).toBe(404);

    advanceClock(3 * HOUR);
    expect(await summaryOf(bea)).toMatchObject({ thumbsUp: 0, thumbsDown: 0 });
    // Rated again, the new one waits its own 48 hours.
    expect((await t.call(gil, 'POST', url, { rating: 'up' })).statusCode).toBe(201);
    expect(await summaryOf(bea)).toMatchObject({ thumbsUp: 1, thumbsDown: 0 });
  });
});

/** A pickup time `hours` from now by the server's clock, as typed on a UTC wall clock. */
const pickupIn = (hours: number) =>
  new Date(now().getTime() + hours * HOUR).toISOString().slice(0, 16);

describe('late cancellations over the last year', () => {
  it('count backing out (or the owner releasing) within 24 hours of the pickup time', async () => {
    const gil = await signedInMember(t.db);
    const starter = await createStarterRow(t.db, gil.user.id, { portions: 5 });
    const [bea, cal] = [await signedInMember(t.db), await signedInMember(t.db)];
    for (const m of [bea, cal]) await say(m, starter.id, gil.user.id, 'May I have some?');
    const reserve = async (member: Member, at: string | null) => {
      const res = await t.call(gil, 'POST', `/api/starters/${starter.id}/reservations`, {
        memberId: member.user.id,
        ...(at ? { at } : {}),
      });
      expect(res.statusCode, res.body).toBe(201);
      return `/api/reservations/${res.json().id}`;
    };
    const cancel = async (who: Member, url: string) =>
      expect(
        (await t.call(who, 'DELETE', url, who === gil ? { reason: 'Sorry' } : {})).statusCode,
      ).toBe(204);

    await cancel(bea, await reserve(bea, pickupIn(72))); // early: fine
    await cancel(bea, await reserve(bea, null)); // no time: cannot be late
    await cancel(bea, await reserve(bea, pickupIn(5))); // late
    await cancel(gil, await reserve(cal, pickupIn(10))); // the owner, late
    const afterTheTime = await reserve(cal, pickupIn(1));
    advanceClock(2 * HOUR);
    await cancel(gil, afterTheTime); // the owner giving up on a no-show: not theirs

    expect((await summaryOf(bea)).lateCancellations365d).toBe(1);
    expect((await summaryOf(gil)).lateCancellations365d).toBe(1);
    expect((await summaryOf(cal)).lateCancellations365d).toBe(0);
    advanceClock(366 * DAY_MS);
    expect((await summaryOf(bea)).lateCancellations365d).toBe(0);
  });
});

describe('feedback is offered only where it would be taken', () => {
  it('asks "How did it go?" of neither side until the giver has written back too', async () => {
    const gil = await signedInMember(t.db, { username: null, firstName: 'Gil' });
    const bea = await signedInMember(t.db, { username: null, firstName: 'Bea' });
    const starter = await createStarterRow(t.db, gil.user.id, { portions: 3 });
    // Bea asks; Gil hands it over without a word, and she confirms it.
    await say(bea, starter.id, gil.user.id, 'May I have some?');
    const given = await t.call(gil, 'POST', `/api/starters/${starter.id}/handovers`, {
      memberId: bea.user.id,
    });
    expect(given.statusCode, given.body).toBe(201);
    const id: number = given.json().id;
    const confirmed = await t.call(bea, 'POST', `/api/handovers/${id}/confirm`, { received: true });
    expect(confirmed.statusCode).toBe(204);
    const received = async () =>
      (await t.call(bea, 'GET', '/api/me/handovers'))
        .json()
        .received.find((h: { id: number }) => h.id === id);

    expect(await received()).toMatchObject({ canLeaveFeedback: false });
    expect(await myGiven(gil, id)).toMatchObject({ canLeaveFeedback: false });
    const refused = await t.call(bea, 'POST', `/api/handovers/${id}/feedback`, { rating: 'up' });
    expect(refused.statusCode).toBe(403);

    await say(gil, starter.id, bea.user.id, 'Enjoy it!');
    expect(await received()).toMatchObject({ canLeaveFeedback: true });
    expect(await myGiven(gil, id)).toMatchObject({ canLeaveFeedback: true });
  });
});
