import { eq } from 'drizzle-orm';
import {
  AWAY_DATE_INVALID,
  AWAY_DATE_PAST,
  AWAY_DATE_TOO_FAR,
  type AwayInput,
} from '../../../../../common/members/users';
import { AWAY_MAX_DAYS } from '../../../access/away';
import * as clock from '../../../clock/clock';
import { users } from '../../../db/schema';
import type { AppDeps } from '../../../deps';
import { badRequest } from '../../../errors';
import type { SessionUser } from '../../../plugins/sessions';
import { DAY_MS } from '../../../../../common/site/time';

type Deps = Pick<AppDeps, 'db' | 'listings'>;

/** A day alone ("2027-01-12") is that day's start in UTC: the member is back on it. */
function untilOf(value: string): Date {
  const until = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(until.getTime()))
    throw badRequest(AWAY_DATE_INVALID, { until: AWAY_DATE_INVALID });
  return until;
}

/**
 * PUT /api/users/me/away: away until a moment ahead by the server's clock, at most a year ahead
 * (decision 160). Listings show it at once, so the browse cache is cleared.
 */
export async function setAway(deps: Deps, actor: SessionUser, input: AwayInput): Promise<Date> {
  const until = untilOf(input.until);
  const now = clock.nowMs();
  if (until.getTime() <= now) throw badRequest(AWAY_DATE_PAST, { until: AWAY_DATE_PAST });
  if (until.getTime() > now + AWAY_MAX_DAYS * DAY_MS) {
    throw badRequest(AWAY_DATE_TOO_FAR, { until: AWAY_DATE_TOO_FAR });
  }
  await deps.db
    .update(users)
    .set({ awayUntil: until, updatedAt: clock.now() })
    .where(eq(users.id, actor.id));
  deps.listings.clear();
  return until;
}

/** DELETE /api/users/me/away: back now. */
export async function clearAway(deps: Deps, actor: SessionUser): Promise<void> {
  await deps.db
    .update(users)
    .set({ awayUntil: null, updatedAt: clock.now() })
    .where(eq(users.id, actor.id));
  deps.listings.clear();
}
