import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock } from '../../clock/clock';
import { createStarterRow, createTestApp, signedInMember, type TestApp } from '../../test/app';
import { REPLY_WINDOW_HOURS } from './handover-views.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Member = Awaited<ReturnType<typeof signedInMember>>;
const HOUR = 3_600_000;

async function send(from: Member, starterId: number, to: string, content: string) {
  const res = await t.call(from, 'POST', '/api/messages', { starterId, receiverId: to, content });
  expect(res.statusCode, res.body).toBe(201);
}

const summaryOf = async (m: Member) =>
  (await t.call(null, 'GET', `/api/users/${m.user.id}/summary`)).json();

describe('reply rate', () => {
  it('counts only conversations old enough to have been answered, by the server clock', async () => {
    const owner = await signedInMember(t.db);
    const starter = await createStarterRow(t.db, owner.user.id, { portions: 3 });
    const early = await signedInMember(t.db);
    const late = await signedInMember(t.db);

    // One question answered, one left unanswered: both two days old.
    await send(early, starter.id, owner.user.id, 'May I have some?');
    await send(owner, starter.id, early.user.id, 'Of course!');
    await send(late, starter.id, owner.user.id, 'Any left for me?');
    expect(await summaryOf(owner)).toMatchObject({ replyRate: null, typicalReplyMinutes: 0 });

    advanceClock((REPLY_WINDOW_HOURS + 1) * HOUR);
    expect((await summaryOf(owner)).replyRate).toBe(0.5);

    // A question asked a minute ago does not lower the rate…
    const fresh = await signedInMember(t.db);
    await send(fresh, starter.id, owner.user.id, 'Hello! Still available?');
    expect((await summaryOf(owner)).replyRate).toBe(0.5);

    // …until it has stood unanswered for the whole window.
    advanceClock(REPLY_WINDOW_HOURS * HOUR - 60_000);
    expect((await summaryOf(owner)).replyRate).toBe(0.5);
    advanceClock(2 * 60_000);
    expect((await summaryOf(owner)).replyRate).toBeCloseTo(1 / 3);
  });
});
