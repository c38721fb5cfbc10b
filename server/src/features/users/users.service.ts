import { and, eq, ne, sql } from 'drizzle-orm';
import { USERNAME_TAKEN, type profileUpdateSchema } from '../../../../common/auth';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { conflict } from '../../errors';
import type { SessionUser } from '../../plugins/sessions';
import { locate } from '../places/places.service';
import { isUniqueViolation } from '../auth/auth.service';

export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

/** A member edits their own profile; usernames are unique whatever their case. */
export async function updateProfile(
  db: DbOrTx,
  actor: SessionUser,
  input: ProfileUpdate,
): Promise<SessionUser> {
  const [clash] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(sql`lower(${users.username}) = ${input.username.toLowerCase()}`, ne(users.id, actor.id)),
    )
    .limit(1);
  if (clash) throw conflict(USERNAME_TAKEN, { username: USERNAME_TAKEN });

  // Only the centre of a known place is kept, never anything finer (DESIGN.md, locations).
  const place = input.location ? locate(input.location) : null;
  try {
    const [updated] = await db
      .update(users)
      .set({
        username: input.username,
        location: input.location,
        latitude: place?.latitude ?? null,
        longitude: place?.longitude ?? null,
        contactInfo: input.contactInfo,
        updatedAt: new Date(),
      })
      .where(eq(users.id, actor.id))
      .returning();
    return updated!;
  } catch (err) {
    // Another member took the name between the check and the write.
    if (isUniqueViolation(err)) throw conflict(USERNAME_TAKEN, { username: USERNAME_TAKEN });
    throw err;
  }
}
