import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '../../../../common/conversations/messages';
import {
  type StandingOfferSettingsInput,
  type StandingOfferView,
} from '../../../../common/conversations/standing-offers';
import { blocks, mailOutbox, standingOfferTurns, standingOffers, starters } from '../../db/schema';
import { createStarterRow, createTestApp, signedInMember, type TestApp } from '../../test/app';
import { runStandingOfferRounds, type RoundDeps } from './rounds';

let t: TestApp;
let worker: RoundDeps;
beforeAll(async () => {
  t = await createTestApp();
  worker = { db: t.db, config: t.config, live: { publish: async () => {} } };
});
afterAll(async () => {
  await t?.close();
});

type Member = Awaited<ReturnType<typeof signedInMember>>;

const settings = (over: Partial<StandingOfferSettingsInput> = {}): StandingOfferSettingsInput => ({
  batchSize: 2,
  cadenceDays: 7,
  answerHours: 48,
  limitWeeks: 4,
  mode: 'longest_waiting',
  ...over,
});

async function giverWithOffer(over: Partial<StandingOfferSettingsInput> = {}) {
  const owner = await signedInMember(t.db);
  const starter = await createStarterRow(t.db, owner.user.id, { portions: 1 });
  const res = await t.call(
    owner,
    'POST',
    `/api/starters/${starter.id}/standing-offer`,
    settings(over),
  );
  expect(res.statusCode, res.body).toBe(200);
  return { owner, starter };
}

async function view(who: Member | null, starterId: number): Promise<StandingOfferView> {
  const res = await t.call(who, 'GET', `/api/starters/${starterId}/standing-offer`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function join(who: Member, starterId: number) {
  const res = await t.call(who, 'POST', `/api/starters/${starterId}/waitlist`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as StandingOfferView;
}

/** Members join, then their waiting times are set: `daysAgo[i]` for `members[i]`. */
async function waiting(starterId: number, count: number, daysAgo: number[] = []) {
  const members: Member[] = [];
  for (let i = 0; i < count; i++) {
    const m = await signedInMember(t.db);
    await join(m, starterId);
    members.push(m);
  }
  for (const [i, days] of daysAgo.entries()) {
    await t.db.execute(sql`
      UPDATE standing_waitlist SET joined_at = now() - make_interval(days => ${days}::int)
      WHERE starter_id = ${starterId} AND member_id = ${members[i]!.user.id}`);
  }
  return members;
}

/** Makes the next round due now, as the calendar would. */
async function roundDue(starterId: number) {
  await t.db
    .update(standingOffers)
    .set({ nextRoundAt: sql`now() - interval '1 second'` })
    .where(eq(standingOffers.starterId, starterId));
}

async function pendingOffers(starterId: number) {
  return t.db
    .select()
    .from(standingOfferTurns)
    .where(
      and(eq(standingOfferTurns.starterId, starterId), eq(standingOfferTurns.status, 'pending')),
    );
}

async function thread(member: Member, starterId: number, other?: Member): Promise<Message[]> {
  const q = other ? `?with=${other.user.id}` : '';
  const res = await t.call(member, 'GET', `/api/messages/starter/${starterId}${q}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const lineTexts = (list: Message[]) =>
  list.filter((m) => m.kind === 'system').map((m) => m.content);

async function starterJson(who: Member, starterId: number) {
  const res = await t.call(who, 'GET', `/api/starters/${starterId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('a standing offer with a fair queue', () => {
  it('offers a batch of two to the two who waited longest, skips one who does not answer in time, and respects the per-member limit', async () => {
    const { owner, starter } = await giverWithOffer();
    const [m1, m2, m3, m4] = await waiting(starter.id, 4, [3, 1, 4, 2]);
    // Longest waiting first: m3 (4 days), m1 (3), m4 (2), m2 (1).
    expect((await view(m4!, starter.id)).me).toMatchObject({ place: 3, pendingOffer: null });
    expect((await view(null, starter.id)).queueLength).toBe(4);

    await roundDue(starter.id);
    expect(await runStandingOfferRounds(worker)).toMatchObject({ rounds: 1 });
    const offered = async () => (await pendingOffers(starter.id)).map((o) => o.memberId).sort();
    expect(await offered()).toEqual([m1!.user.id, m3!.user.id].sort());
    expect((await view(m2!, starter.id)).me?.pendingOffer).toBeNull();
    const m3Offer = (await view(m3!, starter.id)).me!.pendingOffer!;
    expect(Date.parse(m3Offer.answerBy) - Date.now()).toBeGreaterThan(47 * 3_600_000);
    // The member hears of it in the thread and by mail; the listing has room for the batch.
    expect(lineTexts(await thread(m3!, starter.id))[0]).toMatch(/accept within 48 hours/);
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, m3!.user.email));
    expect(mails.map((m) => m.subject)).toEqual([`Your turn: a portion of ${starter.title}`]);
    expect(await starterJson(owner, starter.id)).toMatchObject({ portions: 2, portionsLeft: 2 });

    // m3 accepts: a reservation, as if the owner had reserved it.
    const accepted = await t.call(m3!, 'POST', `/api/standing-offers/offers/${m3Offer.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(await starterJson(owner, starter.id)).toMatchObject({
      portionsReserved: 1,
      portionsLeft: 1,
    });
    const mine = (await t.call(m3!, 'GET', '/api/me/handovers')).json();
    expect(mine.reservedForMe.map((r: { id: number }) => r.id)).toEqual([
      accepted.json().reservationId,
    ]);
    expect(lineTexts(await thread(owner, starter.id, m3!))).toContain(
      'Accepted the standing offer — a portion is reserved',
    );

    // m1 never answers: the offer runs out and passes to the next in line (m4, not m2).
    await t.db.execute(sql`
      UPDATE standing_offer_turns SET answer_by = now() - interval '1 second'
      WHERE starter_id = ${starter.id} AND member_id = ${m1!.user.id}`);
    await runStandingOfferRounds(worker);
    expect(await offered()).toEqual([m4!.user.id]);
    const m1View = await view(m1!, starter.id);
    expect(m1View.me).toMatchObject({ place: 3, pendingOffer: null });
    expect(lineTexts(await thread(m1!, starter.id))).toContain(
      'The offer ran out unanswered and passed to the next in line',
    );
    const m4Offer = (await view(m4!, starter.id)).me!.pendingOffer!;
    expect(
      (await t.call(m4!, 'POST', `/api/standing-offers/offers/${m4Offer.id}/accept`)).statusCode,
    ).toBe(201);

    // The rest of the hand-over flow works without a message: give, confirm.
    const given = await t.call(owner, 'POST', `/api/starters/${starter.id}/handovers`, {
      memberId: m3!.user.id,
    });
    expect(given.statusCode, given.body).toBe(201);
    const confirm = await t.call(m3!, 'POST', `/api/handovers/${given.json().id}/confirm`, {
      received: true,
    });
    expect(confirm.statusCode, confirm.body).toBe(204);
    const activity = (await t.call(owner, 'GET', '/api/me/starter-activity')).json();
    expect(activity[0].askers.map((a: { user: { id: string } }) => a.user.id).sort()).toEqual(
      [m3!.user.id, m4!.user.id].sort(),
    );

    // m3 joins again, but got a portion within the last four weeks.
    expect((await join(m3!, starter.id)).me).toMatchObject({ place: 3 });
    const round2 = await t.call(owner, 'POST', `/api/starters/${starter.id}/standing-offer/rounds`);
    expect(round2.statusCode, round2.body).toBe(200);
    expect(await offered()).toEqual([m1!.user.id, m2!.user.id].sort());
    for (const m of [m1!, m2!]) {
      const offer = (await view(m, starter.id)).me!.pendingOffer!;
      const res = await t.call(m, 'POST', `/api/standing-offers/offers/${offer.id}/decline`);
      expect(res.statusCode, res.body).toBe(204);
      expect(lineTexts(await thread(owner, starter.id, m))).toContain(
        'Passed on this round — back to the end of the line',
      );
    }
    // First in line now, yet skipped: within the per-member limit.
    const m3View = await view(m3!, starter.id);
    expect(m3View.me).toMatchObject({ place: 1, pendingOffer: null });
    expect(Date.parse(m3View.me!.eligibleFrom!) - Date.now()).toBeGreaterThan(27 * 86_400_000);
    expect(await offered()).toEqual([]);

    // Five weeks later the limit has passed.
    await t.db.execute(sql`
      UPDATE standing_offer_turns SET answered_at = now() - interval '35 days'
      WHERE starter_id = ${starter.id} AND member_id = ${m3!.user.id}`);
    await t.db.execute(sql`
      UPDATE handovers SET created_at = now() - interval '35 days'
      WHERE starter_id = ${starter.id} AND recipient_id = ${m3!.user.id}`);
    await t.call(owner, 'POST', `/api/starters/${starter.id}/standing-offer/rounds`);
    expect(await offered()).toContain(m3!.user.id);
    expect((await view(m3!, starter.id)).me?.eligibleFrom).toBeNull();
    // Giving the last portion does not claim a starter with a standing offer.
    expect((await starterJson(owner, starter.id)).isClaimed).toBe(false);
  });

  it('never offers more than the batch, nor one member twice, when rounds race', async () => {
    const { owner, starter } = await giverWithOffer();
    const members = await waiting(starter.id, 5, [5, 4, 3, 2, 1]);
    await roundDue(starter.id);
    const roundNow = () =>
      t.call(owner, 'POST', `/api/starters/${starter.id}/standing-offer/rounds`).then((r) => {
        expect(r.statusCode, r.body).toBe(200);
      });
    await Promise.all([
      runStandingOfferRounds(worker),
      runStandingOfferRounds(worker),
      roundNow(),
      roundNow(),
    ]);
    const open = await pendingOffers(starter.id);
    expect(open.map((o) => o.memberId).sort()).toEqual(
      [members[0]!.user.id, members[1]!.user.id].sort(),
    );
    const json = await starterJson(owner, starter.id);
    expect(json.portionsLeft).toBeGreaterThanOrEqual(open.length);
  });

  it('by lottery offers only to members who are waiting', async () => {
    const { owner, starter } = await giverWithOffer({ batchSize: 5, mode: 'lottery' });
    const [stays1, leaves, stays2, blocked, blocker] = await waiting(starter.id, 5);
    const asker = await signedInMember(t.db);
    await t.call(asker, 'POST', '/api/messages', {
      starterId: starter.id,
      receiverId: owner.user.id,
      content: 'Could I have some?',
    });
    expect(
      (await t.call(leaves!, 'DELETE', `/api/starters/${starter.id}/waitlist`)).statusCode,
    ).toBe(204);
    // A block either way keeps a member out of the round.
    await t.db.insert(blocks).values([
      { blockerId: owner.user.id, blockedId: blocked!.user.id },
      { blockerId: blocker!.user.id, blockedId: owner.user.id },
    ]);
    await roundDue(starter.id);
    await runStandingOfferRounds(worker);
    expect((await pendingOffers(starter.id)).map((o) => o.memberId).sort()).toEqual(
      [stays1!.user.id, stays2!.user.id].sort(),
    );
  });

  it('stops rounds while paused and starts again on resume', async () => {
    const { owner, starter } = await giverWithOffer();
    await waiting(starter.id, 2);
    const paused = await t.call(owner, 'POST', `/api/starters/${starter.id}/standing-offer/pause`);
    expect(paused.json().offer.paused).toBe(true);
    await roundDue(starter.id);
    await runStandingOfferRounds(worker);
    const now = await t.call(owner, 'POST', `/api/starters/${starter.id}/standing-offer/rounds`);
    expect(now.statusCode).toBe(409);
    expect(await pendingOffers(starter.id)).toHaveLength(0);
    expect((await view(owner, starter.id)).offer?.round).toBe(0);

    await t.call(owner, 'POST', `/api/starters/${starter.id}/standing-offer/resume`);
    await runStandingOfferRounds(worker);
    expect(await pendingOffers(starter.id)).toHaveLength(2);
  });

  it('lets a member join once, not their own offer, not across a block, not an unseen starter', async () => {
    const { owner, starter } = await giverWithOffer();
    const m = await signedInMember(t.db);
    expect((await join(m, starter.id)).me?.place).toBe(1);
    expect((await join(m, starter.id)).queueLength).toBe(1);

    const own = await t.call(owner, 'POST', `/api/starters/${starter.id}/waitlist`);
    expect(own.statusCode).toBe(400);
    const blockedMember = await signedInMember(t.db);
    await t.db
      .insert(blocks)
      .values({ blockerId: owner.user.id, blockedId: blockedMember.user.id });
    const blocked = await t.call(blockedMember, 'POST', `/api/starters/${starter.id}/waitlist`);
    expect(blocked.statusCode).toBe(403);
    expect((await view(blockedMember, starter.id)).me?.cannotJoin).toBeTruthy();
    const unconfirmed = await signedInMember(t.db, { emailVerifiedAt: null });
    expect(
      (await t.call(unconfirmed, 'POST', `/api/starters/${starter.id}/waitlist`)).statusCode,
    ).toBe(403);
    expect((await t.call(m, 'POST', '/api/starters/999999999/waitlist')).statusCode).toBe(404);
    expect((await t.call(null, 'POST', `/api/starters/${starter.id}/waitlist`)).statusCode).toBe(
      401,
    );

    await t.db
      .update(starters)
      .set({ removedAt: new Date(), isActive: false })
      .where(eq(starters.id, starter.id));
    const late = await signedInMember(t.db);
    expect((await t.call(late, 'POST', `/api/starters/${starter.id}/waitlist`)).statusCode).toBe(
      404,
    );
    expect(
      (await t.call(late, 'GET', `/api/starters/${starter.id}/standing-offer`)).statusCode,
    ).toBe(404);
    expect((await view(owner, starter.id)).queueLength).toBe(1);
  });

  it('answers bad input with a 4xx and changes nothing', async () => {
    const owner = await signedInMember(t.db);
    const starter = await createStarterRow(t.db, owner.user.id);
    const url = `/api/starters/${starter.id}/standing-offer`;
    for (const bad of [
      settings({ batchSize: 0 }),
      settings({ batchSize: 11 }),
      settings({ cadenceDays: 'weekly' as unknown as number }),
      settings({ answerHours: 0 }),
      settings({ limitWeeks: -1 }),
      settings({ mode: 'first_come' as 'lottery' }),
      { batchSize: 2 },
    ]) {
      const res = await t.call(owner, 'POST', url, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    const stranger = await signedInMember(t.db);
    expect((await t.call(stranger, 'POST', url, settings())).statusCode).toBe(403);
    expect((await t.call(stranger, 'POST', `${url}/pause`)).statusCode).toBe(403);
    expect((await t.call(owner, 'POST', `${url}/pause`)).statusCode).toBe(409);
    expect(
      (await t.call(owner, 'POST', '/api/starters/abc/standing-offer', settings())).statusCode,
    ).toBe(400);
    expect((await view(owner, starter.id)).offer).toBeNull();
    expect(
      (await t.call(stranger, 'POST', `/api/starters/${starter.id}/waitlist`)).statusCode,
    ).toBe(409);

    // Offers: not someone else's, not twice, not after the answer time.
    const { starter: s2 } = await giverWithOffer({ batchSize: 1 });
    const [first] = await waiting(s2.id, 1);
    await roundDue(s2.id);
    await runStandingOfferRounds(worker);
    const offer = (await view(first!, s2.id)).me!.pendingOffer!;
    const other = await signedInMember(t.db);
    expect(
      (await t.call(other, 'POST', `/api/standing-offers/offers/${offer.id}/accept`)).statusCode,
    ).toBe(404);
    expect((await t.call(first!, 'POST', '/api/standing-offers/offers/x/accept')).statusCode).toBe(
      400,
    );
    expect((await t.call(first!, 'DELETE', `/api/starters/${s2.id}/waitlist`)).statusCode).toBe(
      409,
    );
    await t.db
      .update(standingOfferTurns)
      .set({ answerBy: sql`now() - interval '1 second'` })
      .where(eq(standingOfferTurns.id, offer.id));
    const late = await t.call(first!, 'POST', `/api/standing-offers/offers/${offer.id}/accept`);
    expect(late.statusCode).toBe(409);
    expect((await starterJson(first!, s2.id)).portionsReserved).toBe(0);
    await t.db
      .update(standingOfferTurns)
      .set({ answerBy: sql`now() + interval '1 hour'` })
      .where(eq(standingOfferTurns.id, offer.id));
    expect(
      (await t.call(first!, 'POST', `/api/standing-offers/offers/${offer.id}/accept`)).statusCode,
    ).toBe(201);
    expect(
      (await t.call(first!, 'POST', `/api/standing-offers/offers/${offer.id}/accept`)).statusCode,
    ).toBe(409);
    expect(
      (await t.call(first!, 'POST', `/api/standing-offers/offers/${offer.id}/decline`)).statusCode,
    ).toBe(409);
    expect((await starterJson(first!, s2.id)).portionsReserved).toBe(1);
  });

  it('withdraws open offers when the giver ends it', async () => {
    const { owner, starter } = await giverWithOffer();
    const [m] = await waiting(starter.id, 1);
    await t.call(owner, 'POST', `/api/starters/${starter.id}/standing-offer/rounds`);
    const res = await t.call(owner, 'DELETE', `/api/starters/${starter.id}/standing-offer`);
    expect(res.statusCode).toBe(204);
    const v = await view(m!, starter.id);
    expect(v.offer).toBeNull();
    expect(await pendingOffers(starter.id)).toHaveLength(0);
  });
});

describe('following a standing offer', () => {
  it('waiting members see the next round; the turn shows until answered; after Accept, what next', async () => {
    const { owner, starter } = await giverWithOffer({ cadenceDays: 3, batchSize: 1 });
    const [member] = await waiting(starter.id, 1);
    const before = await view(member!, starter.id);
    const days = (Date.parse(before.offer!.nextRoundAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(2.9);
    expect(days).toBeLessThanOrEqual(3);
    expect(before.me!.reserved).toBeNull();

    // Browse cards say a standing offer runs.
    const listed = await t.call(
      null,
      'GET',
      `/api/starters?search=${encodeURIComponent(starter.title)}&limit=50`,
    );
    const card = listed.json().starters.find((s: { id: number }) => s.id === starter.id);
    expect(card.hasStandingOffer).toBe(true);

    const turns = async () => {
      const res = await t.call(member!, 'GET', '/api/standing-offers/my-turns');
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Array<{ offerId: number; starterId: number; title: string }>;
    };
    expect(await turns()).toEqual([]);
    await roundDue(starter.id);
    await runStandingOfferRounds(worker);
    const open = await turns();
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ starterId: starter.id, title: starter.title });
    // Still there on the next look: it stays until answered.
    expect(await turns()).toHaveLength(1);
    // Someone else's turns are not theirs.
    expect((await t.call(owner, 'GET', '/api/standing-offers/my-turns')).json()).toEqual([]);

    const accepted = await t.call(
      member!,
      'POST',
      `/api/standing-offers/offers/${open[0]!.offerId}/accept`,
    );
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(await turns()).toEqual([]);
    const after = await view(member!, starter.id);
    expect(after.me!.reserved).toMatchObject({
      reservationId: accepted.json().reservationId,
      giverId: owner.user.id,
    });
    const next = await view(member!, starter.id);
    expect(Date.parse(next.offer!.nextRoundAt)).toBeGreaterThan(Date.now() + 2.9 * 86_400_000);

    // Ended: the cards stop saying so.
    await t.call(owner, 'DELETE', `/api/starters/${starter.id}/standing-offer`);
    const later = await t.call(
      null,
      'GET',
      `/api/starters?search=${encodeURIComponent(starter.title)}&limit=50`,
    );
    expect(
      later.json().starters.find((s: { id: number }) => s.id === starter.id).hasStandingOffer,
    ).toBe(false);
  });

  it("the bell's “Your turn” item stops asking once the member accepts, passes or lets it run out", async () => {
    const { starter } = await giverWithOffer({ batchSize: 3 });
    await t.db.update(starters).set({ portions: 3 }).where(eq(starters.id, starter.id));
    const [accepts, passes, lets] = await waiting(starter.id, 3, [3, 2, 1]);
    await roundDue(starter.id);
    await runStandingOfferRounds(worker);
    const bell = async (who: Member) => {
      const res = await t.call(who, 'GET', '/api/notifications');
      expect(res.statusCode, res.body).toBe(200);
      return (
        res.json().notifications as Array<{
          kind: string;
          title: string;
          body: string | null;
          readAt: string | null;
        }>
      ).filter((n) => n.kind === 'standing_offer');
    };
    const asking = {
      title: `Your turn: a portion of ${starter.title}`,
      body: 'Accept it within 48 hours to have a portion reserved for you.',
      readAt: null,
    };
    for (const who of [accepts!, passes!, lets!]) {
      expect(await bell(who)).toEqual([expect.objectContaining(asking)]);
    }
    const offerOf = async (who: Member) =>
      (
        (await t.call(who, 'GET', '/api/standing-offers/my-turns')).json() as Array<{
          offerId: number;
        }>
      )[0]!.offerId;

    const accepted = await t.call(
      accepts!,
      'POST',
      `/api/standing-offers/offers/${await offerOf(accepts!)}/accept`,
    );
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(await bell(accepts!)).toEqual([
      expect.objectContaining({
        title: `You accepted a portion of ${starter.title}`,
        body: '',
        readAt: expect.any(String),
      }),
    ]);

    const declined = await t.call(
      passes!,
      'POST',
      `/api/standing-offers/offers/${await offerOf(passes!)}/decline`,
    );
    expect(declined.statusCode, declined.body).toBe(204);
    expect(await bell(passes!)).toEqual([
      expect.objectContaining({
        title: `You passed on ${starter.title} this round`,
        body: '',
        readAt: expect.any(String),
      }),
    ]);

    // Untouched until its time runs out; then it no longer asks either.
    expect(await bell(lets!)).toEqual([expect.objectContaining(asking)]);
    await t.db
      .update(standingOfferTurns)
      .set({ answerBy: sql`now() - interval '1 second'` })
      .where(
        and(
          eq(standingOfferTurns.starterId, starter.id),
          eq(standingOfferTurns.memberId, lets!.user.id),
        ),
      );
    await runStandingOfferRounds(worker);
    expect(await bell(lets!)).toEqual([
      expect.objectContaining({
        title: `Your turn for ${starter.title} ran out`,
        body: '',
        readAt: expect.any(String),
      }),
    ]);

    // A turn the giver withdraws by ending the offer stops asking too.
    const other = await giverWithOffer({ batchSize: 1 });
    const [withdrawn] = await waiting(other.starter.id, 1);
    await roundDue(other.starter.id);
    await runStandingOfferRounds(worker);
    expect(await bell(withdrawn!)).toEqual([expect.objectContaining({ readAt: null })]);
    const ended = await t.call(
      other.owner,
      'DELETE',
      `/api/starters/${other.starter.id}/standing-offer`,
    );
    expect(ended.statusCode, ended.body).toBeLessThan(300);
    expect(await bell(withdrawn!)).toEqual([
      expect.objectContaining({
        title: `The standing offer of ${other.starter.title} ended: this turn was withdrawn`,
        body: '',
        readAt: expect.any(String),
      }),
    ]);
  });
});
