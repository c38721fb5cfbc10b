import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  NAME_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
  withoutInvisibleCharacters,
} from '../../../../../common/members/auth';
import type { Db, DbOrTx } from '../../../db/client';
import { externalIdentities, users } from '../../../db/schema';
import { HttpError } from '../../../errors';
import type { SessionUser } from '../../../plugins/sessions';
import type { AppDeps } from '../../../deps';
import { isUniqueViolation } from '../../../db/errors';
import { findUserByEmail, refusalReason } from './auth.service';
import { comeBackIfLeaving } from '../deletion/account-deletion.service';
import { isUsernameTaken, usernameSkeleton } from '../users/users.service';
import { grantListedModerator } from '../users/moderators.service';
import type { ExternalProfile } from './oidc-client';

export const EXTERNAL_EMAIL_TAKEN =
  'An account with this email already exists. Sign in with your email and password instead.';
export const EXTERNAL_NO_EMAIL =
  'Your sign-in provider did not share an email address, so we cannot create your account.';
export const EXTERNAL_EMAIL_UNCONFIRMED =
  'Your sign-in provider has not confirmed your email address, so we cannot create your account with it. Sign up with your email and a password instead.';

const clip = (value: string | undefined, max: number) =>
  value ? value.slice(0, max).trim() || null : null;

/** Only web addresses are kept as a picture: no data: or javascript: URLs from a provider. */
function pictureUrl(value: string | undefined): string | null {
  if (!value || value.length > 2048) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

function usernameBase(profile: ExternalProfile): string | null {
  const raw =
    profile.preferredUsername ?? profile.email?.split('@')[0] ?? profile.givenName ?? null;
  if (!raw) return null;
  // The same rules as a name typed on the profile page: folded, nothing invisible.
  const cleaned = withoutInvisibleCharacters(raw.normalize('NFKC'))
    .replace(/\s+/gu, '_')
    .slice(0, USERNAME_MAX_LENGTH - 5);
  return cleaned || null;
}

/** The preferred username if free, else it with a number, else with a random tag. */
async function uniqueUsername(db: DbOrTx, base: string | null): Promise<string | null> {
  if (!base) return null;
  if (!(await isUsernameTaken({ db }, { username: base }))) return base;
  for (let n = 2; n <= 20; n++) {
    const candidate = `${base}${n}`;
    if (!(await isUsernameTaken({ db }, { username: candidate }))) return candidate;
  }
  return `${base}_${crypto.randomBytes(2).toString('hex')}`;
}

function splitName(profile: ExternalProfile) {
  if (profile.givenName || profile.familyName) {
    return { firstName: profile.givenName, lastName: profile.familyName };
  }
  const parts = profile.name?.split(/\s+/) ?? [];
  return {
    firstName: parts[0],
    lastName: parts.length > 1 ? parts.slice(1).join(' ') : undefined,
  };
}

async function createMember(db: Db, profile: ExternalProfile) {
  const email = profile.email;
  if (!email || email.length > 254 || !email.includes('@')) {
    throw new HttpError(400, 'external_no_email', EXTERNAL_NO_EMAIL);
  }
  // No credential before the address is proven (decision 118): an identity is only linked to
  // a new account whose address the provider vouches for.
  if (!profile.emailVerified) {
    throw new HttpError(400, 'external_email_unconfirmed', EXTERNAL_EMAIL_UNCONFIRMED);
  }
  // Provider emails are not proof of owning a local account: never sign into one by email.
  if (await findUserByEmail(db, email)) {
    throw new HttpError(409, 'external_email_taken', EXTERNAL_EMAIL_TAKEN);
  }
  const { firstName, lastName } = splitName(profile);
  for (let attempt = 0; ; attempt++) {
    const username = await uniqueUsername(
      db,
      attempt === 0
        ? usernameBase(profile)
        : `${usernameBase(profile) ?? 'member'}_${crypto.randomBytes(3).toString('hex')}`,
    );
    try {
      return await db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({
            email,
            firstName: clip(firstName, NAME_MAX_LENGTH),
            lastName: clip(lastName, NAME_MAX_LENGTH),
            username,
            usernameSkeleton: username ? usernameSkeleton(username) : null,
            profileImageUrl: pictureUrl(profile.picture),
            // The provider vouching for the address counts as confirming it.
            emailVerifiedAt: new Date(),
            isModerator: false,
          })
          .returning();
        await tx
          .insert(externalIdentities)
          .values({ issuer: profile.issuer, subject: profile.subject, userId: user!.id });
        return user!;
      });
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= 3) throw err;
      // Someone took the username (or this identity signed in twice at once): look again.
      const existing = await findIdentityUser(db, profile);
      if (existing) return existing;
      if (await findUserByEmail(db, email)) {
        throw new HttpError(409, 'external_email_taken', EXTERNAL_EMAIL_TAKEN);
      }
    }
  }
}

async function findIdentityUser(db: DbOrTx, profile: ExternalProfile) {
  const [row] = await db
    .select({ user: users })
    .from(externalIdentities)
    .innerJoin(users, eq(users.id, externalIdentities.userId))
    .where(
      and(
        eq(externalIdentities.issuer, profile.issuer),
        eq(externalIdentities.subject, profile.subject),
      ),
    )
    .limit(1);
  return row?.user;
}

/**
 * The member an external identity signs in as: the one linked to (issuer, subject), or a new
 * member made from the provider's claims, whose vouched-for address may make them a listed
 * moderator (nothing else was ever added to the account). Refused like a password sign-in when
 * sanctioned.
 */
export async function signInExternal(
  { db, config }: Pick<AppDeps, 'db' | 'config'>,
  profile: ExternalProfile,
): Promise<SessionUser> {
  const linked = await findIdentityUser(db, profile);
  const found = linked ?? (await createMember(db, profile));
  const user = await comeBackIfLeaving({ db, config }, found);
  const refusal = await refusalReason(db, user);
  if (refusal) throw new HttpError(403, 'account_unavailable', refusal);
  return linked ? user : grantListedModerator(db, config, user);
}
