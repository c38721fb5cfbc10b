import * as clock from '../../clock/clock';
import { and, eq, sql } from 'drizzle-orm';
import { PORTIONS_MAX, RENEWALS_MAX } from '../../../../common/conversations/handovers';
import { isOpen, requireStarter, type Viewer } from '../../access/starter-access';
import type { Tx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { starters } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import type { SessionUser } from '../../plugins/sessions';

/*
 * A listing's terms over time, changed by its owner: another stretch ("Still available") and
 * more portions. Hand-overs start from `openOwnStarterForUpdate` too.
 */

/**
 * The starter, locked until the transaction ends, when `actor` may change it as its owner and
 * it is still open: every transition on portions starts here, so two at once run one by one.
 */
export async function openOwnStarterForUpdate(
  tx: Tx,
  actor: NonNullable<Viewer>,
  starterId: number,
) {
  const starter = await requireStarter(tx, actor, starterId, 'change', { lock: true });
  if (!isOpen(starter)) throw conflict('This starter is no longer listed');
  if (starter.isClaimed) throw conflict('This starter has already been claimed');
  return starter;
}

/**
 * POST /api/starters/:id/renew ("Still available"): another stretch from today, at most
 * RENEWALS_MAX times in a row without a hand-over.
 */
export async function renewStarter(
  deps: Pick<AppDeps, 'db' | 'listings'>,
  actor: SessionUser,
  input: { id: number; availableDays: number },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const starter = await requireStarter(tx, actor, input.id, 'change', { lock: true });
    if (starter.isClaimed) throw conflict("A claimed starter doesn't expire");
    if (!isOpen(starter)) throw conflict('This starter is no longer listed');
    const renewed = await tx
      .update(starters)
      .set({
        availableUntil: sql`${clock.sqlNow()} + make_interval(days => ${input.availableDays}::int)`,
        renewals: sql`${starters.renewals} + 1`,
        updatedAt: clock.sqlNow(),
      })
      .where(and(eq(starters.id, starter.id), sql`${starters.renewals} < ${RENEWALS_MAX}`))
      .returning({ id: starters.id });
    if (renewed.length === 0) {
      throw conflict(
        `This listing has been renewed ${RENEWALS_MAX} times in a row; post it again to keep sharing`,
      );
    }
  });
  deps.listings.clear();
}

/** POST /api/starters/:id/portions: "my grains grew". */
export async function addPortions(
  deps: Pick<AppDeps, 'db' | 'listings'>,
  actor: SessionUser,
  input: { id: number; add: number },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const starter = await openOwnStarterForUpdate(tx, actor, input.id);
    const added = await tx
      .update(starters)
      .set({ portions: sql`${starters.portions} + ${input.add}`, updatedAt: clock.sqlNow() })
      .where(
        and(
          eq(starters.id, starter.id),
          sql`${starters.portions} - ${starters.portionsGiven} + ${input.add} <= ${PORTIONS_MAX}`,
        ),
      )
      .returning({ id: starters.id });
    if (added.length === 0) {
      throw badRequest(`At most ${PORTIONS_MAX} portions can be on offer at once`, {
        add: `At most ${PORTIONS_MAX} portions can be on offer at once`,
      });
    }
  });
  deps.listings.clear();
}
