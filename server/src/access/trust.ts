import { eq, sql } from 'drizzle-orm';
import {
  dailyLimitAt,
  trustAllows,
  trustFromFacts,
  type MyTrust,
  type TrustFacts,
  type TrustLevel,
} from '../../../common/members/trust';
import { DAY_MS } from '../../../common/site/time';
import { REVIEW_STANDING } from '../../../common/moderation/review';
import * as clock from '../clock/clock';
import type { Config } from '../config';
import type { DbOrTx } from '../db/client';
import { withQuota, type RateLimiter } from '../plugins/rate-limit';
import { rowsOf } from '../db/rows';
import { users } from '../db/schema';
// Which feedback counts is the hand-overs' one definition: a 👎 only after its 48 hours (decision 168).
import { feedbackCounts } from '../features/handovers/feedback-counts';

/*
 * Trust levels (decision 164): the one place the server reads a member's level. The rule
 * itself is `trustFromFacts` (common/members/trust.ts); here are the facts it reads, the
 * moderator's setting that overrides it, and what depends on the level.
 */

/** An account this young meets the stricter screening whatever else it did (decision 073). */
export const NEW_ACCOUNT_STRICT_MS = DAY_MS;

type Member = { id: string; createdAt: Date };

/** Whether the account is young enough for the stricter screening of new accounts. */
export function isNewAccount(member: { createdAt: Date }): boolean {
  return clock.nowMs() - member.createdAt.getTime() < NEW_ACCOUNT_STRICT_MS;
}

/** The facts the rule reads, in one round trip. */
export async function trustFacts(db: DbOrTx, member: Member): Promise<TrustFacts> {
  const now = clock.sqlNow();
  const rows = await db.execute(sql`
    SELECT
      (SELECT count(*)::int FROM handovers h WHERE h.giver_id = ${member.id}
         AND h.status = 'received') AS given,
      (SELECT count(*)::int FROM handovers h WHERE h.recipient_id = ${member.id}
         AND h.status = 'received') AS received,
      (SELECT count(*)::int FROM feedback WHERE feedback.to_id = ${member.id}
         AND feedback.rating = 'up' AND ${feedbackCounts()}) AS up,
      (SELECT count(*)::int FROM feedback WHERE feedback.to_id = ${member.id}
         AND feedback.rating = 'down' AND ${feedbackCounts()}) AS down,
      (SELECT count(*)::int FROM starter_removals r JOIN starters s ON s.id = r.starter_id
         WHERE s.user_id = ${member.id} AND r.decision IS DISTINCT FROM 'restored'
           AND r.removed_at > ${now} - interval '365 days') AS upheld,
      (SELECT count(*)::int FROM sanctions x WHERE x.user_id = ${member.id}
         AND x.created_at > ${now} - interval '365 days') AS sanctions`);
  const row = rowsOf<Record<string, number>>(rows)[0] ?? {};
  return {
    accountDays: Math.max(0, Math.floor((clock.nowMs() - member.createdAt.getTime()) / DAY_MS)),
    handoversGiven: Number(row.given ?? 0),
    handoversReceived: Number(row.received ?? 0),
    feedbackUp: Number(row.up ?? 0),
    feedbackDown: Number(row.down ?? 0),
    upheldReports: Number(row.upheld ?? 0),
    sanctions: Number(row.sanctions ?? 0),
  };
}

/** A moderator's setting, when there is one (it stands until another moderator changes it). */
async function setLevelOf(db: DbOrTx, member: Member): Promise<TrustLevel | null> {
  const known = (member as { trustLevelSet?: string | null }).trustLevelSet;
  if (known !== undefined) return (known as TrustLevel | null) ?? null;
  const [row] = await db
    .select({ set: users.trustLevelSet })
    .from(users)
    .where(eq(users.id, member.id));
  return (row?.set as TrustLevel | null) ?? null;
}

/** A member's level and, when the rule decides it, what would raise it. */
export async function trustOf(
  db: DbOrTx,
  member: Member,
): Promise<Omit<MyTrust, 'mayReview' | 'allows'>> {
  const set = await setLevelOf(db, member);
  if (set) return { level: set, setByModerator: true, raise: [] };
  const { level, raise } = trustFromFacts(await trustFacts(db, member));
  return { level, setByModerator: false, raise };
}

/** The member's level: the moderator's setting, else the rule. */
export async function trustLevelOf(db: DbOrTx, member: Member): Promise<TrustLevel> {
  return (await trustOf(db, member)).level;
}

/**
 * How a reviewer's verdicts compared with the final decisions (decision 165): how many of the
 * items they judged were decided, and on how many they agreed.
 */
export async function reviewStanding(
  db: DbOrTx,
  memberId: string,
): Promise<{ decided: number; agreed: number }> {
  const rows = await db.execute(sql`
    SELECT count(i.outcome)::int AS decided,
           count(*) FILTER (WHERE i.outcome = v.verdict)::int AS agreed
    FROM review_verdicts v JOIN review_items i ON i.id = v.item_id
    WHERE v.reviewer_id = ${memberId}`);
  const row = rowsOf<{ decided: number; agreed: number }>(rows)[0];
  return { decided: Number(row?.decided ?? 0), agreed: Number(row?.agreed ?? 0) };
}

/** Trusted, and not often overturned: who may review held items near them. */
function reviewsStand({ decided, agreed }: { decided: number; agreed: number }): boolean {
  return decided < REVIEW_STANDING.minDecided || agreed / decided >= REVIEW_STANDING.minAgreement;
}

/** Whether the member may review now (moderators always may, by their own rights). */
export async function mayReview(db: DbOrTx, member: Member): Promise<boolean> {
  if ((await trustLevelOf(db, member)) !== 'trusted') return false;
  return reviewsStand(await reviewStanding(db, member.id));
}

/** GET /api/users/me/trust: the level, what it allows and what would raise it. */
export async function myTrust(db: DbOrTx, member: Member): Promise<MyTrust> {
  const trust = await trustOf(db, member);
  const mayNow = trust.level === 'trusted' && reviewsStand(await reviewStanding(db, member.id));
  const allows = trustAllows[trust.level].filter((what) => what !== 'review' || mayNow);
  return { ...trust, allows, mayReview: mayNow };
}

/** A daily limit of the site's (config.limits) as it applies to this member. */
export async function dailyLimitFor(db: DbOrTx, member: Member, base: number): Promise<number> {
  return dailyLimitAt(await trustLevelOf(db, member), base);
}

/** What the site counts a day of each member (`config.limits.<what>PerDay`). */
type DailyCount = 'starters' | 'asks' | 'messages' | 'reports';

/**
 * Runs `write` charged to one of the member's daily quotas, at the limit their trust level
 * gives (`withQuota`: only a write that happens costs them anything).
 */
export async function withDailyQuota<T>(
  deps: { db: DbOrTx; limiter: RateLimiter; config: Pick<Config, 'limits'> },
  member: Member,
  what: DailyCount,
  message: string,
  write: () => Promise<T>,
): Promise<T> {
  const limit = await dailyLimitFor(deps.db, member, deps.config.limits[`${what}PerDay`]);
  return withQuota(deps.limiter, `${what}:${member.id}`, limit, DAY_MS, message, write);
}
