import { HELD_UNDO_MS } from '../../../../common/moderation/screening';
import * as clock from '../../clock/clock';
import { conflict } from '../../errors';

/*
 * One rule for a moderator's Release or Reject of anything screening held, a message or a
 * listing (decisions 140 and 152): recorded at once, taking effect once HELD_UNDO_MS has passed
 * by the server's clock, and until then undone on request.
 */

export const HELD_UNDO_PASSED = 'The minute to undo this decision has passed: it stands.';

/** Until when a decision made at `decidedAt` may be undone. */
export const undoUntil = (decidedAt: Date) => new Date(decidedAt.getTime() + HELD_UNDO_MS);

/** Whether a decision made at `decidedAt` is still within its minute to undo. */
export const mayStillUndo = (decidedAt: Date) => clock.nowMs() < undoUntil(decidedAt).getTime();

/** Decided at or before this, a decision is due to take effect. */
export const dueBefore = () => new Date(clock.nowMs() - HELD_UNDO_MS);

/**
 * Refuses an undo (409): `nothingToUndo` when no decision waits (`decidedAt` null and it did
 * not take effect), HELD_UNDO_PASSED once it took effect (`settled`) or its minute is over.
 */
export function assertUndoable(
  decision: { decidedAt: Date | null; settled: boolean },
  nothingToUndo: string,
): void {
  if (decision.settled) throw conflict(HELD_UNDO_PASSED);
  if (!decision.decidedAt) throw conflict(nothingToUndo);
  if (!mayStillUndo(decision.decidedAt)) throw conflict(HELD_UNDO_PASSED);
}
