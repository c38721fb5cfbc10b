import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  FEEDBACK_FADES_AFTER_DAYS,
  FEEDBACK_WAIT_HOURS,
  LATE_CANCELLATION_HOURS,
  RELIABILITY_WINDOW_DAYS,
} from '../../../../common/conversations/handovers';
import { HOUR_MS } from '../../../../common/site/time';
import * as clock from '../../clock/clock';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { feedback, messages } from '../../db/schema';

/**
 * Which feedback counts (decision 168): a 👍 at once, a 👎 only once it has waited
 * FEEDBACK_WAIT_HOURS by the server's clock, so its giver could still withdraw it until then.
 * The one definition: the summary, the conversation signs and any rule that reads feedback
 * (trust, screening) filter `feedback` rows with it.
 */
export function feedbackCounts(): SQL {
  return sql`(${feedback.rating} = 'up' OR ${feedback.createdAt} <= ${clock.sqlNow()} - make_interval(hours => ${FEEDBACK_WAIT_HOURS}::int))`;
}

/** Whether a 👎 left at `createdAt` may still be withdrawn; the instant it counts from. */
export function withdrawableUntil(
  row: { rating: string; createdAt: Date } | undefined,
): Date | null {
  if (row?.rating !== 'down') return null;
  const until = new Date(row.createdAt.getTime() + FEEDBACK_WAIT_HOURS * HOUR_MS);
  return until.getTime() > clock.nowMs() ? until : null;
}

const withinDays = (days: number) =>
  sql`${feedback.createdAt} > ${clock.sqlNow()} - make_interval(days => ${days}::int)`;

/**
 * The counted feedback a member received: 👍 and 👎 of the last FEEDBACK_FADES_AFTER_DAYS, and
 * the "didn't show up" of the last RELIABILITY_WINDOW_DAYS.
 */
export async function countedFeedbackOf(
  db: DbOrTx,
  memberId: string,
): Promise<{ thumbsUp: number; thumbsDown: number; noShows: number }> {
  const recent = withinDays(FEEDBACK_FADES_AFTER_DAYS);
  const [row] = await db
    .select({
      up: sql<number>`count(*) FILTER (WHERE ${feedback.rating} = 'up' AND ${recent})::int`,
      down: sql<number>`count(*) FILTER (WHERE ${feedback.rating} = 'down' AND ${recent})::int`,
      noShows: sql<number>`count(*) FILTER (WHERE ${feedback.reason} = 'no-show')::int`,
    })
    .from(feedback)
    .where(
      and(
        eq(feedback.toId, memberId),
        feedbackCounts(),
        withinDays(Math.max(FEEDBACK_FADES_AFTER_DAYS, RELIABILITY_WINDOW_DAYS)),
      ),
    );
  return {
    thumbsUp: Number(row?.up ?? 0),
    thumbsDown: Number(row?.down ?? 0),
    noShows: Number(row?.noShows ?? 0),
  };
}

/**
 * Reservations a member cancelled late in the last RELIABILITY_WINDOW_DAYS: backed out of as
 * the one it was for less than LATE_CANCELLATION_HOURS before its pickup time (read on the
 * member's wall clock, UTC when unknown) or after it, or released as the listing's owner in the
 * hours before it (a release after the time is the owner giving up on a no-show). A
 * reservation without a time cannot be cancelled late.
 */
export async function lateCancellationsOf(db: DbOrTx, memberId: string): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(
    await db.execute(sql`
      SELECT count(*) AS n
      FROM reservations r
      JOIN starters s ON s.id = r.starter_id
      CROSS JOIN (SELECT COALESCE(time_zone, 'UTC') AS tz FROM users WHERE id = ${memberId}) me
      CROSS JOIN LATERAL (SELECT r.at AT TIME ZONE me.tz AS pickup) p
      WHERE r.at IS NOT NULL
        AND r.ended_at > ${clock.sqlNow()} - make_interval(days => ${RELIABILITY_WINDOW_DAYS}::int)
        AND r.ended_at > p.pickup - make_interval(hours => ${LATE_CANCELLATION_HOURS}::int)
        AND ((r.status = 'backed_out' AND r.member_id = ${memberId})
          OR (r.status = 'released' AND s.user_id = ${memberId} AND r.ended_at <= p.pickup))
    `),
  );
  return Number(row?.n ?? 0);
}

/** Both members wrote to each other about the starter (site lines do not count). */
export async function exchangedMessages(db: DbOrTx, starterId: number, a: string, b: string) {
  const [row] = await db
    .select({
      aWrote: sql<boolean>`bool_or(${messages.senderId} = ${a})`,
      bWrote: sql<boolean>`bool_or(${messages.senderId} = ${b})`,
    })
    .from(messages)
    .where(
      and(
        eq(messages.starterId, starterId),
        eq(messages.kind, 'text'),
        sql`((${messages.senderId} = ${a} AND ${messages.receiverId} = ${b}) OR (${messages.senderId} = ${b} AND ${messages.receiverId} = ${a}))`,
      ),
    );
  return !!row?.aWrote && !!row?.bWrote;
}
