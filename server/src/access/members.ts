import { sql, type SQL } from 'drizzle-orm';
import type { users } from '../db/schema';
import { forbidden } from '../errors';

type UserRow = typeof users.$inferSelect;

/** What decides whether a member may act: their account and its sanctions. */
export type MemberStanding = Pick<UserRow, 'isActive' | 'bannedAt' | 'suspendedUntil'>;

/**
 * A member may act (sign in, post, message, report, answer about their starters) when their
 * account is active, not banned and not suspended right now.
 */
export function mayAct(member: MemberStanding, now = new Date()): boolean {
  return (
    member.isActive && !member.bannedAt && !(member.suspendedUntil && member.suspendedUntil > now)
  );
}

/**
 * The ids of members who may not act right now: `mayAct` as SQL. Uncorrelated, so Postgres
 * evaluates it once per query as a hashed set (such members are few), not once per row.
 */
export const membersWhoMayNotAct = (): SQL =>
  sql`SELECT held.id FROM users held WHERE held.banned_at IS NOT NULL OR held.suspended_until > now() OR NOT held.is_active`;

export function isModerator(member: Pick<UserRow, 'isModerator'> | null | undefined): boolean {
  return !!member?.isModerator;
}

/** Throws 403 unless `member` is a moderator. */
export function assertModerator(member: Pick<UserRow, 'isModerator'> | null | undefined): void {
  if (!isModerator(member)) throw forbidden("You don't have moderator permissions");
}
