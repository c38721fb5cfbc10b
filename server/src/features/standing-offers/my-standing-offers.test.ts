import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyStandingOffers } from '../../../../common/conversations/standing-offers';
import { standingOffers } from '../../db/schema';
import { createStarterRow, createTestApp, signedInMember, type TestApp } from '../../test/app';
import { runStandingOfferRounds } from './rounds';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const mine = async (who: { cookie: string }) => {
  const res = await t.call(who, 'GET', '/api/me/standing-offers');
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return res.json<MyStandingOffers>();
};

describe('GET /api/me/standing-offers', () => {
  it('lists the standing offers a member runs and the turns offered to them', async () => {
    const owner = await signedInMember(t.db);
    const starter = await createStarterRow(t.db, owner.user.id, {
      title: 'Kombucha SCOBY',
      portions: 2,
    });
    const saved = await t.call(owner, 'POST', `/api/starters/${starter.id}/standing-offer`, {
      batchSize: 1,
      cadenceDays: 7,
      answerHours: 48,
      limitWeeks: 4,
      mode: 'longest_waiting',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [first, second] = [await signedInMember(t.db), await signedInMember(t.db)];
    for (const m of [first, second]) {
      expect((await t.call(m, 'POST', `/api/starters/${starter.id}/waitlist`)).statusCode).toBe(
        200,
      );
    }
    const before = await mine(owner);
    expect(before.giving).toEqual([
      expect.objectContaining({ starterId: starter.id, title: 'Kombucha SCOBY', waiting: 2 }),
    ]);
    expect(before.giving[0]!.paused).toBe(false);
    expect(before.offeredToMe).toEqual([]);
    expect(await mine(first)).toEqual({ giving: [], offeredToMe: [] });

    // A round offers the first in line a portion: it waits for their answer.
    await t.db
      .update(standingOffers)
      .set({ nextRoundAt: sql`now() - interval '1 second'` })
      .where(eq(standingOffers.starterId, starter.id));
    await runStandingOfferRounds({ db: t.db, config: t.config, live: { publish: async () => {} } });
    const turn = (await mine(first)).offeredToMe;
    expect(turn).toEqual([
      expect.objectContaining({ starterId: starter.id, title: 'Kombucha SCOBY' }),
    ]);
    expect((await mine(second)).offeredToMe).toEqual([]);
    expect((await t.call(null, 'GET', '/api/me/standing-offers')).statusCode).toBe(401);
  });
});
