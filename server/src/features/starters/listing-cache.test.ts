import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  starterListQuerySchema,
  type Starter,
  type StarterList,
} from '../../../../common/listings/starters';
import { starters, users } from '../../db/schema';
import { createStarterRow, createTestApp, signedInMember, type TestApp } from '../../test/app';
import { normaliseListQuery } from './browse-query';
import { LISTING_CHANGED_CHANNEL, ListingCache } from './listing-cache';

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
    // Room for two answers of this size, not three.
    const answer = 'x'.repeat(1000);
    const cache = new ListingCache({ maxBytes: 5000, maxEntryBytes: 5000 });
    const compute = vi.fn(async () => answer);
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

describe('what the browse cache keeps', () => {
  it('keeps popular answers through a stream of questions nobody asks twice', async () => {
    const answer = 'x'.repeat(2000);
    // Room for about 20 answers.
    const cache = new ListingCache({ maxBytes: 20 * 4200 });
    const computed: string[] = [];
    const ask = (key: string) =>
      cache.get(key, async () => {
        computed.push(key);
        return answer;
      });
    const popular = Array.from({ length: 10 }, (_, i) => `popular-${i}`);
    for (let round = 0; round < 3; round++) for (const key of popular) await ask(key);
    expect(computed).toHaveLength(10);
    for (let i = 0; i < 1000; i++) await ask(`once-${i}`);
    computed.length = 0;
    for (const key of popular) await ask(key);
    expect(computed).toEqual([]);
    expect(cache.size).toBeLessThanOrEqual(20 * 4200);
  });

  it('lets a question that becomes popular in', async () => {
    const answer = 'x'.repeat(2000);
    const cache = new ListingCache({ maxBytes: 4 * 4200, maxEntryBytes: 4200 });
    const compute = vi.fn(async () => answer);
    for (let round = 0; round < 2; round++) {
      for (const key of ['a', 'b', 'c', 'd']) await cache.get(key, compute);
    }
    expect(compute).toHaveBeenCalledTimes(4);
    for (let i = 0; i < 5; i++) await cache.get('rising', compute);
    const calls = compute.mock.calls.length;
    await cache.get('rising', compute);
    expect(compute).toHaveBeenCalledTimes(calls);
  });
});

describe('browse answers in shared caches', () => {
  it('lets a shared cache keep a visitor’s answer briefly, and keeps a member’s private', async () => {
    const visitor = await t.app.inject('/api/starters?category=dairy');
    expect(visitor.statusCode).toBe(200);
    expect(visitor.headers['cache-control']).toMatch(
      /^public, max-age=\d+, stale-while-revalidate=\d+$/,
    );
    expect(String(visitor.headers.vary)).toMatch(/cookie/i);
    const member = await signedInMember(t.db);
    const asMember = await t.app.inject({
      url: '/api/starters?category=dairy',
      headers: { cookie: member.cookie },
    });
    expect(asMember.statusCode).toBe(200);
    expect(asMember.headers['cache-control']).toMatch(/^private/);
    expect(asMember.body).toBe(visitor.body);
    // A refused question is never kept by anyone.
    const refused = await t.app.inject('/api/starters?radiusKm=10');
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['cache-control'] ?? '').not.toMatch(/public/);
  });
});

describe('the browse cache under many questions', () => {
  const question = (raw: Record<string, string>) =>
    normaliseListQuery(starterListQuerySchema.parse(raw));

  it('gives questions that differ by a few metres or in spelling one key', () => {
    const key = (raw: Record<string, string>) => ListingCache.keyOf(question(raw), null);
    expect(key({ sort: 'closest', lat: '45.52311', lng: '-122.67652' })).toBe(
      key({ sort: 'closest', lat: '45.5249', lng: '-122.6751' }),
    );
    expect(key({ search: '  Sour   DOUGH!! ' })).toBe(key({ search: 'sour dough' }));
    // A position measures distances whatever the sort (decision 044), and so does a radius.
    expect(key({ lat: '1.234', lng: '5.678' })).not.toBe(key({}));
    expect(key({ lat: '1.234', lng: '5.678', radiusKm: '10' })).not.toBe(
      key({ lat: '1.234', lng: '5.678', radiusKm: '25' }),
    );
    // Without a position a radius means nothing here (the service refuses it first).
    expect(question({ radiusKm: '10' }).radiusKm).toBeUndefined();
    expect(question({ sort: 'closest', lat: '89.999', lng: '179.999' })).toMatchObject({
      lat: 90,
      lng: 180,
    });
  });

  it('stays under its byte bound however many distinct positions are asked', async () => {
    const maxBytes = 256 * 1024;
    const cache = new ListingCache({ maxBytes });
    const answer = JSON.stringify({ starters: [], total: 0, padding: 'x'.repeat(4000) });
    for (let i = 0; i < 2000; i++) {
      const q = question({
        sort: 'closest',
        lat: String(-80 + ((i * 0.37) % 160)),
        lng: String(-170 + ((i * 1.91) % 340)),
      });
      await cache.get(ListingCache.keyOf(q, null), async () => answer);
      expect(cache.size).toBeLessThanOrEqual(maxBytes);
    }
    expect(cache.size).toBeGreaterThan(maxBytes / 2);
  });

  it('does not keep one answer that would take a large share of the bound', async () => {
    const cache = new ListingCache({ maxBytes: 80_000 });
    await cache.get('small', async () => 'x'.repeat(1000));
    await cache.get('huge', async () => 'x'.repeat(20_000));
    expect(cache.size).toBeLessThan(10_000);
  });
});

describe('what empties the browse cache', () => {
  /** Changes a starter's title without telling any cache, as only a test can. */
  async function retitleQuietly(id: number, title: string) {
    await t.db.execute(sql`ALTER TABLE starters DISABLE TRIGGER starters_listing_changed`);
    try {
      await t.db.update(starters).set({ title }).where(eq(starters.id, id));
    } finally {
      await t.db.execute(sql`ALTER TABLE starters ENABLE TRIGGER starters_listing_changed`);
    }
  }

  it('is not a member saving their contact info or location', async () => {
    const heard: string[] = [];
    const stopChanges = await t.database.listen(LISTING_CHANGED_CHANNEL, () => {
      heard.push('listing');
    });
    let marked: () => void = () => {};
    const stopMarker = await t.database.listen('test_marker', () => marked());
    // Notifications arrive in order: once the marker is heard, every earlier one was too.
    const settle = async () => {
      const heardMarker = new Promise<void>((resolve) => (marked = resolve));
      await t.database.notify('test_marker', '');
      await heardMarker;
    };
    try {
      const owner = await signedInMember(t.db, { username: 'quiet_saver' });
      const starter = await createStarterRow(t.db, owner.user.id, { title: 'Cached water kefir' });
      const browse = async () =>
        ((await t.app.inject('/api/starters?search=cached')).json() as StarterList).starters.map(
          (s) => s.title,
        );
      await settle();
      expect(await browse()).toEqual(['Cached water kefir']);
      await retitleQuietly(starter.id, 'Renamed behind the cache');
      heard.length = 0;

      const saved = await t.call(owner, 'PATCH', '/api/users/profile', {
        username: 'quiet_saver',
        location: 'Austin, Texas',
        contactInfo: 'Text me',
      });
      expect(saved.statusCode).toBe(200);
      await settle();
      expect(heard).toEqual([]);
      expect(await browse()).toEqual(['Cached water kefir']);
    } finally {
      await stopChanges();
      await stopMarker();
    }
  });

  it('is a new, claimed or deleted starter, which shows on the very next request', async () => {
    const owner = await signedInMember(t.db);
    const first = await createStarterRow(t.db, owner.user.id, { title: 'Pantry rice koji' });
    const browse = async () =>
      ((await t.app.inject('/api/starters?search=koji')).json() as StarterList).starters;
    await vi.waitFor(async () => expect((await browse()).map((s) => s.id)).toEqual([first.id]));

    const form = new FormData();
    for (const [k, v] of Object.entries({
      title: 'Second rice koji',
      description: 'Koji spores on steamed rice, kept cool.',
      category: 'legume',
      subcategory: 'miso',
      starterType: 'Miso spores',
      location: 'Austin, Texas',
    }))
      form.append(k, v);
    const request = new Request('http://local/', { method: 'POST', body: form });
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/starters',
      headers: { cookie: owner.cookie, 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(posted.statusCode).toBe(201);
    const second = posted.json<Starter>();
    expect((await browse()).map((s) => s.id)).toEqual([second.id, first.id]);

    const claimed = await t.call(owner, 'PATCH', `/api/starters/${first.id}`, { isClaimed: true });
    expect(claimed.statusCode).toBe(200);
    expect((await browse()).find((s) => s.id === first.id)?.isClaimed).toBe(true);

    const deleted = await t.call(owner, 'DELETE', `/api/starters/${second.id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await browse()).map((s) => s.id)).toEqual([first.id]);
  });
});
