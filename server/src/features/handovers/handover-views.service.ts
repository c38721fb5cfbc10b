import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import {
  EXPIRY_NOTICE_DAYS,
  RENEWALS_MAX,
  REPLY_HOURS_MIN_CONVERSATIONS,
  REPLY_HOURS_RECENT,
  type Asker,
  type Handover,
  type MyHandovers,
  type Reservation,
  type StarterActivity,
  type UserSummary,
} from '../../../../common/conversations/handovers';
import { type Notice } from '../../../../common/conversations/notices';
import { portionsLeftOf, starterStatus } from '../../../../common/listings/starter-status';
import type { PublicUser } from '../../../../common/members/users';
import { mayAct } from '../../access/members';
import { listed, notDeleted, visibleInThreadsOf } from '../../access/starter-access';
import { isExpired } from '../../../../common/listings/starter-status';
import type { DbOrTx } from '../../db/client';
import { iso, rowsOf } from '../../db/rows';
import type { AppDeps } from '../../deps';
import { feedback, handovers, messages, reservations, starters, users } from '../../db/schema';
import { notFound } from '../../errors';
import { kitchensReachedBy } from '../lineage/lineage.service';
import type { SessionUser } from '../../plugins/sessions';
import { publicMembersById } from '../../access/public-members';
import * as clock from '../../clock/clock';
import {
  countedFeedbackOf,
  exchangedMessages,
  lateCancellationsOf,
  withdrawableUntil,
} from './feedback-counts';

type HandoverRow = typeof handovers.$inferSelect;
type ReservationRow = typeof reservations.$inferSelect;

function toReservation(row: ReservationRow, member: PublicUser): Reservation {
  return {
    id: row.id,
    starterId: row.starterId,
    member,
    at: row.at ? row.at.slice(0, 16).replace(' ', 'T') : null,
    status: row.status as Reservation['status'],
    createdAt: row.createdAt.toISOString(),
  };
}

async function toHandovers(db: DbOrTx, viewerId: string, rows: HandoverRow[]): Promise<Handover[]> {
  if (rows.length === 0) return [];
  const people = await publicMembersById(
    db,
    rows.flatMap((r) => [r.giverId, ...(r.recipientId ? [r.recipientId] : [])]),
  );
  const mine = await db
    .select({
      handoverId: feedback.handoverId,
      rating: feedback.rating,
      createdAt: feedback.createdAt,
    })
    .from(feedback)
    .where(
      and(
        eq(feedback.fromId, viewerId),
        inArray(
          feedback.handoverId,
          rows.map((r) => r.id),
        ),
      ),
    );
  const left = new Map(mine.map((f) => [f.handoverId, f]));
  // Feedback is offered only where it would be taken: the two wrote to each other.
  const wrote = new Set<number>();
  for (const r of rows) {
    if (r.status !== 'received' || !r.recipientId || left.has(r.id)) continue;
    if (r.giverId !== viewerId && r.recipientId !== viewerId) continue;
    if (await exchangedMessages(db, r.starterId, r.giverId, r.recipientId)) wrote.add(r.id);
  }
  return rows.map((r) => ({
    id: r.id,
    starterId: r.starterId,
    giver: people.get(r.giverId)!,
    recipient: r.recipientId ? (people.get(r.recipientId) ?? null) : null,
    status: r.status as Handover['status'],
    at: r.at ? r.at.slice(0, 16).replace(' ', 'T') : null,
    createdAt: r.createdAt.toISOString(),
    confirmedAt: iso(r.confirmedAt),
    healthCheck:
      r.healthNoMould || r.healthNoPinkFilm || r.healthSmellsRight
        ? {
            noMould: r.healthNoMould,
            noPinkFilm: r.healthNoPinkFilm,
            smellsRight: r.healthSmellsRight,
          }
        : null,
    canLeaveFeedback: wrote.has(r.id),
    myFeedback: (left.get(r.id)?.rating as 'up' | 'down' | undefined) ?? null,
    myFeedbackWithdrawableUntil: iso(withdrawableUntil(left.get(r.id))),
  }));
}

// ---------------------------------------------------------------- summary

/** How long a member has to answer before an unanswered conversation lowers their reply rate. */
export const REPLY_WINDOW_HOURS = 48;

interface ReplyRow {
  opened: number | string;
  answered: number | string;
  median_minutes: number | string | null;
}

/**
 * GET /api/users/:id/summary: counts only, never an email or contact info. A member who is
 * hidden (banned, suspended, deactivated) or unknown is 404.
 */
export async function userSummary(
  deps: Pick<AppDeps, 'db'>,
  input: { userId: string },
): Promise<UserSummary> {
  const { db } = deps;
  const [member] = await db
    .select({
      id: users.id,
      isActive: users.isActive,
      bannedAt: users.bannedAt,
      suspendedUntil: users.suspendedUntil,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(eq(users.id, input.userId));
  if (!member || !mayAct(member)) throw notFound('Member not found');

  const [counts] = await db
    .select({
      given: sql<number>`count(*) FILTER (WHERE ${handovers.giverId} = ${member.id})::int`,
      received: sql<number>`count(*) FILTER (WHERE ${handovers.recipientId} = ${member.id})::int`,
    })
    .from(handovers)
    .where(
      and(
        eq(handovers.status, 'received'),
        or(eq(handovers.giverId, member.id), eq(handovers.recipientId, member.id)),
      ),
    );
  const counted = await countedFeedbackOf(db, member.id);
  const replies = await replyFigures(db, member.id);
  return {
    given: Number(counts?.given ?? 0),
    received: Number(counts?.received ?? 0),
    thumbsUp: counted.thumbsUp,
    thumbsDown: counted.thumbsDown,
    replyRate: replies.replyRate,
    typicalReplyMinutes: replies.typicalReplyMinutes,
    replyHours: replies.replyHours,
    noShows365d: counted.noShows,
    lateCancellations365d: await lateCancellationsOf(db, member.id),
    kitchensReached: await kitchensReachedBy(db, member.id),
  };
}

/**
 * A member's conversations in their own words (not site lines), one row per listing and other
 * member: when the first message either way, the first to them and their first were sent.
 */
const threadsOf = (memberId: string) => sql`
  SELECT starter_id,
    CASE WHEN sender_id = ${memberId} THEN receiver_id ELSE sender_id END AS other_id,
    min(created_at) AS first_any,
    min(created_at) FILTER (WHERE receiver_id = ${memberId}) AS first_in,
    min(created_at) FILTER (WHERE sender_id = ${memberId}) AS first_out
  FROM messages
  WHERE kind = 'text' AND (sender_id = ${memberId} OR receiver_id = ${memberId})
  GROUP BY 1, 2
`;

/** How often and how fast a member answers conversations others open with them. */
async function replyFigures(db: AppDeps['db'], memberId: string) {
  // Conversations someone else opened with this member (their own words, not site lines):
  // how many got an answer, and how long the first answer usually took. The rate counts only
  // conversations opened at least REPLY_WINDOW_HOURS ago, so a question asked minutes ago is
  // not yet held against them (decision 050); the typical time uses every answer.
  const answerableBefore = sql`${clock.sqlNow()} - make_interval(hours => ${REPLY_WINDOW_HOURS}::int)`;
  const [reply] = rowsOf<ReplyRow>(
    await db.execute(sql`
      WITH threads AS (${threadsOf(memberId)})
      SELECT count(*) FILTER (WHERE first_in <= ${answerableBefore}) AS opened,
        count(first_out) FILTER (WHERE first_in <= ${answerableBefore}) AS answered,
        percentile_cont(0.5) WITHIN GROUP (
          ORDER BY extract(epoch FROM first_out - first_in) / 60
        ) FILTER (WHERE first_out IS NOT NULL) AS median_minutes
      FROM threads WHERE first_in = first_any
    `),
  );
  // The reply time shown on the summary: the latest conversations others opened, answered ones
  // only, and nothing until there are enough of them (decision 076).
  const [recent] = rowsOf<{ answered: number | string; median_hours: number | string | null }>(
    await db.execute(sql`
      WITH threads AS (${threadsOf(memberId)}),
      recent AS (
        SELECT first_in, first_out FROM threads
        WHERE first_in = first_any AND first_out IS NOT NULL
        ORDER BY first_in DESC
        LIMIT ${REPLY_HOURS_RECENT}
      )
      SELECT count(*) AS answered,
        percentile_cont(0.5) WITHIN GROUP (
          ORDER BY extract(epoch FROM first_out - first_in) / 3600
        ) AS median_hours
      FROM recent
    `),
  );
  const replyHours =
    Number(recent?.answered ?? 0) >= REPLY_HOURS_MIN_CONVERSATIONS && recent?.median_hours != null
      ? Math.round(Number(recent.median_hours) * 10) / 10
      : null;
  const opened = Number(reply?.opened ?? 0);
  const answered = Number(reply?.answered ?? 0);
  return {
    replyRate: opened > 0 ? answered / opened : null,
    typicalReplyMinutes:
      reply?.median_minutes == null ? null : Math.round(Number(reply.median_minutes)),
    replyHours,
  };
}

// ---------------------------------------------------------------- My Starters

/** GET /api/me/starter-activity: each of my listings' state and who asked about it. */
export async function myStarterActivity(
  deps: Pick<AppDeps, 'db'>,
  actor: SessionUser,
): Promise<StarterActivity[]> {
  const { db } = deps;
  const mine = await db
    .select({
      id: starters.id,
      isClaimed: starters.isClaimed,
      portions: starters.portions,
      portionsReserved: starters.portionsReserved,
      portionsGiven: starters.portionsGiven,
      availableUntil: starters.availableUntil,
      renewals: starters.renewals,
    })
    .from(starters)
    .where(and(eq(starters.userId, actor.id), notDeleted()))
    .orderBy(desc(starters.createdAt), desc(starters.id));
  if (mine.length === 0) return [];
  const ids = mine.map((s) => s.id);
  const [asked, held, given] = await Promise.all([
    db
      .select({
        starterId: messages.starterId,
        memberId: messages.senderId,
        first: sql<Date>`min(${messages.createdAt})`.mapWith(messages.createdAt),
      })
      .from(messages)
      .where(
        and(
          inArray(messages.starterId, ids),
          eq(messages.receiverId, actor.id),
          eq(messages.kind, 'text'),
        ),
      )
      .groupBy(messages.starterId, messages.senderId),
    db
      .select()
      .from(reservations)
      .where(and(inArray(reservations.starterId, ids), eq(reservations.status, 'active'))),
    db
      .select()
      .from(handovers)
      .where(inArray(handovers.starterId, ids))
      .orderBy(desc(handovers.createdAt)),
  ]);
  // A member holding or given a portion without having written (a standing offer's waitlist,
  // decision 029) is listed from that, so the thread's hand-over bar shows them too.
  const portionsTo = [
    ...held.map((r) => ({ starterId: r.starterId, memberId: r.memberId, at: r.createdAt })),
    ...given.flatMap((h) =>
      h.recipientId ? [{ starterId: h.starterId, memberId: h.recipientId, at: h.createdAt }] : [],
    ),
  ];
  for (const p of portionsTo) {
    if (!asked.some((a) => a.starterId === p.starterId && a.memberId === p.memberId)) {
      asked.push({ starterId: p.starterId, memberId: p.memberId, first: p.at });
    }
  }
  const people = await publicMembersById(db, [
    ...asked.map((a) => a.memberId),
    ...held.map((r) => r.memberId),
  ]);
  const shownHandovers = await toHandovers(db, actor.id, given);
  return mine.map((s) => {
    const askers: Asker[] = asked
      .filter((a) => a.starterId === s.id && people.has(a.memberId))
      .sort((a, b) => a.first.getTime() - b.first.getTime())
      .map((a) => {
        const reservation = held.find((r) => r.starterId === s.id && r.memberId === a.memberId);
        const handover = shownHandovers.find(
          (h) => h.starterId === s.id && h.recipient?.id === a.memberId,
        );
        return {
          user: people.get(a.memberId)!,
          firstAskedAt: a.first.toISOString(),
          reservation: reservation ? toReservation(reservation, people.get(a.memberId)!) : null,
          handover: handover ?? null,
        };
      });
    return {
      starterId: s.id,
      status: starterStatus(s),
      portions: s.portions,
      portionsLeft: portionsLeftOf(s),
      portionsReserved: s.portionsReserved,
      portionsGiven: s.portionsGiven,
      availableUntil: s.availableUntil.toISOString(),
      renewalsLeft: Math.max(0, RENEWALS_MAX - s.renewals),
      askers,
      offSiteHandovers: given.filter((h) => h.starterId === s.id && !h.recipientId).length,
    };
  });
}

// ---------------------------------------------------------------- My Hand-overs

const starterBriefColumns = {
  id: starters.id,
  title: starters.title,
  imagePath: starters.imagePath,
  ownerId: starters.userId,
};

/** GET /api/me/handovers: reserved for me (with pickup times), received, given. */
export async function myHandovers(
  deps: Pick<AppDeps, 'db'>,
  actor: SessionUser,
): Promise<MyHandovers> {
  const { db } = deps;
  const [held, gotRows, gaveRows] = await Promise.all([
    db
      .select({ reservation: reservations, starter: starterBriefColumns })
      .from(reservations)
      .innerJoin(starters, eq(starters.id, reservations.starterId))
      .where(
        and(
          eq(reservations.memberId, actor.id),
          eq(reservations.status, 'active'),
          visibleInThreadsOf(actor),
        ),
      )
      .orderBy(sql`${reservations.at} ASC NULLS LAST`, desc(reservations.createdAt)),
    db
      .select({ handover: handovers, starter: starterBriefColumns })
      .from(handovers)
      .innerJoin(starters, eq(starters.id, handovers.starterId))
      .where(and(eq(handovers.recipientId, actor.id), visibleInThreadsOf(actor)))
      .orderBy(desc(handovers.createdAt)),
    db
      .select({ handover: handovers, starter: starterBriefColumns })
      .from(handovers)
      .innerJoin(starters, eq(starters.id, handovers.starterId))
      .where(and(eq(handovers.giverId, actor.id), notDeleted()))
      .orderBy(desc(handovers.createdAt)),
  ]);
  const people = await publicMembersById(db, [
    actor.id,
    ...held.map((r) => r.starter.ownerId),
    ...gotRows.map((r) => r.starter.ownerId),
  ]);
  const brief = (s: (typeof held)[number]['starter']) => ({
    id: s.id,
    title: s.title,
    thumbnailPath: s.imagePath ? s.imagePath.replace(/\/full\.webp$/, '/thumb.webp') : null,
    owner: people.get(s.ownerId)!,
  });
  const got = await toHandovers(
    db,
    actor.id,
    gotRows.map((r) => r.handover),
  );
  const gave = await toHandovers(
    db,
    actor.id,
    gaveRows.map((r) => r.handover),
  );
  return {
    reservedForMe: held.map((r) => ({
      ...toReservation(r.reservation, people.get(actor.id)!),
      starter: brief(r.starter),
    })),
    received: got.map((h, i) => ({ ...h, starter: brief(gotRows[i]!.starter) })),
    given: gave.map((h, i) => ({ ...h, starter: brief(gaveRows[i]!.starter) })),
  };
}

// ---------------------------------------------------------------- notices

/**
 * GET /api/me/notices: my listings expiring within two days or already expired (not claimed,
 * not removed or deleted), and hand-overs waiting for me to say whether they arrived.
 */
export async function myNotices(deps: Pick<AppDeps, 'db'>, actor: SessionUser): Promise<Notice[]> {
  const { db } = deps;
  const [expiring, waiting] = await Promise.all([
    db
      .select({ id: starters.id, title: starters.title, availableUntil: starters.availableUntil })
      .from(starters)
      .where(
        and(
          eq(starters.userId, actor.id),
          eq(starters.isClaimed, false),
          listed(),
          sql`${starters.availableUntil} < ${clock.sqlNow()} + make_interval(days => ${EXPIRY_NOTICE_DAYS}::int)`,
        ),
      )
      .orderBy(starters.availableUntil),
    db
      .select({ id: handovers.id, starterId: starters.id, title: starters.title })
      .from(handovers)
      .innerJoin(starters, eq(starters.id, handovers.starterId))
      .where(
        and(
          eq(handovers.recipientId, actor.id),
          eq(handovers.status, 'given'),
          visibleInThreadsOf(actor),
        ),
      ),
  ]);
  const now = clock.now();
  return [
    ...expiring.map((s) => ({
      kind: isExpired({ ...s, isClaimed: false }, now)
        ? ('expired' as const)
        : ('expires_soon' as const),
      starterId: s.id,
      starterTitle: s.title,
      availableUntil: s.availableUntil.toISOString(),
      handoverId: null,
    })),
    ...waiting.map((h) => ({
      kind: 'confirm_handover' as const,
      starterId: h.starterId,
      starterTitle: h.title,
      availableUntil: null,
      handoverId: h.id,
    })),
  ];
}
