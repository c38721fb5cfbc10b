import { and, gt, isNull, sql, type SQL } from 'drizzle-orm';
import { asks } from '../db/schema';
import * as clock from '../clock/clock';
import { membersWhoMayNotAct } from './members';

/**
 * Who sees an ask (decision 060): an open ask — not closed, not past `expires_at`, its owner
 * free to act (not banned, suspended or gone) — is public; its owner also sees it closed or
 * expired, so they can renew it. Decided here, as SQL on `asks`, and nowhere else.
 */
export function askOpen(): SQL {
  return and(
    isNull(asks.closedAt),
    gt(asks.expiresAt, clock.sqlNow()),
    sql`${asks.userId} NOT IN (${membersWhoMayNotAct()})`,
  )!;
}

/** Open asks, and the viewer's own asks whatever their state. */
export function askVisibleTo(viewerId: string | null | undefined): SQL {
  if (!viewerId) return askOpen();
  return sql`(${askOpen()} OR ${asks.userId} = ${viewerId})`;
}
