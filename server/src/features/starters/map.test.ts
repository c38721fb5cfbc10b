import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  MAP_BBOX_FORMAT,
  MAP_BBOX_INVERTED,
  MAP_MAX_FEATURES,
  MAP_ZOOM_RANGE,
  starterMapQuerySchema,
  type PlaceLabels,
  type StarterMap,
} from '../../../../common/listings/starter-map';
import { starterPlaceCounts, starters, users } from '../../db/schema';
import { createMember, createStarterRow, createTestApp, type TestApp } from '../../test/app';
import { loadConfig, tileSource } from '../../config';
import * as clock from '../../clock/clock';
import { hideExpiredListings, shownPublicly } from '../../access/starter-visibility';
import { ListingCache } from './listing-cache';
import { starterMap } from './map.service';

/*
 * The browse map's answers: bounded however many starters a view holds, right at the edges of
 * the view and of the zoom range, across the antimeridian, with the list's filters, and never
 * showing a listing the public may not see.
 */

let t: TestApp;
let ownerId: string;

// Place centres as the gazetteer has them.
const SUVA = { latitude: -18.14161, longitude: 178.44149 };
const APIA = { latitude: -13.83333, longitude: -171.76666 };
const LEEDS = { latitude: 53.79648, longitude: -1.54785 };
const YORK = { latitude: 53.95763, longitude: -1.08271 };
const PORTLAND = { latitude: 45.52345, longitude: -122.67621 };

async function map(query: string): Promise<StarterMap & { status: number }> {
  const res = await t.app.inject({ url: `/api/starters/map?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return { ...(res.json() as StarterMap), status: res.statusCode };
}

/** Every starter id an answer shows one by one, and how many its clusters hold. */
const shown = (m: StarterMap) => ({
  ids: m.starters.map((s) => s.id).sort((a, b) => a - b),
  clustered: m.clusters.reduce((n, c) => n + c.count, 0),
});

const seed = async (overrides: Parameters<typeof createStarterRow>[2]) =>
  (await createStarterRow(t.db, ownerId, overrides)).id;

beforeAll(async () => {
  t = await createTestApp();
  ownerId = (await createMember(t.db, { username: 'mapper' })).id;
});
afterAll(() => t?.close());

describe('GET /api/starters/map refuses a view it cannot read', () => {
  it.each([
    ['bbox=1,2,3&zoom=3', MAP_BBOX_FORMAT],
    ['bbox=a,b,c,d&zoom=3', MAP_BBOX_FORMAT],
    ['bbox=1,2,3,4,5&zoom=3', MAP_BBOX_FORMAT],
    ['bbox=1e1,2,3,4&zoom=3', MAP_BBOX_FORMAT],
    ['bbox=,,,&zoom=3', MAP_BBOX_FORMAT],
    ['bbox=0,10,5,5&zoom=3', MAP_BBOX_INVERTED],
    ['bbox=-190,0,5,5&zoom=3', /out of range/],
    ['bbox=0,-91,5,5&zoom=3', /out of range/],
    ['bbox=0,0,5,5&zoom=-1', MAP_ZOOM_RANGE],
    ['bbox=0,0,5,5&zoom=21', MAP_ZOOM_RANGE],
    ['bbox=0,0,5,5&zoom=near', MAP_ZOOM_RANGE],
    ['zoom=3', /bbox/],
    ['bbox=0,0,5,5', /zoom/],
    ['bbox=0,0,5,5&zoom=3&radiusKm=10', /radiusKm needs a place/],
    ['bbox=0,0,5,5&zoom=3&category=cheese', /Unknown category/],
  ])('%s → 400', async (query, message) => {
    const res = await t.app.inject({ url: `/api/starters/map?${query}` });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { message: string };
    if (typeof message === 'string') expect(body.message).toBe(message);
    else expect(body.message).toMatch(message);
  });

  it('takes the ends of the zoom range, and a point-sized view', async () => {
    for (const zoom of [0, 20, 12.5]) await map(`bbox=-180,-90,180,90&zoom=${zoom}`);
    await map('bbox=10,10,10,10&zoom=5');
  });
});

describe('views', () => {
  let suva: number, apia: number, leeds: number, york: number;
  beforeAll(async () => {
    suva = await seed({ title: 'Suva kombucha', ...SUVA, location: 'Suva, Fiji' });
    apia = await seed({ title: 'Apia yogurt', ...APIA, location: 'Apia, Samoa' });
    leeds = await seed({ title: 'Leeds kefir', ...LEEDS, location: 'Leeds' });
    york = await seed({ title: 'York kefir', ...YORK, location: 'York' });
  });

  it('across the antimeridian (west > east) holds both sides and nothing between', async () => {
    for (const zoom of [3, 12]) {
      const m = await map(`bbox=170,-25,-165,-5&zoom=${zoom}`);
      const { ids, clustered } = shown(m);
      expect(m.total).toBe(2);
      expect(ids.length + clustered).toBe(2);
      if (zoom === 12) expect(ids).toEqual([suva, apia].sort((a, b) => a - b));
    }
    // The same longitudes the other way round are the rest of the world: not Fiji or Samoa.
    const other = await map(`bbox=-165,-25,170,-5&zoom=3`);
    expect(other.total).toBe(0);
  });

  it('counts a starter on the edge of the view and not one just outside', async () => {
    const edge = `${LEEDS.longitude},${LEEDS.latitude},${YORK.longitude},${YORK.latitude}`;
    const inside = await map(`bbox=${edge}&zoom=12`);
    expect(shown(inside).ids).toEqual([leeds, york]);
    const outside = await map(
      `bbox=${LEEDS.longitude + 0.001},${LEEDS.latitude},${YORK.longitude},${YORK.latitude - 0.001}&zoom=12`,
    );
    expect(outside.total).toBe(0);
  });

  it('sends starters one by one from the points zoom, with what a preview needs', async () => {
    const m = await map('bbox=-3,53,0,55&zoom=10');
    expect(m.clusters).toEqual([]);
    const york_ = m.starters.find((s) => s.id === york)!;
    expect(york_).toEqual({
      id: york,
      lat: YORK.latitude,
      lng: YORK.longitude,
      title: 'York kefir',
      category: 'dairy',
      subcategory: 'kefir',
      imageUrl: null,
    });
  });

  it('clusters below the points zoom: Leeds and York are one cluster over Britain', async () => {
    const m = await map('bbox=-11,49,2,61&zoom=4');
    expect(m.total).toBe(2);
    expect(m.starters).toEqual([]);
    expect(m.clusters).toHaveLength(1);
    const [c] = m.clusters;
    expect(c!.count).toBe(2);
    expect(c!.bbox).toEqual([LEEDS.longitude, LEEDS.latitude, YORK.longitude, YORK.latitude]);
    expect(c!.lat).toBeCloseTo((LEEDS.latitude + YORK.latitude) / 2, 6);
    expect(c!.lng).toBeCloseTo((LEEDS.longitude + YORK.longitude) / 2, 6);
  });

  it('shows a lone starter as itself even when zoomed out', async () => {
    const m = await map('bbox=-180,-60,180,80&zoom=1');
    expect(m.starters.map((s) => s.id)).toEqual(expect.arrayContaining([suva, apia]));
  });
});

describe('an answer stays bounded', () => {
  beforeAll(async () => {
    // 2,400 starters at 1,200 places over North America, two at each.
    await t.db.execute(sql`
      INSERT INTO starters (user_id, title, description, category, subcategory, starter_type,
        location, latitude, longitude)
      SELECT ${ownerId}, 'Grid kefir ' || g, 'Healthy grains fed daily with whole milk.',
        'dairy', 'kefir', 'Kefir grains', 'Gridtown',
        30 + (g % 1200) / 40 * 0.5, -120 + (g % 40) * 1.0
      FROM generate_series(0, 2399) g`);
    // 600 at one town's centre.
    await t.db.execute(sql`
      INSERT INTO starters (user_id, title, description, category, subcategory, starter_type,
        location, latitude, longitude)
      SELECT ${ownerId}, 'Busy kefir ' || g, 'Healthy grains fed daily with whole milk.',
        'dairy', 'kefir', 'Kefir grains', 'Busytown', 10.5, 10.5
      FROM generate_series(1, 600) g`);
  });

  const features = (m: StarterMap) => m.clusters.length + m.starters.length;

  it.each([0, 2, 5, 8, 9, 10, 13, 16, 20])(
    'at zoom %i over the whole world: at most 500 features, every match counted',
    async (zoom) => {
      const m = await map(`bbox=-180,-85,180,85&zoom=${zoom}`);
      expect(features(m)).toBeLessThanOrEqual(MAP_MAX_FEATURES);
      expect(m.total).toBeGreaterThanOrEqual(3000);
      const { ids, clustered } = shown(m);
      if (m.starters.length < MAP_MAX_FEATURES) expect(ids.length + clustered).toBe(m.total);
    },
  );

  it('over North America: 2,400 counted, clusters inside the view', async () => {
    const m = await map('bbox=-125,25,-75,50&zoom=4');
    expect(m.total).toBe(2400);
    expect(features(m)).toBeLessThanOrEqual(MAP_MAX_FEATURES);
    for (const c of m.clusters) {
      const [w, s, e, n] = c.bbox;
      expect(w).toBeGreaterThanOrEqual(-125);
      expect(e).toBeLessThanOrEqual(-75);
      expect(s).toBeGreaterThanOrEqual(25);
      expect(n).toBeLessThanOrEqual(50);
      expect(c.lat).toBeGreaterThanOrEqual(s);
      expect(c.lat).toBeLessThanOrEqual(n);
    }
  });

  it('a view of streets holding 600 at one place sends the newest 500 and counts 600', async () => {
    const m = await map('bbox=10.49,10.49,10.51,10.51&zoom=16');
    expect(m.total).toBe(600);
    expect(m.starters).toHaveLength(MAP_MAX_FEATURES);
    expect(m.clusters).toEqual([]);
    // A little further out it is one cluster of 600.
    const out = await map('bbox=10,10,11,11&zoom=11');
    expect(out.clusters).toEqual([
      expect.objectContaining({ count: 600, bbox: [10.5, 10.5, 10.5, 10.5] }),
    ]);
  });
});

describe('filters and what the public may see', () => {
  const VIEW = `bbox=-123,45,-122,46&zoom=12`;
  let kefir: number, sourdough: number;
  const hidden: Record<string, number> = {};

  beforeAll(async () => {
    kefir = await seed({ title: 'Portland kefir', ...PORTLAND, location: 'Portland, Oregon' });
    sourdough = await seed({
      title: 'Portland sourdough',
      category: 'grain',
      subcategory: 'sourdough',
      starterType: 'Sourdough starter',
      ...PORTLAND,
      location: 'Portland, Oregon',
    });
    const past = new Date(Date.now() - 60_000);
    hidden.removed = await seed({ ...PORTLAND, isActive: false, removedAt: past });
    hidden.deleted = await seed({ ...PORTLAND, deletedAt: past });
    hidden.unlisted = await seed({ ...PORTLAND, isActive: false });
    hidden.expired = await seed({ ...PORTLAND, availableUntil: past });
    hidden.reported = await seed({ ...PORTLAND, heldForReviewAt: past });
    hidden.screened = await seed({ ...PORTLAND, heldAt: past });
    const banned = await createMember(t.db, { username: 'banned-mapper' });
    hidden.banned = (await createStarterRow(t.db, banned.id, { ...PORTLAND })).id;
    await t.db.update(users).set({ bannedAt: past }).where(eq(users.id, banned.id));
    const suspended = await createMember(t.db, { username: 'suspended-mapper' });
    hidden.suspended = (await createStarterRow(t.db, suspended.id, { ...PORTLAND })).id;
    await t.db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, suspended.id));
  });

  it('shows only public listings, in points and in counts', async () => {
    const m = await map(VIEW);
    expect(shown(m).ids).toEqual([kefir, sourdough]);
    expect(m.total).toBe(2);
    const out = await map('bbox=-130,40,-121,50&zoom=3');
    expect(out.total).toBe(2);
    const member = await t.app.inject({ url: `/api/starters/map?${VIEW}` });
    for (const id of Object.values(hidden)) expect(member.body).not.toContain(`"id":${id},`);
  });

  it('applies the category, type, search and place filters of the list', async () => {
    expect(shown(await map(`${VIEW}&category=grain`)).ids).toEqual([sourdough]);
    expect(shown(await map(`${VIEW}&category=dairy&subcategory=kefir`)).ids).toEqual([kefir]);
    expect(shown(await map(`${VIEW}&search=sourdough`)).ids).toEqual([sourdough]);
    expect(shown(await map(`${VIEW}&location=portland&category=dairy`)).ids).toEqual([kefir]);
    // Within 10 km of Portland; nothing within 10 km of Salem.
    const near = await map(`${VIEW}&near=${encodeURIComponent('Portland, Oregon')}&radiusKm=10`);
    expect(shown(near).ids).toEqual([kefir, sourdough]);
    const salem = await map(`${VIEW}&near=${encodeURIComponent('Salem, Oregon')}&radiusKm=10`);
    expect(salem.total).toBe(0);
  });

  it('keeps claimed listings, as the list does', async () => {
    await t.db.update(starters).set({ isClaimed: true }).where(eq(starters.id, sourdough));
    expect(shown(await map(`${VIEW}&category=grain&subcategory=sourdough`)).ids).toEqual([
      sourdough,
    ]);
  });
});

describe('zoomed out, views are counted from the place counts (decision 112)', () => {
  // Two places of their own, far from the other tests' starters.
  const OSLO = { latitude: 59.91273, longitude: 10.74609, location: 'Oslo, Norway' };
  const BERGEN = { latitude: 60.39299, longitude: 5.32415, location: 'Bergen, Norway' };
  const FILTERS = [
    {},
    { category: 'dairy' },
    { category: 'dairy', subcategory: 'kefir' },
    { subcategory: 'sourdough' },
    { lat: OSLO.latitude, lng: OSLO.longitude, radiusKm: 50 },
    // Words are not in the counts: counted starter by starter, to the same answer.
    { location: 'oslo' },
  ];
  const HOUR = 3_600_000;
  let owner: string, other: string;
  const ids: number[] = [];
  afterEach(() => clock.resetClock());

  /** The view's answer straight from the database, never from the cache. */
  async function counted(query: Record<string, unknown>): Promise<StarterMap> {
    const deps = { db: t.db, listings: new ListingCache({ maxBytes: 0 }) };
    return JSON.parse(
      await starterMap(deps, starterMapQuerySchema.parse({ bbox: '4,58,12,62', ...query })),
    ) as StarterMap;
  }

  /** The kept counts match the rows, and every filter counts what the list may show. */
  async function expectExact(step: string) {
    const place = (r: {
      latitude: number;
      longitude: number;
      category: string;
      subcategory: string;
      n: number;
    }) => `${r.latitude},${r.longitude},${r.category},${r.subcategory}:${Number(r.n)}`;
    const kept = await t.db
      .select({
        latitude: starterPlaceCounts.latitude,
        longitude: starterPlaceCounts.longitude,
        category: starterPlaceCounts.category,
        subcategory: starterPlaceCounts.subcategory,
        n: starterPlaceCounts.starters,
      })
      .from(starterPlaceCounts)
      .where(sql`${starterPlaceCounts.starters} > 0`);
    const fromRows = await t.db
      .select({
        latitude: sql<number>`${starters.latitude}`,
        longitude: sql<number>`${starters.longitude}`,
        category: starters.category,
        subcategory: starters.subcategory,
        n: sql<number>`count(*)::int`,
      })
      .from(starters)
      .where(and(eq(starters.visible, true), sql`${starters.latitude} IS NOT NULL`))
      .groupBy(starters.latitude, starters.longitude, starters.category, starters.subcategory);
    expect(kept.map(place).sort(), step).toEqual(fromRows.map(place).sort());

    const shownNow = await t.db
      .select({
        id: starters.id,
        latitude: starters.latitude,
        category: starters.category,
        subcategory: starters.subcategory,
      })
      .from(starters)
      .where(and(shownPublicly(), sql`${starters.id} IN (${sql.join(ids, sql`, `)})`));
    for (const filter of FILTERS) {
      const expected = shownNow.filter(
        (s) =>
          (!('category' in filter) || s.category === filter.category) &&
          (!('subcategory' in filter) || s.subcategory === filter.subcategory) &&
          (!('radiusKm' in filter || 'location' in filter) || s.latitude === OSLO.latitude),
      );
      for (const zoom of [3, 7]) {
        const m = await counted({ ...filter, zoom });
        const what = `${step}, ${JSON.stringify(filter)} at zoom ${zoom}`;
        expect(m.total, what).toBe(expected.length);
        const { ids: one, clustered } = shown(m);
        expect(one.length + clustered, what).toBe(expected.length);
        for (const id of one)
          expect(
            expected.map((s) => s.id),
            what,
          ).toContain(id);
      }
    }
  }

  it('stays exact through every change a listing and its owner go through', async () => {
    owner = (await createMember(t.db, { username: 'oslo-sharer' })).id;
    other = (await createMember(t.db, { username: 'bergen-sharer' })).id;
    const until = () => new Date(clock.nowMs() + 30 * 24 * HOUR);
    for (let i = 0; i < 3; i++) ids.push((await createStarterRow(t.db, owner, OSLO)).id);
    ids.push(
      (
        await createStarterRow(t.db, owner, {
          ...OSLO,
          category: 'grain',
          subcategory: 'sourdough',
          starterType: 'Sourdough starter',
        })
      ).id,
    );
    // Alone at Bergen: a point, found by its place.
    ids.push((await createStarterRow(t.db, other, BERGEN)).id);
    await expectExact('as posted');

    const [a, b, c, , lone] = ids as [number, number, number, number, number];
    const set = (id: number, values: Partial<typeof starters.$inferInsert>) =>
      t.db.update(starters).set(values).where(eq(starters.id, id));
    const setOwner = (id: string, values: Partial<typeof users.$inferInsert>) =>
      t.db.update(users).set(values).where(eq(users.id, id));

    await set(a, { category: 'grain', subcategory: 'sourdough', starterType: 'Sourdough' });
    await expectExact('a new type');
    await set(b, BERGEN);
    await expectExact('moved to Bergen');
    await set(c, { isActive: false, removedAt: new Date() });
    await expectExact('removed');
    await set(c, { isActive: true, removedAt: null });
    await expectExact('restored');
    await setOwner(other, { suspendedUntil: new Date(clock.nowMs() + HOUR) });
    await expectExact('owner suspended');
    await setOwner(other, { suspendedUntil: null });
    await expectExact('suspension lifted');
    await set(lone, { availableUntil: new Date(clock.nowMs() + HOUR) });
    clock.advanceClock(2 * HOUR);
    await expectExact('its date passed, the job not yet run');
    expect(await hideExpiredListings(t.db)).toBeGreaterThanOrEqual(1);
    await expectExact('hidden by the job');
    await set(lone, { availableUntil: until() });
    await expectExact('renewed');
    await setOwner(owner, { bannedAt: new Date() });
    await expectExact('owner banned');
    await setOwner(owner, { bannedAt: null });
    await expectExact('ban lifted');
    await t.db.delete(starters).where(eq(starters.id, a));
    ids.splice(ids.indexOf(a), 1);
    await expectExact('deleted');
  });
});

describe('MAP_TILES_URL', () => {
  it('is refused at start unless it is an http(s) tile address', () => {
    for (const bad of ['tiles.example.org/{z}/{x}/{y}.png', 'https://t.example.org/{z}.png']) {
      expect(() => loadConfig({ MAP_TILES_URL: bad })).toThrow(/MAP_TILES_URL/);
    }
    expect(loadConfig({}).mapTilesUrl).toBeUndefined();
    expect(tileSource('https://{s}.tile.example.org/{z}/{x}/{y}{r}.png')).toBe(
      'https://*.tile.example.org',
    );
  });

  it("adds the tile server to the CSP's img-src and tells the app", async () => {
    const plain = await t.app.inject('/api/site');
    expect(plain.json()).toMatchObject({ mapTilesUrl: null });
    expect(String(plain.headers['content-security-policy'])).toContain(
      "img-src 'self' data: blob:;",
    );
    const template = 'https://tiles.example.org/{z}/{x}/{y}.png';
    const tiled = await createTestApp({ MAP_TILES_URL: template });
    try {
      const res = await tiled.app.inject('/api/site');
      expect(res.json()).toMatchObject({ mapTilesUrl: template });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("img-src 'self' data: blob: https://tiles.example.org;");
      expect(csp).toContain("connect-src 'self';");
    } finally {
      await tiled.close();
    }
  });
});

describe('GET /api/places/labels', () => {
  const labels = async (query: string) => {
    const res = await t.app.inject({ url: `/api/places/labels?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as PlaceLabels).labels;
  };

  it('names countries zoomed out, states closer, towns closest, inside the view', async () => {
    const world = await labels('bbox=-180,-85,180,85&zoom=2');
    expect(world.map((l) => l.name)).toContain('Australia');
    const oregon = await labels('bbox=-125,41,-116,47&zoom=5');
    expect(oregon.map((l) => l.name)).toContain('Oregon');
    const portland = await labels('bbox=-122.72,45.5,-122.63,45.55&zoom=13');
    expect(portland.map((l) => l.name)).toContain('Portland');
    const around = await labels('bbox=-122.8,45.4,-122.5,45.6&zoom=11');
    expect(around.length).toBeGreaterThan(3);
    for (const l of around) {
      expect(l.lat).toBeGreaterThanOrEqual(45.4);
      expect(l.lng).toBeLessThanOrEqual(-122.5);
    }
  });

  it('names the larger place where two share a square: countries and states by their towns', async () => {
    const world = (await labels('bbox=-180,-85,180,85&zoom=2')).map((l) => l.name);
    expect(world).toEqual(expect.arrayContaining(['United States', 'Brazil', 'Russia', 'India']));
    expect(world).not.toContain('Aland Islands');
    const europe = (await labels('bbox=-12,35,30,60&zoom=3')).map((l) => l.name);
    expect(europe).not.toContain('Andorra');
    expect(europe).not.toContain('Gibraltar');
    const states = (await labels('bbox=-125,30,-65,50&zoom=4')).map((l) => l.name);
    expect(states).toEqual(expect.arrayContaining(['Texas', 'California', 'New York']));
  });

  it('keeps names apart, bounded, and across the antimeridian', async () => {
    const many = await labels('bbox=-180,-85,180,85&zoom=8');
    expect(many.length).toBeLessThanOrEqual(80);
    const pacific = await labels('bbox=170,-25,-165,-5&zoom=4');
    expect(pacific.length).toBeGreaterThan(0);
    for (const l of pacific) expect(l.lng >= 170 || l.lng <= -165).toBe(true);
    const res = await t.app.inject({ url: '/api/places/labels?bbox=0,10,5,5&zoom=3' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MAP_BBOX_INVERTED);
  });
});

describe('GET /api/places/centre', () => {
  it("answers a known place's centre and 404 for an unknown one", async () => {
    const res = await t.app.inject({
      url: `/api/places/centre?name=${encodeURIComponent('Portland, Oregon')}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      name: 'Portland, Oregon, United States',
      lat: PORTLAND.latitude,
      lng: PORTLAND.longitude,
    });
    const unknown = await t.app.inject({ url: '/api/places/centre?name=Nowhereville%20Zzz' });
    expect(unknown.statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/places/centre?name=' })).statusCode).toBe(400);
  });
});
