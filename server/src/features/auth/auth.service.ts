import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  EMAIL_TAKEN,
  INVALID_CREDENTIALS,
  type SignInInput,
  type SignUpInput,
} from '../../../../common/auth';
import type { CurrentUser } from '../../../../common/users';
import { mayAct, sanctionNow } from '../../access/members';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { sanctions, users } from '../../db/schema';
import { badRequest, conflict, HttpError } from '../../errors';
import type { AppDeps } from '../../deps';
import type { SessionUser } from '../../plugins/sessions';
import { queueConfirmation } from './email-links';
import { findPlace } from '../places/places.service';
import {
  burnPasswordCheck,
  COMMON_PASSWORD_MESSAGE,
  hashPassword,
  isCommonPassword,
  verifyPassword,
} from './passwords';
import * as clock from '../../clock/clock';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const ONE_HOUR = 60 * 60 * 1000;

export const TOO_MANY_SIGN_INS = 'Too many sign-in attempts. Please try again later.';
export const TOO_MANY_SIGN_UPS =
  'Too many accounts created from this address. Please try again later.';
export const ACCOUNT_DEACTIVATED = 'This account has been deactivated.';

/** The current-user shape of spec §3: what a member may see about themselves, never a hash. */
export function toCurrentUser(user: SessionUser): CurrentUser {
  return {
    id: user.id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    location: user.location,
    place: user.location ? (findPlace(user.location)?.name ?? null) : null,
    contactInfo: user.contactInfo,
    profileImageUrl: user.profileImageUrl,
    isModerator: user.isModerator,
    emailVerified: !!user.emailVerifiedAt,
    createdAt: user.createdAt.toISOString(),
  };
}

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return user;
}

type AuthDeps = Pick<AppDeps, 'db' | 'config' | 'limiter'>;

/**
 * Creates a password account. It does not sign in: the member signs in next (spec §4).
 * Nobody is signed in to ask; `clientAddress` is who the per-address limit counts.
 */
export async function signUp(
  { db, config, limiter }: AuthDeps,
  input: SignUpInput & { clientAddress: string; next?: string },
): Promise<SessionUser> {
  await limiter.consume(
    `signup:addr:${input.clientAddress}`,
    config.limits.signupsPerAddress,
    ONE_HOUR,
    TOO_MANY_SIGN_UPS,
  );
  if (isCommonPassword(input.password)) {
    throw badRequest(COMMON_PASSWORD_MESSAGE, { password: COMMON_PASSWORD_MESSAGE });
  }
  if (await findUserByEmail(db, input.email)) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: input.email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          // Nobody has shown they own this address yet, so MODERATOR_EMAILS does not apply.
          isModerator: false,
        })
        .returning();
      // The account and its confirmation mail exist together or not at all.
      await queueConfirmation(tx, config, user!, { next: input.next });
      return user!;
    });
  } catch (err) {
    // Two sign-ups with one email at the same moment: the unique index decides.
    if (isUniqueViolation(err)) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
    throw err;
  }
}

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/** Why a member may not sign in right now, or null when they may. */
export async function refusalReason(
  db: DbOrTx,
  user: SessionUser,
  now = clock.now(),
): Promise<string | null> {
  if (mayAct(user, now)) return null;
  if (!user.isActive) return ACCOUNT_DEACTIVATED;
  const sanction = sanctionNow(user, now);
  const banned = sanction?.kind === 'ban';
  const [latest] = await db
    .select({ reason: sanctions.reason })
    .from(sanctions)
    .where(
      and(
        eq(sanctions.userId, user.id),
        eq(sanctions.kind, banned ? 'ban' : 'suspension'),
        isNull(sanctions.liftedAt),
      ),
    )
    .orderBy(desc(sanctions.createdAt), desc(sanctions.id))
    .limit(1);
  const reason = latest?.reason ? `: ${latest.reason}` : '.';
  if (banned) return `Your account has been banned${reason}`;
  const until = sanction?.kind === 'suspension' ? sanction.until : now;
  return `Your account is suspended until ${dateFormat.format(until)} UTC${reason}`;
}

/**
 * Checks an email and password. Unknown email and wrong password answer alike, and take
 * alike long; failures count per account (whoever sends them) and every attempt per address.
 * The account's counter is charged before the password is checked, so parallel guesses
 * cannot all slip under the limit; a right password clears it.
 */
export async function signIn(
  { db, config, limiter }: AuthDeps,
  input: SignInInput & { clientAddress: string },
): Promise<SessionUser> {
  const accountKey = `login:fail:${input.email.trim().toLowerCase()}`;
  await limiter.consume(
    `login:addr:${input.clientAddress}`,
    config.limits.loginAttemptsPerAddress,
    FIFTEEN_MINUTES,
    TOO_MANY_SIGN_INS,
  );
  await limiter.consume(
    accountKey,
    config.limits.loginFailuresPerAccount,
    FIFTEEN_MINUTES,
    TOO_MANY_SIGN_INS,
  );

  const user = await findUserByEmail(db, input.email);
  let ok = false;
  if (user?.passwordHash) ok = await verifyPassword(user.passwordHash, input.password);
  else await burnPasswordCheck(input.password);
  if (!user || !ok) throw new HttpError(401, 'invalid_credentials', INVALID_CREDENTIALS);
  await limiter.reset(accountKey);

  // Only someone who knows the password learns that the account is closed, and why.
  const refusal = await refusalReason(db, user);
  if (refusal) throw new HttpError(403, 'account_unavailable', refusal);
  return user;
}
