import { and, asc, count, eq } from 'drizzle-orm';
import type { MyStandingOffers } from '../../../../common/conversations/standing-offers';
import { listed } from '../../access/starter-access';
import { standingOffers, standingWaitlist, starters } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { SessionUser } from '../../plugins/sessions';
import { myOpenTurns } from './standing-offers.service';

/**
 * GET /api/me/standing-offers: the member's own standing offers (on listings they still have)
 * with how many wait in line, and the turns offered to them still open (the same list as the
 * "It's your turn" banner). Read only; nothing here changes a round.
 */
export async function myStandingOffers(
  deps: Pick<AppDeps, 'db'>,
  actor: SessionUser,
): Promise<MyStandingOffers> {
  const { db } = deps;
  const giving = await db
    .select({
      starterId: standingOffers.starterId,
      title: starters.title,
      pausedAt: standingOffers.pausedAt,
      nextRoundAt: standingOffers.nextRoundAt,
      waiting: count(standingWaitlist.memberId),
    })
    .from(standingOffers)
    .innerJoin(starters, eq(starters.id, standingOffers.starterId))
    .leftJoin(standingWaitlist, eq(standingWaitlist.starterId, standingOffers.starterId))
    .where(and(eq(starters.userId, actor.id), listed()))
    .groupBy(
      standingOffers.starterId,
      starters.title,
      standingOffers.pausedAt,
      standingOffers.nextRoundAt,
    )
    .orderBy(asc(standingOffers.nextRoundAt));
  return {
    giving: giving.map((g) => ({
      starterId: g.starterId,
      title: g.title,
      paused: g.pausedAt !== null,
      nextRoundAt: g.nextRoundAt.toISOString(),
      waiting: Number(g.waiting),
    })),
    offeredToMe: await myOpenTurns(deps, actor),
  };
}
