import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { starterListQuerySchema, type StarterList } from '../../../../common/listings/starters';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openPostgres, type Database } from '../../db/client';
import { starters, users } from '../../db/schema';
import {
  createMember,
  createStarterRow,
  createTestApp,
  signedInMember,
  type TestApp,
} from '../../test/app';
import { createPostgresTestDatabase, openTestDatabase, planOf } from '../../test/database';
import { rowsOf } from '../../db/rows';
import { shownNoLonger } from '../../access/starter-visibility';
import * as clock from '../../clock/clock';
import { earthOf } from '../places/earth';
import { browseFilters, placedMatchesOverCap, TOTAL_CAP } from './browse-plan';
import { ListingCache } from './listing-cache';
import { browseStarters } from './starters.service';

let t: TestApp;
let ownerId: string;
beforeAll(async () => {
  t = await createTestApp();
  ownerId = (await createMember(t.db)).id;
});
afterAll(async () => {
  await t?.close();
});

async function list(app: TestApp['app'], query: string) {
  const res = await app.inject(`/api/starters?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<StarterList>();
}

/** `count` grain listings of the owner, alike but for the number after their title. */
async function insertListings(
  count: number,
  l: {
    title: string;
    description: string;
    subcategory: string;
    starterType: string;
    location: string;
  },
) {
  await t.db.execute(sql`
    INSERT INTO starters (user_id, title, description, category, subcategory, starter_type, location)
    SELECT ${ownerId}, ${l.title} || ' ' || g, ${l.description}, 'grain', ${l.subcategory},
      ${l.starterType}, ${l.location}
    FROM generate_series(1, ${count}) g`);
}

const minutesAgo = (m: number) => new Date(Date.UTC(2025, 0, 1) - m * 60_000);

describe('browse totals', () => {
  it('are exact up to the cap and say when they stop there', async () => {
    await insertListings(TOTAL_CAP + 5, {
      title: 'Bulk idli batter',
      description: 'Fermented rice and urad batter, ready to share.',
      subcategory: 'idli',
      starterType: 'Idli starter',
      location: 'Chennai, India',
    });
    const many = await list(t.app, 'category=grain&subcategory=idli');
    expect(many.total).toBe(TOTAL_CAP);
    expect(many.totalIsCapped).toBe(true);
    expect(many.starters).toHaveLength(12);
    const searched = await list(t.app, 'search=urad&limit=50&offset=950');
    expect(searched).toMatchObject({ total: TOTAL_CAP, totalIsCapped: true });
    expect(searched.starters).toHaveLength(50);

    await createStarterRow(t.db, ownerId, {
      title: 'Teff injera starter',
      category: 'grain',
      subcategory: 'injera',
      starterType: 'Injera starter',
    });
    const few = await list(t.app, 'category=grain&subcategory=injera');
    expect(few).toMatchObject({ total: 1, totalIsCapped: false });
    const none = await list(t.app, 'search=nothingmatchesthis');
    expect(none).toMatchObject({ total: 0, totalIsCapped: false, starters: [] });
  });
});

describe('sorts under a search', () => {
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    const seed = async (key: string, overrides: Parameters<typeof createStarterRow>[2]) => {
      ids[key] = (await createStarterRow(t.db, ownerId, overrides)).id;
    };
    // "tibicos" is the title of the oldest and a passing word in the newer ones.
    await seed('title', {
      title: 'Tibicos crystals',
      description: 'Water kefir crystals, plump and fizzy.',
      category: 'beverage',
      subcategory: 'waterKefir',
      starterType: 'Water kefir grains',
      location: 'Lisbon, Portugal',
      latitude: 38.72,
      longitude: -9.14,
      createdAt: minutesAgo(30),
    });
    await seed('middle', {
      title: 'Sugar water grains',
      description: 'Also called tibicos by some; they brew in two days.',
      category: 'beverage',
      subcategory: 'waterKefir',
      starterType: 'Water kefir grains',
      location: 'Madrid, Spain',
      latitude: 40.42,
      longitude: -3.7,
      createdAt: minutesAgo(20),
    });
    await seed('newest', {
      title: 'Fizzy grains',
      description: 'My tibicos make lemonade sparkle.',
      category: 'beverage',
      subcategory: 'waterKefir',
      starterType: 'Water kefir grains',
      location: 'Somewhere by the sea',
      createdAt: minutesAgo(10),
    });
  });
  const names = (body: StarterList) =>
    body.starters.map((s) => Object.keys(ids).find((k) => ids[k] === s.id));

  it.each([
    ['', ['newest', 'middle', 'title']],
    ['&sort=newest', ['newest', 'middle', 'title']],
    ['&sort=oldest', ['title', 'middle', 'newest']],
    ['&sort=best', ['title', 'newest', 'middle']],
    // From Paris: Madrid is nearer than Lisbon; the unknown place comes last.
    ['&sort=closest&lat=48.86&lng=2.35', ['middle', 'title', 'newest']],
  ])('search=tibicos%s', async (sort, expected) => {
    const body = await list(t.app, `search=tibicos${sort}`);
    expect(names(body)).toEqual(expected);
    expect(body).toMatchObject({ total: 3, totalIsCapped: false });
  });

  it('pages across the end of the known places', async () => {
    const from = 'search=tibicos&sort=closest&lat=48.86&lng=2.35&limit=1';
    const pages = [];
    for (const offset of [0, 1, 2, 3])
      pages.push(names(await list(t.app, `${from}&offset=${offset}`)));
    expect(pages).toEqual([['middle'], ['title'], ['newest'], []]);
    expect(names(await list(t.app, `${from.replace('limit=1', 'limit=2')}&offset=1`))).toEqual([
      'title',
      'newest',
    ]);
  });
});

/** Great-circle distance in km (haversine), as a check independent of the database. */
function kmBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

describe('closest', () => {
  it('orders by real distance over the whole earth', async () => {
    const places = [
      ['Tromsø', 69.65, 18.96],
      ['Reykjavik', 64.15, -21.94],
      ['Wellington', -41.29, 174.78],
      ['Suva', -18.14, 178.44],
      ['Anchorage', 61.22, -149.9],
      ['Quito', -0.18, -78.47],
      ['Nairobi', -1.29, 36.82],
      ['Ushuaia', -54.8, -68.3],
      ['Honolulu', 21.31, -157.86],
      ['Tokyo', 35.68, 139.69],
    ] as const;
    const byId = new Map<number, { lat: number; lng: number }>();
    for (const [name, lat, lng] of places) {
      const row = await createStarterRow(t.db, ownerId, {
        title: `Vinegar mother from ${name}`,
        category: 'other',
        subcategory: 'wild',
        starterType: 'Wild Ferment',
        location: name,
        latitude: lat,
        longitude: lng,
      });
      byId.set(row.id, { lat, lng });
    }
    // Across the date line and near the poles, where flat-map distances go wrong.
    for (const here of [
      { lat: -17.7, lng: -179.9 },
      { lat: 78.2, lng: 15.6 },
      { lat: 0, lng: 0 },
    ]) {
      const body = await list(
        t.app,
        `category=other&sort=closest&lat=${here.lat}&lng=${here.lng}&limit=50`,
      );
      const got = body.starters.map((s) => byId.get(s.id)).filter((p) => p !== undefined);
      expect(got).toHaveLength(places.length);
      const km = got.map((p) => kmBetween(here, p));
      expect(km).toEqual([...km].sort((a, b) => a - b));
    }
  });
});

describe('closest, many starters at one place', () => {
  it('pages through a place newest first, none twice and none missed', async () => {
    const ids: number[] = [];
    // Oldest first, so the expected order (newest first) is the reverse.
    for (let i = 0; i < 30; i++) {
      const row = await createStarterRow(t.db, ownerId, {
        title: `Natto spores ${i}`,
        category: 'legume',
        subcategory: 'bacterial',
        starterType: 'Bacterial starters',
        location: 'Mito, Japan',
        latitude: 36.37,
        longitude: 140.47,
        createdAt: minutesAgo(1000 - i),
      });
      ids.push(row.id);
    }
    const farther = await createStarterRow(t.db, ownerId, {
      title: 'Natto from Osaka',
      category: 'legume',
      subcategory: 'bacterial',
      starterType: 'Bacterial starters',
      location: 'Osaka, Japan',
      latitude: 34.69,
      longitude: 135.5,
      createdAt: minutesAgo(5000),
    });
    const seen: number[] = [];
    for (const offset of [0, 12, 24, 36]) {
      const body = await list(
        t.app,
        `category=legume&subcategory=bacterial&sort=closest&lat=36.4&lng=140.5&offset=${offset}`,
      );
      seen.push(...body.starters.map((s) => s.id));
    }
    expect(seen).toEqual([...ids.reverse(), farther.id]);
  });
});

describe('few matches and many matches', () => {
  // 1,100 starters share the word "zymurgy" (more than the cap: pages come from an ordered
  // index walk); a tenth also say "quillwort" and one place is "Tarbes" (few: sorted whole).
  // Every seventh is claimed: available ones come first in every order.
  const places = [
    ['Tarbes, France', 43.23, 0.07],
    ['Porto, Portugal', 41.15, -8.61],
    ['Bergen, Norway', 60.39, 5.32],
    ['Valletta, Malta', 35.9, 14.51],
    ['Somewhere quiet', null, null],
    ['Hobart, Australia', -42.88, 147.33],
  ] as const;
  type Row = {
    id: number;
    created: number;
    lat: number | null;
    lng: number | null;
    claimed: boolean;
  };
  let rows: Row[];
  beforeAll(async () => {
    const texts = `{${places.map(([name]) => `"${name}"`).join(',')}}`;
    const floats = (i: 1 | 2) => `{${places.map((p) => p[i] ?? 'NULL').join(',')}}`;
    await t.db.execute(sql`
      INSERT INTO starters (user_id, title, description, category, subcategory, starter_type,
        location, latitude, longitude, created_at, is_claimed)
      SELECT ${ownerId}, 'Brewing yeast ' || g,
        'Zymurgy for beginners' || CASE WHEN g % 10 = 0 THEN ', with quillwort' ELSE '' END,
        CASE WHEN g % 2 = 0 THEN 'beverage' ELSE 'other' END,
        CASE WHEN g % 2 = 0 THEN 'other' ELSE 'mixed' END, 'Mead yeast',
        (${texts}::text[])[1 + g % ${places.length}],
        (${floats(1)}::float8[])[1 + g % ${places.length}],
        (${floats(2)}::float8[])[1 + g % ${places.length}],
        timestamptz '2024-01-01 00:00:00Z' + ((g * 7919) % 1100) * interval '1 minute',
        g % 7 = 0
      FROM generate_series(1, 1100) g`);
    const result = await t.db.execute(sql`
      SELECT id, created_at, latitude, longitude, description, category, location, is_claimed
      FROM starters
      WHERE description LIKE 'Zymurgy%'`);
    rows = rowsOf<{
      id: number;
      created_at: string | Date;
      latitude: number | null;
      longitude: number | null;
      description: string;
      category: string;
      location: string;
      is_claimed: boolean;
    }>(result).map((r) => ({
      id: r.id,
      created: new Date(r.created_at).getTime(),
      lat: r.latitude,
      lng: r.longitude,
      quillwort: r.description.includes('quillwort'),
      category: r.category,
      tarbes: r.location.startsWith('Tarbes'),
      claimed: r.is_claimed,
    }));
  });

  const availableFirst = (by: (a: Row, b: Row) => number) => (a: Row, b: Row) =>
    Number(a.claimed) - Number(b.claimed) || by(a, b);
  const newestFirst = (a: Row, b: Row) => b.created - a.created || b.id - a.id;
  /** Nearest first by great-circle distance, one place's newest first, then no place, newest. */
  const nearestFirst = (here: { lat: number; lng: number }) => (a: Row, b: Row) => {
    if ((a.lat === null) !== (b.lat === null)) return a.lat === null ? 1 : -1;
    if (a.lat === null || b.lat === null) return newestFirst(a, b);
    const km = (r: Row) => kmBetween(here, { lat: r.lat!, lng: r.lng! });
    return km(a) - km(b) || newestFirst(a, b);
  };
  const paris = { lat: 48.86, lng: 2.35 };
  type Matched = Row & { quillwort: boolean; category: string; tarbes: boolean };
  const sorts: [string, (a: Row, b: Row) => number][] = [
    ['newest', availableFirst(newestFirst)],
    ['oldest', availableFirst((a, b) => a.created - b.created || a.id - b.id)],
    [`closest&lat=${paris.lat}&lng=${paris.lng}`, availableFirst(nearestFirst(paris))],
  ];
  // Tarbes, Porto and Bergen lie within 1,400 km of Paris; Valletta and Hobart do not.
  const withinOfParis = (r: Row) =>
    r.lat !== null && kmBetween(paris, { lat: r.lat, lng: r.lng! }) < 1400;
  const questions: [string, (r: Matched) => boolean, boolean][] = [
    ['search=zymurgy', () => true, true],
    ['search=zymurgy&category=beverage', (r) => r.category === 'beverage', false],
    ['search=zymurg%20quillw', (r) => r.quillwort, false],
    ['location=tarb', (r) => r.tarbes, false],
    [
      'search=zymurgy&location=tarbes&category=other',
      (r) => r.tarbes && r.category === 'other',
      false,
    ],
    [`search=zymurgy&lat=${paris.lat}&lng=${paris.lng}&radiusKm=1400`, withinOfParis, false],
    [
      `category=beverage&subcategory=other&lat=${paris.lat}&lng=${paris.lng}&radiusKm=1400`,
      (r) => withinOfParis(r) && r.category === 'beverage',
      false,
    ],
  ];

  it.each(
    questions.flatMap(([q, keep, capped]) =>
      // A question with its own position measures 'closest' from it.
      sorts.map(([sort, by]) => {
        const asked = q.includes('lat=') ? sort.replace(/&lat=.*$/, '') : sort;
        return [`${q}&sort=${asked}`, keep, capped, by] as const;
      }),
    ),
  )('%s pages as a reference ordering does', async (question, keep, capped, by) => {
    const expected = (rows as Matched[])
      .filter(keep)
      .sort(by)
      .map((r) => r.id);
    expect(expected.length > TOTAL_CAP).toBe(capped);
    for (const [limit, offset] of [
      [12, 0],
      [12, 84],
      [50, 150],
    ] as const) {
      const body = await list(t.app, `${question}&limit=${limit}&offset=${offset}`);
      expect(body.starters.map((s) => s.id)).toEqual(expected.slice(offset, offset + limit));
      expect(body).toMatchObject({
        total: Math.min(expected.length, TOTAL_CAP),
        totalIsCapped: capped,
      });
    }
  });
});

describe('cached answers on two server copies sharing one database', () => {
  let copies: { a: TestApp['app']; b: TestApp['app']; close(): Promise<void> };
  let shared: Database;
  beforeAll(async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      CLIENT_DIST: '/nonexistent',
    });
    const postgres = await createPostgresTestDatabase();
    // On Postgres each copy has its own pool and listener; PGlite is one process's database.
    shared = postgres ? openPostgres(postgres.url) : await openTestDatabase();
    const other = postgres ? openPostgres(postgres.url) : shared;
    const a = await buildApp({ config, database: shared });
    const b = await buildApp({ config, database: other });
    await a.ready();
    await b.ready();
    copies = {
      a,
      b,
      async close() {
        await a.close();
        await b.close();
        if (other !== shared) await other.close();
        await shared.close();
        await postgres?.drop();
      },
    };
  });
  afterAll(async () => {
    await copies?.close();
  });

  /** Changes a title without telling any cache: shows whether an answer is still cached. */
  async function retitleQuietly(id: number, title: string) {
    await shared.db.execute(sql`ALTER TABLE starters DISABLE TRIGGER starters_listing_changed`);
    try {
      await shared.db.update(starters).set({ title }).where(eq(starters.id, id));
    } finally {
      await shared.db.execute(sql`ALTER TABLE starters ENABLE TRIGGER starters_listing_changed`);
    }
  }

  it('a change to one starter updates the answers it affects and leaves the others cached', async () => {
    const owner = await signedInMember(shared.db);
    const dairy = await createStarterRow(shared.db, owner.user.id, { title: 'Goat milk kefir' });
    const beverage = await createStarterRow(shared.db, owner.user.id, {
      title: 'Kombucha mother',
      category: 'beverage',
      subcategory: 'scoby',
      starterType: 'SCOBY/pellicle (kombucha)',
    });
    const titles = async (query: string) =>
      (await list(copies.b, query)).starters.map((s) => [s.title, s.isClaimed]);
    await vi.waitFor(async () =>
      expect(await titles('category=dairy')).toEqual([['Goat milk kefir', false]]),
    );
    await vi.waitFor(async () =>
      expect(await titles('category=beverage')).toEqual([['Kombucha mother', false]]),
    );
    await retitleQuietly(beverage.id, 'Renamed behind the cache');

    // Claimed on copy A: copy B's dairy and all-categories answers follow...
    const claimed = await copies.a.inject({
      method: 'PATCH',
      url: `/api/starters/${dairy.id}`,
      headers: { cookie: owner.cookie },
      payload: { isClaimed: true },
    });
    expect(claimed.statusCode).toBe(200);
    expect((await list(copies.a, 'category=dairy')).starters[0]?.isClaimed).toBe(true);
    await vi.waitFor(async () =>
      expect(await titles('category=dairy')).toEqual([['Goat milk kefir', true]]),
    );
    // ...while its beverage answer was never emptied (it still shows the quiet rename's old title).
    expect(await titles('category=beverage')).toEqual([['Kombucha mother', false]]);

    // A new dairy starter and a deletion show on copy B too; beverage stays cached.
    const fresh = await createStarterRow(shared.db, owner.user.id, { title: 'Jersey milk kefir' });
    await vi.waitFor(async () =>
      expect((await titles('category=dairy')).map(([title]) => title)).toEqual([
        'Jersey milk kefir',
        'Goat milk kefir',
      ]),
    );
    const deleted = await copies.a.inject({
      method: 'DELETE',
      url: `/api/starters/${fresh.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(deleted.statusCode).toBe(204);
    await vi.waitFor(async () =>
      expect((await titles('category=dairy')).map(([title]) => title)).toEqual(['Goat milk kefir']),
    );
    expect(await titles('category=beverage')).toEqual([['Kombucha mother', false]]);

    // A change to the beverage starter itself reaches its answers.
    await shared.db.update(starters).set({ isClaimed: true }).where(eq(starters.id, beverage.id));
    await vi.waitFor(async () =>
      expect(await titles('category=beverage')).toEqual([['Renamed behind the cache', true]]),
    );
  });
});

describe('the browse terms', () => {
  it('are read from their index, not computed for every row, for a culture of many names', async () => {
    // "tibicos" also asks for its other names (water kefir, kéfir de agua, …): a long query
    // that made the index look costly beside terms priced at a few operators a row.
    await insertListings(3000, {
      title: 'Sourdough starter',
      description: 'A rye and wheat levain, fed twice a day.',
      subcategory: 'sourdough',
      starterType: 'Sourdough starter',
      location: 'Leeds, United Kingdom',
    });
    await t.db.execute(sql`ANALYZE starters`);
    const { matching } = browseFilters(
      starterListQuerySchema.parse({ search: 'tibicos' }),
      undefined,
    );
    const plan = await planOf(t.db, sql`SELECT ${starters.id} FROM ${starters} WHERE ${matching}`);
    expect(plan).toMatch(/Bitmap Index Scan on starters_listed_terms_idx/);
    expect(plan).not.toMatch(/Seq Scan on starters/);
  });
});

describe('listings the place counts still hold that the policy refuses', () => {
  it('are read through the indexes, never by a scan of the listings', async () => {
    // The map takes these off its kept counts on every view (decision 112): a form that read
    // every listing to test its owner made each view four times slower at 100,000.
    // A community's shape: 300 members with ten listings each, one of them suspended.
    await t.db.execute(sql`
      INSERT INTO users (email, first_name, last_name, username, email_verified_at)
      SELECT 'giver-' || g || '@example.test', 'Giver', 'No' || g, 'giver_' || g, now()
      FROM generate_series(1, 300) g`);
    await t.db.execute(sql`
      INSERT INTO starters (user_id, title, description, category, subcategory, starter_type, location)
      SELECT u.id, 'Rye sourdough ' || g, 'A stiff rye levain, fed once a day.', 'grain',
        'sourdough', 'Sourdough starter', 'York, United Kingdom'
      FROM users u CROSS JOIN generate_series(1, 10) g WHERE u.username LIKE 'giver\\_%'`);
    await t.db.execute(
      sql`UPDATE users SET suspended_until = now() + interval '1 day' WHERE username = 'giver_1'`,
    );
    await t.db.execute(sql`ANALYZE starters`);
    await t.db.execute(sql`ANALYZE users`);
    const plan = await planOf(t.db, shownNoLonger());
    expect(plan).toMatch(/Index (Only )?Scan|Bitmap Index Scan/);
    expect(plan).not.toMatch(/Seq Scan on starters/);
    const refused = rowsOf<{ id: number }>(await t.db.execute(shownNoLonger()));
    expect(refused).toHaveLength(10);
  });
});

describe('questions without words over more listings than the cap', () => {
  // One more buttermilk listing than the cap, half at Oslo and half at Drammen (40 km apart):
  // the place counts tell that more than the cap match, so none is read to count them
  // (decision 116); each step checks what the counts say as well as the answer, which would
  // be the same had they said nothing. The oldest is another member's.
  const HOUR = 3_600_000;
  const DRAMMEN = { lat: 59.74, lng: 10.2 };
  let newestFirst: number[];
  let otherGiver: string;
  beforeAll(async () => {
    const giver = (await createMember(t.db, { username: 'buttermilk-giver' })).id;
    otherGiver = (await createMember(t.db, { username: 'buttermilk-neighbour' })).id;
    await t.db.execute(sql`
      INSERT INTO starters (user_id, title, description, category, subcategory, starter_type,
        location, latitude, longitude, created_at)
      SELECT CASE WHEN g = 1 THEN ${otherGiver} ELSE ${giver} END, 'Cultured buttermilk ' || g,
        'Thick and tangy, from a Nordic culture.', 'dairy', 'buttermilk', 'Buttermilk culture',
        CASE WHEN g % 2 = 0 THEN 'Oslo, Norway' ELSE 'Drammen, Norway' END,
        CASE WHEN g % 2 = 0 THEN 59.91 ELSE ${DRAMMEN.lat} END,
        CASE WHEN g % 2 = 0 THEN 10.75 ELSE ${DRAMMEN.lng} END,
        timestamptz '2024-06-01 00:00:00Z' + g * interval '1 minute'
      FROM generate_series(1, ${TOTAL_CAP + 1}) g`);
    const result = await t.db.execute(
      sql`SELECT id FROM starters WHERE subcategory = 'buttermilk' ORDER BY created_at DESC`,
    );
    newestFirst = rowsOf<{ id: number }>(result).map((r) => r.id);
  });
  afterEach(() => clock.resetClock());

  /** The answer straight from the database, never from the cache. */
  async function answer(question: string): Promise<StarterList> {
    const query = starterListQuerySchema.parse(Object.fromEntries(new URLSearchParams(question)));
    const deps = { db: t.db, listings: new ListingCache({ maxBytes: 0 }) };
    return JSON.parse(await browseStarters(deps, null, query)) as StarterList;
  }
  /** What the place counts say of a question: more than the cap match, or not. */
  async function overCap(question: string): Promise<boolean> {
    const query = starterListQuerySchema.parse(Object.fromEntries(new URLSearchParams(question)));
    const point = query.lat !== undefined ? earthOf(query.lat, query.lng!) : undefined;
    const { filters } = browseFilters(query, point);
    return placedMatchesOverCap(t.db, query, point, filters);
  }
  const buttermilk = 'category=dairy&subcategory=buttermilk';

  it('say "1,000+" and page newest and oldest first', async () => {
    expect(await overCap(buttermilk)).toBe(true);
    for (const offset of [0, 84, 996]) {
      const newest = await answer(`${buttermilk}&offset=${offset}`);
      expect(newest).toMatchObject({ total: TOTAL_CAP, totalIsCapped: true });
      expect(newest.starters.map((s) => s.id)).toEqual(newestFirst.slice(offset, offset + 12));
    }
    const oldest = await answer(`${buttermilk}&sort=oldest&offset=12`);
    expect(oldest).toMatchObject({ total: TOTAL_CAP, totalIsCapped: true });
    expect(oldest.starters.map((s) => s.id)).toEqual(newestFirst.toReversed().slice(12, 24));
  });

  it('count only the places within the radius', async () => {
    const around = (km: number) =>
      `${buttermilk}&sort=closest&lat=${DRAMMEN.lat}&lng=${DRAMMEN.lng}&radiusKm=${km}`;
    const near = (km: number) => answer(around(km));
    expect(await overCap(around(100))).toBe(true);
    expect(await near(100)).toMatchObject({ total: TOTAL_CAP, totalIsCapped: true });
    expect(await overCap(around(10))).toBe(false);
    const drammen = await near(10);
    expect(drammen).toMatchObject({ total: (TOTAL_CAP + 2) / 2, totalIsCapped: false });
    expect(drammen.starters.every((s) => s.location === 'Drammen, Norway')).toBe(true);
  });

  it('leave out what the policy refuses before the column has caught up', async () => {
    // The newest listing's date passes; the job that hides it has not run yet.
    const [newest] = newestFirst as [number];
    await t.db
      .update(starters)
      .set({ availableUntil: new Date(clock.nowMs() + HOUR) })
      .where(eq(starters.id, newest));
    clock.advanceClock(2 * HOUR);
    expect(await overCap(buttermilk)).toBe(false);
    const expired = await answer(buttermilk);
    expect(expired).toMatchObject({ total: TOTAL_CAP, totalIsCapped: false });
    expect(expired.starters[0]!.id).toBe(newestFirst[1]);
    await t.db
      .update(starters)
      .set({ availableUntil: new Date(clock.nowMs() + 30 * 24 * HOUR) })
      .where(eq(starters.id, newest));
    expect(await overCap(buttermilk)).toBe(true);
    expect(await answer(buttermilk)).toMatchObject({ totalIsCapped: true });

    // The oldest listing's owner is suspended: the column still holds it until the suspension ends.
    await t.db
      .update(users)
      .set({ suspendedUntil: new Date(clock.nowMs() + HOUR) })
      .where(eq(users.id, otherGiver));
    expect(await overCap(buttermilk)).toBe(false);
    expect(await answer(buttermilk)).toMatchObject({ total: TOTAL_CAP, totalIsCapped: false });
    clock.advanceClock(2 * HOUR);
    expect(await overCap(buttermilk)).toBe(true);
    expect(await answer(buttermilk)).toMatchObject({ total: TOTAL_CAP, totalIsCapped: true });
  });
});
