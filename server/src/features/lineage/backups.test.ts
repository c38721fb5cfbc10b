import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  KEEPER_ASK_INTERVAL_MS,
  KEEPER_ASKED_THIS_WEEK,
  KEEPER_AWAY,
  NOT_A_CULTURE_YOU_RECEIVED,
  NOT_OF_THIS_FAMILY,
  type DiedAnswer,
  type FamilyKeepers,
} from '../../../../common/cultures/culture-backups';
import { awayUntilText } from '../../access/away';
import { advanceClock, now, resetClock } from '../../clock/clock';
import {
  blocks,
  cultureDeaths,
  cultureKeepers,
  keeperAsks,
  notifications,
  users,
} from '../../db/schema';
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
afterEach(() => resetClock());

const at = (location: string, latitude: number, longitude: number) => ({
  location,
  latitude,
  longitude,
});
const LONDON = at('London', 51.5074, -0.1278);
const EDINBURGH = at('Edinburgh', 55.9533, -3.1883);
const OXFORD = at('Oxford', 51.752, -1.2577);
const READING = at('Reading', 51.4543, -0.9781);
const BRIGHTON = at('Brighton', 50.8225, -0.1372);
const CROYDON = at('Croydon', 51.3762, -0.0982);

const bell = async (cookie: string) =>
  (await call('GET', '/api/notifications', cookie)).json().notifications as Array<{
    kind: string;
    title: string;
    body: string;
    url: string;
  }>;

function call(
  method: 'GET' | 'PUT' | 'DELETE' | 'POST',
  url: string,
  cookie?: string,
  payload?: object,
) {
  return t.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload });
}

/**
 * A family: Alice's first listing in Edinburgh; Bob's in Oxford grown from it; the member in
 * London received Alice's; Kim (Reading) and Kit (Brighton) keep a backup; Cal (Croydon, nearest
 * of all) has a listing of the family but the member blocked him; Dee's listing near London is
 * of another family.
 */
let families = 0;
async function family() {
  families += 1;
  const bobName = `bob_bakes_${families}`;
  const alice = await createMember(t.db, { firstName: 'Alice', username: null, ...EDINBURGH });
  const root = await createStarterRow(t.db, alice.id, { title: 'Old line', ...EDINBURGH });
  const bob = await createMember(t.db, { firstName: 'Bob', username: bobName, ...OXFORD });
  await receivedHandover(t.db, { starterId: root.id, giverId: alice.id, recipientId: bob.id });
  const bobs = await createStarterRow(t.db, bob.id, { parentId: root.id, ...OXFORD });
  const me = await signedInMember(t.db, LONDON);
  await receivedHandover(t.db, { starterId: root.id, giverId: alice.id, recipientId: me.user.id });
  const kim = await signedInMember(t.db, { firstName: 'Kim', username: null, ...READING });
  await receivedHandover(t.db, { starterId: bobs.id, giverId: bob.id, recipientId: kim.user.id });
  const kit = await signedInMember(t.db, { firstName: 'Kit', username: null, ...BRIGHTON });
  await receivedHandover(t.db, { starterId: root.id, giverId: alice.id, recipientId: kit.user.id });
  const cal = await createMember(t.db, { firstName: 'Cal', username: null, ...CROYDON });
  await createStarterRow(t.db, cal.id, { parentId: bobs.id, ...CROYDON });
  await t.db.insert(blocks).values({ blockerId: me.user.id, blockedId: cal.id });
  const dee = await createMember(t.db, { firstName: 'Dee', username: null, ...CROYDON });
  await createStarterRow(t.db, dee.id, { title: 'Other family', ...CROYDON });
  return { alice, root, bob, bobName, bobs, me, kim, kit, cal };
}

describe('backup keepers', () => {
  it('lets a member who holds a culture of the family keep a backup, shown on the tree, and stop', async () => {
    const f = await family();
    expect((await call('PUT', `/api/starters/${f.bobs.id}/keeper`, f.kim.cookie)).statusCode).toBe(
      204,
    );
    // Kit received the first listing: any culture of the family names it.
    expect((await call('PUT', `/api/starters/${f.bobs.id}/keeper`, f.kit.cookie)).statusCode).toBe(
      204,
    );
    // Again is no change.
    expect((await call('PUT', `/api/starters/${f.bobs.id}/keeper`, f.kim.cookie)).statusCode).toBe(
      204,
    );

    const tree = (
      await call('GET', `/api/starters/${f.root.id}/keepers`, f.kim.cookie)
    ).json<FamilyKeepers>();
    expect(tree.keepers.map((k) => [k.memberName, k.place])).toEqual([
      ['Kim', 'Reading'],
      ['Kit', 'Brighton'],
    ]);
    expect([tree.mayKeep, tree.keeping]).toEqual([true, true]);
    const visitor = (await call('GET', `/api/starters/${f.root.id}/keepers`)).json<FamilyKeepers>();
    expect(visitor.keepers).toHaveLength(2);
    expect([visitor.mayKeep, visitor.keeping]).toEqual([false, false]);

    expect(
      (await call('DELETE', `/api/starters/${f.root.id}/keeper`, f.kim.cookie)).statusCode,
    ).toBe(204);
    const after = (
      await call('GET', `/api/starters/${f.root.id}/keepers`, f.kim.cookie)
    ).json<FamilyKeepers>();
    expect(after.keepers.map((k) => k.memberName)).toEqual(['Kit']);
    expect([after.mayKeep, after.keeping]).toEqual([true, false]);
  });

  it('refuses a member outside the family (403), an unknown starter (404), a visitor (401)', async () => {
    const f = await family();
    const stranger = await signedInMember(t.db);
    const res = await call('PUT', `/api/starters/${f.root.id}/keeper`, stranger.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(NOT_OF_THIS_FAMILY);
    expect(
      (await call('DELETE', `/api/starters/${f.root.id}/keeper`, stranger.cookie)).statusCode,
    ).toBe(403);
    const unknown = await call('PUT', '/api/starters/999999999/keeper', f.kim.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBeTruthy();
    expect((await call('PUT', `/api/starters/${f.root.id}/keeper`)).statusCode).toBe(401);
    const rows = await t.db
      .select()
      .from(cultureKeepers)
      .where(eq(cultureKeepers.memberId, stranger.user.id));
    expect(rows).toEqual([]);
  });
});

describe('POST /api/starters/:id/died', () => {
  it('lists open listings of the family nearest first, then keepers nearest first; never self or blocked', async () => {
    const f = await family();
    for (const m of [f.kim, f.kit, f.me]) {
      expect((await call('PUT', `/api/starters/${f.root.id}/keeper`, m.cookie)).statusCode).toBe(
        204,
      );
    }
    const res = await call('POST', `/api/starters/${f.root.id}/died`, f.me.cookie, {
      reason: 'mould',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { holders } = res.json<DiedAnswer>();
    expect(holders.map((h) => [h.memberName, h.place, h.starterId])).toEqual([
      [f.bobName, 'Oxford', f.bobs.id],
      ['Alice', 'Edinburgh', f.root.id],
      ['Kim', 'Reading', undefined],
      ['Kit', 'Brighton', undefined],
    ]);
    // London to Oxford is about 83 km; Reading about 58.
    expect(holders[0]!.distanceKm).toBeGreaterThan(75);
    expect(holders[0]!.distanceKm).toBeLessThan(90);
    expect(holders[2]!.distanceKm).toBeGreaterThan(50);
    expect(holders[2]!.distanceKm).toBeLessThan(65);
    expect(JSON.stringify(holders)).not.toContain('Cal');
    expect(JSON.stringify(holders)).not.toContain('Dee');
    const [death] = await t.db
      .select()
      .from(cultureDeaths)
      .where(eq(cultureDeaths.memberId, f.me.user.id));
    expect(death?.reason).toBe('mould');
  });

  it('refuses a bad reason (400), a culture not received (403), an unknown one (404)', async () => {
    const f = await family();
    const bad = await call('POST', `/api/starters/${f.root.id}/died`, f.me.cookie, {
      reason: 'boredom',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBeTruthy();
    const notMine = await call('POST', `/api/starters/${f.bobs.id}/died`, f.me.cookie, {
      reason: 'other',
    });
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().message).toBe(NOT_A_CULTURE_YOU_RECEIVED);
    const unknown = await call('POST', '/api/starters/999999999/died', f.me.cookie, {
      reason: 'other',
    });
    expect(unknown.statusCode).toBe(404);
    const rows = await t.db
      .select()
      .from(cultureDeaths)
      .where(eq(cultureDeaths.memberId, f.me.user.id));
    expect(rows).toEqual([]);
  });
});

describe('POST /api/starters/:id/died/ask', () => {
  it('asks a keeper at most once a week, by anyone, by the clock', async () => {
    const f = await family();
    await call('PUT', `/api/starters/${f.root.id}/keeper`, f.kim.cookie);
    const ask = (cookie: string) =>
      call('POST', `/api/starters/${f.root.id}/died/ask`, cookie, { memberId: f.kim.user.id });
    const first = await ask(f.me.cookie);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({ starterId: null });

    // Someone else whose culture of the family died, six days later: refused, nothing written.
    const other = await signedInMember(t.db, LONDON);
    await receivedHandover(t.db, {
      starterId: f.root.id,
      giverId: f.alice.id,
      recipientId: other.user.id,
    });
    advanceClock(6 * 24 * 60 * 60 * 1000);
    const again = await ask(other.cookie);
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toBe(KEEPER_ASKED_THIS_WEEK);
    const asks = () => t.db.select().from(keeperAsks).where(eq(keeperAsks.keeperId, f.kim.user.id));
    expect(await asks()).toHaveLength(1);

    advanceClock(KEEPER_ASK_INTERVAL_MS - 6 * 24 * 60 * 60 * 1000 + 1000);
    expect((await ask(other.cookie)).statusCode).toBe(201);
    expect(await asks()).toHaveLength(2);
  });

  it('tells a keeper with no open listing of the family in the bell: who asks, for which family', async () => {
    const f = await family();
    await t.db
      .update(users)
      .set({ firstName: 'Mia', username: null })
      .where(eq(users.id, f.me.user.id));
    await call('PUT', `/api/starters/${f.root.id}/keeper`, f.kim.cookie);
    // Bob keeps a backup too, and has an open listing: the ask opens its conversation instead.
    await t.db
      .insert(cultureKeepers)
      .values({ memberId: f.bob.id, starterId: f.bobs.id, createdAt: now() });
    const ask = (memberId: string) =>
      call('POST', `/api/starters/${f.root.id}/died/ask`, f.me.cookie, { memberId });
    expect((await ask(f.kim.user.id)).statusCode).toBe(201);
    const bobAsked = await ask(f.bob.id);
    expect(bobAsked.json()).toEqual({ starterId: f.bobs.id });

    expect(await bell(f.kim.cookie)).toEqual([
      expect.objectContaining({
        kind: 'backup_ask',
        title: 'Mia asks for a portion of your backup of Old line',
        body: expect.stringMatching(/^Their culture of this family died\./),
        url: `/starter/${f.root.id}/family`,
      }),
    ]);
    const bobNotices = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, f.bob.id));
    expect(bobNotices.filter((n) => n.kind === 'backup_ask')).toEqual([]);
  });

  it('a keeper says no with one tap, no reason; the asker is told kindly in their language and asks the next', async () => {
    const f = await family();
    await t.db
      .update(users)
      .set({ firstName: 'Mia', username: null, language: 'es' })
      .where(eq(users.id, f.me.user.id));
    await call('PUT', `/api/starters/${f.root.id}/keeper`, f.kim.cookie);
    await call('PUT', `/api/starters/${f.root.id}/keeper`, f.kit.cookie);
    const ask = (memberId: string) =>
      call('POST', `/api/starters/${f.root.id}/died/ask`, f.me.cookie, { memberId });
    expect((await ask(f.kim.user.id)).statusCode).toBe(201);

    // Kim sees the ask on the family tree, from any culture of the family.
    const keepers = await call('GET', `/api/starters/${f.bobs.id}/keepers`, f.kim.cookie);
    const { asksToMe } = keepers.json() as FamilyKeepers;
    expect(asksToMe).toEqual([{ id: expect.any(Number), askerName: 'Mia' }]);
    const decline = (cookie?: string, id = asksToMe[0]!.id) =>
      call('POST', `/api/keeper-asks/${id}/decline`, cookie, {});

    // Only Kim may say no to it; nobody is told of a refused try.
    expect((await decline(f.me.cookie)).statusCode).toBe(404);
    expect((await decline(f.kit.cookie)).statusCode).toBe(404);
    expect((await decline()).statusCode).toBe(401);
    expect((await decline(f.kim.cookie, 999_999)).statusCode).toBe(404);
    expect((await decline(f.kim.cookie, 0)).statusCode).toBe(400);
    expect((await bell(f.me.cookie)).filter((n) => n.kind === 'backup_declined')).toEqual([]);

    const no = await decline(f.kim.cookie);
    expect(no.statusCode, no.body).toBe(204);
    expect(
      (
        (
          await call('GET', `/api/starters/${f.root.id}/keepers`, f.kim.cookie)
        ).json() as FamilyKeepers
      ).asksToMe,
    ).toEqual([]);
    const told = (await bell(f.me.cookie)).filter((n) => n.kind === 'backup_declined');
    expect(told).toEqual([
      expect.objectContaining({
        title: 'Kim no puede compartir una porción de Old line esta vez',
        body: expect.stringMatching(/^No pasa nada/),
        url: '/profile',
      }),
    ]);
    // Saying no again changes nothing and tells nobody twice.
    expect((await decline(f.kim.cookie)).statusCode).toBe(204);
    expect((await bell(f.me.cookie)).filter((n) => n.kind === 'backup_declined')).toHaveLength(1);

    // The asker asks the next holder; the no still counts for Kim's week, by the clock.
    expect((await ask(f.kit.user.id)).statusCode).toBe(201);
    advanceClock(KEEPER_ASK_INTERVAL_MS - 60_000);
    expect((await ask(f.kim.user.id)).statusCode).toBe(429);
    advanceClock(2 * 60_000);
    expect((await ask(f.kim.user.id)).statusCode).toBe(201);
  });

  it('leaves out members who are away, and refuses asking a keeper while away, by the clock', async () => {
    const f = await family();
    await call('PUT', `/api/starters/${f.root.id}/keeper`, f.kim.cookie);
    const DAY = 24 * 60 * 60 * 1000;
    const back = new Date(now().getTime() + 3 * DAY);
    await t.db.update(users).set({ awayUntil: back }).where(eq(users.id, f.kim.user.id));
    await t.db.update(users).set({ awayUntil: back }).where(eq(users.id, f.bob.id));
    const died = async () =>
      (await call('POST', `/api/starters/${f.root.id}/died`, f.me.cookie, { reason: 'mould' }))
        .json<DiedAnswer>()
        .holders.map((h) => h.memberName);
    expect(await died()).toEqual(['Alice']);

    const ask = () =>
      call('POST', `/api/starters/${f.root.id}/died/ask`, f.me.cookie, { memberId: f.kim.user.id });
    const refused = await ask();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(KEEPER_AWAY.replace('{until}', awayUntilText(back)));
    expect(
      await t.db.select().from(keeperAsks).where(eq(keeperAsks.keeperId, f.kim.user.id)),
    ).toEqual([]);
    expect(await bell(f.kim.cookie)).toEqual([]);

    // Back on the date: listed and asked again, with nothing to undo.
    advanceClock(3 * DAY + 1000);
    expect(await died()).toEqual([f.bobName, 'Alice', 'Kim']);
    expect((await ask()).statusCode).toBe(201);
  });

  it('refuses asking a member who keeps no backup of the family, or a culture not received', async () => {
    const f = await family();
    const notKeeper = await call('POST', `/api/starters/${f.root.id}/died/ask`, f.me.cookie, {
      memberId: f.bob.id,
    });
    expect(notKeeper.statusCode).toBe(404);
    await call('PUT', `/api/starters/${f.root.id}/keeper`, f.kim.cookie);
    const stranger = await signedInMember(t.db);
    const res = await call('POST', `/api/starters/${f.root.id}/died/ask`, stranger.cookie, {
      memberId: f.kim.user.id,
    });
    expect(res.statusCode).toBe(403);
    expect(
      await t.db.select().from(keeperAsks).where(eq(keeperAsks.keeperId, f.kim.user.id)),
    ).toEqual([]);
  });
});
