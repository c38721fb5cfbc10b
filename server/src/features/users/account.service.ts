import { and, eq, ne } from 'drizzle-orm';
import { EMAIL_TAKEN, type ChangePasswordInput } from '../../../../common/auth';
import { sessions, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { badRequest, conflict } from '../../errors';
import type { SessionUser } from '../../plugins/sessions';
import { queueConfirmation } from '../auth/email-links';
import { findUserByEmail } from '../auth/auth.service';
import {
  COMMON_PASSWORD_MESSAGE,
  hashPassword,
  isCommonPassword,
  verifyPassword,
} from '../auth/passwords';
import { queueMail } from '../mail/outbox';
import { greetingFor, renderMail } from '../mail/templates';

const WRONG_PASSWORD = 'Your current password is not right';
const HOUR_MS = 60 * 60 * 1000;

/** Sets a new password after checking the current one; every other session of the member ends. */
export async function changePassword(
  { db, limiter }: Pick<AppDeps, 'db' | 'limiter'>,
  actor: SessionUser,
  input: ChangePasswordInput & { sessionHash: string | null },
): Promise<void> {
  await limiter.consume(
    `password-change:${actor.id}`,
    10,
    HOUR_MS,
    'Too many tries. Please try again later.',
  );
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
  });
}

/**
 * Asks to move the account to a new address: a confirmation link goes to the new one and a
 * notice to the old one; nothing changes until the link is followed.
 */
export async function requestEmailChange(
  { db, config, limiter }: Pick<AppDeps, 'db' | 'config' | 'limiter'>,
  actor: SessionUser,
  input: { email: string; currentPassword?: string },
): Promise<void> {
  // A password account proves it is the member; an external-only one is already signed in by the provider.
  if (actor.passwordHash) {
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
  if (await findUserByEmail(db, input.email)) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
  await limiter.consume(
    `email-change:${actor.id}`,
    3,
    HOUR_MS,
    'Too many address changes. Please try again later.',
  );
  await db.transaction(async (tx) => {
    await queueConfirmation(tx, config, actor, { email: input.email });
    const notice = renderMail({
      subject: 'Your CultureShare address is being changed',
      greeting: greetingFor(actor),
      paragraphs: [
        `Someone signed in to your account asked to use ${input.email} instead of this address. Nothing changes until the new address is confirmed.`,
        "If that wasn't you, change your password now and tell us through the contact page.",
      ],
      footer: 'You get this email because it is about the security of your account.',
    });
    await queueMail(tx, config, { ...notice, to: actor.email });
  });
}
