import { eq, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { heldMessages, starters, stewards, users } from '../db/schema';
import { badRequest, forbidden, notFound } from '../errors';
import { earthOf, withinMetres } from '../features/places/earth';
import { STEWARD_SUSPENSION_MAX_DAYS, type StewardArea } from '../../../common/moderation/stewards';
import { isModerator } from './members';

/**
 * Who may moderate what (decision 166), decided here and nowhere else. Moderators act on
 * everything. A steward acts only on listings whose place, and members whose place, lies in one
 * of their areas (a gazetteer place's centre and a radius); anything outside is, for them, as
 * if it did not exist (404). Bans, lifting sanctions, the audit log and appointing stewards stay
 * with moderators, and so do appeals of any steward's removal.
 */

/** One area, with the place's centre the checks measure from. */
export interface StewardedArea extends StewardArea {
  latitude: number;
  longitude: number;
}

/** What a caller may moderate: everything, or only what lies in these areas. */
export type ModerationScope = { all: true } | { all: false; areas: StewardedArea[] };

export const NOT_A_MODERATOR = "You don't have moderator permissions";

/** The areas a member stewards (none for most). */
export async function stewardAreasOf(db: DbOrTx, userId: string): Promise<StewardedArea[]> {
  return db
    .select({
      id: stewards.id,
      place: stewards.place,
      radiusKm: stewards.radiusKm,
      latitude: stewards.latitude,
      longitude: stewards.longitude,
    })
    .from(stewards)
    .where(eq(stewards.userId, userId))
    .orderBy(stewards.id);
}

/** What `actor` may moderate; 403 when they are neither a moderator nor a steward. */
export async function moderationScope(
  db: DbOrTx,
  actor: { id: string; isModerator: boolean },
): Promise<ModerationScope> {
  if (isModerator(actor)) return { all: true };
  const areas = await stewardAreasOf(db, actor.id);
  if (areas.length === 0) throw forbidden(NOT_A_MODERATOR);
  return { all: false, areas };
}

/** An earth point lies in one of the scope's areas (always, for moderators). */
function inAreas(scope: ModerationScope, point: SQL): SQL {
  if (scope.all) return sql`TRUE`;
  return or(
    ...scope.areas.map((area) =>
      withinMetres(point, earthOf(area.latitude, area.longitude), area.radiusKm * 1000),
    ),
  )!;
}

/** A condition on `starters`: the listing's place lies in the scope. */
export function startersInScope(scope: ModerationScope): SQL {
  return inAreas(scope, sql`${starters.earthPoint}`);
}

/** A condition on `users`: the member's place lies in the scope. */
export function membersInScope(scope: ModerationScope): SQL {
  if (scope.all) return sql`TRUE`;
  return sql`(${users.latitude} IS NOT NULL AND ${inAreas(scope, earthOf(sql`${users.latitude}`, sql`${users.longitude}`))})`;
}

/** Throws 404 unless the listing lies in the scope: a steward cannot tell what is outside. */
export async function assertStarterInScope(
  db: DbOrTx,
  scope: ModerationScope,
  starterId: number,
  what = 'Report not found',
): Promise<void> {
  if (scope.all) return;
  const [row] = await db
    .select({ id: starters.id })
    .from(starters)
    .where(sql`${starters.id} = ${starterId} AND ${startersInScope(scope)}`)
    .limit(1);
  if (!row) throw notFound(what);
}

/**
 * Whether `userId` stewards an area the listing lies in: such a steward sees a listing held
 * for a decision there (screening's or its reports'), which they may take (decision 174).
 */
export async function stewardsStarter(
  db: DbOrTx,
  userId: string,
  starterId: number,
): Promise<boolean> {
  const areas = await stewardAreasOf(db, userId);
  if (areas.length === 0) return false;
  const [row] = await db
    .select({ id: starters.id })
    .from(starters)
    .where(sql`${starters.id} = ${starterId} AND ${startersInScope({ all: false, areas })}`)
    .limit(1);
  return !!row;
}

/** Throws 404 unless the member lies in the scope. */
export async function assertMemberInScope(
  db: DbOrTx,
  scope: ModerationScope,
  userId: string,
): Promise<void> {
  if (scope.all) return;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.id} = ${userId} AND ${membersInScope(scope)}`)
    .limit(1);
  if (!row) throw notFound('Member not found');
}

/** Only moderators (never stewards) may do this: 403 with what to do instead. */
export function assertModeratorScope(scope: ModerationScope, message = NOT_A_MODERATOR): void {
  if (!scope.all) throw forbidden(message);
}

export const STEWARD_CANNOT_BAN =
  'Only a moderator can ban a member. Suspend them, or ask a moderator.';
export const STEWARD_SUSPENSION_TOO_LONG = `A steward can suspend a member for at most ${STEWARD_SUSPENSION_MAX_DAYS} days. Ask a moderator for longer.`;

/** The sanctions a steward may give: a suspension of a week at most; never a ban. */
export function assertMaySanction(
  scope: ModerationScope,
  sanction: { kind: 'ban' | 'suspension'; days?: number | undefined },
): void {
  if (scope.all) return;
  if (sanction.kind === 'ban') throw forbidden(STEWARD_CANNOT_BAN);
  if ((sanction.days ?? 0) > STEWARD_SUSPENSION_MAX_DAYS) {
    throw badRequest(STEWARD_SUSPENSION_TOO_LONG, { days: STEWARD_SUSPENSION_TOO_LONG });
  }
}

/** What the audit log keeps of who acted: a steward's action says so (moderators see it). */
export function actingAs(scope: ModerationScope): { steward?: true } {
  return scope.all ? {} : { steward: true };
}

/**
 * A condition on `held_messages`: the sender's place lies in the scope. A held message is the
 * sender's act (a rejection may suspend them), so it belongs to the sender's area, wherever the
 * listing is (decision 166).
 */
export function heldMessagesInScope(scope: ModerationScope): SQL {
  if (scope.all) return sql`TRUE`;
  return sql`${heldMessages.senderId} IN (SELECT ${users.id} FROM ${users} WHERE ${membersInScope(scope)})`;
}

/** Throws 404 unless the held message's sender lies in the scope. */
export async function assertHeldMessageInScope(
  db: DbOrTx,
  scope: ModerationScope,
  heldId: number,
): Promise<void> {
  if (scope.all) return;
  const [row] = await db
    .select({ id: heldMessages.id })
    .from(heldMessages)
    .where(sql`${heldMessages.id} = ${heldId} AND ${heldMessagesInScope(scope)}`)
    .limit(1);
  if (!row) throw notFound('Held message not found');
}

/**
 * The audit entry of a decision taken later (a held item's, once its minute passed): marked a
 * steward's when the one who decided is not a moderator.
 */
export async function actedAsSteward(
  db: DbOrTx,
  userId: string | null,
): Promise<{ steward?: true }> {
  if (!userId) return {};
  const [row] = await db
    .select({ isModerator: users.isModerator })
    .from(users)
    .where(eq(users.id, userId));
  return row && !row.isModerator ? { steward: true } : {};
}
