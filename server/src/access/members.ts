import { sql, type SQL } from 'drizzle-orm';
import type { users } from '../db/schema';
import { forbidden, HttpError } from '../errors';
import * as clock from '../clock/clock';

type UserRow = typeof users.$inferSelect;

/** What decides whether a member may act: their account and its sanctions. */
export type MemberStanding = Pick<UserRow, 'isActive' | 'bannedAt' | 'suspendedUntil'>;

/**
 * A member may act (sign in, post, message, report, answer about their starters) when their
 * account is active, not banned and not suspended right now.
 */
export function mayAct(member: MemberStanding, now = clock.now()): boolean {
  return member.isActive && !sanctionNow(member, now);
}

/** The sanction holding a member back right now: a ban, a suspension until when, or none. */
export function sanctionNow(
  member: Pick<MemberStanding, 'bannedAt' | 'suspendedUntil'>,
  now = clock.now(),
): { kind: 'ban' } | { kind: 'suspension'; until: Date } | null {
  if (member.bannedAt) return { kind: 'ban' };
  if (member.suspendedUntil && member.suspendedUntil > now) {
    return { kind: 'suspension', until: member.suspendedUntil };
  }
  return null;
}

/**
 * The ids of members who may not act right now: `mayAct` as SQL. Uncorrelated, so Postgres
 * evaluates it once per query as a hashed set (such members are few), not once per row.
 */
export const membersWhoMayNotAct = (): SQL =>
  sql`SELECT held.id FROM users held WHERE held.banned_at IS NOT NULL OR held.suspended_until > ${clock.sqlNow()} OR NOT held.is_active`;

export function isModerator(member: Pick<UserRow, 'isModerator'> | null | undefined): boolean {
  return !!member?.isModerator;
}

/** Throws 403 unless `member` is a moderator. */
export function assertModerator(member: Pick<UserRow, 'isModerator'> | null | undefined): void {
  if (!isModerator(member)) throw forbidden("You don't have moderator permissions");
}

export const EMAIL_UNCONFIRMED =
  'Please confirm your email address first: open the link we emailed you, or ask for a new one at the top of the page.';

/** Whether the member has proved they own their address (a mailed link or the provider). */
export function hasConfirmedEmail(member: Pick<UserRow, 'emailVerifiedAt'>): boolean {
  return !!member.emailVerifiedAt;
}

/**
 * Posting starters, messages and reports needs a confirmed address; browsing and editing
 * one's profile do not. Throws 403 `email_unconfirmed` otherwise.
 */
export function assertMayPost(member: Pick<UserRow, 'emailVerifiedAt'>): void {
  if (!hasConfirmedEmail(member)) throw new HttpError(403, 'email_unconfirmed', EMAIL_UNCONFIRMED);
}

/**
 * MODERATOR_EMAILS names who may moderate, but only for an address its member has confirmed:
 * otherwise signing up first with a listed address would make a stranger a moderator.
 */
export function isListedModerator(
  moderatorEmails: readonly string[],
  member: Pick<UserRow, 'email' | 'emailVerifiedAt'>,
): boolean {
  return hasConfirmedEmail(member) && moderatorEmails.includes(member.email.trim().toLowerCase());
}
