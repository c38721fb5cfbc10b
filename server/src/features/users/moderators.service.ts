import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { users } from '../../db/schema';

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
