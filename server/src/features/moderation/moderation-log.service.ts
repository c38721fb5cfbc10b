import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import type { z } from 'zod';
import { displayName } from '../../../../common/members/display';
import {
  publicLogActions,
  type moderationLogQuerySchema,
  type ModerationLogEntry,
  type PublicLogAction,
} from '../../../../common/moderation/moderation-log';
import { sanctionNow } from '../../access/members';
import type { DbOrTx } from '../../db/client';
import { moderationActions, starters, users } from '../../db/schema';
import { findPlace } from '../places/places.service';

export type ModerationLogQuery = z.output<typeof moderationLogQuerySchema>;

/** A town from the gazetteer for a listing's or a member's place; never the text as typed. */
const townOf = (location: string | null): string | null =>
  location ? (findPlace(location)?.name ?? null) : null;

/**
 * GET /api/moderation/log (anyone): removals, restorations and sanctions, newest first, with the
 * rule named, the time and the town. Reports and who acted are never read here; a member is
 * named only on a ban that still holds (decision 167).
 */
export async function moderationLog(
  db: DbOrTx,
  { limit, before }: ModerationLogQuery,
): Promise<ModerationLogEntry[]> {
  const rows = await db
    .select({
      action: moderationActions.action,
      details: moderationActions.details,
      at: moderationActions.createdAt,
      starterPlace: starters.location,
      memberPlace: users.location,
      // A left join's nested object is read as missing when its first column is null: the ban
      // first, so a banned member with no username is still there.
      member: {
        bannedAt: users.bannedAt,
        suspendedUntil: users.suspendedUntil,
        username: users.username,
        firstName: users.firstName,
      },
    })
    .from(moderationActions)
    .leftJoin(starters, eq(starters.id, moderationActions.starterId))
    .leftJoin(users, eq(users.id, moderationActions.targetUserId))
    .where(
      and(
        inArray(moderationActions.action, [...publicLogActions]),
        before ? lt(moderationActions.createdAt, new Date(before)) : undefined,
      ),
    )
    .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
    .limit(limit);
  return rows.map((row) => {
    const details = (row.details ?? {}) as Record<string, unknown>;
    const action = row.action as PublicLogAction;
    // Named only while the ban holds (the access policy's reading of a member's standing).
    const banned = action === 'ban' && !!row.member && sanctionNow(row.member)?.kind === 'ban';
    return {
      action,
      rule: typeof details.rule === 'string' ? details.rule : null,
      at: row.at.toISOString(),
      place: townOf(row.starterPlace) ?? townOf(row.memberPlace),
      // A banned member with no name is null: the page words it in the reader's language.
      ...(banned ? { member: displayName(row.member, '') || null } : {}),
    };
  });
}
