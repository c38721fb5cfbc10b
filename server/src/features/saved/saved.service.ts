import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { notificationLinks } from '../../../../common/notifications/notifications';
import type { Starter } from '../../../../common/listings/starters';
import { authorizeLoaded, loadStarterFacts, visibleTo } from '../../access/starter-access';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { hiddenStarters, savedStarters, starters, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { WordingValue } from '../../i18n/wording';
import type { SessionUser } from '../../plugins/sessions';
import { tell } from '../notifications/tell';
import { selection, toStarter } from '../starters/starter-rows';

/**
 * Saving and hiding listings (decision 159): a member's own marks on other members' listings,
 * seen by nobody else. Both are idempotent: saving a saved listing or hiding a hidden one
 * changes nothing, and so does taking away a mark that is not there.
 */

type SavedDeps = Pick<AppDeps, 'db'>;

/**
 * The one rule for hidden listings: not among those `memberId` hid. A condition on `starters`
 * that browse, the map, the home page and alert announcements all add for a signed-in member.
 */
export function notHiddenFrom(memberId: string): SQL {
  return sql`${starters.id} NOT IN (SELECT h.starter_id FROM hidden_starters h WHERE h.user_id = ${memberId})`;
}

/**
 * The same rule seen from the listing: the members who hid listing `starterId`, as a subquery
 * for `NOT IN` (alert announcements leave them out).
 */
export function membersWhoHid(starterId: number): SQL {
  return sql`SELECT h.user_id FROM hidden_starters h WHERE h.starter_id = ${starterId}`;
}

/** Whether `memberId` hid any listing at all: when not, their browse is everyone's. */
export async function hidesAny(db: DbOrTx, memberId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: hiddenStarters.starterId })
    .from(hiddenStarters)
    .where(eq(hiddenStarters.userId, memberId))
    .limit(1);
  return !!row;
}

/** 404 unless the member may see the listing, as for any listing (access policy). */
async function seeable(db: Db, actor: SessionUser, starterId: number): Promise<void> {
  await authorizeLoaded(db, actor, await loadStarterFacts(db, starterId), 'see');
}

/** PUT /api/starters/:id/saved */
export async function saveStarter(deps: SavedDeps, actor: SessionUser, starterId: number) {
  await seeable(deps.db, actor, starterId);
  await deps.db.insert(savedStarters).values({ userId: actor.id, starterId }).onConflictDoNothing();
  return { starterId, saved: true as const };
}

/** DELETE /api/starters/:id/saved */
export async function unsaveStarter(deps: SavedDeps, actor: SessionUser, starterId: number) {
  await seeable(deps.db, actor, starterId);
  await deps.db
    .delete(savedStarters)
    .where(and(eq(savedStarters.userId, actor.id), eq(savedStarters.starterId, starterId)));
}

/** PUT /api/starters/:id/hidden: a hidden listing also leaves the member's Saved list. */
export async function hideStarter(deps: SavedDeps, actor: SessionUser, starterId: number) {
  await seeable(deps.db, actor, starterId);
  await deps.db.transaction(async (tx) => {
    await tx.insert(hiddenStarters).values({ userId: actor.id, starterId }).onConflictDoNothing();
    await tx
      .delete(savedStarters)
      .where(and(eq(savedStarters.userId, actor.id), eq(savedStarters.starterId, starterId)));
  });
  return { starterId, hidden: true as const };
}

/** DELETE /api/starters/:id/hidden: the listing comes back wherever it would show. */
export async function unhideStarter(deps: SavedDeps, actor: SessionUser, starterId: number) {
  await seeable(deps.db, actor, starterId);
  await deps.db
    .delete(hiddenStarters)
    .where(and(eq(hiddenStarters.userId, actor.id), eq(hiddenStarters.starterId, starterId)));
}

/** The listings in one of the member's lists that they may still see, latest marked first. */
async function marked(
  db: Db,
  actor: SessionUser,
  table: typeof savedStarters | typeof hiddenStarters,
): Promise<Starter[]> {
  const rows = await db
    .select(selection)
    .from(table)
    .innerJoin(starters, eq(starters.id, table.starterId))
    .innerJoin(users, eq(users.id, starters.userId))
    .where(and(eq(table.userId, actor.id), visibleTo(actor)))
    .orderBy(desc(table.createdAt), desc(starters.id));
  return rows.map(toStarter);
}

/** GET /api/users/me/saved */
export const mySaved = (deps: SavedDeps, actor: SessionUser) =>
  marked(deps.db, actor, savedStarters);

/** GET /api/users/me/hidden: what the profile offers to bring back. */
export const myHidden = (deps: SavedDeps, actor: SessionUser) =>
  marked(deps.db, actor, hiddenStarters);

/**
 * Rings the bell of everyone who saved listing `starterId` (but `except`, who caused the news,
 * and the owner): it was reserved for someone else or claimed, or it leaves the site soon. In the caller's
 * transaction, so the items exist exactly when their cause does.
 */
export async function tellSavers(
  tx: DbOrTx,
  config: Config,
  input: {
    starterId: number;
    title: string;
    except: readonly string[];
    news: { reserved: true } | { claimed: true } | { expiresAt: Date };
  },
): Promise<void> {
  const savers = await tx
    .select({ userId: savedStarters.userId })
    .from(savedStarters)
    .where(eq(savedStarters.starterId, input.starterId));
  const which =
    'reserved' in input.news
      ? 'savedReserved'
      : 'claimed' in input.news
        ? 'savedClaimed'
        : 'savedExpiring';
  const values: Record<string, WordingValue> =
    'expiresAt' in input.news ? { date: { date: input.news.expiresAt.toISOString() } } : {};
  for (const { userId } of savers) {
    if (input.except.includes(userId)) continue;
    await tell(tx, config, {
      kind: 'saved',
      to: userId,
      bell: {
        title: { key: `mail:notifications.${which}`, values: { title: input.title } },
        body: { key: `mail:notifications.${which}Body`, values },
        url: notificationLinks.starter(input.starterId),
      },
    });
  }
}
