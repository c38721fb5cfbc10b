import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import {
  PASSKEY_PROOF_NEEDED,
  PASSKEYS_MAX,
  type Passkey,
  type PasskeyProof,
} from '../../../../../common/members/account';
import { assertMayPost } from '../../../access/members';
import { issueToken, LINK_INVALID, useToken } from '../auth/email-links';
import { queueSecurityNotice, type ChangeContext } from '../auth/security-notices';
import { queueMailTo, siteUrl } from '../../mail/outbox';
import { isCurrentPassword, WRONG_PASSWORD } from '../users/account.service';
import * as clock from '../../../clock/clock';
import type { Config } from '../../../config';
import type { DbOrTx } from '../../../db/client';
import { isUniqueViolation } from '../../../db/errors';
import { passkeys, users, webauthnChallenges } from '../../../db/schema';
import type { AppDeps } from '../../../deps';
import { conflict, HttpError, notFound } from '../../../errors';
import type { SessionUser } from '../../../plugins/sessions';
import { countSignInAttempt, refusalReason } from '../auth/auth.service';
import { comeBackIfLeaving } from '../deletion/account-deletion.service';
import { HOUR_MS, MINUTE_MS } from '../../../../../common/site/time';

const CHALLENGE_TTL_MS = 5 * MINUTE_MS;
export const PASSKEY_NOT_VERIFIED = 'This passkey could not be checked. Please try again.';
export const PASSKEY_UNKNOWN =
  'This passkey is not known here. Sign in with your password, then add it on your profile.';

/**
 * Who the passkeys belong to: the site at PUBLIC_URL, or — when none is configured (a
 * laptop, tests) — the address the browser used. The browser binds every passkey to this
 * origin, so a look-alike site can never use one.
 */
export interface RelyingParty {
  rpID: string;
  origin: string;
}

export function relyingParty(
  config: Pick<Config, 'publicUrl'>,
  request: { protocol: string; host: string; hostname: string },
): RelyingParty {
  if (config.publicUrl) {
    const url = new URL(config.publicUrl);
    return { rpID: url.hostname, origin: url.origin };
  }
  return { rpID: request.hostname, origin: `${request.protocol}://${request.host}` };
}

const toPasskey = (row: typeof passkeys.$inferSelect): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
});

async function storeChallenge(
  db: DbOrTx,
  challenge: string,
  purpose: 'register' | 'login',
  userId: string | null,
) {
  // Old unanswered challenges are of no use to anyone: dropped as new ones are handed out.
  await db
    .delete(webauthnChallenges)
    .where(sql`${webauthnChallenges.expiresAt} <= ${clock.sqlNow()}`);
  await db.insert(webauthnChallenges).values({
    challenge,
    purpose,
    userId,
    expiresAt: new Date(clock.nowMs() + CHALLENGE_TTL_MS),
  });
}

/** Spends a challenge this server handed out for `purpose` (and this member); once only. */
async function spendChallenge(
  db: DbOrTx,
  challenge: string,
  purpose: 'register' | 'login',
  userId: string | null,
): Promise<boolean> {
  const [row] = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        userId ? eq(webauthnChallenges.userId, userId) : isNull(webauthnChallenges.userId),
        sql`${webauthnChallenges.expiresAt} > ${clock.sqlNow()}`,
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  return !!row;
}

export async function listPasskeys(
  { db }: Pick<AppDeps, 'db'>,
  actor: SessionUser,
): Promise<Passkey[]> {
  const rows = await db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, actor.id))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  return rows.map(toPasskey);
}

const PASSKEY_LINK_TTL_MS = 15 * MINUTE_MS;
export const PASSKEY_NOT_YOURS = 'That passkey is not one of yours.';
export const PASSKEY_LINK_NOT_NEEDED =
  'Enter your current password, or use a passkey you already have, to add a passkey.';
const TOO_MANY_PASSKEY_LINKS =
  'We have sent several links in the last hour. Please check your inbox.';

/**
 * Whether the request adding a passkey shows it is the member (decision 119): the current
 * password, an answer from one of their own passkeys to a sign-in challenge, or the token of a
 * link mailed to their confirmed address. A stolen session shows none of these.
 */
async function proveMember(
  { db, limiter }: Pick<AppDeps, 'db' | 'limiter'>,
  actor: SessionUser,
  rp: RelyingParty,
  proof: PasskeyProof,
): Promise<void> {
  if (proof.currentPassword !== undefined) {
    if (await isCurrentPassword(limiter, actor, proof.currentPassword)) return;
    throw new HttpError(401, 'wrong_password', WRONG_PASSWORD, { currentPassword: WRONG_PASSWORD });
  }
  if (proof.assertion) {
    const found = await checkAssertion(db, rp, proof.assertion);
    if (found.user.id === actor.id) return;
    throw new HttpError(401, 'passkey_not_yours', PASSKEY_NOT_YOURS);
  }
  if (proof.emailToken) {
    const used = await useToken(db, proof.emailToken, 'passkey');
    if (used?.userId === actor.id && used.email.toLowerCase() === actor.email.toLowerCase()) return;
    throw new HttpError(401, 'link_invalid', LINK_INVALID);
  }
  throw new HttpError(401, 'proof_needed', PASSKEY_PROOF_NEEDED, {
    currentPassword: PASSKEY_PROOF_NEEDED,
  });
}

/**
 * For a member with neither a password nor a passkey: mails their confirmed address a link
 * that lets this account add one passkey, within 15 minutes. Others are told to use what they have.
 */
export async function mailPasskeyLink(
  { db, config, limiter }: Pick<AppDeps, 'db' | 'config' | 'limiter'>,
  actor: SessionUser,
): Promise<void> {
  assertMayPost(actor);
  const [existing] = await db
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(eq(passkeys.userId, actor.id))
    .limit(1);
  if (actor.passwordHash || existing) {
    throw new HttpError(400, 'proof_available', PASSKEY_LINK_NOT_NEEDED);
  }
  await limiter.consume(`passkey-link:${actor.id}`, 3, HOUR_MS, TOO_MANY_PASSKEY_LINKS);
  await db.transaction(async (tx) => {
    const token = await issueToken(tx, {
      userId: actor.id,
      purpose: 'passkey',
      email: actor.email,
      ttlMs: PASSKEY_LINK_TTL_MS,
    });
    await queueMailTo(tx, config, actor, (t) => ({
      subject: t('mail:passkeyLink.subject'),
      paragraphs: [t('mail:passkeyLink.asked'), t('mail:passkeyLink.once')],
      action: {
        label: t('mail:passkeyLink.action'),
        url: `${siteUrl(config)}/profile?passkey=${token}#passkeys`,
      },
      footer: t('mail:footers.security'),
    }));
  });
}

/**
 * Options for adding a passkey, for a member whose address is confirmed (nothing can be added
 * to an account before its mailbox's owner proved it) and who proves it is them in the same
 * request. The member's existing passkeys are excluded.
 */
export async function registrationOptions(
  deps: Pick<AppDeps, 'db' | 'limiter'>,
  actor: SessionUser,
  rp: RelyingParty,
  proof: PasskeyProof,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const { db } = deps;
  assertMayPost(actor);
  await proveMember(deps, actor, rp, proof);
  const existing = await db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, actor.id));
  if (existing.length >= PASSKEYS_MAX) {
    throw conflict(`You can keep at most ${PASSKEYS_MAX} passkeys. Remove one first.`);
  }
  const options = await generateRegistrationOptions({
    rpName: 'CultureShare',
    rpID: rp.rpID,
    userName: actor.username || actor.email,
    userDisplayName: [actor.firstName, actor.lastName].filter(Boolean).join(' ') || undefined,
    userID: new TextEncoder().encode(actor.id),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({
      id: p.credentialId,
      transports: p.transports as AuthenticatorTransport[],
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await storeChallenge(db, options.challenge, 'register', actor.id);
  return options;
}

/**
 * Checks the browser's new passkey against a challenge handed to this member (only after they
 * proved it is them), keeps it, and tells the member by mail when and from which device.
 */
export async function registerPasskey(
  { db, config }: Pick<AppDeps, 'db' | 'config'>,
  actor: SessionUser,
  rp: RelyingParty,
  input: { name: string; response: unknown },
  context: ChangeContext,
): Promise<Passkey> {
  assertMayPost(actor);
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: input.response as RegistrationResponseJSON,
      expectedChallenge: (challenge) => spendChallenge(db, challenge, 'register', actor.id),
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: false,
    });
  } catch {
    throw new HttpError(400, 'passkey_invalid', PASSKEY_NOT_VERIFIED);
  }
  if (!verification.verified) throw new HttpError(400, 'passkey_invalid', PASSKEY_NOT_VERIFIED);
  const { credential } = verification.registrationInfo;
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(passkeys)
        .values({
          userId: actor.id,
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey),
          counter: credential.counter,
          transports: credential.transports ?? [],
          name: input.name,
        })
        .returning();
      await queueSecurityNotice(
        tx,
        config,
        actor,
        { kind: 'passkeyAdded', name: input.name },
        context,
      );
      return toPasskey(row!);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('This passkey is already added.');
    throw err;
  }
}

export async function renamePasskey(
  { db }: Pick<AppDeps, 'db'>,
  actor: SessionUser,
  input: { id: number; name: string },
): Promise<Passkey> {
  const [row] = await db
    .update(passkeys)
    .set({ name: input.name })
    .where(and(eq(passkeys.id, input.id), eq(passkeys.userId, actor.id)))
    .returning();
  if (!row) throw notFound('Passkey not found');
  return toPasskey(row);
}

export async function removePasskey(
  { db }: Pick<AppDeps, 'db'>,
  actor: SessionUser,
  input: { id: number },
): Promise<void> {
  const [row] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, input.id), eq(passkeys.userId, actor.id)))
    .returning({ id: passkeys.id });
  if (!row) throw notFound('Passkey not found');
}

/** Options for signing in: no account is named, the browser offers the passkeys it holds. */
export async function authenticationOptions(
  { db, config, limiter }: Pick<AppDeps, 'db' | 'config' | 'limiter'>,
  rp: RelyingParty,
  clientAddress: string,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  await countSignInAttempt({ config, limiter }, clientAddress);
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID,
    userVerification: 'preferred',
  });
  await storeChallenge(db, options.challenge, 'login', null);
  return options;
}

/**
 * Signs in with a passkey: the credential must be one a member added, answering a sign-in
 * challenge this server handed out. A member who is leaving comes back as with a password;
 * a banned or suspended one is refused alike.
 */
export async function signInWithPasskey(
  { db, config, limiter }: Pick<AppDeps, 'db' | 'config' | 'limiter'>,
  rp: RelyingParty,
  input: { response: { id: string } & Record<string, unknown>; clientAddress: string },
): Promise<SessionUser> {
  await countSignInAttempt({ config, limiter }, input.clientAddress);
  const found = await checkAssertion(db, rp, input.response);
  const user = await comeBackIfLeaving({ db, config }, found.user);
  const refusal = await refusalReason(db, user);
  if (refusal) throw new HttpError(403, 'account_unavailable', refusal);
  return user;
}

/**
 * Checks a passkey's answer to a sign-in challenge this server handed out (once only), moves
 * its counter on, and returns the passkey's member.
 */
async function checkAssertion(
  db: DbOrTx,
  rp: RelyingParty,
  response: { id: string } & Record<string, unknown>,
) {
  const [found] = await db
    .select({ passkey: passkeys, user: users })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(eq(passkeys.credentialId, response.id))
    .limit(1);
  if (!found) throw new HttpError(401, 'passkey_unknown', PASSKEY_UNKNOWN);
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response: response as unknown as AuthenticationResponseJSON,
      expectedChallenge: (challenge) => spendChallenge(db, challenge, 'login', null),
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: {
        id: found.passkey.credentialId,
        publicKey: new Uint8Array(found.passkey.publicKey),
        counter: found.passkey.counter,
        transports: found.passkey.transports as AuthenticatorTransport[],
      },
      requireUserVerification: false,
    });
  } catch {
    throw new HttpError(401, 'passkey_invalid', PASSKEY_NOT_VERIFIED);
  }
  if (!verification.verified) throw new HttpError(401, 'passkey_invalid', PASSKEY_NOT_VERIFIED);
  await db
    .update(passkeys)
    .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: clock.now() })
    .where(eq(passkeys.id, found.passkey.id));
  return found;
}

/** "Sign out everywhere" may take the passkeys too: returns how many were removed. */
export async function removeAllPasskeys(db: DbOrTx, userId: string): Promise<number> {
  const removed = await db
    .delete(passkeys)
    .where(eq(passkeys.userId, userId))
    .returning({ id: passkeys.id });
  return removed.length;
}
