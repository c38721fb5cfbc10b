import { and, count, countDistinct, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type {
  createReportSchema,
  ReportItem,
  reportListQuerySchema,
  ReportStats,
} from '../../../../common/moderation/reports';
import type { ReportStatus } from '../../../../common/listings/catalogue';
import { assertModerator, sanctionNow } from '../../access/members';
import {
  isHeldForReview,
  requireStarter,
  visibleTo,
  wasRemoved,
} from '../../access/starter-access';
import {
  actingAs,
  moderationScope,
  startersInScope,
  type ModerationScope,
} from '../../access/stewards';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { iso } from '../../db/rows';
import { moderationActions, reports, starterRemovals, starters, users } from '../../db/schema';
import { thumbnailOf } from '../starters/starter-rows';
import {
  heldForReviewMail,
  removalMail,
  reportOutcomeMail,
  ruleWording,
} from '../moderation/moderation-mail';
import { reportedMessages } from './message-reports.service';
import { tell } from '../notifications/tell';
import { notificationLinks } from '../../../../common/notifications/notifications';
import type { RemovalReason } from '../../../../common/moderation/removal-reasons';
import { conflict, notFound } from '../../errors';
import type { SessionUser } from '../../plugins/sessions';
import { assertMayPost } from '../../access/members';
import * as clock from '../../clock/clock';
import { fileReport } from './file-report';

export type CreateReport = z.output<typeof createReportSchema>;
export type ReportListQuery = z.output<typeof reportListQuerySchema>;

const ALREADY_REPORTED =
  'You have already reported this starter. A moderator will review your report soon.';

/**
 * A member flags a starter. The access policy and the rules decide first; the daily quota is
 * charged only for a report that is stored, so a refused or failed one costs nothing.
 */
export async function createReport(
  deps: Pick<AppDeps, 'db' | 'limiter' | 'config' | 'listings'>,
  actor: SessionUser,
  input: CreateReport,
) {
  assertMayPost(actor);
  const { db } = deps;
  const starter = await requireStarter(db, actor, input.starterId, 'report');

  const about = {
    on: and(eq(reports.starterId, starter.id), isNull(reports.messageId)),
    alreadyReported: ALREADY_REPORTED,
  };
  const created = await fileReport(deps, actor, about, () =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(reports)
        .values({
          starterId: starter.id,
          reporterId: actor.id,
          reason: input.reason,
          description: input.description,
        })
        .returning({ id: reports.id, status: reports.status });
      const held = await holdWhenReportedEnough(tx, deps.config, starter.id);
      return { id: row!.id, status: row!.status as ReportStatus, held };
    }),
  );
  if (created.held) deps.listings.clear();
  return { id: created.id, status: created.status };
}

/** The reported listing, locked, unless it is already held for review (or gone). */
async function starterToHold(tx: DbOrTx, starterId: number) {
  const [row] = await tx
    .select({ ownerId: starters.userId, title: starters.title, held: starters.heldForReviewAt })
    .from(starters)
    .where(eq(starters.id, starterId))
    .for('update')
    .limit(1);
  return row && !isHeldForReview({ heldForReviewAt: row.held }) ? row : undefined;
}

/** Takes the listing off the public site until a moderator reviews it; its owner is told why. */
async function holdForReview(
  tx: DbOrTx,
  config: AppDeps['config'],
  starterId: number,
  row: { ownerId: string; title: string },
): Promise<void> {
  await tx
    .update(starters)
    .set({ heldForReviewAt: clock.sqlNow() })
    .where(eq(starters.id, starterId));
  // By mail alone: the listing's page says it is held.
  await tell(tx, config, {
    kind: 'moderation',
    to: row.ownerId,
    bell: null,
    mail: heldForReviewMail(config, { id: starterId, title: row.title }),
  });
}

/** The open reports on a listing itself, not on its messages: the ones that hold it. */
const pendingOnListing = (starterId: number) =>
  and(eq(reports.starterId, starterId), eq(reports.status, 'pending'), isNull(reports.messageId));

/**
 * Open reports on the listing itself (not on its messages) from REPORTS_TO_HIDE different
 * members take it off the public site until a moderator reviews it; its owner is told why.
 * The starter row is locked, so two reports at once hold it (and mail) once.
 */
async function holdWhenReportedEnough(
  tx: DbOrTx,
  config: AppDeps['config'],
  starterId: number,
): Promise<boolean> {
  const row = await starterToHold(tx, starterId);
  if (!row) return false;
  const [reporters] = await tx
    .select({ n: countDistinct(reports.reporterId) })
    .from(reports)
    .where(pendingOnListing(starterId));
  if (Number(reporters?.n ?? 0) < config.limits.reportsToHide) return false;
  await holdForReview(tx, config, starterId, row);
  return true;
}

/**
 * Reviewers agreed to hide a listing reported under no rule (decision 174): it leaves the
 * public site at once, held for review as enough reports would hold it, and its reports wait
 * for a moderator to remove it under the rule they choose, or to let it back.
 */
export async function holdReportedStarter(
  deps: Pick<AppDeps, 'db' | 'config' | 'listings'>,
  starterId: number,
): Promise<void> {
  const held = await deps.db.transaction(async (tx) => {
    const row = await starterToHold(tx, starterId);
    if (row) await holdForReview(tx, deps.config, starterId, row);
    return !!row;
  });
  if (held) deps.listings.clear();
}

/** The pending reports on the listing itself (not on its messages), oldest first. */
export async function pendingListingReports(db: DbOrTx, starterId: number): Promise<number[]> {
  const rows = await db
    .select({ id: reports.id })
    .from(reports)
    .where(pendingOnListing(starterId))
    .orderBy(reports.id);
  return rows.map((r) => r.id);
}

const reporter = alias(users, 'reporter');
const owner = alias(users, 'owner');
const reviewer = alias(users, 'reviewer');

const member = (u: { id: string; username: string | null; firstName: string | null }) => ({
  id: u.id,
  username: u.username,
  firstName: u.firstName,
});

function reportItemsQuery(db: DbOrTx) {
  return db
    .select({ report: reports, reporter, owner, starter: starters, reviewer })
    .from(reports)
    .innerJoin(starters, eq(starters.id, reports.starterId))
    .innerJoin(reporter, eq(reporter.id, reports.reporterId))
    .innerJoin(owner, eq(owner.id, starters.userId))
    .leftJoin(reviewer, eq(reviewer.id, reports.reviewedBy));
}

type ReportRow = Awaited<ReturnType<ReturnType<typeof reportItemsQuery>['execute']>>[number];

/** When the owner's suspension ends, while one holds them back (moderators see it). */
function suspensionEnd(member: Parameters<typeof sanctionNow>[0]): string | null {
  const sanction = sanctionNow(member);
  return sanction?.kind === 'suspension' ? sanction.until.toISOString() : null;
}

function toReportItem(row: ReportRow): ReportItem {
  return {
    id: row.report.id,
    reason: row.report.reason,
    description: row.report.description,
    status: row.report.status as ReportStatus,
    createdAt: row.report.createdAt.toISOString(),
    reviewedAt: iso(row.report.reviewedAt),
    reviewer: row.reviewer ? member(row.reviewer) : null,
    reporter: member(row.reporter),
    starter: {
      id: row.starter.id,
      title: row.starter.title,
      category: row.starter.category,
      description: row.starter.description,
      imagePath: row.starter.imagePath,
      thumbnailPath: thumbnailOf(row.starter.imagePath),
      removedAt: iso(row.starter.removedAt),
      user: {
        id: row.owner.id,
        username: row.owner.username,
        firstName: row.owner.firstName,
        lastName: row.owner.lastName,
        isModerator: row.owner.isModerator,
        bannedAt: iso(row.owner.bannedAt),
        suspendedUntil: suspensionEnd(row.owner),
      },
    },
    message: null,
  };
}

/** The report items, with the reported message (and what surrounds it) for message reports. */
async function withMessages(db: DbOrTx, rows: ReportRow[]): Promise<ReportItem[]> {
  const ids = rows.flatMap((r) => (r.report.messageId ? [r.report.messageId] : []));
  const found = await reportedMessages(db, ids);
  return rows.map((row) => ({
    ...toReportItem(row),
    message: row.report.messageId ? (found.get(row.report.messageId) ?? null) : null,
  }));
}

export async function listReports(
  deps: Pick<AppDeps, 'db'>,
  actor: SessionUser,
  query: ReportListQuery,
): Promise<ReportItem[]> {
  const scope = await moderationScope(deps.db, actor);
  const rows = await reportItemsQuery(deps.db)
    // Moderators see every starter today; the list follows the policy if that ever narrows.
    // A steward sees the reports on listings in their area alone, as a moderator would see
    // them there (one held for review by its reports included), so the list and its count agree.
    .where(
      and(
        eq(reports.status, query.status),
        visibleTo(scope.all ? actor : { id: actor.id, isModerator: true }),
        startersInScope(scope),
      ),
    )
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(query.limit)
    .offset(query.offset);
  return withMessages(deps.db, rows);
}

async function getReport(db: DbOrTx, id: number): Promise<ReportItem> {
  const [row] = await reportItemsQuery(db).where(eq(reports.id, id)).limit(1);
  if (!row) throw notFound('Report not found');
  const [item] = await withMessages(db, [row]);
  return item!;
}

export async function reportStats(
  deps: Pick<AppDeps, 'db'>,
  actor: SessionUser,
): Promise<ReportStats> {
  assertModerator(actor);
  const rows = await deps.db
    .select({ status: reports.status, n: count() })
    .from(reports)
    .groupBy(reports.status);
  const by = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  const stats = {
    pending: by.pending ?? 0,
    reviewed: by.reviewed ?? 0,
    resolved: by.resolved ?? 0,
  };
  return { ...stats, total: stats.pending + stats.reviewed + stats.resolved };
}

/**
 * The report, locked until the transaction ends; 404 outside the caller's area, 409 once it
 * has been handled.
 */
async function pendingReportForUpdate(tx: DbOrTx, scope: ModerationScope, id: number) {
  const [row] = await tx
    .select({
      id: reports.id,
      status: reports.status,
      starterId: reports.starterId,
      reporterId: reports.reporterId,
      messageId: reports.messageId,
      starterTitle: starters.title,
      heldForReviewAt: starters.heldForReviewAt,
    })
    .from(reports)
    .innerJoin(starters, eq(starters.id, reports.starterId))
    .where(and(eq(reports.id, id), startersInScope(scope)))
    .for('update', { of: reports })
    .limit(1);
  if (!row) throw notFound('Report not found');
  if (row.status !== 'pending') throw conflict(`This report has already been ${row.status}.`);
  return row;
}

/**
 * Only pending → reviewed or resolved; the change, its audit entry and the reporter's mail
 * land together. Reviewed: no rule broken, the listing stays. Resolved: the problem was
 * settled without removing the listing.
 */
export async function updateReportStatus(
  deps: Pick<AppDeps, 'db' | 'config' | 'listings'>,
  actor: SessionUser,
  input: { id: number; status: ReportStatus },
): Promise<ReportItem> {
  return settleReport(deps, await reportDeciderOf(deps.db, actor), input);
}

/**
 * Who settles a report: a moderator or steward within their scope, or trusted reviewers who
 * agreed (decision 165), who are named nowhere (`id` null).
 */
export interface ReportDecider {
  id: string | null;
  scope: ModerationScope;
}
export const REVIEWERS_DECIDE: ReportDecider = { id: null, scope: { all: true } };

async function reportDeciderOf(db: DbOrTx, actor: SessionUser): Promise<ReportDecider> {
  return { id: actor.id, scope: await moderationScope(db, actor) };
}

/** updateReportStatus for a decider (the moderators' one path, the many's too). */
export async function settleReport(
  deps: Pick<AppDeps, 'db' | 'config' | 'listings'>,
  decider: ReportDecider,
  { id, status }: { id: number; status: ReportStatus },
): Promise<ReportItem> {
  const { db } = deps;
  const { scope } = decider;
  const released = await db.transaction(async (tx) => {
    const report = await pendingReportForUpdate(tx, scope, id);
    if (status === 'pending') {
      throw conflict('A pending report can only be marked as reviewed or resolved.');
    }
    await tx
      .update(reports)
      .set({ status, reviewedBy: decider.id, reviewedAt: clock.sqlNow() })
      .where(eq(reports.id, id));
    // A listing held for review comes back once a moderator has looked at it; the other open
    // reports on the listing asked the same question and are settled alike (decision 078).
    const release = !report.messageId && isHeldForReview(report);
    const alike = release
      ? await tx
          .update(reports)
          .set({ status, reviewedBy: decider.id, reviewedAt: clock.sqlNow() })
          .where(pendingOnListing(report.starterId))
          .returning({ reporterId: reports.reporterId })
      : [];
    if (release) {
      await tx
        .update(starters)
        .set({ heldForReviewAt: null })
        .where(eq(starters.id, report.starterId));
    }
    await tx.insert(moderationActions).values({
      moderatorId: decider.id,
      action: 'report_status',
      reportId: id,
      starterId: report.starterId,
      details: { from: report.status, to: status, ...actingAs(scope) },
    });
    const mail = reportOutcomeMail(deps.config, {
      starter: { id: report.starterId, title: report.starterTitle },
      outcome: status,
    });
    // The reporter of this report hears it in the bell too; those of the alike reports by mail.
    for (const reporterId of new Set([report.reporterId, ...alike.map((r) => r.reporterId)])) {
      const bell = {
        title: {
          key:
            status === 'reviewed'
              ? 'mail:notifications.reportReviewed'
              : 'mail:notifications.reportResolved',
        },
        body: {
          key:
            status === 'reviewed'
              ? 'mail:notifications.reportReviewedBody'
              : 'mail:notifications.reportResolvedBody',
          values: { title: report.starterTitle },
        },
        url: notificationLinks.starter(report.starterId),
      };
      await tell(tx, deps.config, {
        kind: 'moderation',
        to: reporterId,
        bell: reporterId === report.reporterId ? bell : null,
        mail,
      });
    }
    return release;
  });
  if (released) deps.listings.clear();
  return getReport(db, id);
}

/**
 * Remove Starter: the starter is hidden (kept for the record) for the rule the moderator
 * names, and every pending report on it is resolved, since they all asked for the same thing.
 * The owner is told which rule and how to appeal; every reporter hears the outcome.
 */
export async function removeReportedStarter(
  deps: Pick<AppDeps, 'db' | 'listings' | 'config'>,
  actor: SessionUser,
  input: { id: number; reason: RemovalReason; note: string | null },
): Promise<ReportItem> {
  return removeReportedStarterAs(deps, await reportDeciderOf(deps.db, actor), input);
}

/** removeReportedStarter for a decider (the moderators' one path, the many's too). */
export async function removeReportedStarterAs(
  deps: Pick<AppDeps, 'db' | 'listings' | 'config'>,
  decider: ReportDecider,
  { id, reason, note }: { id: number; reason: RemovalReason; note: string | null },
): Promise<ReportItem> {
  const { db } = deps;
  const { scope } = decider;
  // Reviewers who agreed act with a moderator's reach (their scope is everything) but no name.
  const asModerator = { id: decider.id ?? '', isModerator: true };
  await db.transaction(async (tx) => {
    const report = await pendingReportForUpdate(tx, scope, id);
    const starter = await requireStarter(tx, asModerator, report.starterId, 'moderate', {
      lock: true,
      scope,
    });
    if (wasRemoved(starter)) throw conflict('This starter has already been removed.');

    await tx
      .update(starters)
      .set({
        isActive: false,
        removedAt: clock.sqlNow(),
        removedBy: decider.id,
        // Reviewed: the removal, not the reports, keeps it off the site now.
        heldForReviewAt: null,
        updatedAt: clock.sqlNow(),
      })
      .where(eq(starters.id, starter.id));
    const [removal] = await tx
      .insert(starterRemovals)
      .values({
        starterId: starter.id,
        reportId: id,
        reason,
        note,
        removedBy: decider.id,
        removedAt: clock.sqlNow(),
      })
      .returning({ id: starterRemovals.id });
    const resolved = await tx
      .update(reports)
      .set({ status: 'resolved', reviewedBy: decider.id, reviewedAt: clock.sqlNow() })
      .where(and(eq(reports.starterId, starter.id), eq(reports.status, 'pending')))
      .returning({ id: reports.id, reporterId: reports.reporterId });
    await tx.insert(moderationActions).values({
      moderatorId: decider.id,
      action: 'remove_starter',
      reportId: id,
      starterId: starter.id,
      targetUserId: starter.ownerId,
      reason: note,
      details: {
        rule: reason,
        removalId: removal!.id,
        resolvedReportIds: resolved.map((r) => r.id).sort((a, b) => a - b),
        ...actingAs(scope),
      },
    });
    const listing = { id: starter.id, title: report.starterTitle };
    await tell(tx, deps.config, {
      kind: 'moderation',
      to: starter.ownerId,
      bell: {
        title: { key: 'mail:notifications.removed', values: { title: listing.title } },
        body: { key: 'mail:notifications.removedBody', values: { rule: ruleWording(reason) } },
        url: notificationLinks.starter(listing.id),
      },
      mail: removalMail(deps.config, { starter: listing, reason, note }),
    });
    const outcome = reportOutcomeMail(deps.config, {
      starter: listing,
      outcome: 'removed',
      reason,
    });
    for (const reporterId of new Set(resolved.map((r) => r.reporterId))) {
      await tell(tx, deps.config, {
        kind: 'moderation',
        to: reporterId,
        bell: {
          title: { key: 'mail:notifications.reportRemoved' },
          body: {
            key: 'mail:notifications.reportRemovedBody',
            values: { title: listing.title, rule: ruleWording(reason) },
          },
          url: notificationLinks.rules,
        },
        mail: outcome,
      });
    }
  });
  // Every copy clears on the database's notification; this one need not wait for it.
  deps.listings.clear();
  return getReport(db, id);
}

/**
 * Pending reports: how many, and when the oldest was made (the Reports tab's count); for a
 * steward, those on listings in their areas, as their Reports tab lists.
 */
export async function pendingReportsWaiting(
  db: DbOrTx,
  scope: ModerationScope = { all: true },
): Promise<{ count: number; oldestAt: Date | null }> {
  const [row] = await db
    .select({ n: count(), oldest: sql<string | null>`min(${reports.createdAt})` })
    .from(reports)
    .innerJoin(starters, eq(starters.id, reports.starterId))
    .where(and(eq(reports.status, 'pending'), startersInScope(scope)));
  return { count: Number(row?.n ?? 0), oldestAt: row?.oldest ? new Date(row.oldest) : null };
}
