import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MEET_DESCRIPTION_MAX_LENGTH,
  MEET_END_BEFORE_START,
  MEET_IN_PAST,
  MEET_TITLE_MAX_LENGTH,
  MEET_UNKNOWN_PLACE,
  type Meet,
  type MeetSummary,
} from '../../../../common/listings/meets';
import { advanceClock, nowMs } from '../../clock/clock';
import { jarLabels, meets, starters } from '../../db/schema';
import { createStarterRow, createTestApp, signedInMember, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 60 * 60 * 1000;
const at = (ms: number) => new Date(nowMs() + ms).toISOString();
const meetBody = (over: Record<string, unknown> = {}) => ({
  title: 'Winter swap at the market',
  place: 'Portland, Oregon, United States',
  startsAt: at(2 * HOUR),
  endsAt: at(4 * HOUR),
  description: 'Bring clean jars.',
  ...over,
});

async function newMeet(host: { cookie: string }, over: Record<string, unknown> = {}) {
  const res = await t.call(host, 'POST', '/api/meets', meetBody(over));
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
}

const near = async (place: string, radiusKm?: number) => {
  const q = new URLSearchParams({ near: place });
  if (radiusKm) q.set('radiusKm', String(radiusKm));
  const res = await t.call(null, 'GET', `/api/meets?${q}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as MeetSummary[]).map((m) => m.id);
};

describe('planning and finding meets', () => {
  it('finds a meet near its place and not elsewhere, until it is over', async () => {
    const host = await signedInMember(t.db);
    const id = await newMeet(host, { place: 'Portland, Oregon' });
    const [row] = await t.db.select().from(meets).where(eq(meets.id, id));
    expect(row!.location).toBe('Portland, Oregon, United States');

    expect(await near('Portland, Oregon, United States')).toContain(id);
    expect(await near('Beaverton, Oregon, United States')).toContain(id);
    expect(await near('Beaverton, Oregon, United States', 5)).not.toContain(id);
    expect(await near('Seattle, Washington, United States')).not.toContain(id);
    expect(await near('Seattle, Washington, United States', 300)).toContain(id);

    const listed = await t.call(null, 'GET', '/api/meets?near=Portland,%20Oregon');
    const summary = (listed.json() as MeetSummary[]).find((m) => m.id === id)!;
    expect(summary).toMatchObject({ title: 'Winter swap at the market', coming: 0, portions: 0 });
    expect(summary.distanceKm).toBeLessThan(1);

    advanceClock(5 * HOUR);
    expect(await near('Portland, Oregon, United States')).not.toContain(id);
  });

  it("lists meets near the member's own place when no place is asked", async () => {
    const host = await signedInMember(t.db);
    const id = await newMeet(host, { place: 'Bend, Oregon' });
    const member = await signedInMember(t.db, { location: 'Bend, Oregon, United States' });
    const res = await t.call(member, 'GET', '/api/meets');
    expect((res.json() as MeetSummary[]).map((m) => m.id)).toContain(id);
    const visitor = await t.call(null, 'GET', '/api/meets');
    expect(visitor.statusCode).toBe(400);
    expect(visitor.json().message).toBe('Choose a place');
    const unknown = await t.call(null, 'GET', '/api/meets?near=Nowhere%20at%20all%2C%20Atlantis');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(MEET_UNKNOWN_PLACE);
  });

  it.each([
    ['an end before the start', { endsAt: at(HOUR) }, 'endsAt', MEET_END_BEFORE_START],
    ['a start that has passed', { startsAt: at(-HOUR) }, 'startsAt', MEET_IN_PAST],
    ['an unknown place', { place: 'Atlantis under the sea' }, 'place', MEET_UNKNOWN_PLACE],
    ['a long title', { title: 'x'.repeat(MEET_TITLE_MAX_LENGTH + 1) }, 'title', undefined],
    [
      'a long description',
      { description: 'x'.repeat(MEET_DESCRIPTION_MAX_LENGTH + 1) },
      'description',
      undefined,
    ],
    ['no start', { startsAt: 'soon' }, 'startsAt', undefined],
  ])('refuses %s with a message, and plans nothing', async (_name, over, field, message) => {
    const host = await signedInMember(t.db);
    const res = await t.call(host, 'POST', '/api/meets', meetBody(over));
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json() as { message: string; fields?: Record<string, string> };
    expect(body.message).toBeTruthy();
    expect(body.fields?.[field]).toBeTruthy();
    if (message) expect(body.fields?.[field]).toBe(message);
    expect(await t.db.select().from(meets).where(eq(meets.hostId, host.user.id))).toEqual([]);
  });

  it('asks a visitor to sign in to plan one', async () => {
    expect((await t.call(null, 'POST', '/api/meets', meetBody())).statusCode).toBe(401);
  });
});

describe('bringing and coming', () => {
  it("brings only the giver's own open listing, within the portions it has free", async () => {
    const host = await signedInMember(t.db);
    const id = await newMeet(host);
    const giver = await signedInMember(t.db);
    const listing = await createStarterRow(t.db, giver.user.id, { portions: 3 });
    const bring = (who: { cookie: string }, body: object, meet = id) =>
      t.call(who, 'POST', `/api/meets/${meet}/bring`, body);

    const ok = await bring(giver, { starterId: listing.id, portions: 2 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await bring(giver, { starterId: listing.id, portions: 3 })).statusCode).toBe(200);
    const tooMany = await bring(giver, { starterId: listing.id, portions: 4 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('This listing has fewer portions left');
    expect((await bring(giver, { starterId: listing.id, portions: 0 })).statusCode).toBe(400);
    expect((await bring(host, { starterId: listing.id, portions: 1 })).statusCode).toBe(403);
    expect((await bring(giver, { starterId: listing.id, portions: 1 }, 999_999)).statusCode).toBe(
      404,
    );
    const closed = await createStarterRow(t.db, giver.user.id, { isActive: false });
    expect((await bring(giver, { starterId: closed.id, portions: 1 })).statusCode).toBe(409);

    const meet = (await t.call(null, 'GET', `/api/meets/${id}`)).json() as Meet;
    expect(meet.brought).toEqual([
      expect.objectContaining({ starterId: listing.id, portions: 3, mine: false }),
    ]);
    expect(meet.portions).toBe(3);
  });

  it('says who is coming, and takes it back', async () => {
    const host = await signedInMember(t.db);
    const id = await newMeet(host);
    const member = await signedInMember(t.db);
    const coming = await t.call(member, 'PUT', `/api/meets/${id}/coming`);
    expect(coming.json()).toEqual({ coming: 1, comingByMe: true });
    expect((await t.call(member, 'PUT', `/api/meets/${id}/coming`)).json()).toEqual({
      coming: 1,
      comingByMe: true,
    });
    const seen = (await t.call(member, 'GET', `/api/meets/${id}`)).json() as Meet;
    expect(seen).toMatchObject({ coming: 1, comingByMe: true, mine: false });
    expect((await t.call(member, 'DELETE', `/api/meets/${id}/coming`)).json()).toEqual({
      coming: 0,
      comingByMe: false,
    });
    expect((await t.call(null, 'PUT', `/api/meets/${id}/coming`)).statusCode).toBe(401);
    advanceClock(5 * HOUR);
    const over = await t.call(member, 'PUT', `/api/meets/${id}/coming`);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('This meet is over');
  });
});

describe("a meet's reach", () => {
  it('counts the kitchens its brought listings reached while it ran, and their families', async () => {
    const host = await signedInMember(t.db);
    const id = await newMeet(host, { startsAt: at(HOUR), endsAt: at(3 * HOUR) });
    const elder = await signedInMember(t.db);
    const root = await createStarterRow(t.db, elder.user.id, { title: 'Grandmother kefir' });
    const giver = await signedInMember(t.db);
    const listing = await createStarterRow(t.db, giver.user.id, {
      portions: 5,
      parentId: root.id,
      title: 'Kefir from the family',
    });
    const other = await createStarterRow(t.db, giver.user.id, { portions: 2 });
    expect(
      (
        await t.call(giver, 'POST', `/api/meets/${id}/bring`, {
          starterId: listing.id,
          portions: 4,
        })
      ).statusCode,
    ).toBe(200);
    const pdf = await t.call(giver, 'GET', `/api/starters/${listing.id}/labels.pdf?count=4`);
    expect(pdf.statusCode).toBe(200);
    const codes = (
      await t.db.select().from(jarLabels).where(eq(jarLabels.starterId, listing.id))
    ).map((l) => l.code);
    const otherPdf = await t.call(giver, 'GET', `/api/starters/${other.id}/labels.pdf?count=1`);
    expect(otherPdf.statusCode).toBe(200);
    const [otherLabel] = await t.db
      .select()
      .from(jarLabels)
      .where(eq(jarLabels.starterId, other.id));

    const before = (await t.call(null, 'GET', `/api/meets/${id}`)).json() as Meet;
    expect(before.reach).toBeNull();

    advanceClock(90 * 60 * 1000);
    const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => signedInMember(t.db)));
    const receive = (who: { cookie: string }, code: string, body?: object) =>
      t.call(who, 'POST', `/api/labels/${code}/receive`, body);
    const first = await receive(a!, codes[0]!);
    expect(first.statusCode, first.body).toBe(200);
    // Not a brought listing: it does not count.
    expect((await receive(b!, otherLabel!.code)).statusCode).toBe(200);
    const scannedOffline = at(0);

    advanceClock(2 * HOUR);
    // Sent after the meet from a device that was offline during it: counted at its scan time.
    const late = await receive(c!, codes[1]!, { scannedAt: scannedOffline });
    expect(late.statusCode, late.body).toBe(200);
    // Scanned after the meet: not the meet's.
    expect((await receive(d!, codes[2]!)).statusCode).toBe(200);
    // A time from the future is held to now.
    expect(
      (await receive(b!, codes[3]!, { scannedAt: new Date(nowMs() + 99 * HOUR).toISOString() }))
        .statusCode,
    ).toBe(200);
    const bad = await receive(b!, codes[3]!, { scannedAt: 'yesterday' });
    expect(bad.statusCode).toBe(400);

    const after = (await t.call(null, 'GET', `/api/meets/${id}`)).json() as Meet;
    expect(after.over).toBe(true);
    expect(after.reach).toEqual({
      kitchens: 2,
      families: [{ starterId: root.id, title: 'Grandmother kefir' }],
    });
    const [left] = await t.db.select().from(starters).where(eq(starters.id, listing.id));
    expect(left!.portionsGiven).toBe(4);
  });
});
