import { inArray } from 'drizzle-orm';
import type { PublicUser } from '../../../common/members/users';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';

/**
 * What other members may see about a member — decided here and nowhere else: their id, names
 * and picture. Never their email, contact info, moderator flag, standing or settings. Every
 * public answer that names a member selects these columns (or calls `publicMembersById`) and
 * shapes the row with `toPublicMember`; `public-members.test.ts` checks that the private
 * fields never reach an answer.
 */
export const publicMemberColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.profileImageUrl,
};

/** A member as others see them, from a row selected with `publicMemberColumns` (or wider). */
export const toPublicMember = (
  u: Pick<typeof users.$inferSelect, keyof PublicUser>,
): PublicUser => ({
  id: u.id,
  username: u.username,
  firstName: u.firstName,
  lastName: u.lastName,
  profileImageUrl: u.profileImageUrl,
});

/** The members with these ids as others see them, by id (unknown ids are left out). */
export async function publicMembersById(
  db: DbOrTx,
  ids: Iterable<string>,
): Promise<Map<string, PublicUser>> {
  const list = [...new Set(ids)];
  if (list.length === 0) return new Map();
  const rows = await db.select(publicMemberColumns).from(users).where(inArray(users.id, list));
  return new Map(rows.map((r) => [r.id, toPublicMember(r)]));
}
