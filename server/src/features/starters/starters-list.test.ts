import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StarterList } from '../../../../common/listings/starters';
import { users } from '../../db/schema';
import {
  createMember,
  createStarterRow,
  createTestApp,
  sessionCookieFor,
  type TestApp,
} from '../../test/app';

let t: TestApp;
const ids: Record<string, number> = {};

const minutesAgo = (m: number) => new Date(Date.UTC(2025, 5, 1, 12, 0) - m * 60_000);

// Places (centres) used for 'closest'.
const PORTLAND = { latitude: 45.52345, longitude: -122.67621 };
const SEATTLE = { latitude: 47.60621, longitude: -122.33207 };
const BOSTON = { latitude: 42.35843, longitude: -71.05977 };

beforeAll(async () => {
  t = await createTestApp();
  const owner = await createMember(t.db, { username: 'culturekeeper' });
  const banned = await createMember(t.db, { bannedAt: new Date() });
  const seed = async (
    key: string,
    userId: string,
    overrides: Parameters<typeof createStarterRow>[2],
  ) => {
    ids[key] = (await createStarterRow(t.db, userId, overrides)).id;
  };
  await seed('kefir', owner.id, {
    title: 'Milk kefir grains',
    description: 'Plump grains that ferment a litre of milk overnight.',
    category: 'dairy',
    subcategory: 'kefir',
    starterType: 'Kefir grains',
    location: 'Portland, Oregon',
    ...PORTLAND,
    createdAt: minutesAgo(50),
  });
  await seed('yogurt', owner.id, {
    title: 'Heirloom yogurt',
    description: 'Bulgarian style culture, thick and tangy, from my grandmother.',
    category: 'dairy',
    subcategory: 'yogurt',
    starterType: 'Yogurt starter cultures',
    location: 'Seattle, Washington',
    ...SEATTLE,
    createdAt: minutesAgo(40),
  });
  await seed('sourdough', owner.id, {
    title: 'Rye sourdough',
    description: 'Vigorous rye starter that doubles in four hours; kefir-free.',
    category: 'grain',
    subcategory: 'sourdough',
    starterType: 'Sourdough starter',
    location: 'Boston, Massachusetts',
    ...BOSTON,
    createdAt: minutesAgo(30),
  });
  await seed('scoby', owner.id, {
    title: 'Kombucha mother',
    description: 'A thick pellicle with strong starter tea, smells like apple cider vinegar.',
    category: 'beverage',
    subcategory: 'scoby',
    starterType: 'SCOBY/pellicle (kombucha)',
    location: 'Tiny Hamlet, Nowhereland',
    createdAt: minutesAgo(20),
  });
  await seed('claimed', owner.id, {
    title: 'Koji spores',
    description: 'Aspergillus oryzae spores for miso and amazake making.',
    category: 'legume',
    subcategory: 'other',
    starterType: 'Koji',
    location: 'Portland, Maine',
    isClaimed: true,
    createdAt: minutesAgo(10),
  });
  // Never listed: removed by a moderator, inactive, or owned by a banned member.
  await seed('removed', owner.id, {
    title: 'Removed kefir',
    description: 'This starter was removed by a moderator.',
    removedAt: new Date(),
    isActive: false,
    createdAt: minutesAgo(5),
  });
  await seed('inactive', owner.id, {
    title: 'Archived kefir',
    description: 'The owner archived this starter.',
    isActive: false,
    createdAt: minutesAgo(4),
  });
  await seed('banned', banned.id, {
    title: 'Banned kefir',
    description: 'Posted by a banned member.',
    createdAt: minutesAgo(3),
  });
});
afterAll(async () => {
  await t?.close();
});

async function list(query: string, cookie?: string) {
  const res = await t.app.inject({
    url: `/api/starters${query}`,
    headers: cookie ? { cookie } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<StarterList>();
  const names = body.starters.map((s) => Object.keys(ids).find((k) => ids[k] === s.id));
  return { ...body, names };
}

describe('GET /api/starters', () => {
  it('lists active starters newest first, claimed ones included after, with owners but no emails', async () => {
    const { names, total, starters } = await list('');
    // Available before claimed, however new the claimed one is.
    expect(names).toEqual(['scoby', 'sourdough', 'yogurt', 'kefir', 'claimed']);
    expect(total).toBe(5);
    expect(starters[4]).toMatchObject({
      isClaimed: true,
      user: { username: 'culturekeeper' },
    });
    expect(JSON.stringify(starters)).not.toContain('@example.test');
  });

  it('leaves claimed starters out when browse asks it to, in every order and count', async () => {
    const hidden = await list('?claimed=hide');
    expect(hidden.names).toEqual(['scoby', 'sourdough', 'yogurt', 'kefir']);
    expect(hidden.total).toBe(4);
    expect((await list('?claimed=hide&location=portland')).names).toEqual(['kefir']);
    const near = await list(
      `?claimed=hide&sort=closest&lat=${SEATTLE.latitude}&lng=${SEATTLE.longitude}`,
    );
    expect(near.names).toEqual(['yogurt', 'kefir', 'sourdough', 'scoby']);
    expect((await list('?claimed=show')).names).toContain('claimed');
    const wrong = await t.app.inject({ url: '/api/starters?claimed=maybe' });
    expect(wrong.statusCode).toBe(400);
  });

  it('pages with limit and offset and reports the full total', async () => {
    const first = await list('?limit=2&offset=0');
    expect(first.names).toEqual(['scoby', 'sourdough']);
    expect(first.total).toBe(5);
    expect((await list('?limit=2&offset=2')).names).toEqual(['yogurt', 'kefir']);
    const last = await list('?limit=2&offset=4');
    expect(last.names).toEqual(['claimed']);
    expect(last.total).toBe(5);
    expect((await list('?limit=2&offset=10')).names).toEqual([]);
  });

  it('uses 12 as the default page size', async () => {
    const app = await createTestApp();
    try {
      const member = await createMember(app.db);
      for (let i = 0; i < 14; i++) await createStarterRow(app.db, member.id);
      const res = await app.app.inject('/api/starters');
      expect(res.json().starters).toHaveLength(12);
      expect(res.json().total).toBe(14);
      expect((await app.app.inject('/api/starters?limit=50')).json().starters).toHaveLength(14);
    } finally {
      await app.close();
    }
  });

  it('filters by category, by starter type, and treats "all" as any', async () => {
    expect((await list('?category=dairy')).names).toEqual(['yogurt', 'kefir']);
    expect((await list('?category=dairy&subcategory=kefir')).names).toEqual(['kefir']);
    expect((await list('?category=dairy&subcategory=all')).names).toEqual(['yogurt', 'kefir']);
    expect((await list('?subcategory=all')).total).toBe(5);
    expect((await list('?category=all')).total).toBe(5);
    expect((await list('?category=legume&subcategory=other')).names).toEqual(['claimed']);
    const none = await list('?category=other');
    expect(none.names).toEqual([]);
    expect(none.total).toBe(0);
  });

  it('filters by location words, as prefixes, whatever the case', async () => {
    expect((await list('?location=portland')).names).toEqual(['kefir', 'claimed']);
    expect((await list('?location=Portland%2C%20Oregon')).names).toEqual(['kefir']);
    expect((await list('?location=seat')).names).toEqual(['yogurt']);
    // A word of a starter type is not a place.
    expect((await list('?location=kefir')).names).toEqual([]);
  });

  it('searches title, description, type and location with prefix matching', async () => {
    expect((await list('?search=pellicle')).names).toEqual(['scoby']);
    expect((await list('?search=grandm')).names).toEqual(['yogurt']);
    expect((await list('?search=Bulgarian%20tangy')).names).toEqual(['yogurt']);
    expect((await list('?search=kombucha')).names).toEqual(['scoby']);
    expect((await list('?search=boston')).names).toEqual(['sourdough']);
    expect((await list('?search=nothing-like-this')).names).toEqual([]);
    // Stemming: "fermenting" finds "ferment".
    expect((await list('?search=fermenting')).names).toEqual(['kefir']);
  });

  it('ranks a title match above a passing mention', async () => {
    // "kefir" is the title of one and a word in the other's description.
    const { names, total } = await list('?search=kefir&sort=best');
    expect(names).toEqual(['kefir', 'sourdough']);
    expect(total).toBe(2);
  });

  it('treats SQL and tsquery syntax in the search as plain words', async () => {
    for (const search of ["'; DROP TABLE starters; --", 'a & | ! ( ) :* <->', '\\', '%', '::']) {
      const res = await t.app.inject(`/api/starters?search=${encodeURIComponent(search)}`);
      expect(res.statusCode).toBe(200);
    }
    expect((await list('')).total).toBe(5);
  });

  it('combines search with category, paging and the total', async () => {
    const res = await list('?search=kefir&category=grain');
    expect(res.names).toEqual(['sourdough']);
    expect(res.total).toBe(1);
    const paged = await list('?search=kefir&sort=best&limit=1&offset=1');
    expect(paged.names).toEqual(['sourdough']);
    expect(paged.total).toBe(2);
  });

  it('sorts oldest first', async () => {
    expect((await list('?sort=oldest')).names).toEqual([
      'kefir',
      'yogurt',
      'sourdough',
      'scoby',
      'claimed',
    ]);
    expect((await list('?sort=newest')).names[0]).toBe('scoby');
  });

  it("sorts closest to the browser's position, unknown places last", async () => {
    // Standing in Seattle: Seattle, then Portland, then Boston; unknown places after, newest first.
    const near = await list(`?sort=closest&lat=${SEATTLE.latitude}&lng=${SEATTLE.longitude}`);
    expect(near.names).toEqual(['yogurt', 'kefir', 'sourdough', 'scoby', 'claimed']);
    const east = await list('?sort=closest&lat=40.7&lng=-74.0');
    // Great-circle distances: from New York, Seattle (3,870 km) is nearer than Portland (3,940 km).
    expect(east.names.slice(0, 3)).toEqual(['sourdough', 'yogurt', 'kefir']);
  });

  it("sorts closest to the member's profile place when the browser gives none", async () => {
    const member = await createMember(t.db);
    await t.db
      .update(users)
      .set({ location: 'Boston, Massachusetts', ...BOSTON })
      .where(eq(users.id, member.id));
    const cookie = await sessionCookieFor(t.db, member.id);
    const res = await list('?sort=closest', cookie);
    expect(res.names.slice(0, 3)).toEqual(['sourdough', 'yogurt', 'kefir']);
    expect(res.names.slice(3)).toEqual(['scoby', 'claimed']);
    // Without any position 'closest' falls back to newest.
    expect((await list('?sort=closest')).names[0]).toBe('scoby');
  });

  it.each([
    'limit=0',
    'limit=51',
    'limit=abc',
    'limit=1.5',
    'offset=-1',
    'offset=x',
    'category=meat',
    'subcategory=pizza',
    'sort=random',
    'lat=abc&lng=1',
    'lat=91&lng=0',
    'lat=45',
    `search=${'a'.repeat(201)}`,
  ])('answers 400, not 5xx, for %s', async (query) => {
    const res = await t.app.inject(`/api/starters?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
  });

  it('accepts blank optional parameters as absent', async () => {
    expect((await list('?category=&subcategory=&search=&location=&sort=')).total).toBe(5);
  });
});
