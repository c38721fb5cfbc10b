import { eq } from 'drizzle-orm';
import { type ChangePasswordInput } from '../../../../../common/members/auth';
import { users } from '../../../db/schema';
import { assertMayPost } from '../../../access/members';
import { queueSecurityNotice, type ChangeContext } from '../auth/security-notices';
import { endOtherSessions } from '../sessions/sessions.service';
import type { AppDeps } from '../../../deps';
import { badRequest } from '../../../errors';
import type { SessionUser } from '../../../plugins/sessions';
import { queueConfirmation, spendLinks } from '../auth/email-links';
import { findUserByEmail } from '../auth/auth.service';
import {
  COMMON_PASSWORD_MESSAGE,
  hashPassword,
  isCommonPassword,
  verifyPassword,
} from '../auth/passwords';
import { queueMailTo } from '../../mail/outbox';
import { HOUR_MS } from '../../../../../common/site/time';

export const WRONG_PASSWORD = 'Your current password is not right';
const TOO_MANY_TRIES = 'Too many tries. Please try again later.';

/**
 * Every check of a signed-in member's current password counts here, before the check: a
 * stolen session cannot guess the password, by any route, faster than this.
 */
async function countPasswordCheck(limiter: AppDeps['limiter'], actor: SessionUser) {
  await limiter.consume(`password-check:${actor.id}`, 10, HOUR_MS, TOO_MANY_TRIES);
}

/** Whether `password` is the signed-in member's current one; counted by `countPasswordCheck`. */
export async function isCurrentPassword(
  limiter: AppDeps['limiter'],
  actor: SessionUser,
  password: string | undefined,
): Promise<boolean> {
  await countPasswordCheck(limiter, actor);
  return !!actor.passwordHash && !!password && verifyPassword(actor.passwordHash, password);
}

/**
 * Sets a new password after checking the current one; every other session of the member ends
 * and every link mailed before stops working, the one undoing an address change too (the member
 * has just shown control). The member is mailed when and from where.
 */
export async function changePassword(
  { db, config, limiter }: Pick<AppDeps, 'db' | 'config' | 'limiter'>,
  actor: SessionUser,
  input: ChangePasswordInput & { sessionHash: string | null } & ChangeContext,
): Promise<void> {
  if (!(await isCurrentPassword(limiter, actor, input.currentPassword))) {
    throw badRequest(WRONG_PASSWORD, { currentPassword: WRONG_PASSWORD });
  }
  if (isCommonPassword(input.newPassword)) {
    throw badRequest(COMMON_PASSWORD_MESSAGE, { newPassword: COMMON_PASSWORD_MESSAGE });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(users.id, actor.id));
    await endOtherSessions({ db: tx }, actor.id, input.sessionHash);
    await spendLinks(tx, actor.id, { undo: true });
    await queueSecurityNotice(
      tx,
      config,
      actor,
      { kind: 'passwordChanged' },
      { userAgent: input.userAgent },
    );
  });
}

/**
 * Asks to move the account to a new address: a confirmation link goes to the new one and a
 * notice to the old one; nothing changes until the link is followed, and only the newest
 * request's link works. The answer is the same when another account has the address: that
 * address's owner hears of it instead, so nobody learns which addresses have accounts.
 */
export async function requestEmailChange(
  { db, config, limiter }: Pick<AppDeps, 'db' | 'config' | 'limiter'>,
  actor: SessionUser,
  input: { email: string; currentPassword?: string },
): Promise<void> {
  // A password account proves it is the member; an external-only one is already signed in by the provider.
  // No new address before the current one is proven (decision 118).
  assertMayPost(actor);
  if (actor.passwordHash && !(await isCurrentPassword(limiter, actor, input.currentPassword))) {
    throw badRequest(WRONG_PASSWORD, { currentPassword: WRONG_PASSWORD });
  }
  if (input.email.toLowerCase() === actor.email.toLowerCase()) {
    throw badRequest('That is already your address', { email: 'That is already your address' });
  }
  await limiter.consume(
    `email-change:${actor.id}`,
    3,
    HOUR_MS,
    'Too many address changes. Please try again later.',
  );
  const owner = await findUserByEmail(db, input.email);
  await db.transaction(async (tx) => {
    // Only the newest request counts: links mailed before it stop working, whether or not the
    // address is free, so an earlier link's fate tells nobody which addresses have accounts.
    await spendLinks(tx, actor.id);
    if (owner) {
      await queueMailTo(tx, config, owner, (t) => ({
        subject: t('mail:address.takenSubject'),
        paragraphs: [t('mail:address.taken'), t('mail:address.takenNothing')],
        footer: t('mail:footers.security'),
      }));
    } else {
      await queueConfirmation(tx, config, actor, { email: input.email });
    }
    await queueMailTo(tx, config, actor, (t) => ({
      subject: t('mail:address.changingSubject'),
      paragraphs: [t('mail:address.changing', { email: input.email }), t('mail:address.ifNot')],
      footer: t('mail:footers.security'),
    }));
  });
}
