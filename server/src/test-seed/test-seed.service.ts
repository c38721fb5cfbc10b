import { sql } from 'drizzle-orm';
import type { Language } from '../../../common/i18n/languages';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { HttpError } from '../errors';
import { findUserByEmail } from '../features/account/auth/auth.service';
import { hashPassword, verifyPassword } from '../features/account/auth/passwords';
import type { SessionUser } from '../plugins/sessions';
import * as clock from '../clock/clock';

export interface SeedMemberInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  language: Language;
}

/**
 * Browser tests make most of their members with one password: it is hashed once per server
 * (argon2 is the costliest step of a real sign-up), and each member still gets a real hash.
 */
const hashes = new Map<string, Promise<string>>();
function hashOnce(password: string): Promise<string> {
  let hashed = hashes.get(password);
  if (!hashed) {
    hashed = hashPassword(password);
    hashes.set(password, hashed);
  }
  return hashed;
}

/**
 * A member as the real sign-up and the mailed confirmation would leave them, made in one step:
 * a password account whose address is confirmed. An address that has an account already (one
 * made before the server started, or by an earlier call) is confirmed and answered if the
 * password is its own, as signing in would be.
 */
export async function seedMember(db: Db, input: SeedMemberInput): Promise<SessionUser> {
  const existing = await findUserByEmail(db, input.email);
  if (existing) {
    if (!existing.passwordHash || !(await verifyPassword(existing.passwordHash, input.password)))
      throw new HttpError(
        400,
        'seed_password',
        'That address has an account with another password.',
      );
    if (existing.emailVerifiedAt) return existing;
    const [confirmed] = await db
      .update(users)
      .set({ emailVerifiedAt: clock.now() })
      .where(sql`${users.id} = ${existing.id}`)
      .returning();
    return confirmed!;
  }
  const [user] = await db
    .insert(users)
    .values({
      email: input.email,
      passwordHash: await hashOnce(input.password),
      firstName: input.firstName,
      lastName: input.lastName,
      language: input.language,
      isModerator: false,
      emailVerifiedAt: clock.now(),
      createdAt: clock.now(),
      updatedAt: clock.now(),
    })
    .returning();
  return user!;
}
