import { sql, type SQL } from 'drizzle-orm';
import { NUDGE_HOURS } from '../../../../common/conversations/messages';
import * as clock from '../../clock/clock';

/*
 * Who owes whom a reply in a conversation (decision 141), one rule for the inbox's "… is
 * waiting for your reply" and for Nudge, on the server's clock. The conversation is a starter
 * and two members; each argument is SQL (a column or a value).
 */

/** Their hand-over of this starter is finished (received): nobody owes a reply any more. */
export function handoverFinished(starterId: SQL, a: SQL, b: SQL): SQL {
  return sql`EXISTS (
    SELECT 1 FROM handovers h
    WHERE h.starter_id = ${starterId} AND h.status = 'received'
      AND ((h.giver_id = ${a} AND h.recipient_id = ${b})
        OR (h.giver_id = ${b} AND h.recipient_id = ${a})))`;
}

/** `from` has a message to `to` still held for review: it has not reached them yet. */
export function heldForReview(starterId: SQL, from: SQL, to: SQL): SQL {
  return sql`EXISTS (
    SELECT 1 FROM held_messages hm
    WHERE hm.starter_id = ${starterId} AND hm.sender_id = ${from} AND hm.receiver_id = ${to}
      AND hm.status = 'held')`;
}

/** `from` nudged `to` here within the last NUDGE_HOURS. */
export function nudgedLately(starterId: SQL, from: SQL, to: SQL): SQL {
  return sql`EXISTS (
    SELECT 1 FROM conversation_nudges n
    WHERE n.starter_id = ${starterId} AND n.sender_id = ${from} AND n.receiver_id = ${to}
      AND n.kind = 'nudge'
      AND n.created_at > ${clock.sqlNow()} - make_interval(hours => ${NUDGE_HOURS}::int))`;
}

/** The last message written at least NUDGE_HOURS ago by the server's clock. */
export function waitedLongEnough(writtenAt: SQL): SQL {
  return sql`${writtenAt} <= ${clock.sqlNow()} - make_interval(hours => ${NUDGE_HOURS}::int)`;
}
