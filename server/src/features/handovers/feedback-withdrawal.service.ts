import { and, eq } from 'drizzle-orm';
import {
  FEEDBACK_NOT_FOUND,
  FEEDBACK_NOT_WITHDRAWABLE,
} from '../../../../common/conversations/handovers';
import type { AppDeps } from '../../deps';
import { feedback, handovers } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import type { SessionUser } from '../../plugins/sessions';
import { publishLines, writeSystemLine } from '../messages/system-lines';
import { withdrawableUntil } from './feedback-counts';

/**
 * DELETE /api/handovers/:id/feedback: the member withdraws the 👎 they left on a hand-over while
 * it still waits to count (decision 168). It is gone, as if never left (they may rate again);
 * the other member reads a line saying it was withdrawn and does not count. Anyone else's, or
 * none: 404; a 👍 or a 👎 that already counts: 409.
 */
export async function withdrawFeedback(
  deps: Pick<AppDeps, 'db' | 'live'>,
  actor: SessionUser,
  input: { handoverId: number },
): Promise<void> {
  const line = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: feedback.id,
        toId: feedback.toId,
        rating: feedback.rating,
        createdAt: feedback.createdAt,
        starterId: handovers.starterId,
      })
      .from(feedback)
      .innerJoin(handovers, eq(handovers.id, feedback.handoverId))
      .where(and(eq(feedback.handoverId, input.handoverId), eq(feedback.fromId, actor.id)))
      .for('update', { of: feedback });
    if (!row) throw notFound(FEEDBACK_NOT_FOUND);
    if (!withdrawableUntil(row)) throw conflict(FEEDBACK_NOT_WITHDRAWABLE);
    await tx.delete(feedback).where(eq(feedback.id, row.id));
    return writeSystemLine(tx, {
      starterId: row.starterId,
      from: actor.id,
      to: row.toId,
      event: 'feedback_withdrawn',
      values: {},
      handoverId: input.handoverId,
    });
  });
  await publishLines(deps, [line]);
}
