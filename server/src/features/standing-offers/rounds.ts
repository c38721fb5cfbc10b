import { eq, sql } from 'drizzle-orm';
import { PORTIONS_MAX } from '../../../../common/conversations/handovers';
import type { Message } from '../../../../common/conversations/messages';
import {
  MISSED_TURNS_MAX,
  type StandingMode,
} from '../../../../common/conversations/standing-offers';
import { membersWhoMayNotAct } from '../../access/members';
import { membersAway } from '../../access/away';
import {
  authorizeStarter,
  isPublic,
  loadStarterFacts,
  type StarterFacts,
} from '../../access/starter-access';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { wakeJob } from '../../jobs/wake';
import { rowsOf } from '../../db/rows';
import { standingOffers, standingWaitlist } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { conflict } from '../../errors';
import type { SessionUser } from '../../plugins/sessions';
import { publishLines, writeSystemLine } from '../messages/system-lines';
import { offerMail } from './standing-offer-mail';
import { tell } from '../notifications/tell';
import { settleAnsweredNotification } from '../notifications/notifications.service';
import { starterMailFacts } from '../mail/recipients';
import { notificationLinks } from '../../../../common/notifications/notifications';
import * as clock from '../../clock/clock';
import { blockedEitherWay } from '../blocks/blocks.service';
import { HOUR_MS } from '../../../../common/site/time';

export type StandingOfferRow = typeof standingOffers.$inferSelect;

/** What a round needs: the database, mail settings, and a way to tell members live. */
export interface RoundDeps {
  db: Db;
  config: Config;
  live: Pick<AppDeps['live'], 'publish'>;
  /** Absent in the background task: the starters trigger tells every copy's browse cache. */
  listings?: Pick<AppDeps['listings'], 'clear'>;
}

/**
 * Locks the starter row, then its standing offer (always in this order, so a round, an answer
 * and a hand-over never wait on each other in a circle). With `skipLocked` a starter someone
 * else is changing right now is left for the next pass instead of waited for.
 */
export async function lockStandingOffer(
  tx: Tx,
  starterId: number,
  { skipLocked = false }: { skipLocked?: boolean } = {},
): Promise<{ facts: StarterFacts | undefined; offer: StandingOfferRow | undefined } | null> {
  if (skipLocked) {
    const got = rowsOf(
      await tx.execute(sql`SELECT id FROM starters WHERE id = ${starterId} FOR UPDATE SKIP LOCKED`),
    );
    if (got.length === 0) return null;
  }
  const facts = await loadStarterFacts(tx, starterId, { lock: !skipLocked });
  const [offer] = await tx
    .select()
    .from(standingOffers)
    .where(eq(standingOffers.starterId, starterId))
    .for('update');
  return { facts, offer };
}

/** Moves a member who passed a turn to the end of the line, or off it after missed turns. */
export async function passTurn(
  tx: Tx,
  starterId: number,
  memberId: string,
  { missed }: { missed: boolean },
): Promise<void> {
  if (missed) {
    await tx.execute(sql`
      DELETE FROM standing_waitlist
      WHERE starter_id = ${starterId} AND member_id = ${memberId}
        AND missed + 1 >= ${MISSED_TURNS_MAX}`);
  }
  await tx
    .update(standingWaitlist)
    .set({
      joinedAt: clock.sqlNow(),
      missed: missed ? sql`${standingWaitlist.missed} + 1` : 0,
    })
    .where(
      sql`${standingWaitlist.starterId} = ${starterId} AND ${standingWaitlist.memberId} = ${memberId}`,
    );
}

/**
 * A member's turn was answered (accepted, passed), ran out or was withdrawn (the offer ended): the bell item that asked "Your
 * turn: accept within N hours" says so and stops asking.
 */
export async function settleTurnNotification(
  tx: Tx,
  input: {
    starterId: number;
    memberId: string;
    answer: 'accepted' | 'declined' | 'expired' | 'withdrawn';
  },
): Promise<void> {
  const answered = {
    accepted: 'mail:notifications.offerAccepted',
    declined: 'mail:notifications.offerDeclined',
    expired: 'mail:notifications.offerExpired',
    withdrawn: 'mail:notifications.offerWithdrawn',
  }[input.answer];
  await settleAnsweredNotification(tx, {
    userId: input.memberId,
    kind: 'standing_offer',
    url: notificationLinks.starter(input.starterId),
    asked: 'mail:notifications.offer',
    answered,
  });
}

/** Offers whose answer time has passed become `expired`; each member passes their turn. */
async function expireOverdue(tx: Tx, facts: StarterFacts): Promise<Message[]> {
  const gone = rowsOf<{ id: number; member_id: string }>(
    await tx.execute(sql`
      UPDATE standing_offer_turns SET status = 'expired', answered_at = ${clock.sqlNow()}
      WHERE starter_id = ${facts.id} AND status = 'pending' AND answer_by <= ${clock.sqlNow()}
      RETURNING id, member_id`),
  );
  const lines: Message[] = [];
  for (const turn of gone) {
    await passTurn(tx, facts.id, turn.member_id, { missed: true });
    await settleTurnNotification(tx, {
      starterId: facts.id,
      memberId: turn.member_id,
      answer: 'expired',
    });
    lines.push(
      await writeSystemLine(tx, {
        starterId: facts.id,
        from: facts.ownerId,
        to: turn.member_id,
        event: 'standing_expired',
      }),
    );
  }
  return lines;
}

async function ownerAway(tx: Tx, facts: StarterFacts): Promise<boolean> {
  const rows = rowsOf(
    await tx.execute(sql`SELECT 1 FROM (${membersAway()}) a WHERE a.id = ${facts.ownerId}`),
  );
  return rows.length > 0;
}

interface CountsRow {
  pending: number | string;
  used_now: number | string;
  pending_older: number | string;
  portions: number;
  portions_reserved: number;
  portions_given: number;
}

/**
 * Offers the open places of the current round to the next members in line. The round's places
 * are its batch less the offers of this round still open or accepted and less offers of
 * earlier rounds still open, so however many rounds run, no more than a batch is ever waiting
 * for an answer. Each open offer holds a portion of the listing; a new round first adds
 * portions to the listing when fewer than the batch are free (within PORTIONS_MAX on offer).
 */
export async function fillRound(
  tx: Tx,
  config: Config,
  facts: StarterFacts,
  offer: StandingOfferRow,
  { newRound }: { newRound: boolean },
): Promise<Message[]> {
  if (offer.pausedAt || offer.round === 0) return [];
  if (facts.isClaimed || !isPublic(facts)) return [];
  // The owner's time away pauses their offers; the next pass after the date goes on.
  if (await ownerAway(tx, facts)) return [];
  const [c] = rowsOf<CountsRow>(
    await tx.execute(sql`
      SELECT
        (SELECT count(*) FROM standing_offer_turns
          WHERE starter_id = s.id AND status = 'pending') AS pending,
        (SELECT count(*) FROM standing_offer_turns
          WHERE starter_id = s.id AND round = ${offer.round}
            AND status IN ('pending', 'accepted')) AS used_now,
        (SELECT count(*) FROM standing_offer_turns
          WHERE starter_id = s.id AND round < ${offer.round} AND status = 'pending') AS pending_older,
        s.portions, s.portions_reserved, s.portions_given
      FROM starters s WHERE s.id = ${facts.id}`),
  );
  if (!c) return [];
  let places = offer.batchSize - Number(c.used_now) - Number(c.pending_older);
  if (places <= 0) return [];
  let free = c.portions - c.portions_reserved - c.portions_given - Number(c.pending);
  if (newRound && free < places) {
    const add = Math.min(places - free, PORTIONS_MAX - (c.portions - c.portions_given));
    if (add > 0) {
      await tx.execute(sql`
        UPDATE starters SET portions = portions + ${add}, updated_at = ${clock.sqlNow()}
        WHERE id = ${facts.id}`);
      free += add;
    }
  }
  places = Math.min(places, free);
  if (places <= 0) return [];

  const chosen = await nextInLine(tx, facts, offer, places);
  const lines: Message[] = [];
  const { title } = await starterMailFacts(
    tx,
    { ownerId: facts.ownerId, starterId: facts.id },
    'The giver',
  );
  for (const { member_id: memberId } of chosen) {
    await tx.execute(sql`
      INSERT INTO standing_offer_turns (starter_id, member_id, round, answer_by)
      VALUES (${facts.id}, ${memberId}, ${offer.round},
        ${clock.sqlNow()} + make_interval(hours => ${offer.answerHours}::int))`);
    lines.push(
      await writeSystemLine(tx, {
        starterId: facts.id,
        from: facts.ownerId,
        to: memberId,
        event: 'standing_offered',
        values: { hours: offer.answerHours },
      }),
    );
    await tell(tx, config, {
      kind: 'standing_offer',
      to: memberId,
      bell: {
        title: { key: 'mail:notifications.offer', values: { title } },
        body: { key: 'mail:notifications.offerBody', values: { hours: offer.answerHours } },
        url: notificationLinks.starter(facts.id),
        tag: `offer:${facts.id}`,
      },
      mail: offerMail(tx, config, {
        ownerId: facts.ownerId,
        starterId: facts.id,
        answerHours: offer.answerHours,
      }),
    });
  }
  // A turn not answered in time passes to the next in line.
  if (chosen.length > 0) {
    const answerBy = new Date(clock.nowMs() + offer.answerHours * HOUR_MS);
    await wakeJob(tx, 'standing-offer-rounds', answerBy);
  }
  return lines;
}

/**
 * The next `places` members in line for the starter's offer (first come, or drawn in a
 * lottery): on its waitlist, free to act, without an open or this round's offer, a reservation
 * or a block, and not served within the offer's limit.
 */
async function nextInLine(
  tx: Tx,
  facts: StarterFacts,
  offer: StandingOfferRow,
  places: number,
): Promise<{ member_id: string }[]> {
  const order =
    (offer.mode as StandingMode) === 'lottery' ? sql`random()` : sql`w.joined_at, w.member_id`;
  return rowsOf<{ member_id: string }>(
    await tx.execute(sql`
      SELECT w.member_id FROM standing_waitlist w
      WHERE w.starter_id = ${facts.id}
        AND w.member_id NOT IN (${membersWhoMayNotAct()})
        AND w.member_id NOT IN (${membersAway()})
        AND NOT EXISTS (
          SELECT 1 FROM standing_offer_turns t
          WHERE t.starter_id = w.starter_id AND t.member_id = w.member_id
            AND (t.status = 'pending' OR t.round = ${offer.round}))
        AND NOT EXISTS (
          SELECT 1 FROM reservations r
          WHERE r.starter_id = w.starter_id AND r.member_id = w.member_id AND r.status = 'active')
        AND w.member_id NOT IN (${blockedEitherWay(facts.ownerId)})
        AND (${offer.limitWeeks}::int = 0 OR (
          NOT EXISTS (
            SELECT 1 FROM standing_offer_turns t
            WHERE t.starter_id = w.starter_id AND t.member_id = w.member_id
              AND t.status = 'accepted'
              AND t.answered_at > ${clock.sqlNow()} - make_interval(weeks => ${offer.limitWeeks}::int))
          AND NOT EXISTS (
            SELECT 1 FROM handovers h
            WHERE h.starter_id = w.starter_id AND h.recipient_id = w.member_id
              AND h.status <> 'not_received'
              AND h.created_at > ${clock.sqlNow()} - make_interval(weeks => ${offer.limitWeeks}::int))))
      ORDER BY ${order}
      LIMIT ${places}`),
  );
}

/** Starts the next round: counted, stamped, and the next one scheduled a cadence from now. */
async function startRound(tx: Tx, offer: StandingOfferRow): Promise<StandingOfferRow> {
  const [next] = await tx
    .update(standingOffers)
    .set({
      round: sql`${standingOffers.round} + 1`,
      lastRoundAt: clock.sqlNow(),
      nextRoundAt: sql`${clock.sqlNow()} + make_interval(days => ${standingOffers.cadenceDays})`,
      updatedAt: clock.sqlNow(),
    })
    .where(eq(standingOffers.starterId, offer.starterId))
    .returning();
  await wakeJob(tx, 'standing-offer-rounds', next!.nextRoundAt);
  return next!;
}

export interface StarterPass {
  /** Another transaction held the starter; left for the next pass. */
  skipped: boolean;
  round: boolean;
  lines: Message[];
}

/**
 * One starter's work under its locks: expire unanswered offers (their places pass to the next
 * in line), then run a round when one is due (or `now`, the giver's "Offer a round now"), or
 * refill the current round's places freed by expiry. Due-ness is checked again under the lock,
 * so two copies, or a manual round and the background task, never run one round twice.
 */
export async function passStarter(
  deps: RoundDeps,
  starterId: number,
  {
    now = false,
    skipLocked = false,
    actor,
  }: { now?: boolean; skipLocked?: boolean; actor?: SessionUser } = {},
): Promise<StarterPass> {
  const result = await deps.db.transaction(async (tx) => {
    const locked = await lockStandingOffer(tx, starterId, { skipLocked });
    if (!locked) return { skipped: true, round: false, lines: [] };
    const { facts, offer } = locked;
    if (now) authorizeStarter(actor ?? null, facts, 'change');
    if (!facts) return { skipped: false, round: false, lines: [] };
    const lines = await expireOverdue(tx, facts);
    if (!offer) {
      if (now) throw conflict('This starter has no standing offer');
      return { skipped: false, round: false, lines };
    }
    if (now) {
      if (offer.pausedAt) throw conflict('The standing offer is paused; resume it first');
      if (facts.isClaimed) throw conflict('This starter has already been claimed');
      if (!isPublic(facts)) throw conflict('This starter is not listed right now');
    }
    const due = !offer.pausedAt && (now || offer.nextRoundAt.getTime() <= clock.nowMs());
    if (due) {
      const next = await startRound(tx, offer);
      lines.push(...(await fillRound(tx, deps.config, facts, next, { newRound: true })));
      return { skipped: false, round: true, lines };
    }
    if (lines.length > 0) {
      lines.push(...(await fillRound(tx, deps.config, facts, offer, { newRound: false })));
    }
    return { skipped: false, round: false, lines };
  });
  deps.listings?.clear();
  await publishLines(deps, result.lines);
  return result;
}

export interface RoundsResult {
  rounds: number;
  lines: number;
  skipped: number;
}

/**
 * The background task: every starter with a round due or an offer past its answer time gets
 * one pass. Each pass is its own transaction, taking the starter with SKIP LOCKED.
 */
export async function runStandingOfferRounds(deps: RoundDeps, limit = 100): Promise<RoundsResult> {
  const due = rowsOf<{ starter_id: number }>(
    await deps.db.execute(sql`
      SELECT starter_id FROM standing_offers
        WHERE paused_at IS NULL AND next_round_at <= ${clock.sqlNow()}
      UNION
      SELECT starter_id FROM standing_offer_turns
        WHERE status = 'pending' AND answer_by <= ${clock.sqlNow()}
      LIMIT ${limit}`),
  );
  const total: RoundsResult = { rounds: 0, lines: 0, skipped: 0 };
  for (const { starter_id } of due) {
    const pass = await passStarter(deps, starter_id, { skipLocked: true });
    if (pass.skipped) total.skipped += 1;
    if (pass.round) total.rounds += 1;
    total.lines += pass.lines.length;
  }
  return total;
}
