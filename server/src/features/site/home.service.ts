import { count } from 'drizzle-orm';
import { HOME_LISTINGS, type HomeAnswer, type SiteFigures } from '../../../../common/site/site';
import { starterListQuerySchema, type StarterList } from '../../../../common/listings/starters';
import { publiclyVisible } from '../../access/starter-access';
import { starters } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { kitchensReachedOverall } from '../lineage/lineage.service';
import type { SessionUser } from '../../plugins/sessions';
import { browseStarters } from '../starters/starters.service';

/**
 * The figures' place in the browse answers' cache: forgotten with them whenever a starter or
 * a member's shown details change, and after the cache's minute at the latest (a confirmed
 * hand-over changes no starter row), so the landing page never costs two counts per visit.
 */
const FIGURES_KEY = '"site-figures"';

/** The landing page's figures: true counts, at most a minute old (decision 046). */
export async function siteFigures(deps: Pick<AppDeps, 'db' | 'listings'>): Promise<SiteFigures> {
  const json = await deps.listings.get(FIGURES_KEY, async () => {
    const [shared] = await deps.db.select({ n: count() }).from(starters).where(publiclyVisible());
    const figures: SiteFigures = {
      startersShared: Number(shared?.n ?? 0),
      kitchensReached: await kitchensReachedOverall(deps.db),
    };
    return JSON.stringify(figures);
  });
  return JSON.parse(json) as SiteFigures;
}

/**
 * GET /api/site/home: the figures, and the listings to show first. A member whose profile
 * place is a known one gets the closest to it (the browse call's 'closest', which measures
 * from the profile place); everyone else the newest. Nothing is guessed from the connection.
 */
export async function homeAnswer(
  deps: Pick<AppDeps, 'db' | 'listings'>,
  viewer: SessionUser | null,
): Promise<HomeAnswer> {
  const placed = !!viewer && viewer.latitude !== null && viewer.longitude !== null;
  const query = starterListQuerySchema.parse({
    limit: HOME_LISTINGS,
    sort: placed ? 'closest' : 'newest',
  });
  const [figures, list] = await Promise.all([
    siteFigures(deps),
    browseStarters(deps, viewer, query),
  ]);
  return {
    figures,
    nearby: {
      near: placed ? viewer.location : null,
      starters: (JSON.parse(list) as StarterList).starters,
    },
  };
}
