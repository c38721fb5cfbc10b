import type { Message } from '../../../../common/conversations/messages';
import type { SystemEvent, SystemLineValues } from '../../../../common/conversations/system-lines';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AppDeps } from '../../deps';
import { messages } from '../../db/schema';
import { toMessage } from './messages.service';
import * as clock from '../../clock/clock';

export interface SystemLineInput {
  starterId: number;
  /** The thread's two members: the line is "from" one so the thread stays paired. */
  from: string;
  to: string;
  event: SystemEvent;
  /** What its wording needs beyond the event: a reason, the hours, an answer. */
  values?: SystemLineValues;
  at?: string | null;
  reservationId?: number | null;
  handoverId?: number | null;
}

/**
 * Writes a line the site adds to a thread (decision 020), inside the caller's transaction so it
 * exists exactly when what it announces does. It stores the event and its values, no words:
 * each reader gets it worded in their language (`systemLineFor`, decision 124). It is unread for `to` like any message, and
 * never charged to anyone's message quota. Publish it with `publishLines` after the commit.
 */
export async function writeSystemLine(tx: DbOrTx, line: SystemLineInput): Promise<Message> {
  const [row] = await tx
    .insert(messages)
    .values({
      starterId: line.starterId,
      senderId: line.from,
      receiverId: line.to,
      content: '',
      // Stamped like members' messages (server clock) so a thread keeps its order.
      createdAt: clock.now(),
      kind: 'system',
      system: {
        event: line.event,
        at: line.at ?? null,
        reservationId: line.reservationId ?? null,
        handoverId: line.handoverId ?? null,
        values: line.values ?? {},
      },
    })
    .returning();
  return toMessage(row!);
}

/** The same line to each of several members, one after another (their threads keep order). */
export async function writeSystemLines(
  tx: DbOrTx,
  line: Omit<SystemLineInput, 'to'>,
  to: string[],
): Promise<Message[]> {
  const lines: Message[] = [];
  for (const member of to) lines.push(await writeSystemLine(tx, { ...line, to: member }));
  return lines;
}

/**
 * Every member who asked about the starter and was given none of it gets one line saying it
 * found a new home (when its last portion is given, or its owner marks it claimed). Written
 * once: a thread that already has the line is skipped.
 */
export async function announceNewHome(
  tx: DbOrTx,
  starter: { id: number; ownerId: string },
): Promise<Message[]> {
  const askers = rowsOf<{ id: string }>(
    await tx.execute(sql`
      SELECT DISTINCT m.sender_id AS id FROM messages m
      WHERE m.starter_id = ${starter.id} AND m.receiver_id = ${starter.ownerId} AND m.kind = 'text'
        AND m.sender_id NOT IN (
          SELECT h.recipient_id FROM handovers h
          WHERE h.starter_id = ${starter.id} AND h.recipient_id IS NOT NULL
        )
        AND NOT EXISTS (
          SELECT 1 FROM messages done
          WHERE done.starter_id = ${starter.id} AND done.receiver_id = m.sender_id
            AND done.kind = 'system' AND done.system->>'event' = 'found_new_home'
        )
    `),
  );
  return writeSystemLines(
    tx,
    { starterId: starter.id, from: starter.ownerId, event: 'found_new_home' },
    askers.map(({ id }) => id),
  );
}

/** Tells both members of each thread, live, that a line arrived (never throws). */
export async function publishLines(
  deps: { live: Pick<AppDeps['live'], 'publish'> },
  lines: Message[],
): Promise<void> {
  await Promise.all(
    lines.map((m) =>
      deps.live.publish([m.receiverId, m.senderId], {
        type: 'message',
        messageId: m.id,
        starterId: m.starterId,
        senderId: m.senderId,
        receiverId: m.receiverId,
      }),
    ),
  );
}
