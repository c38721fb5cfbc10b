import { z } from 'zod';
import { multiLineText } from '../site/text';

/*
 * Trust earned by what members do (decision 164): one rule, read by the server (limits, review
 * rights, the current user) and shown to the member (their level, what it allows, what would
 * raise it).
 */

export const trustLevels = ['new', 'member', 'trusted'] as const;
export type TrustLevel = (typeof trustLevels)[number];

/** What the rule reads of a member: their own record on the site, never anyone's opinion of it. */
export interface TrustFacts {
  /** Whole days since the account was made. */
  accountDays: number;
  /** Confirmed hand-overs they gave, and those they received. */
  handoversGiven: number;
  handoversReceived: number;
  /** Feedback others left on their hand-overs. */
  feedbackUp: number;
  feedbackDown: number;
  /** Their listings removed by a moderator and not restored on appeal, within a year. */
  upheldReports: number;
  /** Suspensions and bans against them within a year (lifted ones count: they happened). */
  sanctions: number;
}

/** The thresholds of each level; what a member reads as "what would raise it". */
export const TRUST_RULE = {
  member: { accountDays: 7, handovers: 1 },
  trusted: { accountDays: 60, handovers: 5, handoversGiven: 2, feedbackUp: 3 },
  /** Trusted needs at most one down for every this many ups. */
  upsPerDown: 4,
} as const;

/** Trusted members' daily limits are this many times the site's (starters, asks, messages, reports). */
export const TRUSTED_LIMIT_FACTOR = 2;

/** One thing still missing for the next level: the member has `have`, the rule asks `need`. */
export const trustStepCodes = [
  'accountDays',
  'handovers',
  'handoversGiven',
  'feedbackUp',
  'fewerDown',
  'noSanctions',
  'noUpheldReports',
] as const;
export type TrustStepCode = (typeof trustStepCodes)[number];
export interface TrustStep {
  code: TrustStepCode;
  have: number;
  need: number;
}

/** What a level lets a member do, beyond what everyone may. */
export const trustAllows: Record<TrustLevel, readonly string[]> = {
  new: ['basics', 'screened'],
  member: ['basics'],
  trusted: ['basics', 'higherLimits', 'review'],
};

function stepsTo(level: Exclude<TrustLevel, 'new'>, f: TrustFacts): TrustStep[] {
  const steps: TrustStep[] = [];
  const need = (code: TrustStepCode, have: number, wanted: number) => {
    if (have < wanted) steps.push({ code, have, need: wanted });
  };
  const rule = TRUST_RULE[level];
  need('accountDays', f.accountDays, rule.accountDays);
  need('handovers', f.handoversGiven + f.handoversReceived, rule.handovers);
  // Sanctions and upheld reports keep a member back until a year has passed since them.
  if (f.sanctions > 0) steps.push({ code: 'noSanctions', have: f.sanctions, need: 0 });
  if (level === 'trusted') {
    const t = TRUST_RULE.trusted;
    need('handoversGiven', f.handoversGiven, t.handoversGiven);
    need('feedbackUp', f.feedbackUp, t.feedbackUp);
    if (f.feedbackDown * TRUST_RULE.upsPerDown > f.feedbackUp) {
      steps.push({
        code: 'fewerDown',
        have: f.feedbackDown,
        need: Math.floor(f.feedbackUp / TRUST_RULE.upsPerDown),
      });
    }
    if (f.upheldReports > 0)
      steps.push({ code: 'noUpheldReports', have: f.upheldReports, need: 0 });
  } else if (f.upheldReports > 1) {
    steps.push({ code: 'noUpheldReports', have: f.upheldReports, need: 1 });
  }
  return steps;
}

/** The level the rule gives, and what the next level still needs (empty at the top). */
export function trustFromFacts(facts: TrustFacts): { level: TrustLevel; raise: TrustStep[] } {
  const toMember = stepsTo('member', facts);
  if (toMember.length > 0) return { level: 'new', raise: toMember };
  const toTrusted = stepsTo('trusted', facts);
  if (toTrusted.length > 0) return { level: 'member', raise: toTrusted };
  return { level: 'trusted', raise: [] };
}

/** A daily limit as it applies at a level: trusted members get more. */
export function dailyLimitAt(level: TrustLevel, base: number): number {
  return level === 'trusted' ? base * TRUSTED_LIMIT_FACTOR : base;
}

/** GET /api/account/trust: the member's level, what it allows and what would raise it. */
export const myTrustSchema = z.object({
  level: z.enum(trustLevels),
  /** A moderator set this level (the rule no longer moves it). */
  setByModerator: z.boolean(),
  allows: z.array(z.string()),
  raise: z.array(
    z.object({ code: z.enum(trustStepCodes), have: z.number().int(), need: z.number().int() }),
  ),
  /** Whether the member may review held and reported items near them now. */
  mayReview: z.boolean(),
});
export type MyTrust = z.infer<typeof myTrustSchema>;

export const TRUST_REASON_REQUIRED = 'Please give a reason';
export const TRUST_REASON_MAX_LENGTH = 500;

/** POST /api/moderation/members/:id/trust: a moderator sets a member's level, with a reason. */
export const setTrustSchema = z.object({
  level: z.enum(trustLevels, 'Choose new, member or trusted'),
  reason: multiLineText({ error: TRUST_REASON_REQUIRED })
    .trim()
    .min(1, TRUST_REASON_REQUIRED)
    .max(TRUST_REASON_MAX_LENGTH, `At most ${TRUST_REASON_MAX_LENGTH} characters`),
});
export const setTrustAnswerSchema = z.object({
  id: z.string(),
  level: z.enum(trustLevels),
});
