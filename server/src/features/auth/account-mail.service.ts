import { and, eq, isNull, sql } from 'drizzle-orm';
import { EMAIL_TAKEN } from '../../../../common/auth';
import { emailTokens, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { badRequest, conflict, HttpError } from '../../errors';
import { endUserSessions, type SessionUser } from '../../plugins/sessions';
import { issueToken, queueConfirmation, useToken } from './email-links';
import { queueMail, siteUrl } from '../mail/outbox';
import { greetingFor, renderMail } from '../mail/templates';
import { grantListedModerator } from '../users/moderators.service';
import { isUniqueViolation } from '../../db/errors';
import { findUserByEmail } from './auth.service';
import { COMMON_PASSWORD_MESSAGE, hashPassword, isCommonPassword } from './passwords';

const HOUR_MS = 60 * 60 * 1000;
export const RESET_TTL_MS = HOUR_MS;
export const CONFIRMATIONS_PER_HOUR = 3;
export const RESETS_PER_ACCOUNT_PER_HOUR = 3;
export const RESETS_PER_ADDRESS_PER_HOUR = 20;

export const RESET_REQUESTED =
  "If an account uses that address, we've emailed it a link to choose a new password. The link works for one hour.";
export const LINK_INVALID = 'This link has expired or was already used. Please ask for a new one.';
export const TOO_MANY_CONFIRMATIONS =
  "We've sent several confirmation emails in the last hour. Please check your inbox (and spam folder) or try again later.";
export const TOO_MANY_RESETS = 'Too many reset requests from this address. Please try again later.';

/** A new confirmation link for the signed-in member, a few times an hour at most. */
export async function resendConfirmation(
  { db, config, limiter }: Pick<AppDeps, 'db' | 'config' | 'limiter'>,
  actor: SessionUser,
  /** The page the member asked from: the new link brings them back to it. */
  next?: string,
): Promise<void> {
  if (actor.emailVerifiedAt) return;
  await limiter.consume(
    `confirm:${actor.id}`,
    CONFIRMATIONS_PER_HOUR,
    HOUR_MS,
    TOO_MANY_CONFIRMATIONS,
  );
  await db.transaction((tx) => queueConfirmation(tx, config, actor, { next }));
}

/**
 * Confirms the address a link was sent to: the member's own, or a new one, which replaces the
 * old only now. A listed moderator address gains its rights here.
 */
export async function confirmEmail(
  { db, config }: Pick<AppDeps, 'db' | 'config'>,
  token: string,
): Promise<SessionUser> {
  try {
    return await db.transaction(async (tx) => {
      const used = await useToken(tx, token, 'confirm');
      if (!used) throw new HttpError(400, 'link_invalid', LINK_INVALID);
      const [user] = await tx
        .update(users)
        .set({ email: used.email, emailVerifiedAt: new Date(), updatedAt: new Date() })
        .where(eq(users.id, used.userId))
        .returning();
      if (!user) throw new HttpError(400, 'link_invalid', LINK_INVALID);
      return grantListedModerator(tx, config, user);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
    throw err;
  }
}

/**
 * Mails a reset link when an account has this address. The answer is the same either way; the
 * per-account limit is silent for that reason, the per-address one may say so.
 */
export async function requestPasswordReset(
  { db, config, limiter }: Pick<AppDeps, 'db' | 'config' | 'limiter'>,
  input: { email: string; clientAddress: string },
): Promise<void> {
  await limiter.consume(
    `reset:addr:${input.clientAddress}`,
    RESETS_PER_ADDRESS_PER_HOUR,
    HOUR_MS,
    TOO_MANY_RESETS,
  );
  const user = await findUserByEmail(db, input.email);
  if (!user || !user.isActive) return;
  try {
    await limiter.consume(`reset:account:${user.id}`, RESETS_PER_ACCOUNT_PER_HOUR, HOUR_MS, '');
  } catch {
    return;
  }
  await db.transaction(async (tx) => {
    const token = await issueToken(tx, {
      userId: user.id,
      purpose: 'reset',
      email: user.email,
      ttlMs: RESET_TTL_MS,
    });
    const content = renderMail({
      subject: 'Reset your CultureShare password',
      greeting: greetingFor(user),
      paragraphs: [
        'Someone asked to reset the password of your CultureShare account. Choose a new one with the button below.',
        'The link works once, for one hour. If you did not ask for this, ignore this email: your password stays as it is.',
      ],
      action: {
        label: 'Choose a new password',
        url: `${siteUrl(config)}/reset-password?token=${token}`,
      },
      footer: 'You get this email because a password reset was asked for on CultureShare.',
    });
    await queueMail(tx, config, { ...content, to: user.email });
  });
}

/**
 * Sets a new password from a reset link: the link proves the address too, and every session
 * of the member ends (whoever knew the old password is signed out).
 */
export async function confirmPasswordReset(
  { db, config }: Pick<AppDeps, 'db' | 'config'>,
  input: { token: string; password: string },
): Promise<void> {
  if (isCommonPassword(input.password)) {
    throw badRequest(COMMON_PASSWORD_MESSAGE, { password: COMMON_PASSWORD_MESSAGE });
  }
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const used = await useToken(tx, input.token, 'reset');
    if (!used) throw new HttpError(400, 'link_invalid', LINK_INVALID);
    const [user] = await tx
      .update(users)
      .set({
        passwordHash,
        // The link went to the current address only if it is still the member's address.
        emailVerifiedAt: sql`CASE WHEN lower(${users.email}) = lower(${used.email}) THEN coalesce(${users.emailVerifiedAt}, now()) ELSE ${users.emailVerifiedAt} END`,
        updatedAt: new Date(),
      })
      .where(eq(users.id, used.userId))
      .returning();
    if (!user) throw new HttpError(400, 'link_invalid', LINK_INVALID);
    // Other reset links for this account stop working too.
    await tx
      .update(emailTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(emailTokens.userId, user.id),
          eq(emailTokens.purpose, 'reset'),
          isNull(emailTokens.usedAt),
        ),
      );
    await endUserSessions(tx, user.id);
    await grantListedModerator(tx, config, user);
  });
}
