import crypto from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { safeNextPath } from '../../../../common/return-path';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { emailTokens } from '../../db/schema';
import type { SessionUser } from '../../plugins/sessions';
import { queueMail, siteUrl } from '../mail/outbox';
import { greetingFor, renderMail } from '../mail/templates';
import * as clock from '../../clock/clock';

const HOUR_MS = 60 * 60 * 1000;
export const CONFIRM_TTL_MS = 48 * HOUR_MS;

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

type Purpose = 'confirm' | 'reset';

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
  });
  return token;
}

/** Uses up a token: the row it was, or null when unknown, used or expired. */
export async function useToken(db: DbOrTx, token: string, purpose: Purpose) {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: clock.now() })
    .where(
      and(
        eq(emailTokens.tokenHash, hashToken(token)),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, clock.now()),
      ),
    )
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
  const content = renderMail({
    subject: isChange ? 'Confirm your new email address' : 'Confirm your email address',
    greeting: greetingFor(user),
    paragraphs: [
      isChange
        ? 'You asked to use this address for your CultureShare account. Confirm it with the button below; until then we keep using your old one.'
        : 'Welcome to CultureShare! Please confirm your email address so you can share starters and message neighbours.',
      'The link works once, for 48 hours. If you did not ask for this, you can ignore this email.',
    ],
    action: { label: 'Confirm my address', url: confirmationUrl(config, token, next) },
    footer: 'You get this email because someone entered this address on CultureShare.',
  });
  await queueMail(db, config, { ...content, to: email });
}

/** The token first: it is the part that matters, and the part readers of the mail look for. */
function confirmationUrl(config: Config, token: string, next: string | undefined): string {
  const url = `${siteUrl(config)}/confirm-email?token=${token}`;
  const back = next ? safeNextPath(next) : undefined;
  return back && back !== '/' ? `${url}&next=${encodeURIComponent(back)}` : url;
}
