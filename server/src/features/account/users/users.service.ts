import { and, eq, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { USERNAME_TAKEN, type profileUpdateSchema } from '../../../../../common/members/auth';
import type { z } from 'zod';
import type { Language } from '../../../../../common/i18n/languages';
import type { DbOrTx } from '../../../db/client';
import type { AppDeps } from '../../../deps';
import { users } from '../../../db/schema';
import { conflict } from '../../../errors';
import type { SessionUser } from '../../../plugins/sessions';
import { locate } from '../../places/places.service';
import { isUniqueViolation } from '../../../db/errors';
import { usernameSkeleton } from '../../../text/look-alikes';

export { usernameSkeleton };

export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

/**
 * Whether another member's username is the same as `username` or looks like it (same case
 * folded, or the same skeleton: `rоwan_mod` with a Cyrillic о is `rowan_mod`).
 */
export async function isUsernameTaken(
  { db }: { db: DbOrTx },
  { username, exceptUserId }: { username: string; exceptUserId?: string },
): Promise<boolean> {
  const same: SQL = or(
    eq(users.usernameSkeleton, usernameSkeleton(username)),
    sql`lower(${users.username}) = ${username.toLowerCase()}`,
  )!;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptUserId ? and(same, ne(users.id, exceptUserId)) : same)
    .limit(1);
  return !!row;
}

/**
 * The language a member chose — by the footer's or the profile's picker, or by an address's
 * `?lang=` — saved as their account's, which their bell, pushes and mail follow.
 */
export async function saveLanguage(
  { db }: Pick<AppDeps, 'db'>,
  userId: string,
  language: Language | null,
  localeRegion?: string | null,
): Promise<SessionUser> {
  const [updated] = await db
    .update(users)
    .set({ language, ...(localeRegion && { localeRegion }), updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return updated!;
}

/** A member edits their own profile; usernames are unique whatever their case or look. */
export async function updateProfile(
  { db }: Pick<AppDeps, 'db'>,
  actor: SessionUser,
  input: ProfileUpdate,
  /** The region the member's browser names (Accept-Language): their mail's times follow it. */
  localeRegion?: string | null,
): Promise<SessionUser> {
  // The language alone (the footer's picker): nothing else changes.
  if (!('username' in input)) {
    return saveLanguage({ db }, actor.id, input.language ?? null, localeRegion);
  }
  if (await isUsernameTaken({ db }, { username: input.username, exceptUserId: actor.id })) {
    throw conflict(USERNAME_TAKEN, { username: USERNAME_TAKEN });
  }

  // Only the centre of a known place is kept, never anything finer (docs/ARCHITECTURE.md, rule 5).
  const place = input.location ? locate(input.location) : null;
  try {
    const [updated] = await db
      .update(users)
      .set({
        username: input.username,
        usernameSkeleton: usernameSkeleton(input.username),
        location: input.location,
        latitude: place?.latitude ?? null,
        longitude: place?.longitude ?? null,
        contactInfo: input.contactInfo,
        ...(input.language !== undefined && { language: input.language }),
        ...(localeRegion && { localeRegion }),
        updatedAt: new Date(),
      })
      .where(eq(users.id, actor.id))
      .returning();
    return updated!;
  } catch (err) {
    // Another member took the name (or one that looks like it) between the check and the write.
    if (isUniqueViolation(err)) throw conflict(USERNAME_TAKEN, { username: USERNAME_TAKEN });
    throw err;
  }
}

/**
 * Fills the skeleton of usernames written before skeletons existed. When two old names already
 * look alike, the later one keeps its name but no skeleton (the earlier one's skeleton still
 * guards that look); returns how many were left without one.
 */
export async function backfillUsernameSkeletons({ db }: Pick<AppDeps, 'db'>): Promise<number> {
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(isNotNull(users.username), isNull(users.usernameSkeleton)))
    .orderBy(users.createdAt, users.id);
  let clashes = 0;
  for (const row of rows) {
    try {
      await db
        .update(users)
        .set({ usernameSkeleton: usernameSkeleton(row.username!) })
        .where(eq(users.id, row.id));
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      clashes += 1;
    }
  }
  return clashes;
}
