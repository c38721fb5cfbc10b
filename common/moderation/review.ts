import { z } from 'zod';
import { reportReasonValues, type ReportReason } from '../listings/catalogue';
import { idParam } from '../site/ids';
import type { RemovalReason } from './removal-reasons';

/*
 * Review by the many (decision 165): trusted members near a held item decide it together.
 * GET /api/review → the queue; POST /api/review/:id {verdict} → where the item stands.
 */

/** Trusted members see held items about listings within this distance of their place. */
export const REVIEW_RADIUS_KM = 50;
/** This many agreeing verdicts decide; a split asks one more reviewer (and the moderators). */
export const VERDICTS_TO_DECIDE = 2;
export const MOST_VERDICTS = 3;
/**
 * A reviewer whose verdicts disagreed with the final decision too often loses review rights:
 * after this many decided items, agreeing with fewer than this share of them.
 */
export const REVIEW_STANDING = { minDecided: 5, minAgreement: 0.6 } as const;

export const reviewKinds = ['listing', 'message', 'report'] as const;
export type ReviewKind = (typeof reviewKinds)[number];
export const reviewVerdicts = ['release', 'hide'] as const;

/**
 * The rule under which reviewers' agreed 'hide' removes a reported listing. A report whose reason
 * names no rule (spam, the rules in general, other) is left to the moderators, who choose one.
 */
export const REPORT_REMOVAL_RULE: Partial<Record<ReportReason, RemovalReason>> = {
  inappropriate: 'inappropriate',
  safety: 'safety',
  misleading: 'accurate',
};
export type ReviewVerdict = (typeof reviewVerdicts)[number];

/**
 * One item as a reviewer reads it: the held words only (a held message's text, never the
 * conversation around it; a listing's title and description), which rules held it, and never
 * who wrote it. Moderators also read the verdicts so far.
 */
export const reviewItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(reviewKinds),
  createdAt: z.string(),
  /** Two reviewers disagreed: it waits for a third, and for the moderators. */
  split: z.boolean(),
  title: z.string().nullable(),
  text: z.string(),
  codes: z.array(z.string()),
  /** A reported listing: why it was reported (never by whom, never the reporter's note). */
  reason: z.enum(reportReasonValues).optional(),
  votes: z.object({ release: z.number().int(), hide: z.number().int() }).optional(),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;

export const REVIEW_VERDICT_REQUIRED = 'Choose release or hide';
export const reviewVerdictSchema = z.object({
  verdict: z.enum(reviewVerdicts, REVIEW_VERDICT_REQUIRED),
});
export const reviewIdParamsSchema = z.object({ id: idParam('review item') });

export const reviewStatuses = ['waiting', 'split', 'released', 'hidden'] as const;
export const reviewOutcomeSchema = z.object({
  id: z.number().int(),
  status: z.enum(reviewStatuses),
});
export type ReviewOutcome = z.infer<typeof reviewOutcomeSchema>;

export const REVIEW_NOT_ALLOWED =
  'Only trusted members whose reviews have mostly matched the final decisions may review.';
export const REVIEW_ITEM_GONE = 'This item is no longer waiting for your review.';
export const REVIEW_ALREADY = 'You have already given your verdict on this item.';
export const REPORT_NEEDS_RULE =
  'This report names no rule; a moderator chooses the rule to remove the listing under.';
