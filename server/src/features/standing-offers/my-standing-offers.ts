import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { MyStandingOffers } from '../../../../common/standing-offers';
import { notDeleted, openly } from '../../access/starter-access';
import { standingOfferTurns, standingOffers, standingWaitlist, starters } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { SessionUser } from '../../plugins/sessions';

/**
 * GET /api/me/standing-offers: the member's own standing offers (on listings they still have)
 * with how many wait in line, and the turns offered to them still open, on listings that are
 * still up. Read only; nothing here changes a round.
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
    .where(and(eq(starters.userId, actor.id), notDeleted(), isNull(starters.removedAt)))
    .groupBy(
      standingOffers.starterId,
      starters.title,
      standingOffers.pausedAt,
      standingOffers.nextRoundAt,
    )
    .orderBy(asc(standingOffers.nextRoundAt));
  const offered = await db
    .select({
      offerId: standingOfferTurns.id,
      starterId: standingOfferTurns.starterId,
      title: starters.title,
      answerBy: standingOfferTurns.answerBy,
    })
    .from(standingOfferTurns)
    .innerJoin(starters, eq(starters.id, standingOfferTurns.starterId))
    .where(
      and(
        eq(standingOfferTurns.memberId, actor.id),
        eq(standingOfferTurns.status, 'pending'),
        openly(),
      ),
    )
    .orderBy(asc(standingOfferTurns.answerBy));
  return {
    giving: giving.map((g) => ({
      starterId: g.starterId,
      title: g.title,
      paused: g.pausedAt !== null,
      nextRoundAt: g.nextRoundAt.toISOString(),
      waiting: Number(g.waiting),
    })),
    offeredToMe: offered.map((o) => ({ ...o, answerBy: o.answerBy.toISOString() })),
  };
}
