import { sql, type SQL } from 'drizzle-orm';
import { REVIEW_RADIUS_KM } from '../../../common/moderation/review';
import type { SessionUser } from '../plugins/sessions';

/*
 * Who may review which held item (decision 165): a trusted reviewer sees items about listings
 * within REVIEW_RADIUS_KM of their place, never their own, never those of members they have
 * dealt with (a message or a hand-over either way, a held message between them) or blocked
 * either way, and each item once; a member who reported a listing never reviews it (its report,
 * or the listing held by screening that stands for it). Reads `review_items i` and `starters s`
 * of the queue's query.
 */
export function reviewableBy(reviewer: Pick<SessionUser, 'id' | 'latitude' | 'longitude'>): SQL {
  const me = reviewer.id;
  if (reviewer.latitude === null || reviewer.longitude === null) return sql`false`;
  const dealt = (table: string, a: string, b: string) =>
    sql`EXISTS (SELECT 1 FROM ${sql.raw(table)} x WHERE (x.${sql.raw(a)} = ${me} AND x.${sql.raw(b)} = i.subject_id) OR (x.${sql.raw(a)} = i.subject_id AND x.${sql.raw(b)} = ${me}))`;
  return sql`i.subject_id <> ${me}
    AND s.user_id <> ${me}
    AND NOT EXISTS (SELECT 1 FROM review_verdicts v WHERE v.item_id = i.id AND v.reviewer_id = ${me})
    AND NOT ${dealt('blocks', 'blocker_id', 'blocked_id')}
    AND NOT ${dealt('messages', 'sender_id', 'receiver_id')}
    AND NOT ${dealt('held_messages', 'sender_id', 'receiver_id')}
    AND NOT ${dealt('handovers', 'giver_id', 'recipient_id')}
    AND NOT (i.kind <> 'message' AND EXISTS (SELECT 1 FROM reports r WHERE r.starter_id = i.starter_id AND r.reporter_id = ${me}))
    AND s.latitude IS NOT NULL
    AND earth_distance(
      ll_to_earth(${reviewer.latitude}::float8, ${reviewer.longitude}::float8),
      ll_to_earth(s.latitude, s.longitude)
    ) <= ${REVIEW_RADIUS_KM * 1000}::float8`;
}

/** On `starters s`: held by screening and not yet decided. */
const HELD_UNDECIDED = sql.raw(`(s.held_at IS NOT NULL AND s.held_decided_at IS NULL)`);

/**
 * The item still waits for a decision: a held message still held, a listing still held by
 * screening (not deleted) with no decision recorded. Decided elsewhere, it leaves the queue.
 * A reported listing that screening holds is judged once, as the held listing (decision 174):
 * its report item leaves the queue while that one stands for both.
 */
export function stillWaiting(): SQL {
  return sql`((i.kind = 'message' AND EXISTS (SELECT 1 FROM held_messages h WHERE h.id = i.ref_id AND h.status = 'held'))
    OR (i.kind = 'listing' AND s.deleted_at IS NULL AND ${HELD_UNDECIDED})
    OR (i.kind = 'report' AND s.deleted_at IS NULL AND s.removed_at IS NULL AND NOT ${HELD_UNDECIDED}
      AND EXISTS (SELECT 1 FROM reports r WHERE r.id = i.ref_id AND r.status = 'pending')))`;
}

/**
 * Held items not yet in the queue, as rows of review_items (kind, ref_id, starter_id, subject_id).
 * A reported listing joins once, by its oldest pending report: deciding it settles them all.
 * One that screening holds joins as the held listing alone, and one reviewers already judged
 * (hidden for a moderator's rule, decision 174) does not join again.
 */
export function heldItemsToQueue(): SQL {
  return sql`SELECT 'message', h.id, h.starter_id, h.sender_id, h.created_at
      FROM held_messages h WHERE h.status = 'held'
    UNION ALL
    SELECT 'listing', s.id, s.id, s.user_id, s.held_at
      FROM starters s WHERE s.held_at IS NOT NULL AND s.deleted_at IS NULL AND s.held_decided_at IS NULL
    UNION ALL
    SELECT 'report', r.id, r.starter_id, s.user_id, r.created_at
      FROM reports r JOIN starters s ON s.id = r.starter_id
      WHERE r.status = 'pending' AND r.message_id IS NULL AND s.deleted_at IS NULL AND s.removed_at IS NULL
        AND NOT ${HELD_UNDECIDED}
        AND NOT EXISTS (SELECT 1 FROM review_items d WHERE d.kind = 'report' AND d.ref_id = r.id)
        AND r.id = (SELECT min(r2.id) FROM reports r2
          WHERE r2.starter_id = r.starter_id AND r2.status = 'pending' AND r2.message_id IS NULL)
        AND NOT EXISTS (SELECT 1 FROM review_items o
          WHERE o.kind = 'report' AND o.starter_id = r.starter_id AND o.decided_at IS NULL)`;
}
