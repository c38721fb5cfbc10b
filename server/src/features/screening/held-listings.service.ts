import { and, asc, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import type {
  HeldDecided,
  HeldDecision,
  HeldStarter,
  ScreeningCode,
} from '../../../../common/moderation/screening';
import {
  actedAsSteward,
  assertStarterInScope,
  moderationScope,
  startersInScope,
  type ModerationScope,
} from '../../access/stewards';
import {
  heldAwaitingDecision,
  isHeld,
  requireStarter,
  wasDeleted,
} from '../../access/starter-access';
import * as clock from '../../clock/clock';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { wakeJob } from '../../jobs/wake';
import { moderationActions, starterRemovals, starters, users } from '../../db/schema';
import { conflict } from '../../errors';
import type { SessionUser } from '../../plugins/sessions';
import { removalMail } from '../moderation/moderation-mail';
import { tell } from '../notifications/tell';
import { assertUndoable, dueBefore, mayStillUndo, undoUntil } from './held-undo';

/*
 * New listings screening held (decision 073). A moderator's Release or Reject follows the one
 * rule of held decisions (held-undo.ts, decision 152): recorded at once, the listing leaves the
 * queue but stays held; a minute later it takes effect, and until then it may be undone.
 */

export const LISTING_NOT_HELD = 'This listing is not held.';
export const HELD_LISTING_NOT_WAITING = 'This listing has already been decided.';
export const HELD_LISTING_NOTHING_TO_UNDO =
  'This listing is waiting for a decision: there is nothing to undo.';

/** What a rejected listing's removal says, to its owner and in the audit log. */
const REJECT_NOTE = 'Held by screening and turned down by a moderator.';

/** GET /api/moderation/held-starters: new listings waiting for a moderator, oldest first. */
export async function listHeldStarters(
  deps: Pick<AppDeps, 'db'>,
  actor: SessionUser,
): Promise<HeldStarter[]> {
  const scope = await moderationScope(deps.db, actor);
  const rows = await deps.db
    .select({ starter: starters, owner: users })
    .from(starters)
    .innerJoin(users, eq(users.id, starters.userId))
    .where(and(heldAwaitingDecision(), startersInScope(scope)))
    .orderBy(asc(starters.heldAt), asc(starters.id))
    .limit(100);
  return rows.map(({ starter, owner }) => ({
    id: starter.id,
    kind: 'starter' as const,
    title: starter.title,
    description: starter.description,
    codes: (starter.heldCodes ?? []) as ScreeningCode[],
    createdAt: starter.createdAt.toISOString(),
    owner: {
      id: owner.id,
      username: owner.username,
      firstName: owner.firstName,
      joinedAt: owner.createdAt.toISOString(),
    },
  }));
}

/**
 * POST /api/moderation/held-starters/:id. The decision is recorded at once and takes effect a
 * minute later (`settleHeldListingDecisions`): release, the listing appears; reject, it is
 * removed for selling (the rule screening enforces), its owner told and free to appeal.
 */
export async function decideHeldStarter(
  deps: Pick<AppDeps, 'db'>,
  actor: SessionUser,
  input: { id: number; decision: HeldDecision },
): Promise<HeldDecided> {
  const scope = await moderationScope(deps.db, actor);
  return deps.db.transaction(async (tx) => {
    const starter = await requireHeldInScope(tx, scope, actor, input.id);
    if (!isHeld(starter)) throw conflict(LISTING_NOT_HELD);
    return applyHeldStarterDecision(tx, actor.id, input);
  });
}

/**
 * The listing, locked, for a moderator, or for a steward when it lies in their area (404 when
 * not): within it a steward moderates as a moderator does (decision 166).
 */
async function requireHeldInScope(
  tx: DbOrTx,
  scope: ModerationScope,
  actor: SessionUser,
  id: number,
) {
  await assertStarterInScope(tx, scope, id, 'Starter not found');
  const viewer = scope.all ? actor : { ...actor, isModerator: true };
  return requireStarter(tx, viewer, id, 'moderate', { lock: true });
}

/**
 * The one way a decision on a held listing is recorded, a moderator's or the review's
 * (decision 165; `decidedBy` null: two reviewers agreed). 409 unless it is held and undecided.
 */
export async function applyHeldStarterDecision(
  tx: DbOrTx,
  decidedBy: string | null,
  input: { id: number; decision: HeldDecision },
): Promise<HeldDecided> {
  const decidedAt = clock.now();
  const status = input.decision === 'release' ? 'released' : 'rejected';
  const [changed] = await tx
    .update(starters)
    .set({ heldDecision: status, heldDecidedAt: decidedAt, heldDecidedBy: decidedBy })
    .where(
      and(eq(starters.id, input.id), isNotNull(starters.heldAt), isNull(starters.heldDecidedAt)),
    )
    .returning({ id: starters.id });
  if (!changed) throw conflict(HELD_LISTING_NOT_WAITING);
  await wakeJob(tx, 'held-decisions', undoUntil(decidedAt));
  return { id: input.id, status, undoUntil: undoUntil(decidedAt).toISOString() };
}

/**
 * POST /api/moderation/held-starters/:id/undo: within the minute, the listing waits for a
 * decision again; after it, or once the decision took effect, refused (409).
 */
export async function undoHeldStarterDecision(
  deps: Pick<AppDeps, 'db'>,
  actor: SessionUser,
  id: number,
): Promise<HeldDecided> {
  const scope = await moderationScope(deps.db, actor);
  await deps.db.transaction(async (tx) => {
    const starter = await requireHeldInScope(tx, scope, actor, id);
    const [row] = await tx
      .select({ decidedAt: starters.heldDecidedAt })
      .from(starters)
      .where(eq(starters.id, starter.id));
    assertUndoable(
      { decidedAt: row?.decidedAt ?? null, settled: !isHeld(starter) },
      HELD_LISTING_NOTHING_TO_UNDO,
    );
    await tx
      .update(starters)
      .set({ heldDecision: null, heldDecidedAt: null, heldDecidedBy: null })
      .where(eq(starters.id, starter.id));
  });
  return { id, status: 'held', undoUntil: null };
}

/**
 * The scheduler's part for listings: decisions whose minute has passed take effect, oldest
 * first, each in its own transaction, written to the audit log then. A listing its owner
 * deleted meanwhile only loses the decision.
 */
export async function settleHeldListingDecisions(
  deps: Pick<AppDeps, 'db' | 'config'>,
): Promise<number> {
  const due = await deps.db
    .select({ id: starters.id })
    .from(starters)
    .where(and(isNotNull(starters.heldAt), lte(starters.heldDecidedAt, dueBefore())))
    .orderBy(asc(starters.heldDecidedAt))
    .limit(50);
  let settled = 0;
  for (const { id } of due) {
    await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(starters)
        .where(and(eq(starters.id, id), isNotNull(starters.heldDecidedAt)))
        .for('update', { skipLocked: true });
      // An undo that came first within the minute won the lock; one after it is refused.
      if (!row?.heldDecidedAt || !row.heldAt || mayStillUndo(row.heldDecidedAt)) return;
      await takeEffect(tx, deps.config, row);
      settled++;
    });
  }
  return settled;
}

async function takeEffect(
  tx: DbOrTx,
  config: AppDeps['config'],
  row: typeof starters.$inferSelect,
): Promise<void> {
  const cleared = { heldDecision: null, heldDecidedAt: null, heldDecidedBy: null };
  if (wasDeleted(row)) {
    await tx.update(starters).set(cleared).where(eq(starters.id, row.id));
    return;
  }
  const rejected = row.heldDecision === 'rejected';
  const by = row.heldDecidedBy;
  await tx
    .update(starters)
    .set({
      ...cleared,
      heldAt: null,
      updatedAt: clock.sqlNow(),
      ...(rejected ? { isActive: false, removedAt: clock.sqlNow(), removedBy: by } : {}),
    })
    .where(eq(starters.id, row.id));
  if (rejected) {
    await tx.insert(starterRemovals).values({
      starterId: row.id,
      reason: 'free',
      note: REJECT_NOTE,
      removedBy: by,
      removedAt: clock.sqlNow(),
    });
    // The owner is told which rule and how to appeal, as for any removal.
    await tell(tx, config, {
      kind: 'moderation',
      to: row.userId,
      bell: null,
      mail: removalMail(config, {
        starter: { id: row.id, title: row.title },
        reason: 'free',
        note: REJECT_NOTE,
      }),
    });
  }
  // A released listing is announced to the alerts around it as a new one would be.
  if (!rejected) await wakeJob(tx, 'alert-announce');
  await tx.insert(moderationActions).values({
    moderatorId: by,
    action: rejected ? 'reject_starter' : 'release_starter',
    starterId: row.id,
    targetUserId: row.userId,
    details: { codes: row.heldCodes ?? [], ...(await actedAsSteward(tx, by)) },
  });
}
