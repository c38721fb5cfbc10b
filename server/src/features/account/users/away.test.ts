import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, now, resetClock } from '../../../clock/clock';
import {
  alerts,
  mailOutbox,
  standingOfferTurns,
  standingOffers,
  starters,
} from '../../../db/schema';
import {
  createStarterRow,
  createTestApp,
  signedInMember,
  zoneWhereItIs,
  type TestApp,
} from '../../../test/app';
import { queueDueAlertMail } from '../../alerts/alert-mail';
import { queueAskMails } from '../../asks/ask-mail';
import { announceNewListings } from '../../alerts/announce';
import { locate } from '../../places/places.service';
import { runStandingOfferRounds, type RoundDeps } from '../../standing-offers/rounds';

const DAY = 86_400_000;

let t: TestApp;
let worker: RoundDeps;
beforeAll(async () => {
  t = await createTestApp({ ANNOUNCE_RING_MINUTES: '120' });
  worker = { db: t.db, config: t.config, live: { publish: async () => {} } };
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => resetClock());

type Member = Awaited<ReturnType<typeof signedInMember>>;

/** The day `days` from the server's clock, as the date picker sends it. */
const dayAhead = (days: number) =>
  new Date(now().getTime() + days * DAY).toISOString().slice(0, 10);

async function away(member: Member, until: string) {
  return t.call(member, 'PUT', '/api/users/me/away', { until });
}

async function ask(member: Member, starterId: number, ownerId: string) {
  const res = await t.call(member, 'POST', '/api/messages', {
    starterId,
    receiverId: ownerId,
    content: 'May I have some?',
  });
  expect(res.statusCode, res.body).toBe(201);
}

describe('time away: the setting', () => {
  it('sets and clears it; the signed-in member reads it back', async () => {
    const member = await signedInMember(t.db);
    const until = dayAhead(10);
    const res = await away(member, until);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().awayUntil).toBe(`${until}T00:00:00.000Z`);
    const me = (await t.call(member, 'GET', '/api/auth/user')).json();
    expect(me.awayUntil).toBe(`${until}T00:00:00.000Z`);
    expect(me.email).toBe(member.user.email);

    const cleared = await t.call(member, 'DELETE', '/api/users/me/away');
    expect(cleared.statusCode).toBe(204);
    expect((await t.call(member, 'GET', '/api/auth/user')).json().awayUntil).toBeUndefined();
  });

  it('refuses a date in the past, more than a year ahead, or not a date, and changes nothing', async () => {
    const member = await signedInMember(t.db);
    const cases: Array<[unknown, RegExp]> = [
      [dayAhead(-1), /must be in the future/],
      [now().toISOString(), /must be in the future/],
      [dayAhead(400), /at most a year ahead/],
      ['next week', /Choose the date/],
      ['2027-02-30x', /Choose the date/],
      [42, /Choose the date/],
    ];
    for (const [until, message] of cases) {
      const res = await t.call(member, 'PUT', '/api/users/me/away', { until });
      expect(res.statusCode, String(until)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await t.call(member, 'GET', '/api/auth/user')).json().awayUntil).toBeUndefined();
    expect(
      (await t.call(null, 'PUT', '/api/users/me/away', { until: dayAhead(3) })).statusCode,
    ).toBe(401);
  });
});

describe('time away: listings', () => {
  it("an away member's listing says so and refuses a reservation with 409; after the date it works again", async () => {
    const owner = await signedInMember(t.db);
    const asker = await signedInMember(t.db);
    const starter = await createStarterRow(t.db, owner.user.id, { portions: 2 });
    await ask(asker, starter.id, owner.user.id);
    expect((await away(owner, dayAhead(5))).statusCode).toBe(200);

    const seen = (await t.call(asker, 'GET', `/api/starters/${starter.id}`)).json();
    expect(seen.ownerAwayUntil).toBe(`${dayAhead(5)}T00:00:00.000Z`);
    const url = `/api/starters/${starter.id}/reservations`;
    const refused = await t.call(owner, 'POST', url, { memberId: asker.user.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^This member is away until \d+ \w+ \d{4}: /);
    const [row] = await t.db.select().from(starters).where(eq(starters.id, starter.id));
    expect(row!.portionsReserved).toBe(0);
    // The conversation tells the asker in one line.
    const list = (await t.call(asker, 'GET', '/api/conversations')).json();
    expect(list.find((c: { starterId: number }) => c.starterId === starter.id).otherAwayUntil).toBe(
      seen.ownerAwayUntil,
    );

    advanceClock(6 * DAY);
    expect((await t.call(asker, 'GET', `/api/starters/${starter.id}`)).json().ownerAwayUntil).toBe(
      undefined,
    );
    const reserved = await t.call(owner, 'POST', url, { memberId: asker.user.id });
    expect(reserved.statusCode, reserved.body).toBe(201);
  });
});

describe('time away: standing offers', () => {
  async function offerWithWaiting(count: number) {
    const owner = await signedInMember(t.db);
    const starter = await createStarterRow(t.db, owner.user.id, { portions: 1 });
    const res = await t.call(owner, 'POST', `/api/starters/${starter.id}/standing-offer`, {
      batchSize: 2,
      cadenceDays: 7,
      answerHours: 48,
      limitWeeks: 4,
      mode: 'longest_waiting',
    });
    expect(res.statusCode, res.body).toBe(200);
    const members: Member[] = [];
    for (let i = 0; i < count; i++) {
      const m = await signedInMember(t.db);
      expect((await t.call(m, 'POST', `/api/starters/${starter.id}/waitlist`)).statusCode).toBe(
        200,
      );
      members.push(m);
    }
    await t.db
      .update(standingOffers)
      .set({ nextRoundAt: sql`now() - interval '1 second'` })
      .where(eq(standingOffers.starterId, starter.id));
    return { owner, starter, members };
  }

  const offeredTo = async (starterId: number) =>
    (
      await t.db
        .select({ memberId: standingOfferTurns.memberId })
        .from(standingOfferTurns)
        .where(
          and(
            eq(standingOfferTurns.starterId, starterId),
            eq(standingOfferTurns.status, 'pending'),
          ),
        )
    ).map((r) => r.memberId);

  it('a round skips a waiting member who is away', async () => {
    const { starter, members } = await offerWithWaiting(3);
    expect((await away(members[0]!, dayAhead(5))).statusCode).toBe(200);
    await runStandingOfferRounds(worker);
    const offered = await offeredTo(starter.id);
    expect(offered.sort()).toEqual([members[1]!.user.id, members[2]!.user.id].sort());
  });

  it("the owner's offers pause while they are away and go on after the date", async () => {
    const { owner, starter } = await offerWithWaiting(2);
    expect((await away(owner, dayAhead(3))).statusCode).toBe(200);
    await runStandingOfferRounds(worker);
    expect(await offeredTo(starter.id)).toHaveLength(0);

    advanceClock(4 * DAY);
    await t.db
      .update(standingOffers)
      .set({ nextRoundAt: new Date(now().getTime() - 1000) })
      .where(eq(standingOffers.starterId, starter.id));
    await runStandingOfferRounds(worker);
    expect(await offeredTo(starter.id)).toHaveLength(2);
  });
});

describe('time away: alert mail', () => {
  it('is not queued to a member while away, and resumes after the date', async () => {
    await t.db.update(starters).set({ isClaimed: true });
    await t.db.delete(alerts);
    const giver = await signedInMember(t.db, { timeZone: zoneWhereItIs(12) });
    const seeker = await signedInMember(t.db, { timeZone: zoneWhereItIs(12) });
    const made = await t.call(seeker, 'POST', '/api/alerts', {
      search: 'kefir',
      location: 'Leeds, United Kingdom',
      radiusKm: 25,
      frequency: 'immediate',
    });
    expect(made.statusCode, made.body).toBe(201);
    expect((await away(seeker, dayAhead(2))).statusCode).toBe(200);
    const at = locate('Leeds, United Kingdom')!;
    await createStarterRow(t.db, giver.user.id, {
      title: 'Kefir grains while away',
      location: 'Leeds, United Kingdom',
      latitude: at.latitude,
      longitude: at.longitude,
      createdAt: now(),
    });
    await announceNewListings({ db: t.db, config: t.config });
    await queueDueAlertMail({ db: t.db, config: t.config });
    const mailsTo = () =>
      t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, seeker.user.email));
    expect(await mailsTo()).toHaveLength(0);

    advanceClock(2 * DAY);
    await queueDueAlertMail({ db: t.db, config: t.config });
    expect(await mailsTo()).toHaveLength(1);
  });
});

describe('time away: ask mail', () => {
  it('"Could you help?" skips a member who is away', async () => {
    const LEEDS = 'Leeds, England, United Kingdom';
    const at = locate(LEEDS)!;
    const keeper = async () => {
      const member = await signedInMember(t.db);
      await createStarterRow(t.db, member.user.id, {
        category: 'dairy',
        subcategory: 'kefir',
        location: LEEDS,
        latitude: at.latitude,
        longitude: at.longitude,
      });
      return member;
    };
    const present = await keeper();
    const gone = await keeper();
    expect((await away(gone, dayAhead(7))).statusCode).toBe(200);
    const asker = await signedInMember(t.db);
    const res = await t.call(asker, 'POST', '/api/asks', {
      category: 'dairy',
      subcategory: 'kefir',
      location: LEEDS,
    });
    expect(res.statusCode, res.body).toBe(201);
    await queueAskMails({ db: t.db, config: t.config });
    const mailsTo = (email: string) =>
      t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    expect(await mailsTo(present.user.email)).toHaveLength(1);
    expect(await mailsTo(gone.user.email)).toHaveLength(0);
  });
});
