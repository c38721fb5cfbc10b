import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, now, resetClock } from '../../clock/clock';
import {
  alertMatches,
  alerts,
  blocks,
  mailOutbox,
  pushOutbox,
  pushSubscriptions,
  starters,
  users,
} from '../../db/schema';
import {
  createStarterRow,
  createTestApp,
  signedInMember,
  zoneWhereItIs,
  type TestApp,
} from '../../test/app';
import { noteMessageForMail, queueDueMessageMail } from '../messages/message-mail';
import { locate } from '../places/places.service';
import { queueDueAlertMail } from './alert-mail';
import { announceNewListings } from './announce';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ANNOUNCE_RING_MINUTES: '120' });
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => resetClock());

async function memberAt(hour = 12) {
  return signedInMember(t.db, { timeZone: zoneWhereItIs(hour) });
}

async function alertFor(
  who: { cookie: string },
  body: Partial<Record<string, unknown>> = {},
): Promise<number> {
  const res = await t.call(who, 'POST', '/api/alerts', {
    search: 'kefir',
    location: 'Leeds, United Kingdom',
    radiusKm: 25,
    frequency: 'immediate',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

async function listingIn(ownerId: string, place: string, overrides = {}) {
  const at = locate(place)!;
  return createStarterRow(t.db, ownerId, {
    location: place,
    latitude: at.latitude,
    longitude: at.longitude,
    createdAt: now(),
    ...overrides,
  });
}

const announce = () => announceNewListings({ db: t.db, config: t.config });
const matchesOf = (starterId: number) =>
  t.db.select().from(alertMatches).where(eq(alertMatches.starterId, starterId));
const mailsTo = (email: string) =>
  t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));

/** A fresh start for tests that count: every earlier listing is out of the way. */
async function quiet() {
  await t.db.update(starters).set({ isClaimed: true });
  await t.db.delete(alerts);
}

describe('alerts: the API', () => {
  it('creates, lists, edits and deletes my alerts; others cannot touch them', async () => {
    const me = await signedInMember(t.db);
    const other = await signedInMember(t.db);
    const id = await alertFor(me, {
      category: 'dairy',
      subcategory: 'kefir',
      timeZone: 'Europe/London',
    });
    const list = (await t.call(me, 'GET', '/api/alerts')).json();
    expect(list.timeZone).toBe('Europe/London');
    expect(list.alerts).toEqual([
      expect.objectContaining({
        id,
        search: 'kefir',
        category: 'dairy',
        subcategory: 'kefir',
        location: 'Leeds, England, United Kingdom',
        radiusKm: 25,
        frequency: 'immediate',
      }),
    ]);
    expect((await t.call(other, 'GET', '/api/alerts')).json().alerts).toEqual([]);
    expect((await t.call(other, 'PATCH', `/api/alerts/${id}`, { radiusKm: 5 })).statusCode).toBe(
      404,
    );
    expect((await t.call(other, 'DELETE', `/api/alerts/${id}`)).statusCode).toBe(404);
    const edited = await t.call(me, 'PATCH', `/api/alerts/${id}`, {
      radiusKm: 40,
      frequency: 'weekly',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      radiusKm: 40,
      frequency: 'weekly',
      subcategory: 'kefir',
    });
    expect((await t.call(me, 'DELETE', `/api/alerts/${id}`)).statusCode).toBe(204);
    expect((await t.call(me, 'GET', '/api/alerts')).json().alerts).toEqual([]);
    expect((await t.call(null, 'GET', '/api/alerts')).statusCode).toBe(401);
  });

  it('refuses an unknown place, a bad radius or an unknown category with fields, writing nothing', async () => {
    const me = await signedInMember(t.db);
    const bad = async (body: Record<string, unknown>, field: string) => {
      const res = await t.call(me, 'POST', '/api/alerts', {
        location: 'Leeds, United Kingdom',
        radiusKm: 10,
        frequency: 'daily',
        ...body,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fields).toHaveProperty(field);
    };
    await bad({ location: 'Nowhereville Xyz' }, 'location');
    await bad({ radiusKm: 0 }, 'radiusKm');
    await bad({ radiusKm: 501 }, 'radiusKm');
    await bad({ category: 'pickles-and-stuff' }, 'category');
    await bad({ category: 'dairy', subcategory: 'sourdough' }, 'subcategory');
    await bad({ frequency: 'hourly' }, 'frequency');
    const rows = await t.db.select().from(alerts).where(eq(alerts.userId, me.user.id));
    expect(rows).toEqual([]);
  });
});

describe('alerts: nearest first', () => {
  it('announces ring by ring, every ANNOUNCE_RING_MINUTES, and stops widening once reserved', async () => {
    await quiet();
    const giver = await memberAt(12);
    const inLeeds = await memberAt(12);
    const inWakefield = await memberAt(12);
    const inYork = await memberAt(12);
    const inSheffield = await memberAt(12);
    await alertFor(inLeeds, { radiusKm: 100 });
    await alertFor(inWakefield, { location: 'Wakefield, United Kingdom', radiusKm: 100 });
    await alertFor(inYork, { location: 'York, United Kingdom', radiusKm: 100 });
    await alertFor(inSheffield, { location: 'Sheffield, United Kingdom', radiusKm: 100 });
    const listing = await listingIn(giver.user.id, 'Leeds, United Kingdom');
    const told = async () => (await matchesOf(listing.id)).map((m) => m.userId).sort();

    await announce();
    expect(await told()).toEqual([inLeeds.user.id]);
    advanceClock(120 * MINUTE);
    await announce();
    expect(await told()).toEqual([inLeeds.user.id, inWakefield.user.id].sort());
    const seen = await t.call(giver, 'GET', `/api/starters/${listing.id}/alerted`);
    expect(seen.json()).toEqual({ told: 2 });
    expect((await t.call(inLeeds, 'GET', `/api/starters/${listing.id}/alerted`)).statusCode).toBe(
      403,
    );

    // Reserved: the next rings never go out.
    await t.db.update(starters).set({ portionsReserved: 1 }).where(eq(starters.id, listing.id));
    advanceClock(240 * MINUTE);
    await announce();
    expect(await told()).toHaveLength(2);

    await t.db.update(starters).set({ portionsReserved: 0 }).where(eq(starters.id, listing.id));
    await announce();
    const rings = Object.fromEntries((await matchesOf(listing.id)).map((m) => [m.userId, m.ring]));
    expect(rings).toEqual({
      [inLeeds.user.id]: 0,
      [inWakefield.user.id]: 1,
      [inYork.user.id]: 2,
      [inSheffield.user.id]: 3,
    });
  });

  it('rings the bell of a member in their night at once; their push and mail wait for day', async () => {
    await quiet();
    const giver = await memberAt(12);
    const sleeping = await memberAt(23);
    const awake = await memberAt(12);
    await alertFor(sleeping);
    await alertFor(sleeping, { search: 'grain' });
    await alertFor(awake);
    for (const member of [sleeping, awake]) {
      await t.db.insert(pushSubscriptions).values({
        userId: member.user.id,
        endpoint: `https://push.example.test/${member.user.id}`,
        p256dh: 'key',
        auth: 'auth',
      });
    }
    const pushesTo = async (member: { user: { id: string } }) =>
      (
        await t.db
          .select({ id: pushOutbox.id })
          .from(pushOutbox)
          .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushOutbox.subscriptionId))
          .where(eq(pushSubscriptions.userId, member.user.id))
      ).length;
    const listing = await listingIn(giver.user.id, 'Leeds, United Kingdom', {
      title: 'Milk kefir grains',
    });

    expect(await announce()).toBe(3);
    const bell = (await t.call(sleeping, 'GET', '/api/notifications')).json();
    expect(bell.unread).toBe(1);
    expect(bell.notifications[0]).toMatchObject({
      kind: 'alert_match',
      title: 'New for your alert: Milk kefir grains',
      url: `/starter/${listing.id}`,
    });
    expect((await t.call(awake, 'GET', '/api/notifications')).json().unread).toBe(1);
    expect(await pushesTo(awake)).toBe(1);
    expect(await pushesTo(sleeping)).toBe(0);
    await queueDueAlertMail({ db: t.db, config: t.config });
    expect(await mailsTo(awake.user.email)).toHaveLength(1);
    expect(await mailsTo(sleeping.user.email)).toHaveLength(0);

    advanceClock(8 * HOUR); // 07:00 for the sleeper
    expect(await announce()).toBe(0);
    await queueDueAlertMail({ db: t.db, config: t.config });
    expect(await mailsTo(sleeping.user.email)).toHaveLength(2);
    expect((await t.call(sleeping, 'GET', '/api/notifications')).json().unread).toBe(1);
  });

  it('announces each match once when two copies run the job at the same moment', async () => {
    await quiet();
    const giver = await memberAt(12);
    const seekers = await Promise.all([memberAt(12), memberAt(12), memberAt(12)]);
    for (const s of seekers) await alertFor(s);
    const listing = await listingIn(giver.user.id, 'Leeds, United Kingdom');
    const [a, b] = await Promise.all([announce(), announce()]);
    expect(a + b).toBe(3);
    expect(await matchesOf(listing.id)).toHaveLength(3);
    const [c, d] = await Promise.all([
      queueDueAlertMail({ db: t.db, config: t.config }),
      queueDueAlertMail({ db: t.db, config: t.config }),
    ]);
    expect(c + d).toBe(3);
    for (const s of seekers) expect(await mailsTo(s.user.email)).toHaveLength(1);
  });

  it('forgets an alert’s announcements with the alert (as when its member leaves)', async () => {
    await quiet();
    const giver = await memberAt(12);
    const seeker = await memberAt(12);
    const id = await alertFor(seeker);
    const listing = await listingIn(giver.user.id, 'Leeds, United Kingdom');
    expect(await announce()).toBe(1);
    expect(await matchesOf(listing.id)).toMatchObject([{ userId: seeker.user.id }]);
    expect((await t.call(seeker, 'DELETE', `/api/alerts/${id}`)).statusCode).toBe(204);
    expect(await matchesOf(listing.id)).toEqual([]);
  });

  it('stops between listings when the server stops, and the next run announces the rest', async () => {
    await quiet();
    const giver = await memberAt(12);
    const seeker = await memberAt(12);
    await alertFor(seeker);
    const older = await listingIn(giver.user.id, 'Leeds, United Kingdom');
    advanceClock(MINUTE);
    const newer = await listingIn(giver.user.id, 'Leeds, United Kingdom');
    let listingsBegun = 0;
    const stopping = () => listingsBegun++ >= 1;
    expect(await announceNewListings({ db: t.db, config: t.config, stopping })).toBe(1);
    expect(await matchesOf(newer.id)).toHaveLength(1);
    expect(await matchesOf(older.id)).toHaveLength(0);
    expect(await announce()).toBe(1);
    expect(await matchesOf(older.id)).toHaveLength(1);
  });

  it('reaches each ring’s alerts in every direction, far north and across the antimeridian too', async () => {
    /** The point `km` from (lat, lng) on `bearing` degrees, on a sphere. */
    const away = (lat: number, lng: number, km: number, bearing: number) => {
      const [φ, λ, θ, δ] = [lat, lng, bearing]
        .map((d) => (d * Math.PI) / 180)
        .concat(km / 6378.168);
      const φ2 = Math.asin(
        Math.sin(φ!) * Math.cos(δ!) + Math.cos(φ!) * Math.sin(δ!) * Math.cos(θ!),
      );
      const λ2 =
        λ! +
        Math.atan2(
          Math.sin(θ!) * Math.sin(δ!) * Math.cos(φ!),
          Math.cos(δ!) - Math.sin(φ!) * Math.sin(φ2),
        );
      return {
        latitude: (φ2 * 180) / Math.PI,
        longitude: (((λ2 * 180) / Math.PI + 540) % 360) - 180,
      };
    };
    for (const [lat, lng] of [
      [53.8, -1.55],
      [69.65, 18.96],
      [-17.5, 179.95],
    ] as const) {
      await quiet();
      const giver = await memberAt(12);
      const seeker = await memberAt(12);
      // Ring by ring (5, 15, 40 km, then the alert's radius), eight bearings each.
      const expected: Record<number, number> = {};
      for (const [ring, km] of [
        [0, 3],
        [1, 10],
        [2, 30],
        [3, 60],
      ] as const)
        for (let bearing = 0; bearing < 360; bearing += 45) {
          const [row] = await t.db
            .insert(alerts)
            .values({
              userId: seeker.user.id,
              search: 'kefir',
              searchTokens: ['kefir'],
              place: `${km} km at ${bearing}°`,
              ...away(lat, lng, km, bearing),
              radiusKm: 100,
              frequency: 'weekly',
            })
            .returning({ id: alerts.id });
          expected[row!.id] = ring;
        }
      const listing = await createStarterRow(t.db, giver.user.id, {
        location: 'somewhere',
        latitude: lat,
        longitude: lng,
        createdAt: now(),
      });
      for (let ring = 0; ring < 4; ring++) {
        await announce();
        advanceClock(120 * MINUTE);
      }
      const told = Object.fromEntries(
        (await matchesOf(listing.id)).map((m) => [m.alertId, m.ring]),
      );
      expect(told, `around ${lat}, ${lng}`).toEqual(expected);
      resetClock();
    }
  });

  it('a member who hid the listing hears nothing of it when a later ring reaches them', async () => {
    await quiet();
    const giver = await memberAt(12);
    const hider = await memberAt(12);
    const other = await memberAt(12);
    await alertFor(hider, { location: 'Wakefield, United Kingdom', radiusKm: 100 });
    await alertFor(other, { location: 'Wakefield, United Kingdom', radiusKm: 100 });
    const listing = await listingIn(giver.user.id, 'Leeds, United Kingdom');
    await announce();
    expect(await matchesOf(listing.id)).toEqual([]);
    const hide = await t.call(hider, 'PUT', `/api/starters/${listing.id}/hidden`);
    expect(hide.statusCode, hide.body).toBe(200);
    advanceClock(120 * MINUTE);
    await announce();
    expect((await matchesOf(listing.id)).map((m) => m.userId)).toEqual([other.user.id]);
  });

  it('never announces a listing across a block, nor to its own giver, nor what does not match', async () => {
    await quiet();
    const giver = await memberAt(12);
    const blocked = await memberAt(12);
    const blocker = await memberAt(12);
    const wantsBread = await memberAt(12);
    const inLondon = await memberAt(12);
    await alertFor(giver);
    await alertFor(blocked);
    await alertFor(blocker);
    await alertFor(wantsBread, { search: 'sourdough' });
    await alertFor(inLondon, { location: 'London, United Kingdom' });
    await t.db.insert(blocks).values([
      { blockerId: giver.user.id, blockedId: blocked.user.id },
      { blockerId: blocker.user.id, blockedId: giver.user.id },
    ]);
    const listing = await listingIn(giver.user.id, 'Leeds, United Kingdom');
    await announce();
    expect(await matchesOf(listing.id)).toEqual([]);
  });
});

describe('alerts: mail', () => {
  it('immediate: one mail per match, at most one an hour per alert, the rest rolled into the next', async () => {
    await quiet();
    const giver = await memberAt(12);
    const seeker = await memberAt(12);
    await alertFor(seeker);
    const first = await listingIn(giver.user.id, 'Leeds, United Kingdom', {
      title: 'Kefir grains one',
    });
    await announce();
    await queueDueAlertMail({ db: t.db, config: t.config });
    let mails = await mailsTo(seeker.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Kefir grains one');
    expect(mails[0]!.textBody).toContain(`/starter/${first.id}`);
    expect(mails[0]!.headers).toMatchObject({
      'List-Unsubscribe': expect.stringMatching(/\/api\/alerts\/stop\/[0-9a-f]{32}\/\d+>$/),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });

    advanceClock(10 * MINUTE);
    await listingIn(giver.user.id, 'Leeds, United Kingdom', { title: 'Kefir grains two' });
    advanceClock(10 * MINUTE);
    await listingIn(giver.user.id, 'Leeds, United Kingdom', { title: 'Kefir grains three' });
    await announce();
    await queueDueAlertMail({ db: t.db, config: t.config });
    expect(await mailsTo(seeker.user.email)).toHaveLength(1);

    advanceClock(41 * MINUTE);
    await queueDueAlertMail({ db: t.db, config: t.config });
    mails = await mailsTo(seeker.user.email);
    expect(mails).toHaveLength(2);
    const rolled = mails.find((m) => m.subject.startsWith('2 new listings'))!;
    expect(rolled.textBody).toContain('Kefir grains two');
    expect(rolled.textBody).toContain('Kefir grains three');
  });

  it('the stop link stops that alert only, without signing in', async () => {
    await quiet();
    const giver = await memberAt(12);
    const seeker = await memberAt(12);
    const kefir = await alertFor(seeker);
    const grains = await alertFor(seeker, { search: 'grains' });
    await listingIn(giver.user.id, 'Leeds, United Kingdom');
    await announce();
    await queueDueAlertMail({ db: t.db, config: t.config });
    const mails = await mailsTo(seeker.user.email);
    expect(mails).toHaveLength(2);
    const link = mails
      .map((m) => (m.headers as Record<string, string>)['List-Unsubscribe']!)
      .find((h) => h.endsWith(`/${kefir}>`))!;
    const path = new URL(link.slice(1, -1)).pathname;
    const asks = await t.call(null, 'GET', path);
    expect(asks.json().description).toContain('kefir');
    // What it asks, for the page to word in the reader's language and units.
    expect(asks.json().alert).toEqual({
      search: 'kefir',
      category: null,
      subcategory: null,
      location: expect.stringContaining('Leeds'),
      radiusKm: 25,
    });
    const stopped = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(stopped.statusCode).toBe(204);
    const left = (await t.call(seeker, 'GET', '/api/alerts'))
      .json()
      .alerts.map((a: { id: number }) => a.id);
    expect(left).toEqual([grains]);
    // Someone else's key stops nothing.
    const wrong = path
      .replace(/stop\/[0-9a-f]{32}/, `stop/${'0'.repeat(32)}`)
      .replace(`/${kefir}`, `/${grains}`);
    expect((await t.call(null, 'POST', wrong)).statusCode).toBe(204);
    expect((await t.call(seeker, 'GET', '/api/alerts')).json().alerts).toHaveLength(1);
  });

  it('a daily alert goes into the message digest when both are due: one mail', async () => {
    await quiet();
    const giver = await memberAt(12);
    const seeker = await memberAt(12);
    await t.db.update(users).set({ messageMail: 'daily' }).where(eq(users.id, seeker.user.id));
    await alertFor(seeker, { frequency: 'daily' });
    await listingIn(giver.user.id, 'Leeds, United Kingdom', { title: 'Digest kefir grains' });
    await announce();
    const talk = await createStarterRow(t.db, giver.user.id, {
      title: 'A sourdough to talk about',
    });
    await t.call(seeker, 'POST', '/api/messages', {
      starterId: talk.id,
      receiverId: giver.user.id,
      content: 'Hello',
    });
    const giverWrites = await t.call(giver, 'POST', '/api/messages', {
      starterId: talk.id,
      receiverId: seeker.user.id,
      content: 'Yes, come by on Saturday',
    });
    expect(giverWrites.statusCode, giverWrites.body).toBe(201);
    void noteMessageForMail;
    // Nothing before the digest hour.
    await queueDueAlertMail({ db: t.db, config: t.config });
    expect(await mailsTo(seeker.user.email)).toHaveLength(0);
    advanceClock(25 * HOUR);
    await queueDueAlertMail({ db: t.db, config: t.config });
    await queueDueMessageMail({ db: t.db, config: t.config });
    await queueDueAlertMail({ db: t.db, config: t.config });
    const mails = await mailsTo(seeker.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain('Yes, come by on Saturday');
    expect(mails[0]!.textBody).toContain('Digest kefir grains');
    expect(mails[0]!.subject).toMatch(/1 new message.*1 new listing for your alerts/);
    const left = await t.db
      .select()
      .from(alertMatches)
      .where(and(eq(alertMatches.userId, seeker.user.id), sql`${alertMatches.mailedAt} IS NULL`));
    expect(left).toEqual([]);
  });
});
