import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { isListedModerator } from '../../../access/members';
import type { Config } from '../../../config';
import type { DbOrTx } from '../../../db/client';
import type { AppDeps } from '../../../deps';
import { users } from '../../../db/schema';
import type { SessionUser } from '../../../plugins/sessions';

/**
 * Grants moderator rights to a member whose confirmed address is in MODERATOR_EMAILS; the one
 * place this happens, and only after the address's owner proved it in a way that also cleared
 * what anyone else had added (`clearWhatOthersLeft`: the first confirmation, a reset) or on a
 * new account the provider vouched for. The rights are marked as the list's.
 */
export async function grantListedModerator(
  db: DbOrTx,
  config: Pick<Config, 'moderatorEmails'>,
  user: SessionUser,
): Promise<SessionUser> {
  if (user.isModerator || !isListedModerator(config.moderatorEmails, user)) return user;
  const [updated] = await db
    .update(users)
    .set({ isModerator: true, moderatorFromList: true, updatedAt: new Date() })
    .where(eq(users.id, user.id))
    .returning();
  return updated ?? user;
}

/** The list's rights end with the address: an account that moves off it is a member again. */
export async function endListedRightsOnMove(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ isModerator: false, moderatorFromList: false, updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.moderatorFromList, true)));
}

/**
 * At start, once: rights given before their origin was kept (migration 0040 marks them null)
 * are the list's when the address is on MODERATOR_EMAILS now, the command line's otherwise.
 * An address taken off the list before then cannot be told from a command-line grant: it keeps
 * the rights until `npm run moderator -- revoke`.
 */
export async function settleModeratorOrigins({
  db,
  config,
}: Pick<AppDeps, 'db' | 'config'>): Promise<void> {
  const listed = config.moderatorEmails;
  await db
    .update(users)
    .set({
      moderatorFromList:
        listed.length > 0 ? inArray(sql`lower(${users.email})`, listed) : sql`false`,
      updatedAt: new Date(),
    })
    .where(isNull(users.moderatorFromList));
}

/**
 * At start: rights that came from MODERATOR_EMAILS end for every address no longer on it.
 * Returns how many members lost them.
 */
export async function endUnlistedModerators({
  db,
  config,
}: Pick<AppDeps, 'db' | 'config'>): Promise<number> {
  await settleModeratorOrigins({ db, config });
  const listed = config.moderatorEmails;
  const ended = await db
    .update(users)
    .set({ isModerator: false, moderatorFromList: false, updatedAt: new Date() })
    .where(
      and(
        eq(users.moderatorFromList, true),
        listed.length > 0 ? notInArray(sql`lower(${users.email})`, listed) : undefined,
      ),
    )
    .returning({ id: users.id });
  return ended.length;
}

export class UnknownAccountError extends Error {}

/**
 * Grants or revokes moderator rights by email (the offline CLI). Sessions stay: every
 * request reads the member afresh, so the change applies at their next click.
 */
export async function setModerator(
  { db }: Pick<AppDeps, 'db'>,
  { email, isModerator }: { email: string; isModerator: boolean },
): Promise<{ email: string; changed: boolean }> {
  const normalised = email.trim().toLowerCase();
  const [found] = await db
    .select({ id: users.id, email: users.email, isModerator: users.isModerator })
    .from(users)
    .where(sql`lower(${users.email}) = ${normalised}`)
    .limit(1);
  if (!found) throw new UnknownAccountError(`No account has the email ${email.trim()}.`);
  if (found.isModerator === isModerator) return { email: found.email, changed: false };
  await db
    .update(users)
    .set({ isModerator, moderatorFromList: false, updatedAt: new Date() })
    .where(sql`${users.id} = ${found.id}`);
  return { email: found.email, changed: true };
}
