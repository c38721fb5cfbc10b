import { eq, sql } from 'drizzle-orm';
import { isListedModerator } from '../../access/members';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { users } from '../../db/schema';
import type { SessionUser } from '../../plugins/sessions';

/**
 * Grants moderator rights to a member whose confirmed address is in MODERATOR_EMAILS; the one
 * place this happens (after a confirmation, a reset, or a provider's verified sign-in).
 */
export async function grantListedModerator(
  db: DbOrTx,
  config: Pick<Config, 'moderatorEmails'>,
  user: SessionUser,
): Promise<SessionUser> {
  if (user.isModerator || !isListedModerator(config.moderatorEmails, user)) return user;
  const [updated] = await db
    .update(users)
    .set({ isModerator: true, updatedAt: new Date() })
    .where(eq(users.id, user.id))
    .returning();
  return updated ?? user;
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
    .set({ isModerator, updatedAt: new Date() })
    .where(sql`${users.id} = ${found.id}`);
  return { email: found.email, changed: true };
}
