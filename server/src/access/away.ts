import { sql, type SQL } from 'drizzle-orm';
import type { users } from '../db/schema';
import * as clock from '../clock/clock';

/**
 * Time away (decision 160): a member is away while their `awayUntil` is later than the server's
 * clock. Nothing runs when it passes: every rule compares the date with "now" when it asks, so
 * it all resumes by itself on the date.
 */
export function isAway(
  member: Pick<typeof users.$inferSelect, 'awayUntil'>,
  now = clock.now(),
): boolean {
  return !!member.awayUntil && member.awayUntil > now;
}

/** The date they are away until, as an ISO string, while they are away; otherwise undefined. */
export function awayUntilOf(
  awayUntil: Date | string | null | undefined,
  now = clock.now(),
): string | undefined {
  if (!awayUntil) return undefined;
  const until = new Date(awayUntil);
  return until > now ? until.toISOString() : undefined;
}

/**
 * The ids of members away right now: `isAway` as SQL. Uncorrelated, like
 * `membersWhoMayNotAct`, so it is evaluated once per query.
 */
export const membersAway = (): SQL =>
  sql`SELECT away.id FROM users away WHERE away.away_until > ${clock.sqlNow()}`;

const awayDay = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });

/** The day an away member is back, as the server's messages name it ("12 January 2027"). */
export const awayUntilText = (awayUntil: Date | string): string =>
  awayDay.format(new Date(awayUntil));

/** At most this far ahead may a member set their time away. */
export const AWAY_MAX_DAYS = 365;
