import { desc, eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  createStewardSchema,
  StewardArea,
  StewardItem,
} from '../../../../common/moderation/stewards';
import { STEWARD_PLACE_REQUIRED } from '../../../../common/moderation/stewards';
import { assertModerator } from '../../access/members';
import { stewardAreasOf } from '../../access/stewards';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { moderationActions, stewards, users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import type { SessionUser } from '../../plugins/sessions';
import { findPlace } from '../places/places.service';

export type CreateSteward = z.output<typeof createStewardSchema>;

/** The areas `GET /api/auth/user` lists as `stewardOf` (none for most members). */
export async function stewardOf(db: DbOrTx, userId: string): Promise<StewardArea[]> {
  const areas = await stewardAreasOf(db, userId);
  return areas.map(({ id, place, radiusKm }) => ({ id, place, radiusKm }));
}

/** GET /api/moderation/stewards: every steward and their area, newest first. */
export async function listStewards(
  deps: Pick<AppDeps, 'db'>,
  actor: SessionUser,
): Promise<StewardItem[]> {
  assertModerator(actor);
  const rows = await deps.db
    .select({
      steward: stewards,
      member: { id: users.id, username: users.username, firstName: users.firstName },
    })
    .from(stewards)
    .innerJoin(users, eq(users.id, stewards.userId))
    .orderBy(desc(stewards.createdAt), desc(stewards.id));
  return rows.map(({ steward, member }) => ({
    id: steward.id,
    place: steward.place,
    radiusKm: steward.radiusKm,
    member,
    createdAt: steward.createdAt.toISOString(),
  }));
}

/**
 * A moderator appoints a member (by id, or by username) steward of a place from the gazetteer
 * (its centre, never finer) and a radius; the appointment and its audit entry land together.
 */
export async function appointSteward(
  deps: Pick<AppDeps, 'db'>,
  actor: SessionUser,
  input: CreateSteward,
): Promise<{ id: number }> {
  assertModerator(actor);
  const place = findPlace(input.place);
  if (!place) throw badRequest(STEWARD_PLACE_REQUIRED, { place: STEWARD_PLACE_REQUIRED });
  return deps.db.transaction(async (tx) => {
    // The member's id, or their username as a moderator types it into the form.
    const [member] = await tx
      .select({ id: users.id, isModerator: users.isModerator })
      .from(users)
      .where(
        or(eq(users.id, input.memberId), sql`lower(${users.username}) = lower(${input.memberId})`),
      )
      .orderBy(sql`${users.id} = ${input.memberId} DESC`)
      .limit(1);
    if (!member) throw notFound('Member not found');
    if (member.isModerator) throw conflict('Moderators already act everywhere.');
    const [row] = await tx
      .insert(stewards)
      .values({
        userId: member.id,
        place: place.name,
        latitude: place.latitude,
        longitude: place.longitude,
        radiusKm: input.radiusKm,
        createdBy: actor.id,
      })
      .returning({ id: stewards.id });
    await tx.insert(moderationActions).values({
      moderatorId: actor.id,
      action: 'appoint_steward',
      targetUserId: member.id,
      details: { stewardId: row!.id, place: place.name, radiusKm: input.radiusKm },
    });
    return { id: row!.id };
  });
}

/** A moderator ends a steward's appointment for one area. */
export async function removeSteward(
  deps: Pick<AppDeps, 'db'>,
  actor: SessionUser,
  { id }: { id: number },
): Promise<void> {
  assertModerator(actor);
  await deps.db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(stewards)
      .where(eq(stewards.id, id))
      .returning({ userId: stewards.userId, place: stewards.place, radiusKm: stewards.radiusKm });
    if (!gone) throw notFound('Steward not found');
    await tx.insert(moderationActions).values({
      moderatorId: actor.id,
      action: 'remove_steward',
      targetUserId: gone.userId,
      details: { stewardId: id, place: gone.place, radiusKm: gone.radiusKm },
    });
  });
}
