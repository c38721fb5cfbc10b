import { and, eq, lte, not, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { starters } from '../db/schema';
import * as clock from '../clock/clock';
import { fresh, listed, ownerMayAct } from './starter-access';
import { membersWhoMayNotAct } from './members';

/**
 * `isPublic` materialised in `starters.visible` (decision 085), so one partial index per
 * browse order holds exactly the listings that may be shown and a page reads about a page of
 * rows at any table size.
 *
 * The column is written by the database in the transaction of every change it depends on:
 * a trigger recomputes it when a starter's own facts change (listed, removed, deleted, held by
 * screening or by reports, claimed, its date), another for all of a member's listings when
 * they are banned, deactivated or leave, or come back (migration 0027, `starter_visible`).
 * Time is the one thing no write announces: the job below turns the column off once a
 * listing's date passes by the server's clock, and `shownPublicly` tests the date and the
 * owner's standing again — exact at once, and cheap because the column has already left out
 * nearly every row they would refuse. A suspension ends by time too, so it is tested there
 * and not stored.
 */

/** `publiclyVisible()` through the column: the condition browse reads its indexes with. */
export function shownPublicly(): SQL {
  // `listed()` again is free on a row already read, and lets the terms and place indexes
  // (whose predicates are the listed facts) serve text and distance questions.
  // The bare column, not `= $1`: a partial index's predicate is proved from it in any plan.
  return and(sql`${starters.visible}`, listed(), fresh(), ownerMayAct())!;
}

/**
 * The ids of listings the column still holds that the policy refuses now: a date passed since
 * the job last ran, or an owner who may not act (a suspension). Few at any time, and read as
 * two index ranges (the job's and the owners'), never the table: counts kept from the column
 * (`starter_place_counts`) are made exact by taking these off.
 */
export function shownNoLonger(): SQL {
  const held = sql`${starters.visible}`;
  // `= ANY (ARRAY(…))`, not `NOT ownerMayAct()`: the owners' ids first, then their listings
  // through the owner index, where a semi-join would read every listing to test its owner.
  return sql`SELECT ${starters.id} FROM ${starters} WHERE ${and(held, not(fresh()))}
    UNION SELECT ${starters.id} FROM ${starters}
      WHERE ${held} AND ${starters.userId} = ANY (ARRAY(${membersWhoMayNotAct()}))`;
}

/**
 * Turns the column off for listings whose date has passed by the server's clock; renewing or
 * claiming one turns it back on through the trigger. Answers how many it hid.
 */
export async function hideExpiredListings(db: DbOrTx): Promise<number> {
  const hidden = await db
    .update(starters)
    .set({ visible: false })
    .where(
      and(
        eq(starters.visible, true),
        eq(starters.isClaimed, false),
        lte(starters.availableUntil, clock.sqlNow()),
      ),
    )
    .returning({ id: starters.id });
  return hidden.length;
}
