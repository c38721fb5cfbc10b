import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StarterList } from '../../../../common/starters';
import { starters, users } from '../../db/schema';
import { createStarterRow, createTestApp, signedInMember, type TestApp } from '../../test/app';
import { ListingCache } from './listing-cache';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const titles = async (url = '/api/starters?category=grain') =>
  ((await t.app.inject(url)).json() as StarterList).starters.map((s) => s.title);

describe('cached browse answers', () => {
  it('show a change made straight in the database (another server copy) at once', async () => {
    const { user } = await signedInMember(t.db);
    const starter = await createStarterRow(t.db, user.id, {
      title: 'Rye sour from the mill',
      category: 'grain',
      subcategory: 'sourdough',
      starterType: 'Sourdough starter',
    });
    expect(await titles()).toContain('Rye sour from the mill');
    expect(await titles()).toContain('Rye sour from the mill');

    await t.db
      .update(starters)
      .set({ isActive: false, removedAt: new Date() })
      .where(eq(starters.id, starter.id));
    await vi.waitFor(async () => expect(await titles()).not.toContain('Rye sour from the mill'));

    await createStarterRow(t.db, user.id, {
      title: 'Second rye sour',
      category: 'grain',
      subcategory: 'sourdough',
      starterType: 'Sourdough starter',
    });
    await vi.waitFor(async () => expect(await titles()).toContain('Second rye sour'));
  });

  it('show a member renaming themselves and a banned member’s starters going away', async () => {
    const { user } = await signedInMember(t.db, { username: 'before_rename' });
    await createStarterRow(t.db, user.id, { title: 'Kefir from a renamed member' });
    const owner = async () =>
      ((await t.app.inject('/api/starters?search=renamed')).json() as StarterList).starters[0]?.user
        .username;
    expect(await owner()).toBe('before_rename');
    await t.db.update(users).set({ username: 'after_rename' }).where(eq(users.id, user.id));
    await vi.waitFor(async () => expect(await owner()).toBe('after_rename'));
    await t.db.update(users).set({ bannedAt: new Date() }).where(eq(users.id, user.id));
    await vi.waitFor(async () => expect(await owner()).toBeUndefined());
  });

  it('show a starter posted through the API on the very next request', async () => {
    const { cookie } = await signedInMember(t.db);
    expect(await titles('/api/starters?category=beverage')).toEqual([]);
    const form = new FormData();
    for (const [k, v] of Object.entries({
      title: 'Fresh ginger bug',
      description: 'Fed daily with fresh ginger and sugar.',
      category: 'beverage',
      subcategory: 'gingerBug',
      starterType: 'Ginger bug',
      location: 'Austin, Texas',
    }))
      form.append(k, v);
    const request = new Request('http://local/', { method: 'POST', body: form });
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/starters',
      headers: { cookie, 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(posted.statusCode).toBe(201);
    expect(await titles('/api/starters?category=beverage')).toEqual(['Fresh ginger bug']);
  });
});

describe('ListingCache', () => {
  it('does not keep an answer computed before a change', async () => {
    const cache = new ListingCache();
    let release!: () => void;
    const slow = cache.get('k', () => new Promise((resolve) => (release = () => resolve('stale'))));
    cache.clear();
    release();
    expect(await slow).toBe('stale');
    expect(await cache.get('k', async () => 'fresh')).toBe('fresh');
  });

  it('answers a repeated question from memory and forgets the least recently used', async () => {
    const cache = new ListingCache(2);
    const compute = vi.fn(async () => 'answer');
    await cache.get('a', compute);
    await cache.get('a', compute);
    expect(compute).toHaveBeenCalledTimes(1);
    await cache.get('b', compute);
    await cache.get('a', compute);
    await cache.get('c', compute);
    await cache.get('a', compute);
    expect(compute).toHaveBeenCalledTimes(3);
    await cache.get('b', compute);
    expect(compute).toHaveBeenCalledTimes(4);
  });
});
