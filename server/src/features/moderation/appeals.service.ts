import { and, asc, desc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  AppealDecision,
  AppealItem,
  AppealStatus,
  StarterRemoval,
} from '../../../../common/moderation/moderation';
import { isModerator } from '../../access/members';
import {
  actingAs,
  moderationScope,
  startersInScope,
  type ModerationScope,
} from '../../access/stewards';
import { requireStarter, wasDeleted, wasRemoved } from '../../access/starter-access';
import type { DbOrTx } from '../../db/client';
import { iso } from '../../db/rows';
import type { AppDeps } from '../../deps';
import { moderationActions, starterRemovals, starters, users } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../errors';
import type { SessionUser } from '../../plugins/sessions';
import * as clock from '../../clock/clock';
import { thumbnailOf } from '../starters/starter-rows';
import { appealDecisionMail, ruleWording } from './moderation-mail';
import { tell } from '../notifications/tell';
import { notificationLinks } from '../../../../common/notifications/notifications';

type RemovalRow = typeof starterRemovals.$inferSelect;

const NOT_REMOVED = 'This starter has not been removed.';

function toRemoval(row: RemovalRow): StarterRemoval {
  return {
    id: row.id,
    starterId: row.starterId,
    reason: row.reason,
    note: row.note,
    removedAt: row.removedAt.toISOString(),
    appeal:
      row.appealText && row.appealedAt
        ? { text: row.appealText, createdAt: row.appealedAt.toISOString() }
        : null,
    decision: row.decision as AppealDecision | null,
    decidedAt: iso(row.decidedAt),
  };
}

/** The starter's latest removal, when it is removed now (a restored one has none). */
async function currentRemoval(db: DbOrTx, starterId: number, { lock = false } = {}) {
  const query = db
    .select()
    .from(starterRemovals)
    .where(eq(starterRemovals.starterId, starterId))
    .orderBy(desc(starterRemovals.removedAt), desc(starterRemovals.id))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/**
 * GET /api/starters/:id/removal: why the listing is down and where the appeal stands, for its
 * owner (and moderators). Anyone else gets the listing's own 404 when it is down, and a 403 when
 * it is up (they can see it, and there is nothing of theirs to read).
 */
export async function getStarterRemoval(
  deps: Pick<AppDeps, 'db'>,
  actor: SessionUser,
  starterId: number,
): Promise<StarterRemoval> {
  const starter = await requireStarter(deps.db, actor, starterId, 'see');
  // Why a listing came down is between its owner and the moderators.
  if (actor.id !== starter.ownerId && !isModerator(actor)) {
    throw forbidden('Only the owner can read why a listing was removed.');
  }
  const row = wasRemoved(starter) ? await currentRemoval(deps.db, starter.id) : undefined;
  if (!row) throw notFound(NOT_REMOVED);
  return toRemoval(row);
}

/**
 * POST /api/starters/:id/appeal: the owner's one reply to the removal, which goes to the
 * moderators' queue. Only the owner ('change' in the access policy), only while removed, once.
 */
export async function appealRemoval(
  deps: Pick<AppDeps, 'db'>,
  actor: SessionUser,
  { starterId, text }: { starterId: number; text: string },
): Promise<StarterRemoval> {
  return deps.db.transaction(async (tx) => {
    const starter = await requireStarter(tx, actor, starterId, 'change', { lock: true });
    const row = wasRemoved(starter)
      ? await currentRemoval(tx, starter.id, { lock: true })
      : undefined;
    if (!row) throw conflict(NOT_REMOVED);
    if (row.appealText) throw conflict('You have already appealed this removal.');
    const [updated] = await tx
      .update(starterRemovals)
      .set({ appealText: text, appealedAt: clock.sqlNow() })
      .where(eq(starterRemovals.id, row.id))
      .returning();
    return toRemoval(updated!);
  });
}

const owner = alias(users, 'owner');
const remover = alias(users, 'remover');
const decider = alias(users, 'decider');
const person = (u: { id: string; username: string | null; firstName: string | null } | null) =>
  u ? { id: u.id, username: u.username, firstName: u.firstName } : null;

/**
 * The appeals a steward sees and decides (decision 166): of listings in their area, and only of
 * removals no steward made (a moderator's, screening's or the review's). An appeal of any
 * steward's removal, their own included, goes to a moderator.
 */
function appealsInScope(scope: ModerationScope): SQL {
  if (scope.all) return sql`TRUE`;
  return and(startersInScope(scope), or(isNull(remover.id), eq(remover.isModerator, true)))!;
}

/** GET /api/moderation/appeals: open ones oldest first (first come, first answered). */
export async function listAppeals(
  deps: Pick<AppDeps, 'db'>,
  actor: SessionUser,
  { status }: { status: AppealStatus },
): Promise<AppealItem[]> {
  const scope = await moderationScope(deps.db, actor);
  const rows = await deps.db
    .select({ removal: starterRemovals, starter: starters, owner, remover, decider })
    .from(starterRemovals)
    .innerJoin(starters, eq(starters.id, starterRemovals.starterId))
    .innerJoin(owner, eq(owner.id, starters.userId))
    .leftJoin(remover, eq(remover.id, starterRemovals.removedBy))
    .leftJoin(decider, eq(decider.id, starterRemovals.decidedBy))
    .where(
      and(
        isNotNull(starterRemovals.appealText),
        appealsInScope(scope),
        status === 'open' ? isNull(starterRemovals.decision) : isNotNull(starterRemovals.decision),
      ),
    )
    .orderBy(
      status === 'open' ? asc(starterRemovals.appealedAt) : desc(starterRemovals.decidedAt),
      asc(starterRemovals.id),
    )
    .limit(200);
  return rows.map((row) => ({
    ...toRemoval(row.removal),
    appeal: { text: row.removal.appealText!, createdAt: row.removal.appealedAt!.toISOString() },
    removedBy: person(row.remover),
    decidedBy: person(row.decider),
    owner: person(row.owner)!,
    starter: {
      id: row.starter.id,
      title: row.starter.title,
      category: row.starter.category,
      imagePath: row.starter.imagePath,
      thumbnailPath: thumbnailOf(row.starter.imagePath),
    },
  }));
}

/**
 * POST /api/moderation/appeals/:id: a moderator restores the listing or upholds its removal.
 * The answer, the listing's state, the audit entry and the owner's mail land together.
 */
export async function decideAppeal(
  deps: Pick<AppDeps, 'db' | 'listings' | 'config'>,
  actor: SessionUser,
  { id, decision }: { id: number; decision: AppealDecision },
): Promise<StarterRemoval> {
  const scope = await moderationScope(deps.db, actor);
  const result = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ removal: starterRemovals })
      .from(starterRemovals)
      .innerJoin(starters, eq(starters.id, starterRemovals.starterId))
      .leftJoin(remover, eq(remover.id, starterRemovals.removedBy))
      .where(and(eq(starterRemovals.id, id), appealsInScope(scope)))
      .for('update', { of: starterRemovals })
      .limit(1)
      .then((rows) => rows.map((r) => r.removal));
    if (!row || !row.appealText) throw notFound('Appeal not found');
    if (row.decision) throw conflict(`This appeal has already been ${row.decision}.`);
    // Within their area a steward decides the appeal as a moderator would.
    const viewer = scope.all ? actor : { ...actor, isModerator: true };
    const starter = await requireStarter(tx, viewer, row.starterId, 'moderate', { lock: true });
    if (decision === 'restored') {
      if (wasDeleted(starter)) throw conflict('The owner has deleted this starter.');
      await tx
        .update(starters)
        .set({ isActive: true, removedAt: null, removedBy: null, updatedAt: clock.sqlNow() })
        .where(eq(starters.id, starter.id));
    }
    const [updated] = await tx
      .update(starterRemovals)
      .set({ decision, decidedBy: actor.id, decidedAt: clock.sqlNow() })
      .where(eq(starterRemovals.id, id))
      .returning();
    await tx.insert(moderationActions).values({
      moderatorId: actor.id,
      action: decision === 'restored' ? 'restore_starter' : 'uphold_removal',
      reportId: row.reportId,
      starterId: starter.id,
      targetUserId: starter.ownerId,
      details: { removalId: row.id, rule: row.reason, ...actingAs(scope) },
    });
    const [listing] = await tx
      .select({ id: starters.id, title: starters.title })
      .from(starters)
      .where(eq(starters.id, starter.id));
    await tell(tx, deps.config, {
      kind: 'moderation',
      to: starter.ownerId,
      bell: {
        title: {
          key:
            decision === 'restored' ? 'mail:notifications.restored' : 'mail:notifications.upheld',
          values: { title: listing!.title },
        },
        body:
          decision === 'restored'
            ? { key: 'mail:notifications.restoredBody' }
            : { key: 'mail:notifications.upheldBody', values: { rule: ruleWording(row.reason) } },
        url: notificationLinks.starter(listing!.id),
      },
      mail: appealDecisionMail(deps.config, { starter: listing!, decision, reason: row.reason }),
    });
    return toRemoval(updated!);
  });
  if (decision === 'restored') deps.listings.clear();
  return result;
}
