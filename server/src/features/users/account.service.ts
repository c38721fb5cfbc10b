import { and, eq, ne } from 'drizzle-orm';
import { type ChangePasswordInput } from '../../../../common/auth';
import { sessions, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { badRequest } from '../../errors';
import type { SessionUser } from '../../plugins/sessions';
import { queueConfirmation, spendLinks } from '../auth/email-links';
import { findUserByEmail } from '../auth/auth.service';
import {
  COMMON_PASSWORD_MESSAGE,
  hashPassword,
  isCommonPassword,
  verifyPassword,
} from '../auth/passwords';
import { queueMailTo } from '../mail/outbox';

const WRONG_PASSWORD = 'Your current password is not right';
const TOO_MANY_TRIES = 'Too many tries. Please try again later.';
const HOUR_MS = 60 * 60 * 1000;

/**
 * Every check of a signed-in member's current password counts here, before the check: a
 * stolen session cannot guess the password, by any route, faster than this.
 */
async function countPasswordCheck(limiter: AppDeps['limiter'], actor: SessionUser) {
  await limiter.consume(`password-check:${actor.id}`, 10, HOUR_MS, TOO_MANY_TRIES);
}

/**
 * Sets a new password after checking the current one; every other session of the member ends
 * and every link mailed before stops working.
 */
export async function changePassword(
  { db, limiter }: Pick<AppDeps, 'db' | 'limiter'>,
  actor: SessionUser,
  input: ChangePasswordInput & { sessionHash: string | null },
): Promise<void> {
  await countPasswordCheck(limiter, actor);
  if (!actor.passwordHash || !(await verifyPassword(actor.passwordHash, input.currentPassword))) {
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
    await tx
      .delete(sessions)
      .where(
        input.sessionHash
          ? and(eq(sessions.userId, actor.id), ne(sessions.sid, input.sessionHash))
          : eq(sessions.userId, actor.id),
      );
    await spendLinks(tx, actor.id);
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
  if (actor.passwordHash) {
    await countPasswordCheck(limiter, actor);
    if (
      !input.currentPassword ||
      !(await verifyPassword(actor.passwordHash, input.currentPassword))
    ) {
      throw badRequest(WRONG_PASSWORD, { currentPassword: WRONG_PASSWORD });
    }
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
    if (owner) {
      await queueMailTo(tx, config, owner, (t) => ({
        subject: t('mail:address.takenSubject'),
        paragraphs: [t('mail:address.taken'), t('mail:address.takenNothing')],
        footer: t('mail:footers.security'),
      }));
    } else {
      // Only the newest request counts: links mailed before it stop working.
      await spendLinks(tx, actor.id);
      await queueConfirmation(tx, config, actor, { email: input.email });
    }
    await queueMailTo(tx, config, actor, (t) => ({
      subject: t('mail:address.changingSubject'),
      paragraphs: [t('mail:address.changing', { email: input.email }), t('mail:address.ifNot')],
      footer: t('mail:footers.security'),
    }));
  });
}
