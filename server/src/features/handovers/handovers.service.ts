import { and, eq, sql } from 'drizzle-orm';
import {
  NOTE_SCREENED,
  REASON_SCREENED,
  type FeedbackReason,
  type HealthCheck,
} from '../../../../common/conversations/handovers';
import type { Message } from '../../../../common/conversations/messages';
import { tellSavers } from '../saved/saved.service';
import { blockBetween } from '../blocks/blocks.service';
import { openOwnStarterForUpdate } from '../starters/listing-terms.service';
import { authorizeLoaded, loadStarterFacts, type StarterFacts } from '../../access/starter-access';
import { awayUntilText } from '../../access/away';
import type { DbOrTx, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { rowsOf } from '../../db/rows';
import type { AppDeps } from '../../deps';
import { feedback, handovers, messages, reservations, starters } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import type { SessionUser } from '../../plugins/sessions';
import { announceNewHome, publishLines, writeSystemLine } from '../messages/system-lines';
import { lineWording, partnerName } from '../messages/system-line-wording';
import { settleAnsweredNotification } from '../notifications/notifications.service';
import { tell, type ReservationChange } from '../notifications/tell';
import type { Config } from '../../config';
import type { Wording } from '../../i18n/wording';
import { notificationLinks } from '../../../../common/notifications/notifications';
import { conversationTag } from '../../../../common/notifications/push';
import { starterMailFacts } from '../mail/recipients';
import { scheduleCheckins } from '../checkins/checkins.service';
import { screenForMember } from '../screening/screening.service';
import * as clock from '../../clock/clock';
import { exchangedMessages, withdrawableUntil } from './feedback-counts';
import { withQuota } from '../../plugins/rate-limit';
import { HOUR_MS } from '../../../../common/site/time';

type Deps = Pick<AppDeps, 'db' | 'live' | 'listings'>;
type MailDeps = Deps & Pick<AppDeps, 'config'>;
type ReservationDeps = MailDeps & Pick<AppDeps, 'limiter'>;

/**
 * Reserving and releasing a listing's portion for one member, either side acting, at most this
 * often an hour: each change rings the other's bell and device, with the writer's own words.
 */
export const RESERVATION_CHANGES_PER_HOUR = 6;
export const TOO_MANY_RESERVATION_CHANGES =
  "You've changed this reservation a lot in a short time. Please try again later.";
/** Changes to one conversation's reservation within this time update one bell item. */
export { RESERVATION_MERGE_MS } from '../../../../common/notifications/notification-kinds';

/** Charges one change of `memberId`'s reservation on the listing, then runs `change`. */
function reservationChange<T>(
  deps: Pick<AppDeps, 'limiter'>,
  pair: { starterId: number; memberId: string },
  change: () => Promise<T>,
): Promise<T> {
  return withQuota(
    deps.limiter,
    `reservations:${pair.starterId}:${pair.memberId}`,
    RESERVATION_CHANGES_PER_HOUR,
    HOUR_MS,
    TOO_MANY_RESERVATION_CHANGES,
    change,
  );
}

/** The member's active reservation of the starter: what a hand-over to them marks given. */
function activeReservation(starterId: number, memberId: string) {
  return and(
    eq(reservations.starterId, starterId),
    eq(reservations.memberId, memberId),
    eq(reservations.status, 'active'),
  );
}

const NOT_ASKED = 'You can only do this for a member who has messaged you about this starter';

/**
 * Whether `memberId` wrote (a message of their own, not a site line) to the owner about it, or
 * holds a portion of it: a standing offer's waitlist reserves without a message (decision 029).
 */
async function hasAsked(db: DbOrTx, starter: StarterFacts, memberId: string): Promise<boolean> {
  const [held] = await db
    .select({ id: reservations.id })
    .from(reservations)
    .where(activeReservation(starter.id, memberId))
    .limit(1);
  if (held) return true;
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.starterId, starter.id),
        eq(messages.senderId, memberId),
        eq(messages.receiverId, starter.ownerId),
        eq(messages.kind, 'text'),
      ),
    )
    .limit(1);
  return !!row;
}

async function assertAsked(db: DbOrTx, starter: StarterFacts, memberId: string) {
  if (memberId === starter.ownerId) throw badRequest('That is your own starter');
  if (!(await hasAsked(db, starter, memberId))) throw forbidden(NOT_ASKED);
}

/**
 * Rings the bell of `to` about something `from` did to a listing: "<from's name> <what> <title>"
 * with the thread's line as `to` reads it, linking to their conversation about it; a
 * reservation made or released also goes by mail after the quiet period (`mail`).
 */
async function tellInThread(
  tx: DbOrTx,
  config: Config,
  input: {
    to: string;
    from: string;
    starterId: number;
    kind: 'reservation' | 'handover';
    /** The title's key in `mail:notifications`, given `{ name, title }`. */
    title:
      'reserved' | 'released' | 'backedOut' | 'given' | 'received' | 'notReceived' | 'feedback';
    /** The item's text: the conversation's line, worded for `to` whenever it is read. */
    line: Message;
    /** Other words instead of the line. */
    body?: Wording;
    /** A reservation's change, mailed after the quiet period as the member chose. */
    mail?: Omit<ReservationChange, 'ownerId' | 'starterId'>;
  },
) {
  const facts = await starterMailFacts(tx, { ownerId: input.from, starterId: input.starterId }, '');
  const name = facts.ownerName || { text: { key: 'mail:messages.someone' } };
  const bell = {
    title: { key: `mail:notifications.${input.title}`, values: { name, title: facts.title } },
    body: input.body ?? (input.line.system && lineWording(input.line.system, 'receiver', name)),
    url: notificationLinks.thread(input.starterId, input.from),
    // The device shows one notification per conversation, whatever happened in it last.
    tag: conversationTag(input.starterId, input.from),
  };
  // A reservation changed back and forth is one item, saying where it stands now (its kind's
  // merge window), and one mail after the quiet period.
  if (input.kind === 'handover') return tell(tx, config, { kind: 'handover', to: input.to, bell });
  const mail = input.mail && { ...input.mail, ownerId: input.from, starterId: input.starterId };
  return tell(tx, config, { kind: 'reservation', to: input.to, bell, mail });
}

// ---------------------------------------------------------------- reservations

/** A listing whose owner is away cannot be reserved until they are back (decision 160): 409. */
async function assertOwnerNotAway(tx: DbOrTx, starterId: number): Promise<void> {
  const [away] = rowsOf<{ away_until: string | Date }>(
    await tx.execute(sql`
      SELECT u.away_until FROM starters s JOIN users u ON u.id = s.user_id
      WHERE s.id = ${starterId} AND u.away_until > ${clock.sqlNow()}`),
  );
  if (away) {
    const until = awayUntilText(away.away_until);
    throw conflict(
      `This member is away until ${until}: their listings can be reserved again once they are back.`,
    );
  }
}

/**
 * Takes one portion of an unclaimed starter for `memberId` and records the reservation: 409 when
 * none is left or the member already holds one. The condition is the rule: even without a row
 * lock, two callers cannot both take the last portion, because the second update finds none left
 * and changes nothing. Reservations made by the owner and standing-offer acceptances both use it.
 */
export async function holdPortion(
  tx: Tx,
  input: { starterId: number; memberId: string; at?: string | null; alreadyHeld: string },
): Promise<{ id: number }> {
  await assertOwnerNotAway(tx, input.starterId);
  const taken = await tx
    .update(starters)
    .set({ portionsReserved: sql`${starters.portionsReserved} + 1`, updatedAt: clock.sqlNow() })
    .where(
      and(
        eq(starters.id, input.starterId),
        eq(starters.isClaimed, false),
        sql`${starters.portions} - ${starters.portionsReserved} - ${starters.portionsGiven} > 0`,
      ),
    )
    .returning({ id: starters.id });
  if (taken.length === 0) throw conflict('There are no portions left to reserve');
  try {
    const [reservation] = await tx
      .insert(reservations)
      .values({ starterId: input.starterId, memberId: input.memberId, at: input.at ?? null })
      .returning({ id: reservations.id });
    return reservation!;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(input.alreadyHeld);
    throw err;
  }
}

/** POST /api/starters/:id/reservations: the owner holds one portion for a member who asked. */
export async function reservePortion(
  deps: ReservationDeps,
  actor: SessionUser,
  input: { starterId: number; memberId: string; at?: string | null },
): Promise<{ id: number }> {
  const pair = { starterId: input.starterId, memberId: input.memberId };
  const { id, line } = await reservationChange(deps, pair, () =>
    deps.db.transaction(async (tx) => {
      const starter = await openOwnStarterForUpdate(tx, actor, input.starterId);
      await assertAsked(tx, starter, input.memberId);
      const { byMe, byThem } = await blockBetween(tx, actor.id, input.memberId);
      if (byMe || byThem) throw forbidden("You can't reserve for this member");
      const reservation = await holdPortion(tx, {
        starterId: starter.id,
        memberId: input.memberId,
        at: input.at ?? null,
        alreadyHeld: 'A portion is already reserved for this member',
      });
      const line = await writeSystemLine(tx, {
        starterId: starter.id,
        from: actor.id,
        to: input.memberId,
        event: 'reserved',
        at: input.at ?? null,
        reservationId: reservation.id,
      });
      await tellInThread(tx, deps.config, {
        to: input.memberId,
        from: actor.id,
        starterId: starter.id,
        kind: 'reservation',
        title: 'reserved',
        line,
        mail: {
          change: 'reserved',
          line: lineWording(line.system!, 'receiver', partnerName(null))!,
        },
      });
      await tellSavers(tx, deps.config, {
        starterId: starter.id,
        title: (await starterMailFacts(tx, { ownerId: actor.id, starterId: starter.id }, '')).title,
        except: [actor.id, input.memberId],
        news: { reserved: true },
      });
      return { id: reservation.id, line };
    }),
  );
  deps.listings.clear();
  await publishLines(deps, [line]);
  return { id };
}

/**
 * DELETE /api/reservations/:id: the owner releases it (with a short reason), or the member it
 * is for backs out (kept for their summary). Anyone else: as if it did not exist.
 */
export async function releaseReservation(
  deps: ReservationDeps,
  actor: SessionUser,
  input: { reservationId: number; reason?: string },
): Promise<void> {
  // The reason becomes a thread line, a bell item and a push for the other side: screened as a
  // message from its writer would be. One that would be held is refused, nothing changed.
  if (input.reason) {
    const screening = await screenForMember(deps.db, actor, input.reason);
    if (screening.action === 'hold') throw badRequest(REASON_SCREENED, { reason: REASON_SCREENED });
  }
  // Charged to the listing and member it is for, whoever acts; a refusal gives it back.
  const [pair] = await deps.db
    .select({ starterId: reservations.starterId, memberId: reservations.memberId })
    .from(reservations)
    .where(eq(reservations.id, input.reservationId));
  const change = () =>
    deps.db.transaction(async (tx) => {
      const [reservation] = await tx
        .select()
        .from(reservations)
        .where(eq(reservations.id, input.reservationId))
        .for('update');
      if (!reservation) throw notFound('Reservation not found');
      const facts = await loadStarterFacts(tx, reservation.starterId, { lock: true });
      const isOwner = facts?.ownerId === actor.id;
      const isMember = reservation.memberId === actor.id;
      if (!isOwner && !isMember) throw notFound('Reservation not found');
      await authorizeLoaded(tx, actor, facts, 'see');
      if (reservation.status !== 'active') throw conflict('This reservation has already ended');
      await tx
        .update(reservations)
        .set({
          status: isOwner ? 'released' : 'backed_out',
          reason: input.reason ?? null,
          endedAt: clock.sqlNow(),
        })
        .where(eq(reservations.id, reservation.id));
      await tx
        .update(starters)
        .set({ portionsReserved: sql`${starters.portionsReserved} - 1`, updatedAt: clock.sqlNow() })
        .where(eq(starters.id, reservation.starterId));
      const line = await writeSystemLine(tx, {
        starterId: reservation.starterId,
        from: actor.id,
        to: isOwner ? reservation.memberId : facts!.ownerId,
        event: isOwner ? 'reservation_released' : 'reservation_backed_out',
        values: input.reason ? { reason: input.reason } : {},
        at: reservation.at,
        reservationId: reservation.id,
      });
      await tellInThread(tx, deps.config, {
        to: isOwner ? reservation.memberId : facts!.ownerId,
        from: actor.id,
        starterId: reservation.starterId,
        kind: 'reservation',
        title: isOwner ? 'released' : 'backedOut',
        line,
        // Backing out reaches the owner by the bell and the conversation only.
        mail: isOwner
          ? {
              change: 'released',
              line: lineWording(line.system!, 'receiver', partnerName(null))!,
            }
          : undefined,
      });
      return line;
    });
  const line = pair ? await reservationChange(deps, pair, change) : await change();
  deps.listings.clear();
  await publishLines(deps, [line]);
}

// ---------------------------------------------------------------- hand-overs

/** The member's active reservation of the starter, if any, now marked given. */
async function reservationGiven(tx: Tx, starterId: number, memberId: string) {
  const [held] = await tx
    .select()
    .from(reservations)
    .where(activeReservation(starterId, memberId))
    .for('update');
  if (held) {
    await tx
      .update(reservations)
      .set({ status: 'given', endedAt: clock.sqlNow() })
      .where(eq(reservations.id, held.id));
  }
  return held;
}

/**
 * POST /api/starters/:id/handovers: the owner gives a portion to a member who asked (their
 * reservation, if any, becomes the hand-over) or, with `memberId: null`, to someone not on
 * CultureShare. The last portion claims the starter and tells everyone else who asked.
 */
export async function giveHandover(
  deps: MailDeps,
  actor: SessionUser,
  input: { starterId: number; memberId: string | null; healthCheck?: Partial<HealthCheck> },
): Promise<{ id: number }> {
  const { id, lines } = await deps.db.transaction(async (tx) => {
    const starter = await openOwnStarterForUpdate(tx, actor, input.starterId);
    if (input.memberId) {
      await assertAsked(tx, starter, input.memberId);
      // The same rule as reserving: a block, either way, ends dealings between the two.
      const { byMe, byThem } = await blockBetween(tx, actor.id, input.memberId);
      if (byMe || byThem) throw forbidden("You can't give a portion to this member");
    }
    return recordGift(tx, deps.config, starter, {
      giverId: actor.id,
      memberId: input.memberId,
      healthCheck: input.healthCheck,
    });
  });
  deps.listings.clear();
  await publishLines(deps, lines);
  return { id };
}

/**
 * Records one portion of `starter` (opened for update by its owner) as given to `memberId`:
 * their reservation, if any, becomes the hand-over; they are told in the thread and the bell;
 * the last portion claims the starter. Every hand-over, given from the listing or recorded by
 * scanning a jar's label, is written here.
 */
export async function recordGift(
  tx: Tx,
  config: Config,
  starter: StarterFacts,
  input: { giverId: string; memberId: string | null; healthCheck?: Partial<HealthCheck> },
): Promise<{ id: number; lines: Message[] }> {
  const held = input.memberId ? await reservationGiven(tx, starter.id, input.memberId) : undefined;
  const [counts] = await tx
    .update(starters)
    .set({
      portionsReserved: held ? sql`${starters.portionsReserved} - 1` : starters.portionsReserved,
      portionsGiven: sql`${starters.portionsGiven} + 1`,
      renewals: 0,
      updatedAt: clock.sqlNow(),
    })
    .where(
      and(
        eq(starters.id, starter.id),
        held
          ? sql`true`
          : sql`${starters.portions} - ${starters.portionsReserved} - ${starters.portionsGiven} > 0`,
      ),
    )
    .returning({ portions: starters.portions, given: starters.portionsGiven });
  if (!counts) {
    throw conflict('Every portion left is reserved; release a reservation first');
  }
  const [handover] = await tx
    .insert(handovers)
    .values({
      starterId: starter.id,
      giverId: input.giverId,
      recipientId: input.memberId,
      reservationId: held?.id ?? null,
      at: held?.at ?? null,
      // By the server's one clock: a swap meet counts the hand-overs made while it ran.
      createdAt: clock.now(),
      healthNoMould: input.healthCheck?.noMould === true,
      healthNoPinkFilm: input.healthCheck?.noPinkFilm === true,
      healthSmellsRight: input.healthCheck?.smellsRight === true,
    })
    .returning({ id: handovers.id });
  const lines: Message[] = [];
  if (input.memberId) {
    lines.push(
      await writeSystemLine(tx, {
        starterId: starter.id,
        from: input.giverId,
        to: input.memberId,
        event: 'given',
        at: held?.at ?? null,
        handoverId: handover!.id,
      }),
    );
    await tellInThread(tx, config, {
      to: input.memberId,
      from: input.giverId,
      starterId: starter.id,
      kind: 'handover',
      title: 'given',
      line: lines[lines.length - 1]!,
      body: { key: 'mail:notifications.givenBody' },
    });
  }
  // A standing offer (decision 029) puts a new batch on the listing each round: giving its
  // last portion does not end the listing.
  const [standing] = rowsOf(
    await tx.execute(sql`SELECT 1 FROM standing_offers WHERE starter_id = ${starter.id}`),
  );
  if (counts.given >= counts.portions && !standing) {
    await tx
      .update(starters)
      .set({ isClaimed: true, updatedAt: clock.sqlNow() })
      .where(eq(starters.id, starter.id));
    lines.push(...(await announceNewHome(tx, starter)));
  }
  return { id: handover!.id, lines };
}

/**
 * POST /api/handovers/:id/confirm: the recipient says it arrived, or that it didn't happen
 * (the portion goes back to the listing unless it is claimed by then).
 */
export async function confirmHandover(
  deps: Deps & Pick<AppDeps, 'config'>,
  actor: SessionUser,
  input: { handoverId: number; received: boolean },
): Promise<void> {
  const line = await deps.db.transaction(async (tx) => {
    const [handover] = await tx
      .select()
      .from(handovers)
      .where(eq(handovers.id, input.handoverId))
      .for('update');
    if (!handover || (handover.recipientId !== actor.id && handover.giverId !== actor.id)) {
      throw notFound('Hand-over not found');
    }
    if (handover.recipientId !== actor.id) {
      throw forbidden('Only the member who received it can confirm it');
    }
    if (handover.status !== 'given') throw conflict('You have already answered this');
    return recordAnswer(tx, deps.config, { handover, received: input.received });
  });
  deps.listings.clear();
  await publishLines(deps, [line]);
}

/**
 * Records the recipient's answer to a hand-over given to them (locked, still 'given'): received
 * schedules the check-ins and counts their kitchen in the family; not received gives the
 * portion back. The giver is told in the thread and the bell, and the recipient's "Did it
 * reach you?" item stops asking.
 */
export async function recordAnswer(
  tx: Tx,
  config: Config,
  input: { handover: typeof handovers.$inferSelect; received: boolean },
): Promise<Message> {
  const { handover, received } = input;
  const recipientId = handover.recipientId!;
  await tx
    .update(handovers)
    .set({ status: received ? 'received' : 'not_received', confirmedAt: clock.sqlNow() })
    .where(eq(handovers.id, handover.id));
  if (!received) {
    await tx
      .update(starters)
      .set({ portionsGiven: sql`${starters.portionsGiven} - 1`, updatedAt: clock.sqlNow() })
      .where(and(eq(starters.id, handover.starterId), eq(starters.isClaimed, false)));
  } else {
    await scheduleCheckins(tx, config, handover.id);
  }
  const line = await writeSystemLine(tx, {
    starterId: handover.starterId,
    from: recipientId,
    to: handover.giverId,
    event: received ? 'received' : 'not_received',
    handoverId: handover.id,
  });
  await tellInThread(tx, config, {
    to: handover.giverId,
    from: recipientId,
    starterId: handover.starterId,
    kind: 'handover',
    title: received ? 'received' : 'notReceived',
    line,
  });
  // The bell item that asked "Did it reach you?" has its answer: it stops asking.
  await settleAnsweredNotification(tx, {
    userId: recipientId,
    kind: 'handover',
    url: notificationLinks.thread(handover.starterId, handover.giverId),
    asked: 'mail:notifications.given',
    answered: received ? 'mail:notifications.givenReceived' : 'mail:notifications.givenNotReceived',
  });
  return line;
}

/**
 * POST /api/handovers/:id/feedback: once per side, after the recipient confirmed it, and only
 * between two members who actually wrote to each other.
 */
export async function leaveFeedback(
  deps: Pick<AppDeps, 'db' | 'live' | 'config'>,
  actor: SessionUser,
  input: {
    handoverId: number;
    rating: 'up' | 'down';
    reason?: FeedbackReason;
    note?: string;
  },
): Promise<{ id: number }> {
  const [handover] = await deps.db
    .select()
    .from(handovers)
    .where(eq(handovers.id, input.handoverId));
  if (!handover || (handover.recipientId !== actor.id && handover.giverId !== actor.id)) {
    throw notFound('Hand-over not found');
  }
  if (!handover.recipientId) throw conflict('Feedback is only between two members');
  if (handover.status !== 'received') {
    throw conflict('Feedback opens once the hand-over is confirmed as received');
  }
  const other = handover.giverId === actor.id ? handover.recipientId : handover.giverId;
  if (!(await exchangedMessages(deps.db, handover.starterId, actor.id, other))) {
    throw forbidden('Feedback counts only between members who wrote to each other');
  }
  // The note reaches the other member as a message would: one the rules would hold is refused,
  // nothing kept, as a release reason is.
  const note = input.note?.trim();
  if (note && (await screenForMember(deps.db, actor, note)).action === 'hold') {
    throw badRequest(NOTE_SCREENED, { note: NOTE_SCREENED });
  }
  try {
    // The other member reads it: a line in their conversation and a bell item (decision 141).
    const { id, line } = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(feedback)
        .values({
          handoverId: handover.id,
          fromId: actor.id,
          toId: other,
          rating: input.rating,
          reason: input.reason ?? null,
          note: input.note ?? null,
          // The server's clock: a 👎 counts FEEDBACK_WAIT_HOURS after this (decision 168).
          createdAt: clock.now(),
        })
        .returning({ id: feedback.id, createdAt: feedback.createdAt });
      const countsAt = withdrawableUntil({ rating: input.rating, createdAt: row!.createdAt });
      const line = await writeSystemLine(tx, {
        starterId: handover.starterId,
        from: actor.id,
        to: other,
        event: 'feedback_left',
        values: {
          rating: input.rating,
          ...(note ? { note } : {}),
          ...(countsAt ? { countsAt: countsAt.toISOString() } : {}),
        },
        handoverId: handover.id,
      });
      await tellInThread(tx, deps.config, {
        to: other,
        from: actor.id,
        starterId: handover.starterId,
        kind: 'handover',
        title: 'feedback',
        line,
      });
      return { id: row!.id, line };
    });
    await publishLines(deps, [line]);
    return { id };
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('You have already left feedback for this');
    throw err;
  }
}

// ---------------------------------------------------------------- listing upkeep
