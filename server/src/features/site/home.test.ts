import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lineage } from '../../../../common/cultures/lineage';
import type { HomeAnswer } from '../../../../common/site/site';
import type { StarterList } from '../../../../common/listings/starters';
import { handovers, starters } from '../../db/schema';
import {
  createMember,
  createStarterRow,
  createTestApp,
  receivedHandover,
  signedInMember,
  type TestApp,
} from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const json = async <T>(url: string, who: { cookie: string } | null = null) => {
  const res = await t.call(who, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};

const portland = { location: 'Portland, Oregon', latitude: 45.5234, longitude: -122.6762 };
const seattle = { location: 'Seattle, Washington', latitude: 47.6062, longitude: -122.3321 };
const DAY = 86_400_000;

describe('GET /api/site/home', () => {
  it('counts true figures, kitchens reached by the same rule as family trees and summaries', async () => {
    // A shares a culture; B and C confirm receiving it; B posts one grown from it, which D
    // receives. A's kitchen is where it started: three kitchens reached (B, C, D).
    const a = await createMember(t.db);
    const root = await createStarterRow(t.db, a.id, { title: 'First sharer kefir' });
    const [b, c, d] = [
      await createMember(t.db),
      await createMember(t.db),
      await createMember(t.db),
    ];
    await receivedHandover(t.db, { starterId: root.id, giverId: a.id, recipientId: b.id });
    await receivedHandover(t.db, { starterId: root.id, giverId: a.id, recipientId: c.id });
    const child = await createStarterRow(t.db, b.id, {
      title: 'Second kitchen',
      parentId: root.id,
    });
    await receivedHandover(t.db, { starterId: child.id, giverId: b.id, recipientId: d.id });
    // Not kitchens reached: a hand-over waiting for "Received", and one of a removed listing.
    const waiting = await createMember(t.db);
    await t.db
      .insert(handovers)
      .values({ starterId: root.id, giverId: a.id, recipientId: waiting.id });
    const removed = await createStarterRow(t.db, a.id, { title: 'Removed one' });
    await t.db
      .update(starters)
      .set({ isActive: false, removedAt: new Date() })
      .where(eq(starters.id, removed.id));
    await receivedHandover(t.db, { starterId: removed.id, giverId: a.id, recipientId: waiting.id });
    // Not shared any more: an expired, unclaimed listing.
    await createStarterRow(t.db, a.id, {
      title: 'Expired one',
      availableUntil: new Date(Date.now() - 1000),
    });

    const home = await json<HomeAnswer>('/api/site/home');
    const browse = await json<StarterList>('/api/starters?limit=50');
    expect(home.figures).toEqual({ startersShared: 2, kitchensReached: 3 });
    // Starters shared: what browse lists and counts.
    expect(home.figures.startersShared).toBe(browse.total);
    // One number, wherever "kitchens reached" is shown.
    const family = await json<Lineage>(`/api/starters/${root.id}/lineage`);
    expect(family.kitchens).toBe(3);
    expect((await json<Lineage>(`/api/starters/${child.id}/lineage`)).kitchens).toBe(3);
    const summary = await json<{ kitchensReached: number }>(`/api/users/${a.id}/summary`);
    expect(summary.kitchensReached).toBe(3);

    // Visitors get the newest listings; nothing says where they are.
    expect(home.nearby.near).toBeNull();
    expect(home.nearby.starters.map((s) => s.title)).toEqual([
      'Second kitchen',
      'First sharer kefir',
    ]);
  });

  it('puts listings near a member’s profile place first, the newest for anyone else', async () => {
    const fresh = await createTestApp();
    try {
      const owner = await createMember(fresh.db);
      const now = Date.now();
      const near = await createStarterRow(fresh.db, owner.id, {
        title: 'Portland sourdough',
        ...portland,
        createdAt: new Date(now - 5 * DAY),
      });
      const far = await createStarterRow(fresh.db, owner.id, {
        title: 'Seattle kombucha',
        ...seattle,
        createdAt: new Date(now - DAY),
      });
      const call = async (who: { cookie: string } | null) => {
        const res = await fresh.call(who, 'GET', '/api/site/home');
        expect(res.statusCode, res.body).toBe(200);
        return res.json<HomeAnswer>();
      };
      const member = await signedInMember(fresh.db, portland);
      const mine = await call(member);
      expect(mine.nearby.near).toBe('Portland, Oregon');
      expect(mine.nearby.starters.map((s) => s.id)).toEqual([near.id, far.id]);
      expect(mine.figures.startersShared).toBe(2);

      // No known place: the newest first, and no claim of nearness.
      const unplaced = await signedInMember(fresh.db, { location: 'Somewhere unknown' });
      const theirs = await call(unplaced);
      expect(theirs.nearby.near).toBeNull();
      expect(theirs.nearby.starters.map((s) => s.id)).toEqual([far.id, near.id]);
      expect((await call(null)).nearby.starters.map((s) => s.id)).toEqual([far.id, near.id]);
    } finally {
      await fresh.close();
    }
  });
});
