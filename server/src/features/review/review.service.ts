import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  MOST_VERDICTS,
  REPORT_REMOVAL_RULE,
  REPORT_NEEDS_RULE,
  REVIEW_ALREADY,
  REVIEW_ITEM_GONE,
  REVIEW_NOT_ALLOWED,
  VERDICTS_TO_DECIDE,
  type ReviewItem,
  type ReviewOutcome,
  type ReviewVerdict,
} from '../../../../common/moderation/review';
import { isModerator } from '../../access/members';
import { heldItemsToQueue, reviewableBy, stillWaiting } from '../../access/review-access';
import { mayReview } from '../../access/trust';
import * as clock from '../../clock/clock';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { reports, reviewItems, reviewVerdicts } from '../../db/schema';
import { conflict, forbidden, HttpError, notFound } from '../../errors';
import type { SessionUser } from '../../plugins/sessions';
import { applyHeldStarterDecision } from '../screening/held-listings.service';
import { applyHeldMessageDecision } from '../screening/held.service';
import {
  holdReportedStarter,
  pendingListingReports,
  removeReportedStarterAs,
  REVIEWERS_DECIDE,
  settleReport,
  type ReportDecider,
} from '../reports/reports.service';
import type { ReportReason } from '../../../../common/listings/catalogue';

/*
 * Review by the many (decision 165). Held listings and messages wait in one queue; trusted
 * members near them give verdicts, two that agree decide, a split asks a third reviewer and
 * shows to moderators, who may decide at once. A decision goes through the moderators' one
 * path (applyHeld…Decision), so it can be undone and takes effect as theirs do.
 */

type ReviewDeps = Pick<AppDeps, 'db' | 'config' | 'listings'>;

async function assertReviewer(db: DbOrTx, actor: SessionUser): Promise<void> {
  if (isModerator(actor)) return;
  if (!(await mayReview(db, actor))) throw forbidden(REVIEW_NOT_ALLOWED);
}

/** Held items the queue has not met yet join it (each once while it waits). */
async function queueHeldItems(db: DbOrTx): Promise<void> {
  await db.execute(sql`
    INSERT INTO review_items (kind, ref_id, starter_id, subject_id, created_at)
    ${heldItemsToQueue()}
    ON CONFLICT (kind, ref_id) WHERE decided_at IS NULL DO NOTHING`);
}

interface QueueRow {
  id: number;
  kind: ReviewItem['kind'];
  created_at: string | Date;
  split_at: string | Date | null;
  title: string;
  description: string;
  held_codes: string[] | null;
  content: string | null;
  codes: string[] | null;
  reason: ReportReason | null;
  releases: number;
  hides: number;
}

/** The waiting items `actor` may judge (`id` narrows it to one), split ones first. */
async function queueFor(db: DbOrTx, actor: SessionUser, id?: number): Promise<QueueRow[]> {
  const moderator = isModerator(actor);
  const rows = await db.execute(sql`
    SELECT i.id, i.kind, i.created_at, i.split_at, s.title, s.description, s.held_codes,
      h.content, h.codes, r.reason,
      (SELECT count(*)::int FROM review_verdicts v WHERE v.item_id = i.id AND v.verdict = 'release') AS releases,
      (SELECT count(*)::int FROM review_verdicts v WHERE v.item_id = i.id AND v.verdict = 'hide') AS hides
    FROM review_items i
    JOIN starters s ON s.id = i.starter_id
    LEFT JOIN held_messages h ON i.kind = 'message' AND h.id = i.ref_id
    -- A held listing that is reported too shows its oldest pending report's reason.
    LEFT JOIN reports r ON r.id = CASE
      WHEN i.kind = 'report' THEN i.ref_id
      WHEN i.kind = 'listing' THEN (SELECT min(r2.id) FROM reports r2
        WHERE r2.starter_id = i.starter_id AND r2.status = 'pending' AND r2.message_id IS NULL)
    END
    WHERE i.decided_at IS NULL AND ${stillWaiting()}
      ${id === undefined ? sql`` : sql`AND i.id = ${id}`}
      ${moderator ? sql`` : sql`AND ${reviewableBy(actor)} AND (SELECT count(*) FROM review_verdicts v WHERE v.item_id = i.id) < ${MOST_VERDICTS}`}
    ORDER BY i.split_at IS NULL, i.created_at, i.id
    LIMIT 50`);
  return rowsOf<QueueRow>(rows);
}

/** GET /api/review: what waits for this reviewer (moderators: everything, with the verdicts). */
export async function listReview(deps: ReviewDeps, actor: SessionUser): Promise<ReviewItem[]> {
  await assertReviewer(deps.db, actor);
  await queueHeldItems(deps.db);
  const rows = await queueFor(deps.db, actor);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    createdAt: new Date(row.created_at).toISOString(),
    split: row.split_at !== null,
    // A held message is shown alone: its text, never the conversation or the listing.
    title: row.kind === 'message' ? null : row.title,
    text: row.kind === 'message' ? (row.content ?? '') : row.description,
    codes:
      (row.kind === 'message' ? row.codes : row.kind === 'listing' ? row.held_codes : []) ?? [],
    ...(row.reason !== null && { reason: row.reason }),
    ...(isModerator(actor) && { votes: { release: row.releases, hide: row.hides } }),
  }));
}

/** Who settles a report for the review: the reviewers (no name), or the moderator who decided. */
const reportDecider = (by: string | null): ReportDecider =>
  // Only moderators decide alone here, and their scope is everything.
  by === null ? REVIEWERS_DECIDE : { ...REVIEWERS_DECIDE, id: by };

/**
 * A reported listing through the moderators' path: hide removes it under the report's rule.
 * A reason that names no rule (spam, rules, other) is not fitted to the nearest one, which
 * would tell its owner and the public log a rule nobody chose (decision 174): reviewers who
 * agree to hide it take it off the public site at once, and a moderator removes it under the
 * rule they choose, or lets it back; a moderator deciding here is asked for that rule (409).
 */
async function applyReportDecision(
  deps: ReviewDeps,
  item: { refId: number; starterId: number },
  verdict: ReviewVerdict,
  by: string | null,
): Promise<void> {
  const decider = reportDecider(by);
  if (verdict === 'release') {
    await settleReport(deps, decider, { id: item.refId, status: 'reviewed' });
    return;
  }
  const [report] = await deps.db
    .select({ reason: reports.reason })
    .from(reports)
    .where(eq(reports.id, item.refId));
  const rule = REPORT_REMOVAL_RULE[report?.reason as ReportReason];
  if (rule) {
    await removeReportedStarterAs(deps, decider, { id: item.refId, reason: rule, note: null });
  } else if (by === null) {
    await holdReportedStarter(deps, item.starterId);
  } else {
    throw conflict(REPORT_NEEDS_RULE);
  }
}

/**
 * The reports still pending on a held listing the review decided: judged with it, so settled
 * with it — reviewed when it is released, resolved when it is rejected (decision 174).
 */
async function settleReportsWithListing(
  deps: ReviewDeps,
  starterId: number,
  verdict: ReviewVerdict,
  by: string | null,
): Promise<void> {
  const status = verdict === 'release' ? 'reviewed' : 'resolved';
  for (const id of await pendingListingReports(deps.db, starterId)) {
    try {
      await settleReport(deps, reportDecider(by), { id, status });
    } catch (err) {
      // Settled alike with an earlier one (a listing held for review), or meanwhile by another.
      if (!(err instanceof HttpError) || err.statusCode !== 409) throw err;
    }
  }
}

/** Applies the decision through the moderators' path; `by` null when reviewers agreed. */
async function applyDecision(
  deps: ReviewDeps,
  item: { id: number; kind: string; refId: number; starterId: number },
  verdict: ReviewVerdict,
  by: string | null,
): Promise<void> {
  const decision = verdict === 'release' ? 'release' : 'reject';
  if (item.kind === 'report') {
    await applyReportDecision(deps, item, verdict, by);
  } else if (item.kind === 'message') {
    await applyHeldMessageDecision(deps, by, { id: item.refId, decision });
  } else {
    await deps.db.transaction((tx) =>
      applyHeldStarterDecision(tx, by, { id: item.refId, decision }),
    );
    await settleReportsWithListing(deps, item.starterId, verdict, by);
  }
  await deps.db
    .update(reviewItems)
    .set({ outcome: verdict, decidedAt: clock.now() })
    .where(eq(reviewItems.id, item.id));
}

/**
 * POST /api/review/:id. A moderator decides at once. A reviewer's verdict counts once; two that
 * agree decide; a split marks the item for a third reviewer and the moderators. A release that
 * can no longer be delivered (a block since, the listing closed) is left to the moderators.
 */
export async function reviewVerdict(
  deps: ReviewDeps,
  actor: SessionUser,
  input: { id: number; verdict: ReviewVerdict },
): Promise<ReviewOutcome> {
  const { db } = deps;
  await assertReviewer(db, actor);
  const [visible] = await queueFor(db, actor, input.id);
  if (!visible) throw notFound(REVIEW_ITEM_GONE);
  const [item] = await db
    .select()
    .from(reviewItems)
    .where(and(eq(reviewItems.id, input.id), isNull(reviewItems.decidedAt)));
  if (!item) throw notFound(REVIEW_ITEM_GONE);
  const decided = (verdict: ReviewVerdict): ReviewOutcome => ({
    id: item.id,
    status: verdict === 'release' ? 'released' : 'hidden',
  });
  if (isModerator(actor)) {
    await applyDecision(deps, item, input.verdict, actor.id);
    return decided(input.verdict);
  }
  const [added] = await db
    .insert(reviewVerdicts)
    .values({ itemId: item.id, reviewerId: actor.id, verdict: input.verdict })
    .onConflictDoNothing()
    .returning({ itemId: reviewVerdicts.itemId });
  if (!added) throw conflict(REVIEW_ALREADY);
  const votes = await db
    .select({ verdict: reviewVerdicts.verdict })
    .from(reviewVerdicts)
    .where(eq(reviewVerdicts.itemId, item.id));
  const agreeing = votes.filter((v) => v.verdict === input.verdict).length;
  if (agreeing >= VERDICTS_TO_DECIDE) {
    try {
      await applyDecision(deps, item, input.verdict, null);
      return decided(input.verdict);
    } catch (err) {
      if (!(err instanceof HttpError) || err.statusCode !== 409) throw err;
    }
  }
  if (votes.length < VERDICTS_TO_DECIDE) return { id: item.id, status: 'waiting' };
  await db
    .update(reviewItems)
    .set({ splitAt: clock.now() })
    .where(and(eq(reviewItems.id, item.id), isNull(reviewItems.splitAt)));
  return { id: item.id, status: 'split' };
}
