import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  INVALID_CREDENTIALS,
  type SignInInput,
  type SignUpInput,
} from '../../../../../common/members/auth';
import type { CurrentUser } from '../../../../../common/members/users';
import { isLeaving, mayAct, sanctionNow } from '../../../access/members';
import type { DbOrTx } from '../../../db/client';
import { stewardOf } from '../../moderation/stewards.service';
import { isUniqueViolation } from '../../../db/errors';
import { sanctions, users } from '../../../db/schema';
import { badRequest, HttpError } from '../../../errors';
import { queueMailTo } from '../../mail/outbox';
import type { AppDeps } from '../../../deps';
import { perAddressKey } from '../../../plugins/rate-limit';
import type { SessionUser } from '../../../plugins/sessions';
import { queueConfirmation } from './email-links';
import { findPlace } from '../../places/places.service';
import { languageOf, type Language } from '../../../../../common/i18n/languages';
import { comeBackIfLeaving } from '../deletion/account-deletion.service';
import {
  burnPasswordCheck,
  COMMON_PASSWORD_MESSAGE,
  hashPassword,
  isCommonPassword,
  verifyPassword,
} from './passwords';
import * as clock from '../../../clock/clock';
import { isAway } from '../../../access/away';
import { trustLevelOf } from '../../../access/trust';
import { HOUR_MS, MINUTE_MS } from '../../../../../common/site/time';

export const TOO_MANY_SIGN_INS = 'Too many sign-in attempts. Please try again later.';
export const TOO_MANY_SIGN_UPS =
  'Too many accounts created from this address. Please try again later.';
export const ACCOUNT_DEACTIVATED = 'This account has been deactivated.';
export const ACCOUNT_DELETED = 'This account has been deleted.';

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
    language: languageOf(user.language) ?? null,
    createdAt: user.createdAt.toISOString(),
    ...(isAway(user) && { awayUntil: user.awayUntil!.toISOString() }),
  };
}

/**
 * The current user with their trust level (decision 164) and the areas they steward (decision
 * 166), which take reads of the database: GET /api/auth/user's answer and the page's inlined copy.
 */
export async function toCurrentUserWithTrust(db: DbOrTx, user: SessionUser): Promise<CurrentUser> {
  const [trustLevel, areas] = await Promise.all([trustLevelOf(db, user), stewardOf(db, user.id)]);
  return { ...toCurrentUser(user), trustLevel, stewardOf: areas };
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

/** Counts a sign-in attempt from an address: by password and by passkey alike, one limit. */
export function countSignInAttempt(
  { config, limiter }: Pick<AppDeps, 'config' | 'limiter'>,
  clientAddress: string,
): Promise<void> {
  return limiter.consume(
    perAddressKey('login', clientAddress),
    config.limits.loginAttemptsPerAddress,
    15 * MINUTE_MS,
    TOO_MANY_SIGN_INS,
  );
}

/**
 * Creates a password account. It does not sign in: the member signs in next (spec §4).
 * Nobody is signed in to ask; `clientAddress` is who the per-address limit counts. An address
 * that already has an account answers the same, after the same work: its owner gets a mail
 * saying someone tried, so the form cannot tell anyone which addresses have accounts.
 */
export async function signUp(
  { db, config, limiter }: AuthDeps,
  input: SignUpInput & {
    clientAddress: string;
    next?: string;
    language?: Language;
    localeRegion?: string | null;
  },
): Promise<void> {
  await limiter.consume(
    perAddressKey('signup', input.clientAddress),
    config.limits.signupsPerAddress,
    HOUR_MS,
    TOO_MANY_SIGN_UPS,
  );
  if (isCommonPassword(input.password)) {
    throw badRequest(COMMON_PASSWORD_MESSAGE, { password: COMMON_PASSWORD_MESSAGE });
  }
  const passwordHash = await hashPassword(input.password);
  const owner = await findUserByEmail(db, input.email);
  if (owner) return queueTakenAddressNotice(db, config, limiter, owner);
  try {
    await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: input.email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          language: input.language ?? null,
          localeRegion: input.localeRegion ?? null,
          // Nobody has shown they own this address yet, so MODERATOR_EMAILS does not apply.
          isModerator: false,
          // "Joined today" and the stricter screening of new accounts read the server clock.
          createdAt: clock.now(),
          updatedAt: clock.now(),
        })
        .returning();
      // The account and its confirmation mail exist together or not at all.
      await queueConfirmation(tx, config, user!, { next: input.next });
    });
  } catch (err) {
    // Two sign-ups with one email at the same moment: the unique index decides, and the
    // second answers as any sign-up with a taken address does.
    if (!isUniqueViolation(err)) throw err;
  }
}

/** "Someone tried to make an account with your address", a few times an hour at most. */
async function queueTakenAddressNotice(
  db: DbOrTx,
  config: AuthDeps['config'],
  limiter: AuthDeps['limiter'],
  owner: SessionUser,
) {
  const allowed = await limiter
    .consume(`signup-taken:${owner.id}`, 3, HOUR_MS, '')
    .then(() => true)
    .catch(() => false);
  if (!allowed) return;
  await queueMailTo(db, config, owner, (t) => ({
    subject: t('mail:taken.subject'),
    paragraphs: [t('mail:taken.tried'), t('mail:taken.ifYou')],
    footer: t('mail:taken.footer'),
  }));
}

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/** The per-account counter of failed sign-ins; a mailed sign-in link clears it too. */
export const loginFailureKey = (email: string) => `login:fail:${email.trim().toLowerCase()}`;

/** Why a member may not sign in right now, or null when they may. */
export async function refusalReason(
  db: DbOrTx,
  user: SessionUser,
  now = clock.now(),
): Promise<string | null> {
  if (mayAct(user, now)) return null;
  if (isLeaving(user)) return ACCOUNT_DELETED;
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
  const accountKey = loginFailureKey(input.email);
  await countSignInAttempt({ config, limiter }, input.clientAddress);
  await limiter.consume(
    accountKey,
    config.limits.loginFailuresPerAccount,
    15 * MINUTE_MS,
    TOO_MANY_SIGN_INS,
  );

  const found = await findUserByEmail(db, input.email);
  let ok = false;
  if (found?.passwordHash) ok = await verifyPassword(found.passwordHash, input.password);
  else await burnPasswordCheck(input.password);
  if (!found || !ok) throw new HttpError(401, 'invalid_credentials', INVALID_CREDENTIALS);
  await limiter.reset(accountKey);
  // A member who deleted their account and signs in within the grace period comes back.
  const user = await comeBackIfLeaving({ db, config }, found);

  // Only someone who knows the password learns that the account is closed, and why.
  const refusal = await refusalReason(db, user);
  if (refusal) throw new HttpError(403, 'account_unavailable', refusal);
  return user;
}
