import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Starter, StarterList } from '../../../../common/listings/starters';
import {
  createMember,
  createStarterRow,
  createTestApp,
  signedInMember,
  type TestApp,
} from '../../test/app';

let t: TestApp;
const ids: Record<string, number> = {};

const minutesAgo = (m: number) => new Date(Date.UTC(2025, 5, 1, 12, 0) - m * 60_000);

// Place centres as the gazetteer has them (what posting stores).
const PORTLAND = { latitude: 45.52345, longitude: -122.67621 };
const GRESHAM = { latitude: 45.49818, longitude: -122.43148 };
const SEATTLE = { latitude: 47.60621, longitude: -122.33207 };

beforeAll(async () => {
  t = await createTestApp();
  const owner = await createMember(t.db, { username: 'neighbour' });
  const seed = async (key: string, overrides: Parameters<typeof createStarterRow>[2]) => {
    ids[key] = (await createStarterRow(t.db, owner.id, overrides)).id;
  };
  await seed('portland', {
    title: 'Portland milk kefir',
    location: 'Portland, Oregon',
    ...PORTLAND,
    createdAt: minutesAgo(50),
  });
  await seed('portlandClaimed', {
    title: 'Portland claimed kefir',
    location: 'Portland, OR',
    ...PORTLAND,
    isClaimed: true,
    createdAt: minutesAgo(5),
  });
  await seed('gresham', {
    title: 'Gresham sourdough',
    category: 'grain',
    subcategory: 'sourdough',
    starterType: 'Sourdough starter',
    location: 'Gresham, Oregon',
    ...GRESHAM,
    createdAt: minutesAgo(40),
  });
  await seed('seattle', {
    title: 'Seattle kefir',
    location: 'Seattle, Washington',
    ...SEATTLE,
    createdAt: minutesAgo(30),
  });
  await seed('nowhere', {
    title: 'Kefir from the hills',
    location: 'Up the hill',
    createdAt: minutesAgo(20),
  });
});
afterAll(async () => {
  await t?.close();
});

async function list(query: string, cookie?: string) {
  const res = await t.app.inject({
    url: `/api/starters?${query}`,
    headers: cookie ? { cookie } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<StarterList>();
}
const names = (body: StarterList) =>
  body.starters.map((s) => Object.keys(ids).find((k) => ids[k] === s.id));
const distances = (body: StarterList) =>
  Object.fromEntries(
    body.starters.map((s) => [Object.keys(ids).find((k) => ids[k] === s.id), s.distanceKm]),
  );

describe('GET /api/starters near a place', () => {
  it('finds the Portland starters from a suburb within the radius, each with its distance', async () => {
    const body = await list(`near=${encodeURIComponent('Milwaukie, Oregon')}&radiusKm=10`);
    expect(names(body)).toEqual(['portland', 'portlandClaimed']);
    expect(body.total).toBe(2);
    for (const starter of body.starters) expect(starter.distanceKm).toBeCloseTo(9.1, 0);
  });

  it('leaves out what lies past the radius, and widens with it', async () => {
    const beaverton = `near=${encodeURIComponent('Beaverton, OR')}`;
    // Beaverton's centre is 10.7 km from Portland's.
    expect(names(await list(`${beaverton}&radiusKm=10`))).toEqual([]);
    const wider = await list(`${beaverton}&radiusKm=25`);
    expect(names(wider)).toEqual(['portland', 'portlandClaimed']);
    expect(distances(wider)).toEqual({
      portland: expect.closeTo(10.7, 0),
      portlandClaimed: expect.closeTo(10.7, 0),
    });
    // Gresham is 28 km from Beaverton.
    const widest = await list(`${beaverton}&radiusKm=50`);
    expect(names(widest)).toEqual(['gresham', 'portland', 'portlandClaimed']);
    for (const s of widest.starters) expect(s.distanceKm).toBeLessThanOrEqual(50);
  });

  it('sorts by distance from the place with "closest", available ones first', async () => {
    const body = await list(`near=${encodeURIComponent('Gresham, Oregon')}&sort=closest`);
    expect(names(body)).toEqual(['gresham', 'portland', 'seattle', 'nowhere', 'portlandClaimed']);
    expect(body.starters.find((s) => s.id === ids.nowhere)).not.toHaveProperty('distanceKm');
    // Places are compared to about a kilometre (decision 044).
    expect(body.starters[0]!.distanceKm).toBeLessThan(1);
  });

  it('reads one place however it is written, and shares one cached answer', async () => {
    const a = await list('near=portland,%20oregon&radiusKm=5');
    const b = await list(
      `near=${encodeURIComponent('Portland, Oregon, United States')}&radiusKm=5`,
    );
    expect(names(a)).toEqual(['portland', 'portlandClaimed']);
    expect(b).toEqual(a);
  });

  it('takes a position instead of a place', async () => {
    const body = await list(`lat=45.5&lng=-122.6&radiusKm=50&category=dairy`);
    expect(names(body)).toEqual(['portland', 'portlandClaimed']);
    expect(body.starters[0]!.distanceKm).toBeGreaterThan(0);
    expect(body.starters[0]!.distanceKm).toBeLessThan(10);
  });

  it('answers an unknown or ambiguous place with a 400 that names it', async () => {
    for (const place of ['Nowhereville, Atlantis', 'Springfield']) {
      const res = await t.app.inject(`/api/starters?near=${encodeURIComponent(place)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'unknown_place',
        message: expect.stringContaining(`"${place}"`),
        fields: { near: expect.stringContaining(place) },
      });
    }
  });

  it.each([
    ['radiusKm=abc&near=Portland,%20OR', /radiusKm/],
    ['radiusKm=0&near=Portland,%20OR', /radiusKm/],
    ['radiusKm=-5&lat=45&lng=-122', /radiusKm/],
    ['radiusKm=99999&lat=45&lng=-122', /radiusKm/],
    ['radiusKm=10', /radiusKm/],
    ['near=Portland,%20OR&lat=45&lng=-122', /not both/],
    ['lat=45&radiusKm=5', /both lat and lng/],
  ])('refuses %s with a 400', async (query, message) => {
    const res = await t.app.inject(`/api/starters?${query}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(JSON.stringify(res.json())).toMatch(message);
  });

  it('keeps the text location filter of the spec as it was', async () => {
    const body = await list('location=portland');
    expect(names(body)).toEqual(['portland', 'portlandClaimed']);
    expect(body.starters[0]).not.toHaveProperty('distanceKm');
    expect(names(await list('location=beaverton'))).toEqual([]);
  });

  it('lists available starters before claimed ones in every sort', async () => {
    for (const sort of ['newest', 'oldest', 'closest&lat=45.5&lng=-122.6']) {
      const order = names(await list(`sort=${sort}`));
      expect(order.at(-1), sort).toBe('portlandClaimed');
    }
    expect(names(await list('search=kefir&sort=best')).at(-1)).toBe('portlandClaimed');
  });

  it('measures "closest" from a member\'s profile place when the question names none', async () => {
    const member = await signedInMember(t.db, { location: 'Gresham, Oregon', ...GRESHAM });
    const body = await list('sort=closest', member.cookie);
    expect(names(body).slice(0, 2)).toEqual(['gresham', 'portland']);
    expect(body.starters[0]!.distanceKm).toBeLessThan(1);
  });
});

describe('GET /api/starters/:id with a place', () => {
  it('carries the distance when asked from a place or position, and not otherwise', async () => {
    const get = async (query: string) => {
      const res = await t.app.inject(`/api/starters/${ids.portland}${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Starter>();
    };
    expect((await get(`?near=${encodeURIComponent('Milwaukie, OR')}`)).distanceKm).toBeCloseTo(
      9.1,
      0,
    );
    expect((await get('?lat=45.52&lng=-122.68')).distanceKm).toBeLessThan(1);
    expect(await get('')).not.toHaveProperty('distanceKm');
    const unknown = await t.app.inject(`/api/starters/${ids.portland}?near=Atlantis`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('"Atlantis"');
  });
});

describe('GET /api/places', () => {
  it('types ahead over the gazetteer, names that read back as the same place', async () => {
    const res = await t.app.inject('/api/places?q=beaverto');
    expect(res.statusCode).toBe(200);
    const { places } = res.json<{ places: { name: string }[] }>();
    expect(places.map((p) => p.name)).toEqual(
      expect.arrayContaining([
        'Beaverton, Oregon, United States',
        'Beaverton, Michigan, United States',
      ]),
    );
    const narrowed = await t.app.inject('/api/places?q=portland,%20or');
    expect(narrowed.json().places[0]).toEqual({ name: 'Portland, Oregon, United States' });
    // Every suggestion is a place browse accepts.
    for (const place of places) {
      const ok = await t.app.inject(`/api/starters?near=${encodeURIComponent(place.name)}`);
      expect(ok.statusCode, place.name).toBe(200);
    }
    expect((await t.app.inject('/api/places?q=')).json()).toEqual({ places: [] });
  });

  it('rounds a position to the nearest place, by name only', async () => {
    const res = await t.app.inject('/api/places/nearest?lat=45.49&lng=-122.80');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'Beaverton, Oregon, United States' });
    expect(res.headers['cache-control']).toContain('no-store');
    const bad = await t.app.inject('/api/places/nearest?lat=91&lng=0');
    expect(bad.statusCode).toBe(400);
  });
});

describe('the current user', () => {
  it("carries the gazetteer's name for a profile place it knows", async () => {
    const member = await signedInMember(t.db, { location: 'portland, or' });
    const res = await t.app.inject({ url: '/api/auth/user', headers: { cookie: member.cookie } });
    expect(res.json()).toMatchObject({
      location: 'portland, or',
      place: 'Portland, Oregon, United States',
    });
  });
});
