import { wakeJob } from '../../jobs/wake';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Message } from '../../../../common/conversations/messages';
import {
  type GivenOffer,
  type MemberOffer,
  type StandingOfferSettings,
  type StandingOfferView,
  type YourTurn,
} from '../../../../common/conversations/standing-offers';
import { assertMayMessage, blockBetween } from '../blocks/blocks.service';
import { assertMayPost, hasConfirmedEmail } from '../../access/members';
import {
  authorizeLoaded,
  authorizeStarter,
  isOpen,
  isPublic,
  openly,
  requireStarter,
  type StarterFacts,
} from '../../access/starter-access';
import type { Tx } from '../../db/client';
import { iso, rowsOf } from '../../db/rows';
import {
  standingOfferTurns,
  standingOffers,
  standingWaitlist,
  starters,
  users,
} from '../../db/schema';
import type { AppDeps } from '../../deps';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import { withQuota } from '../../plugins/rate-limit';
import type { SessionUser } from '../../plugins/sessions';
import { holdPortion } from '../handovers/handovers.service';
import { publishLines, writeSystemLine, writeSystemLines } from '../messages/system-lines';
import {
  fillRound,
  lockStandingOffer,
  passStarter,
  passTurn,
  settleTurnNotification,
  type RoundDeps,
} from './rounds';
import { publicMemberColumns } from '../../access/public-members';
import * as clock from '../../clock/clock';
import { DAY_MS } from '../../../../common/site/time';

type Deps = Pick<AppDeps, 'db' | 'config' | 'live' | 'listings'>;

/** Joining is cheap to undo and rarely repeated; this only stops a script. */
const JOINS_PER_DAY = 50;
const NO_OFFER = 'This starter has no standing offer';

type TurnRow = typeof standingOfferTurns.$inferSelect;

const toMemberOffer = (t: TurnRow): MemberOffer => ({
  id: t.id,
  round: t.round,
  status: t.status as MemberOffer['status'],
  offeredAt: t.offeredAt.toISOString(),
  answerBy: t.answerBy.toISOString(),
  answeredAt: iso(t.answeredAt),
});

/**
 * Browse cards say whether a standing offer runs: every server copy forgets its cached pages
 * of this starter's category once the transaction commits (as the starters trigger does).
 */
async function listingChanged(tx: Tx, starterId: number): Promise<void> {
  await tx.execute(
    sql`SELECT pg_notify('listing_changed', category) FROM starters WHERE id = ${starterId}`,
  );
}

/** The starter locked and authorized for its owner to change, with its standing offer. */
async function ownForUpdate(tx: Tx, actor: SessionUser, starterId: number) {
  const locked = await lockStandingOffer(tx, starterId);
  const facts = authorizeStarter(actor, locked?.facts, 'change');
  return { facts, offer: locked?.offer };
}

// ---------------------------------------------------------------- the giver

/** POST /api/starters/:id/standing-offer: set one up, or change its settings. */
export async function saveStandingOffer(
  deps: Pick<AppDeps, 'db'>,
  actor: SessionUser,
  input: { starterId: number; settings: StandingOfferSettings },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const { facts, offer } = await ownForUpdate(tx, actor, input.starterId);
    if (!isOpen(facts)) throw conflict('This starter is no longer listed');
    if (facts.isClaimed) throw conflict('This starter has already been claimed');
    const s = input.settings;
    // The rounds job wakes when the first round (or, after a change, the next) comes due.
    const next = { nextRoundAt: standingOffers.nextRoundAt };
    if (!offer) {
      const [made] = await tx
        .insert(standingOffers)
        .values({
          starterId: facts.id,
          ...s,
          nextRoundAt: sql`${clock.sqlNow()} + make_interval(days => ${s.cadenceDays}::int)`,
        })
        .returning(next);
      await listingChanged(tx, facts.id);
      await wakeJob(tx, 'standing-offer-rounds', made!.nextRoundAt);
      return;
    }
    // The next round comes a cadence after the last one (or after the offer was set up).
    const [changed] = await tx
      .update(standingOffers)
      .set({
        ...s,
        nextRoundAt: sql`coalesce(${standingOffers.lastRoundAt}, ${standingOffers.createdAt}) + make_interval(days => ${s.cadenceDays}::int)`,
        updatedAt: clock.sqlNow(),
      })
      .where(eq(standingOffers.starterId, facts.id))
      .returning(next);
    await wakeJob(tx, 'standing-offer-rounds', changed!.nextRoundAt);
  });
}

/** POST /api/starters/:id/standing-offer/pause and …/resume. Open offers stay open. */
export async function pauseStandingOffer(
  deps: Pick<AppDeps, 'db'>,
  actor: SessionUser,
  input: { starterId: number; paused: boolean },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const { facts, offer } = await ownForUpdate(tx, actor, input.starterId);
    if (!offer) throw conflict(NO_OFFER);
    await tx
      .update(standingOffers)
      .set({
        pausedAt: input.paused
          ? sql`coalesce(${standingOffers.pausedAt}, ${clock.sqlNow()})`
          : null,
      })
      .where(eq(standingOffers.starterId, facts.id));
    await listingChanged(tx, facts.id);
  });
}

/** DELETE /api/starters/:id/standing-offer: ends it; open offers are withdrawn, the line cleared. */
export async function endStandingOffer(
  deps: Deps,
  actor: SessionUser,
  input: { starterId: number },
): Promise<void> {
  const lines = await deps.db.transaction(async (tx) => {
    const { facts, offer } = await ownForUpdate(tx, actor, input.starterId);
    if (!offer) throw conflict(NO_OFFER);
    const withdrawn = await tx
      .update(standingOfferTurns)
      .set({ status: 'withdrawn', answeredAt: clock.sqlNow() })
      .where(
        and(eq(standingOfferTurns.starterId, facts.id), eq(standingOfferTurns.status, 'pending')),
      )
      .returning({ memberId: standingOfferTurns.memberId });
    const lines = await writeSystemLines(
      tx,
      { starterId: facts.id, from: facts.ownerId, event: 'standing_withdrawn' },
      withdrawn.map(({ memberId }) => memberId),
    );
    for (const { memberId } of withdrawn) {
      await settleTurnNotification(tx, { starterId: facts.id, memberId, answer: 'withdrawn' });
    }
    await tx.delete(standingOffers).where(eq(standingOffers.starterId, facts.id));
    await listingChanged(tx, facts.id);
    return lines;
  });
  await publishLines(deps, lines);
}

/** POST /api/starters/:id/standing-offer/rounds: "Offer a round now". */
export async function offerRoundNow(
  deps: RoundDeps,
  actor: SessionUser,
  input: { starterId: number },
): Promise<void> {
  await passStarter(deps, input.starterId, { now: true, actor });
}

// ---------------------------------------------------------------- waiting members

/**
 * POST /api/starters/:id/waitlist: joins the line (once; joining again changes nothing and is
 * not charged). Not one's own offer, not across a block, only while the starter is listed.
 */
export async function joinWaitlist(
  deps: Pick<AppDeps, 'db' | 'limiter'>,
  actor: SessionUser,
  input: { starterId: number },
): Promise<void> {
  const key = `waitlist:${actor.id}`;
  const joined = await withQuota(
    deps.limiter,
    key,
    JOINS_PER_DAY,
    DAY_MS,
    "You've joined a lot of waitlists today. Please try again later.",
    () =>
      deps.db.transaction(async (tx) => {
        const starter = await requireStarter(tx, actor, input.starterId, 'see');
        if (starter.ownerId === actor.id) {
          throw badRequest("You can't join the waitlist for your own starter");
        }
        const [offer] = await tx
          .select({ starterId: standingOffers.starterId })
          .from(standingOffers)
          .where(eq(standingOffers.starterId, starter.id));
        if (!offer) throw conflict(NO_OFFER);
        if (starter.isClaimed) throw conflict('This starter has already been claimed');
        if (!isPublic(starter)) throw conflict('This starter is not listed right now');
        assertMayPost(actor);
        await assertMayMessage(tx, actor.id, starter.ownerId);
        const inserted = await tx
          .insert(standingWaitlist)
          .values({ starterId: starter.id, memberId: actor.id })
          .onConflictDoNothing()
          .returning({ memberId: standingWaitlist.memberId });
        return inserted.length > 0;
      }),
  );
  // Already waiting: nothing was written, so nothing is charged.
  if (!joined) await deps.limiter.refund(key);
}

/** DELETE /api/starters/:id/waitlist: leaves the line (an open offer must be answered first). */
export async function leaveWaitlist(
  deps: Pick<AppDeps, 'db'>,
  actor: SessionUser,
  input: { starterId: number },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await requireStarter(tx, actor, input.starterId, 'see');
    const [open] = await tx
      .select({ id: standingOfferTurns.id })
      .from(standingOfferTurns)
      .where(
        and(
          eq(standingOfferTurns.starterId, input.starterId),
          eq(standingOfferTurns.memberId, actor.id),
          eq(standingOfferTurns.status, 'pending'),
        ),
      );
    if (open) throw conflict('Accept or decline your open offer first');
    await tx
      .delete(standingWaitlist)
      .where(
        and(
          eq(standingWaitlist.starterId, input.starterId),
          eq(standingWaitlist.memberId, actor.id),
        ),
      );
  });
}

/** The offer, locked after its starter and standing offer, when it is `actor`'s and still open. */
async function myOpenTurn(tx: Tx, actor: SessionUser, offerId: number) {
  const [peek] = await tx
    .select({ starterId: standingOfferTurns.starterId, memberId: standingOfferTurns.memberId })
    .from(standingOfferTurns)
    .where(eq(standingOfferTurns.id, offerId));
  if (!peek || peek.memberId !== actor.id) throw notFound('Offer not found');
  const locked = await lockStandingOffer(tx, peek.starterId);
  const facts = await authorizeLoaded(tx, actor, locked?.facts, 'see');
  const [turn] = await tx
    .select()
    .from(standingOfferTurns)
    .where(eq(standingOfferTurns.id, offerId))
    .for('update');
  if (!turn) throw notFound('Offer not found');
  if (turn.status !== 'pending') {
    throw conflict(
      turn.status === 'accepted' || turn.status === 'declined'
        ? 'You have already answered this offer'
        : 'This offer has ended',
    );
  }
  return { facts, offer: locked?.offer, turn };
}

/**
 * POST /api/standing-offers/offers/:offerId/accept: the portion the offer held becomes a
 * reservation (decision 020), so the thread's hand-over bar, giving and confirming follow.
 */
export async function acceptOffer(
  deps: Deps,
  actor: SessionUser,
  input: { offerId: number },
): Promise<{ reservationId: number }> {
  const { reservationId, line } = await deps.db.transaction(async (tx) => {
    const { facts, turn } = await myOpenTurn(tx, actor, input.offerId);
    if (turn.answerBy.getTime() <= clock.nowMs()) {
      throw conflict('This offer ran out; it has passed to the next in line');
    }
    if (!isOpen(facts)) throw conflict('This starter is no longer listed');
    if (facts.isClaimed) throw conflict('This starter has already been claimed');
    const { byMe, byThem } = await blockBetween(tx, actor.id, facts.ownerId);
    if (byMe || byThem) throw forbidden("You can't accept this offer");
    const reservation = await holdPortion(tx, {
      starterId: facts.id,
      memberId: actor.id,
      alreadyHeld: 'A portion is already reserved for you',
    });
    await tx
      .update(standingOfferTurns)
      .set({ status: 'accepted', answeredAt: clock.sqlNow(), reservationId: reservation.id })
      .where(eq(standingOfferTurns.id, turn.id));
    await tx
      .delete(standingWaitlist)
      .where(
        and(eq(standingWaitlist.starterId, facts.id), eq(standingWaitlist.memberId, actor.id)),
      );
    await settleTurnNotification(tx, {
      starterId: facts.id,
      memberId: actor.id,
      answer: 'accepted',
    });
    const line = await writeSystemLine(tx, {
      starterId: facts.id,
      from: actor.id,
      to: facts.ownerId,
      event: 'standing_accepted',
      reservationId: reservation.id,
    });
    return { reservationId: reservation.id, line };
  });
  deps.listings.clear();
  await publishLines(deps, [line]);
  return { reservationId };
}

/**
 * POST /api/standing-offers/offers/:offerId/decline: the member passes this round and goes to
 * the end of the line; the place passes to the next in line at once.
 */
export async function declineOffer(
  deps: Deps,
  actor: SessionUser,
  input: { offerId: number },
): Promise<void> {
  const lines = await deps.db.transaction(async (tx) => {
    const { facts, offer, turn } = await myOpenTurn(tx, actor, input.offerId);
    await tx
      .update(standingOfferTurns)
      .set({ status: 'declined', answeredAt: clock.sqlNow() })
      .where(eq(standingOfferTurns.id, turn.id));
    await passTurn(tx, facts.id, actor.id, { missed: false });
    await settleTurnNotification(tx, {
      starterId: facts.id,
      memberId: actor.id,
      answer: 'declined',
    });
    const lines: Message[] = [
      await writeSystemLine(tx, {
        starterId: facts.id,
        from: actor.id,
        to: facts.ownerId,
        event: 'standing_declined',
      }),
    ];
    if (offer) lines.push(...(await fillRound(tx, deps.config, facts, offer, { newRound: false })));
    return lines;
  });
  await publishLines(deps, lines);
}

// ---------------------------------------------------------------- the view

async function cannotJoin(
  deps: Pick<AppDeps, 'db'>,
  actor: SessionUser,
  facts: StarterFacts,
): Promise<string | null> {
  if (facts.isClaimed) return 'This starter has already been claimed';
  if (!isPublic(facts)) return 'This starter is not listed right now';
  if (!hasConfirmedEmail(actor)) return 'Confirm your email address to join the waitlist';
  const { byMe, byThem } = await blockBetween(deps.db, actor.id, facts.ownerId);
  if (byMe || byThem) return "You can't join this waitlist";
  return null;
}

/** The giver's 20 latest offers of the starter, newest first, with whom each went to. */
async function recentOffers(db: AppDeps['db'], starterId: number): Promise<GivenOffer[]> {
  const rows = await db
    .select({
      turn: standingOfferTurns,
      member: publicMemberColumns,
    })
    .from(standingOfferTurns)
    .innerJoin(users, eq(users.id, standingOfferTurns.memberId))
    .where(eq(standingOfferTurns.starterId, starterId))
    .orderBy(desc(standingOfferTurns.offeredAt), desc(standingOfferTurns.id))
    .limit(20);
  return rows.map((r): GivenOffer => ({ ...toMemberOffer(r.turn), member: r.member }));
}

/**
 * When a member served lately (an offer accepted or a portion received within the offer's
 * limit) may be offered the starter again; null when they may already.
 */
async function eligibleAgainFrom(
  db: AppDeps['db'],
  starterId: number,
  memberId: string,
  limitWeeks: number,
): Promise<string | null> {
  const [limit] = rowsOf<{ until: Date | string | null }>(
    await db.execute(sql`
      SELECT greatest(
        (SELECT max(answered_at) FROM standing_offer_turns
          WHERE starter_id = ${starterId} AND member_id = ${memberId} AND status = 'accepted'),
        (SELECT max(created_at) FROM handovers
          WHERE starter_id = ${starterId} AND recipient_id = ${memberId}
            AND status <> 'not_received')
      ) + make_interval(weeks => ${limitWeeks}::int) AS until`),
  );
  const until = limit?.until ? new Date(limit.until) : null;
  return until && until.getTime() > clock.nowMs() ? until.toISOString() : null;
}

/**
 * GET /api/starters/:id/standing-offer: the settings, the line's length, the asker's place and
 * open offer, and for the giver the recent offers.
 */
export async function getStandingOffer(
  deps: Pick<AppDeps, 'db'>,
  viewer: SessionUser | null,
  input: { starterId: number },
): Promise<StandingOfferView> {
  const { db } = deps;
  const starter = await requireStarter(db, viewer, input.starterId, 'see');
  const isGiver = !!viewer && viewer.id === starter.ownerId;
  const [offer] = await db
    .select()
    .from(standingOffers)
    .where(eq(standingOffers.starterId, starter.id));
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(standingWaitlist)
    .where(eq(standingWaitlist.starterId, starter.id));
  const view: StandingOfferView = {
    starterId: starter.id,
    isGiver,
    offer: offer
      ? {
          batchSize: offer.batchSize,
          cadenceDays: offer.cadenceDays,
          answerHours: offer.answerHours,
          limitWeeks: offer.limitWeeks,
          mode: offer.mode as StandingOfferSettings['mode'],
          paused: !!offer.pausedAt,
          round: offer.round,
          nextRoundAt: offer.nextRoundAt.toISOString(),
          lastRoundAt: iso(offer.lastRoundAt),
        }
      : null,
    queueLength: Number(count?.n ?? 0),
    me: null,
    offers: null,
  };
  if (!viewer) return view;

  if (isGiver) {
    view.offers = await recentOffers(db, starter.id);
    return view;
  }

  const [mine] = rowsOf<{ joined_at: Date | string; place: number | string }>(
    await db.execute(sql`
      SELECT w.joined_at,
        (SELECT count(*) FROM standing_waitlist o
          WHERE o.starter_id = w.starter_id
            AND (o.joined_at, o.member_id) < (w.joined_at, w.member_id)) + 1 AS place
      FROM standing_waitlist w
      WHERE w.starter_id = ${starter.id} AND w.member_id = ${viewer.id}`),
  );
  const [pending] = await db
    .select()
    .from(standingOfferTurns)
    .where(
      and(
        eq(standingOfferTurns.starterId, starter.id),
        eq(standingOfferTurns.memberId, viewer.id),
        eq(standingOfferTurns.status, 'pending'),
      ),
    );
  const eligibleFrom =
    offer && offer.limitWeeks > 0
      ? await eligibleAgainFrom(db, starter.id, viewer.id, offer.limitWeeks)
      : null;
  const [reserved] = rowsOf<{ reservation_id: number; answered_at: Date | string }>(
    await db.execute(sql`
      SELECT t.reservation_id, t.answered_at FROM standing_offer_turns t
      JOIN reservations r ON r.id = t.reservation_id
      WHERE t.starter_id = ${starter.id} AND t.member_id = ${viewer.id}
        AND t.status = 'accepted' AND r.status = 'active'
      ORDER BY t.answered_at DESC LIMIT 1`),
  );
  view.me = {
    reserved: reserved
      ? {
          reservationId: Number(reserved.reservation_id),
          giverId: starter.ownerId,
          acceptedAt: new Date(reserved.answered_at).toISOString(),
        }
      : null,
    place: mine ? Number(mine.place) : null,
    joinedAt: mine ? new Date(mine.joined_at).toISOString() : null,
    eligibleFrom,
    pendingOffer: pending ? toMemberOffer(pending) : null,
    cannotJoin: offer ? await cannotJoin(deps, viewer, starter) : NO_OFFER,
  };
  return view;
}

/**
 * GET /api/standing-offers/my-turns: the asker's offers still open, on starters still listed,
 * for the site-wide "It's your turn" banner.
 */
export async function myOpenTurns(
  deps: Pick<AppDeps, 'db'>,
  actor: SessionUser,
): Promise<YourTurn[]> {
  const rows = await deps.db
    .select({
      offerId: standingOfferTurns.id,
      starterId: standingOfferTurns.starterId,
      title: starters.title,
      answerBy: standingOfferTurns.answerBy,
    })
    .from(standingOfferTurns)
    .innerJoin(starters, eq(starters.id, standingOfferTurns.starterId))
    .where(
      and(
        eq(standingOfferTurns.memberId, actor.id),
        eq(standingOfferTurns.status, 'pending'),
        sql`${standingOfferTurns.answerBy} > ${clock.sqlNow()}`,
        openly(),
      ),
    )
    .orderBy(standingOfferTurns.answerBy, standingOfferTurns.id);
  return rows.map((r) => ({ ...r, answerBy: r.answerBy.toISOString() }));
}
