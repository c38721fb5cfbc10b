import { sql, type SQL } from 'drizzle-orm';
import type { users } from '../db/schema';
import { forbidden, HttpError } from '../errors';
import * as clock from '../clock/clock';

type UserRow = typeof users.$inferSelect;

/** What decides whether a member may act: their account and its sanctions. */
export type MemberStanding = Pick<UserRow, 'isActive' | 'bannedAt' | 'suspendedUntil'> & {
  /** When they asked to delete their account (`isLeaving`); loaders select it with the rest. */
  deletedAt?: Date | null;
};

/**
 * A member may act (sign in, post, message, report, answer about their starters) when their
 * account is active, not banned, not suspended right now, and not being deleted.
 */
export function mayAct(member: MemberStanding, now = clock.now()): boolean {
  return member.isActive && !isLeaving(member) && !sanctionNow(member, now);
}

/**
 * The member asked to delete their account: they, their listings and their profile are hidden
 * from everyone until they come back or the scrub job removes what is personal.
 */
export function isLeaving(member: { deletedAt?: Date | null }): boolean {
  return !!member.deletedAt;
}

/**
 * A member who is leaving may still come back by signing in, until the grace period after
 * their request ends (and never once scrubbed).
 */
export function mayComeBack(
  member: Pick<UserRow, 'deletedAt' | 'scrubbedAt'>,
  graceSeconds: number,
  now = clock.now(),
): boolean {
  if (!member.deletedAt || member.scrubbedAt) return false;
  return member.deletedAt.getTime() + graceSeconds * 1000 > now.getTime();
}

/** `!mayComeBack` for members who are leaving, as SQL: the ids the scrub job takes next. */
export const membersPastGrace = (graceSeconds: number): SQL =>
  sql`SELECT gone.id FROM users gone WHERE gone.deleted_at IS NOT NULL AND gone.scrubbed_at IS NULL AND gone.deleted_at <= ${clock.sqlNow()} - make_interval(secs => ${graceSeconds})`;

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
  sql`SELECT held.id FROM users held WHERE held.banned_at IS NOT NULL OR held.suspended_until > ${clock.sqlNow()} OR NOT held.is_active OR held.deleted_at IS NOT NULL`;

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

/** The ids of members whose account was scrubbed: only anonymous rows of theirs remain. */
export const membersScrubbed = (): SQL =>
  sql`SELECT gone.id FROM users gone WHERE gone.scrubbed_at IS NOT NULL`;
