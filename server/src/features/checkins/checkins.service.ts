import { and, asc, eq, isNull, lte, sql, type SQL } from 'drizzle-orm';
import {
  CHECKIN_DAYS,
  type Checkin,
  type CheckinAnswer,
} from '../../../../common/cultures/checkins';
import { mayAct } from '../../access/members';
import { receivedAndSeenBy } from '../../access/starter-access';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { wakeJob } from '../../jobs/wake';
import { iso, rowsOf } from '../../db/rows';
import type { AppDeps } from '../../deps';
import { checkins, handovers, starters, users } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import type { SessionUser } from '../../plugins/sessions';
import { publishLines, writeSystemLine } from '../messages/system-lines';
import { publicMemberColumns } from '../../access/public-members';
import * as clock from '../../clock/clock';

/**
 * Called by the hand-over's confirmation, in its transaction, once the recipient said it
 * arrived: day 1, 3 and 7 check-ins, due that many check-in days after `confirmed_at`.
 * Nothing happens for a hand-over that is not `received` (so "It didn't happen" gets none).
 */
export async function scheduleCheckins(
  tx: DbOrTx,
  config: Pick<Config, 'checkinDaySeconds'>,
  handoverId: number,
): Promise<void> {
  const made = await tx.execute(sql`
    INSERT INTO checkins (handover_id, day, due_at)
    SELECT h.id, d.day, h.confirmed_at + (d.day * ${config.checkinDaySeconds}::int) * interval '1 second'
    FROM handovers h, unnest(${sql.raw(`ARRAY[${CHECKIN_DAYS.join(', ')}]`)}) AS d(day)
    WHERE h.id = ${handoverId} AND h.status = 'received' AND h.confirmed_at IS NOT NULL
      AND h.recipient_id IS NOT NULL
    ON CONFLICT (handover_id, day) DO NOTHING RETURNING due_at`);
  for (const { due_at } of rowsOf<{ due_at: Date | string }>(made)) {
    await wakeJob(tx, 'checkin-mails', new Date(due_at));
  }
}

/**
 * A check-in is asked while it is the latest of its hand-over that has come due (a due day 3
 * supersedes an unanswered day 1, and answering ends the earlier ones) and no answer of the
 * hand-over said "thriving" (it woke up: nothing left to ask).
 */
function isCurrent(): SQL {
  return sql`NOT EXISTS (
    SELECT 1 FROM checkins later
    WHERE later.handover_id = ${checkins.handoverId}
      AND ((later.day > ${checkins.day} AND later.due_at <= ${clock.sqlNow()}) OR later.answer = 'thriving')
  )`;
}

const checkinColumns = {
  id: checkins.id,
  handoverId: checkins.handoverId,
  day: checkins.day,
  dueAt: checkins.dueAt,
  answer: checkins.answer,
  answeredAt: checkins.answeredAt,
  starterId: starters.id,
  starterTitle: starters.title,
  recipientId: handovers.recipientId,
  giverId: handovers.giverId,
  giver: publicMemberColumns,
};

type CheckinRow = {
  id: number;
  handoverId: number;
  day: number;
  dueAt: Date;
  answer: string | null;
  answeredAt: Date | null;
  starterId: number;
  starterTitle: string;
  giver: Checkin['giver'];
};

function toCheckin(row: CheckinRow): Checkin {
  return {
    id: row.id,
    handoverId: row.handoverId,
    day: row.day as Checkin['day'],
    dueAt: row.dueAt.toISOString(),
    answer: (row.answer as CheckinAnswer | null) ?? null,
    answeredAt: iso(row.answeredAt),
    starter: { id: row.starterId, title: row.starterTitle },
    giver: row.giver,
  };
}

/** The check-ins of `actor`'s received hand-overs whose thread with the giver they still see. */
function checkinsOf(db: DbOrTx, actor: SessionUser, where: SQL | undefined) {
  return db
    .select(checkinColumns)
    .from(checkins)
    .innerJoin(handovers, eq(handovers.id, checkins.handoverId))
    .innerJoin(starters, eq(starters.id, handovers.starterId))
    .innerJoin(users, eq(users.id, handovers.giverId))
    .where(and(receivedAndSeenBy(actor), where));
}

/** GET /api/checkins: my due check-ins, at most one per hand-over, oldest first. */
export async function dueCheckins(
  deps: Pick<AppDeps, 'db'>,
  actor: SessionUser,
): Promise<Checkin[]> {
  const rows = await checkinsOf(
    deps.db,
    actor,
    and(isNull(checkins.answer), lte(checkins.dueAt, clock.sqlNow()), isCurrent()),
  ).orderBy(asc(checkins.dueAt), asc(checkins.id));
  return rows.map(toCheckin);
}

/**
 * POST /api/checkins/:id: the recipient's one-click answer. Anyone else, or a check-in whose
 * thread the recipient can no longer see: 404. Sending the same answer again is answered with
 * the stored check-in and changes nothing (a double click); a different one is a 409. The
 * giver is told in the thread, by a system line written in the same transaction.
 */
export async function answerCheckin(
  deps: Pick<AppDeps, 'db' | 'live'>,
  actor: SessionUser,
  input: { checkinId: number; answer: CheckinAnswer },
): Promise<Checkin> {
  const { checkin, line } = await deps.db.transaction(async (tx) => {
    const [row] = await checkinsOf(tx, actor, eq(checkins.id, input.checkinId)).for('update', {
      of: checkins,
    });
    if (!row) throw notFound('Check-in not found');
    if (row.answer) {
      if (row.answer === input.answer) return { checkin: toCheckin(row), line: null };
      throw conflict('You have already answered this check-in');
    }
    if (row.dueAt.getTime() > clock.nowMs()) throw conflict("This check-in isn't due yet");
    const [answered] = await tx
      .update(checkins)
      .set({ answer: input.answer, answeredAt: clock.sqlNow() })
      .where(and(eq(checkins.id, row.id), isNull(checkins.answer)))
      .returning({ answer: checkins.answer, answeredAt: checkins.answeredAt });
    const line = await writeSystemLine(tx, {
      starterId: row.starterId,
      from: actor.id,
      to: row.giverId,
      event: 'checkin_answered',
      values: { answer: input.answer },
      handoverId: row.handoverId,
    });
    return { checkin: toCheckin({ ...row, ...answered! }), line };
  });
  if (line) await publishLines(deps, [line]);
  return checkin;
}

/**
 * The member a check-in mail's link speaks for: the key in every mail of theirs (decision 055).
 * A wrong key, or a member who may not act, finds no check-in at all.
 */
async function memberByMailKey(db: DbOrTx, mailKey: string): Promise<SessionUser> {
  const [member] = await db.select().from(users).where(eq(users.mailKey, mailKey));
  if (!member || !mayAct(member)) throw notFound('Check-in not found');
  return member;
}

/** GET /api/checkins/:id/mail?key=: the check-in a mailed answer is about. Changes nothing. */
export async function checkinByMail(
  deps: Pick<AppDeps, 'db'>,
  input: { checkinId: number; mailKey: string },
): Promise<Checkin> {
  const member = await memberByMailKey(deps.db, input.mailKey);
  const [row] = await checkinsOf(deps.db, member, eq(checkins.id, input.checkinId));
  if (!row) throw notFound('Check-in not found');
  return toCheckin(row);
}

/** POST /api/checkins/:id/mail: the answer pressed on the page a mailed link opened. */
export async function answerCheckinByMail(
  deps: Pick<AppDeps, 'db' | 'live'>,
  input: { checkinId: number; mailKey: string; answer: CheckinAnswer },
): Promise<Checkin> {
  const member = await memberByMailKey(deps.db, input.mailKey);
  return answerCheckin(deps, member, input);
}
