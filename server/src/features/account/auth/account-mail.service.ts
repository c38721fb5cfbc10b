import { displayName, type NamedPerson } from '../../../../../common/members/display';
import { comeBackIfLeaving } from '../deletion/account-deletion.service';
import { and, eq, gt, sql } from 'drizzle-orm';
import { EMAIL_TAKEN, type ConfirmationDetails } from '../../../../../common/members/auth';
import {
  accountLinkRequests,
  emailTokens,
  externalIdentities,
  passkeys,
  users,
} from '../../../db/schema';
import type { DbOrTx } from '../../../db/client';
import { wakeJob } from '../../../jobs/wake';
import { runDueWork, type DueWorkDeps } from '../../../jobs/due-work';
import * as clock from '../../../clock/clock';
import type { AppDeps } from '../../../deps';
import { perAddressKey } from '../../../plugins/rate-limit';
import { badRequest, conflict, HttpError } from '../../../errors';
import { endUserSessions, type SessionUser } from '../../../plugins/sessions';
import { endOtherSessions } from '../sessions/sessions.service';
import {
  findSpentToken,
  issueToken,
  LINK_INVALID,
  peekToken,
  queueConfirmation,
  spendLinks,
  useToken,
} from './email-links';

export { LINK_INVALID };
import { queueMailTo, siteUrl } from '../../mail/outbox';
import { endListedRightsOnMove, grantListedModerator } from '../users/moderators.service';
import { isUniqueViolation } from '../../../db/errors';
import { findUserByEmail, loginFailureKey, refusalReason } from './auth.service';
import { COMMON_PASSWORD_MESSAGE, hashPassword, isCommonPassword } from './passwords';
import {
  madeWhen,
  queueClearedNotice,
  queueSecurityNotice,
  type ChangeContext,
  type Cleared,
} from './security-notices';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../../../../common/site/time';

export const RESET_TTL_MS = HOUR_MS;
export const SIGN_IN_LINK_TTL_MS = 15 * MINUTE_MS;
export const REVERT_TTL_MS = 7 * DAY_MS;
export const CONFIRMATIONS_PER_HOUR = 3;
export const RESETS_PER_ACCOUNT_PER_HOUR = 3;
export const RESETS_PER_ADDRESS_PER_HOUR = 20;

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
 * What the confirmation page shows before the member presses its button. A link used up (or
 * run out) whose address is the account's confirmed one says so, so the page can lead on
 * rather than show an error: the member reopening it has done what it asked.
 */
export async function confirmationDetails(
  { db }: Pick<AppDeps, 'db'>,
  token: string,
): Promise<ConfirmationDetails> {
  const row =
    (await peekToken(db, token, 'confirm')) ?? (await findSpentToken(db, token, 'confirm'));
  const [user] = row ? await db.select().from(users).where(eq(users.id, row.userId)) : [];
  if (!row || !user) throw new HttpError(400, 'link_invalid', LINK_INVALID);
  const confirmed = !!user.emailVerifiedAt && user.email.toLowerCase() === row.email.toLowerCase();
  const live = !row.usedAt && row.expiresAt > clock.now();
  if (!live && !confirmed) throw new HttpError(400, 'link_invalid', LINK_INVALID);
  return { name: accountName(user), email: row.email, ...(live ? {} : { alreadyConfirmed: true }) };
}

/** How a page names an account: as the site shows its member (the display rule). */
export function accountName(user: NamedPerson) {
  return displayName(user, 'your account');
}

/**
 * What the mailbox's owner proving the address ends: every session but `keepSessionHash` (the
 * browser proving it, when it is this member's), the passkeys added before the address was
 * confirmed, and — when it was not confirmed until now — every linked external identity. Whoever
 * signed up with someone else's address keeps nothing (decision 118).
 */
export async function clearWhatOthersLeft(
  tx: DbOrTx,
  userId: string,
  { wasConfirmed, keepSessionHash }: { wasConfirmed: boolean; keepSessionHash: string | null },
): Promise<Cleared> {
  await endOtherSessions({ db: tx }, userId, keepSessionHash);
  const removedPasskeys = await tx
    .delete(passkeys)
    .where(
      and(
        eq(passkeys.userId, userId),
        wasConfirmed ? eq(passkeys.beforeConfirmation, true) : undefined,
      ),
    )
    .returning({ id: passkeys.id });
  const removedIdentities = wasConfirmed
    ? []
    : await tx
        .delete(externalIdentities)
        .where(eq(externalIdentities.userId, userId))
        .returning({ userId: externalIdentities.userId });
  return { passkeys: removedPasskeys.length, identities: removedIdentities.length };
}

/** Who is confirming: the browser holding the link, and the member it is signed in as, if any. */
export interface ConfirmingBrowser extends ChangeContext {
  sessionHash: string | null;
  signedInAs: string | null;
}

/**
 * Confirms the address a link was sent to: the member's own, or a new one, which replaces the
 * old only now; every other link of the member stops working. The first confirmation of the
 * sign-up address clears what anyone else added (`clearWhatOthersLeft`; the confirming browser
 * stays signed in when it is the member's) and only then may MODERATOR_EMAILS grant rights.
 * Moving an account to a listed address never makes it a moderator, and moving it off one ends
 * rights the list gave. After a move, the old address is told, with a link that moves the
 * account back.
 */
export async function confirmEmail(
  { db, config }: Pick<AppDeps, 'db' | 'config'>,
  token: string,
  browser: ConfirmingBrowser = { sessionHash: null, signedInAs: null, userAgent: null },
): Promise<SessionUser> {
  try {
    return await db.transaction(async (tx) => {
      const used = await useToken(tx, token, 'confirm');
      if (!used) throw new HttpError(400, 'link_invalid', LINK_INVALID);
      const [before] = await tx.select().from(users).where(eq(users.id, used.userId));
      if (!before) throw new HttpError(400, 'link_invalid', LINK_INVALID);
      const user = await takeLinkedAddress(tx, used);
      if (before.email.toLowerCase() === used.email.toLowerCase()) {
        if (before.emailVerifiedAt) return user;
        const cleared = await clearWhatOthersLeft(tx, user.id, {
          wasConfirmed: false,
          keepSessionHash: browser.signedInAs === user.id ? browser.sessionHash : null,
        });
        await queueClearedNotice(tx, config, user, cleared);
        return grantListedModerator(tx, config, user);
      }
      await endListedRightsOnMove(tx, user.id);
      await queueChangeNotice(tx, config, before, used.email, browser);
      const [moved] = await tx.select().from(users).where(eq(users.id, user.id));
      return moved ?? user;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
    throw err;
  }
}

/**
 * Gives the account the address a used link was for, confirmed, and stops the account's other
 * links; a link whose account is gone is refused like any invalid link.
 */
async function takeLinkedAddress(
  tx: DbOrTx,
  used: { userId: string; email: string },
): Promise<SessionUser> {
  const [user] = await tx
    .update(users)
    .set({ email: used.email, emailVerifiedAt: new Date(), updatedAt: new Date() })
    .where(eq(users.id, used.userId))
    .returning();
  if (!user) throw new HttpError(400, 'link_invalid', LINK_INVALID);
  await spendLinks(tx, user.id);
  return user;
}

async function queueChangeNotice(
  tx: DbOrTx,
  config: AppDeps['config'],
  before: SessionUser,
  newEmail: string,
  context: ChangeContext,
) {
  const undo = await issueToken(tx, {
    userId: before.id,
    purpose: 'revert',
    email: before.email,
    ttlMs: REVERT_TTL_MS,
  });
  await queueMailTo(tx, config, before, (t, language) => ({
    subject: t('mail:changed.subject'),
    paragraphs: [
      t('mail:changed.now', { email: newEmail }),
      madeWhen(t, language, before, context),
      t('mail:changed.ifNot'),
    ],
    action: {
      label: t('mail:changed.action'),
      url: `${siteUrl(config)}/undo-email-change?token=${undo}`,
    },
    footer: t('mail:changed.footer'),
  }));
}

/**
 * Moves an account back to the address it had before a change, from the link mailed to that
 * address: every session ends and every other link stops working, so whoever made the change
 * is out; the owner then chooses a new password through a reset.
 */
export async function revertEmailChange({ db }: Pick<AppDeps, 'db'>, token: string): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const used = await useToken(tx, token, 'revert');
      if (!used) throw new HttpError(400, 'link_invalid', LINK_INVALID);
      const user = await takeLinkedAddress(tx, used);
      await endUserSessions(tx, user.id);
      // Rights the list gave come back only with a reset, which clears what others added.
      await endListedRightsOnMove(tx, user.id);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
    throw err;
  }
}

/**
 * Notes that someone asked for a reset (or sign-in) link for an address; the background worker
 * looks the address up and mails the link. The request does the same small work whether or
 * not an account has the address, so neither the answer nor its time tells. The per-address
 * limit may say so; the per-account one is applied silently by the worker.
 */
export async function requestAccountLink(
  { db, limiter }: Pick<AppDeps, 'db' | 'limiter'>,
  input: { email: string; clientAddress: string; purpose: 'reset' | 'signin' },
): Promise<void> {
  await limiter.consume(
    perAddressKey(input.purpose, input.clientAddress),
    RESETS_PER_ADDRESS_PER_HOUR,
    HOUR_MS,
    TOO_MANY_RESETS,
  );
  await db
    .insert(accountLinkRequests)
    .values({ purpose: input.purpose, email: input.email.trim(), createdAt: clock.now() });
  await wakeJob(db, 'account-links');
}

/** The background side of `requestAccountLink`: mails the links asked for, a few per account an hour. */
export async function mailRequestedAccountLinks({ db, config }: DueWorkDeps): Promise<number> {
  return runDueWork<{ purpose: 'reset' | 'signin'; email: string }>(db, {
    claim: () => sql`
      DELETE FROM account_link_requests WHERE id IN (
        SELECT id FROM account_link_requests ORDER BY id LIMIT 50 FOR UPDATE SKIP LOCKED
      ) RETURNING purpose, email`,
    deliver: async (tx, request) => {
      const user = await findUserByEmail(tx, request.email);
      if (!user || !user.isActive) return false;
      const [recent] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(emailTokens)
        .where(
          and(
            eq(emailTokens.userId, user.id),
            eq(emailTokens.purpose, request.purpose),
            gt(emailTokens.createdAt, new Date(clock.nowMs() - HOUR_MS)),
          ),
        );
      if ((recent?.n ?? 0) >= RESETS_PER_ACCOUNT_PER_HOUR) return false;
      await queueMailedLink(tx, config, user, request.purpose);
      return true;
    },
  });
}

/** The two one-time links a member can ask for by mail: where each leads and how long it lasts. */
const MAILED_LINKS = {
  reset: { mail: 'reset', page: '/reset-password', ttlMs: RESET_TTL_MS },
  signin: { mail: 'signin', page: '/sign-in-link', ttlMs: SIGN_IN_LINK_TTL_MS },
} as const;

async function queueMailedLink(
  tx: DbOrTx,
  config: AppDeps['config'],
  user: SessionUser,
  purpose: keyof typeof MAILED_LINKS,
) {
  const link = MAILED_LINKS[purpose];
  const token = await issueToken(tx, {
    userId: user.id,
    purpose,
    email: user.email,
    ttlMs: link.ttlMs,
  });
  await queueMailTo(tx, config, user, (t) => ({
    subject: t(`mail:${link.mail}.subject`),
    paragraphs: [t(`mail:${link.mail}.asked`), t(`mail:${link.mail}.once`)],
    action: {
      label: t(`mail:${link.mail}.action`),
      url: `${siteUrl(config)}${link.page}?token=${token}`,
    },
    footer: t(`mail:${link.mail}.footer`),
  }));
}

/**
 * Signs in with a mailed one-time link: the way in for a member whose password sign-in is
 * locked by failed tries (perhaps a stranger's). The link proves the address, so the lock is
 * lifted; a closed account is still refused with its reason.
 */
export async function signInWithLink(
  { db, limiter, config }: Pick<AppDeps, 'db' | 'limiter' | 'config'>,
  token: string,
): Promise<SessionUser> {
  const found = await db.transaction(async (tx) => {
    const used = await useToken(tx, token, 'signin');
    if (!used) throw new HttpError(400, 'link_invalid', LINK_INVALID);
    const [found] = await tx.select().from(users).where(eq(users.id, used.userId));
    if (!found || found.email.toLowerCase() !== used.email.toLowerCase()) {
      throw new HttpError(400, 'link_invalid', LINK_INVALID);
    }
    return found;
  });
  const user = await comeBackIfLeaving({ db, config }, found);
  const refusal = await refusalReason(db, user);
  if (refusal) throw new HttpError(403, 'account_unavailable', refusal);
  await limiter.reset(loginFailureKey(user.email));
  return user;
}

/**
 * Sets a new password from a reset link: the link proves the address too, so every session of
 * the member ends and what others added is cleared (`clearWhatOthersLeft`); the member is
 * mailed what changed and what was removed. A reset through the current address also spends
 * the link that would undo an earlier address change: its owner has just shown control.
 */
export async function confirmPasswordReset(
  { db, config }: Pick<AppDeps, 'db' | 'config'>,
  input: { token: string; password: string },
  context: ChangeContext = { userAgent: null },
): Promise<void> {
  if (isCommonPassword(input.password)) {
    throw badRequest(COMMON_PASSWORD_MESSAGE, { password: COMMON_PASSWORD_MESSAGE });
  }
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const used = await useToken(tx, input.token, 'reset');
    if (!used) throw new HttpError(400, 'link_invalid', LINK_INVALID);
    const [before] = await tx.select().from(users).where(eq(users.id, used.userId));
    if (!before) throw new HttpError(400, 'link_invalid', LINK_INVALID);
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
    const throughCurrentAddress = user.email.toLowerCase() === used.email.toLowerCase();
    // Every other link of the member stops working too (an address change asked for before).
    await spendLinks(tx, user.id, { undo: throughCurrentAddress });
    const cleared = await clearWhatOthersLeft(tx, user.id, {
      wasConfirmed: !!before.emailVerifiedAt,
      keepSessionHash: null,
    });
    await queueSecurityNotice(tx, config, user, { kind: 'passwordChanged', cleared }, context);
    await grantListedModerator(tx, config, user);
  });
}
