import crypto from 'node:crypto';
import { and, asc, eq, gt, isNull, ne } from 'drizzle-orm';
import { safeNextPath } from '../../../../../common/site/return-path';
import type { Config } from '../../../config';
import type { DbOrTx } from '../../../db/client';
import { emailTokens } from '../../../db/schema';
import type { SessionUser } from '../../../plugins/sessions';
import { queueMailTo, siteUrl } from '../../mail/outbox';
import * as clock from '../../../clock/clock';
import { HOUR_MS } from '../../../../../common/site/time';

export const CONFIRM_TTL_MS = 48 * HOUR_MS;

export const LINK_INVALID = 'This link has expired or was already used. Please ask for a new one.';

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export type Purpose = 'confirm' | 'reset' | 'signin' | 'revert' | 'passkey';

/** A new single-use token; only its hash is stored. */
export async function issueToken(
  db: DbOrTx,
  {
    userId,
    purpose,
    email,
    ttlMs,
  }: { userId: string; purpose: Purpose; email: string; ttlMs: number },
): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db.insert(emailTokens).values({
    tokenHash: hashToken(token),
    userId,
    purpose,
    email,
    expiresAt: new Date(clock.nowMs() + ttlMs),
    createdAt: clock.now(),
  });
  return token;
}

/**
 * Spends every unused link of a member but `except` (a token hash): after a password change, a
 * reset, a new address request or a confirmed change, a link mailed earlier — perhaps to an
 * address the member no longer trusts — must not undo what they just did. The link that undoes
 * an address change (mailed to the old address) outlives these unless `undo` is set: when the
 * member has proved control after the change (a password change, a reset through the new
 * address, signing out the other devices), the old address can no longer take the account back.
 */
export async function spendLinks(
  db: DbOrTx,
  userId: string,
  { except, undo = false }: { except?: string; undo?: boolean } = {},
): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: clock.now() })
    .where(
      and(
        eq(emailTokens.userId, userId),
        isNull(emailTokens.usedAt),
        undo ? undefined : ne(emailTokens.purpose, 'revert'),
        except ? ne(emailTokens.tokenHash, except) : undefined,
      ),
    );
}

/** The member's undo-address links that still work: which old address, and until when. */
export async function pendingUndoLinks(
  db: DbOrTx,
  userId: string,
): Promise<Array<{ email: string; expiresAt: string }>> {
  const rows = await db
    .select({ email: emailTokens.email, expiresAt: emailTokens.expiresAt })
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.userId, userId),
        eq(emailTokens.purpose, 'revert'),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, clock.now()),
      ),
    )
    .orderBy(asc(emailTokens.expiresAt));
  return rows.map((r) => ({ email: r.email, expiresAt: r.expiresAt.toISOString() }));
}

/** The link's row for `purpose`, neither used nor expired. */
const stillWorks = (token: string, purpose: Purpose) =>
  and(
    eq(emailTokens.tokenHash, hashToken(token)),
    eq(emailTokens.purpose, purpose),
    isNull(emailTokens.usedAt),
    gt(emailTokens.expiresAt, clock.now()),
  );

/** A link's row while it still works, without using it up (the page that asks to confirm). */
export async function peekToken(db: DbOrTx, token: string, purpose: Purpose) {
  const [row] = await db.select().from(emailTokens).where(stillWorks(token, purpose));
  return row ?? null;
}

/** A token's row whether or not it still works (used or expired too), or null when unknown. */
export async function findSpentToken(db: DbOrTx, token: string, purpose: Purpose) {
  const [row] = await db
    .select()
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, hashToken(token)), eq(emailTokens.purpose, purpose)));
  return row ?? null;
}

/** Uses up a token: the row it was, or null when unknown, used or expired. */
export async function useToken(db: DbOrTx, token: string, purpose: Purpose) {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: clock.now() })
    .where(stillWorks(token, purpose))
    .returning();
  return row ?? null;
}

/**
 * Queues a link confirming `email` for `user` (their address at sign-up, or a new one they
 * asked for), in the caller's transaction. `next`, a page of this site (checked by the route),
 * rides in the link so the confirmation page can lead back to it (decision 048).
 */
export async function queueConfirmation(
  db: DbOrTx,
  config: Config,
  user: SessionUser,
  { email = user.email, next }: { email?: string; next?: string } = {},
): Promise<void> {
  const token = await issueToken(db, {
    userId: user.id,
    purpose: 'confirm',
    email,
    ttlMs: CONFIRM_TTL_MS,
  });
  const isChange = email.toLowerCase() !== user.email.toLowerCase();
  // To the address being confirmed, in the member's words.
  await queueMailTo(db, config, { ...user, email }, (t) => ({
    subject: isChange ? t('mail:confirm.subjectChange') : t('mail:confirm.subject'),
    paragraphs: [
      isChange ? t('mail:confirm.change') : t('mail:confirm.welcome'),
      t('mail:confirm.once'),
    ],
    action: { label: t('mail:confirm.action'), url: confirmationUrl(config, token, next) },
    footer: t('mail:confirm.footer'),
  }));
}

/** The token first: it is the part that matters, and the part readers of the mail look for. */
function confirmationUrl(config: Config, token: string, next: string | undefined): string {
  const url = `${siteUrl(config)}/confirm-email?token=${token}`;
  const back = next ? safeNextPath(next) : undefined;
  return back && back !== '/' ? `${url}&next=${encodeURIComponent(back)}` : url;
}
