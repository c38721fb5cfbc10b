import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type {
  createReportSchema,
  ReportItem,
  reportListQuerySchema,
  ReportStats,
} from '../../../../common/reports';
import type { ReportStatus } from '../../../../common/catalogue';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { moderationActions, reports, starters, users } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../errors';
import type { SessionUser } from '../../plugins/sessions';

const DAY_MS = 24 * 60 * 60 * 1000;
const PG_UNIQUE_VIOLATION = '23505';

export type CreateReport = z.output<typeof createReportSchema>;
export type ReportListQuery = z.output<typeof reportListQuerySchema>;

const ALREADY_REPORTED =
  'You have already reported this starter. A moderator will review your report soon.';

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    if ((e as { code?: unknown }).code === PG_UNIQUE_VIOLATION) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

function requireModeratorActor(actor: SessionUser) {
  if (!actor.isModerator) throw forbidden("You don't have moderator permissions");
}

/**
 * A member flags a starter. Checks run before the quota is counted so that a refused report
 * neither uses up the member's daily allowance nor writes anything.
 */
export async function createReport(
  deps: Pick<AppDeps, 'limiter' | 'config'> & { db: DbOrTx },
  actor: SessionUser,
  input: CreateReport,
) {
  const { db } = deps;
  const [starter] = await db
    .select({ id: starters.id, userId: starters.userId })
    .from(starters)
    .innerJoin(users, eq(users.id, starters.userId))
    .where(
      and(
        eq(starters.id, input.starterId),
        eq(starters.isActive, true),
        isNull(starters.removedAt),
        isNull(users.bannedAt),
      ),
    )
    .limit(1);
  if (!starter) throw notFound('Starter not found');
  if (starter.userId === actor.id) throw forbidden("You can't report your own starter");

  const [open] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(
      and(
        eq(reports.starterId, starter.id),
        eq(reports.reporterId, actor.id),
        eq(reports.status, 'pending'),
      ),
    )
    .limit(1);
  if (open) throw conflict(ALREADY_REPORTED);

  await deps.limiter.consume(
    `reports:${actor.id}`,
    deps.config.limits.reportsPerDay,
    DAY_MS,
    "You've sent a lot of reports today. Please try again tomorrow.",
  );

  try {
    const [row] = await db
      .insert(reports)
      .values({
        starterId: starter.id,
        reporterId: actor.id,
        reason: input.reason,
        description: input.description,
      })
      .returning({ id: reports.id, status: reports.status });
    return { id: row!.id, status: row!.status as ReportStatus };
  } catch (err) {
    // Two submissions at once: the partial unique index lets only one through.
    if (isUniqueViolation(err)) throw conflict(ALREADY_REPORTED);
    throw err;
  }
}

const reporter = alias(users, 'reporter');
const owner = alias(users, 'owner');
const reviewer = alias(users, 'reviewer');

const iso = (d: Date | null) => (d ? d.toISOString() : null);
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
      removedAt: iso(row.starter.removedAt),
      user: {
        id: row.owner.id,
        username: row.owner.username,
        firstName: row.owner.firstName,
        lastName: row.owner.lastName,
        isModerator: row.owner.isModerator,
        bannedAt: iso(row.owner.bannedAt),
        suspendedUntil:
          row.owner.suspendedUntil && row.owner.suspendedUntil > new Date()
            ? row.owner.suspendedUntil.toISOString()
            : null,
      },
    },
  };
}

export async function listReports(
  db: DbOrTx,
  actor: SessionUser,
  query: ReportListQuery,
): Promise<ReportItem[]> {
  requireModeratorActor(actor);
  const rows = await reportItemsQuery(db)
    .where(eq(reports.status, query.status))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(query.limit)
    .offset(query.offset);
  return rows.map(toReportItem);
}

export async function getReport(db: DbOrTx, id: number): Promise<ReportItem> {
  const [row] = await reportItemsQuery(db).where(eq(reports.id, id)).limit(1);
  if (!row) throw notFound('Report not found');
  return toReportItem(row);
}

export async function reportStats(db: DbOrTx, actor: SessionUser): Promise<ReportStats> {
  requireModeratorActor(actor);
  const rows = await db
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

async function findReportForUpdate(tx: DbOrTx, id: number) {
  const [row] = await tx
    .select({ id: reports.id, status: reports.status, starterId: reports.starterId })
    .from(reports)
    .where(eq(reports.id, id))
    .for('update')
    .limit(1);
  if (!row) throw notFound('Report not found');
  return row;
}

function alreadyHandled(status: string) {
  return conflict(`This report has already been ${status}.`);
}

/** Only pending → reviewed or resolved; the change and its audit entry land together. */
export async function updateReportStatus(
  db: DbOrTx,
  actor: SessionUser,
  id: number,
  status: ReportStatus,
): Promise<ReportItem> {
  requireModeratorActor(actor);
  await db.transaction(async (tx) => {
    const report = await findReportForUpdate(tx, id);
    if (report.status !== 'pending') throw alreadyHandled(report.status);
    if (status === 'pending') {
      throw conflict('A pending report can only be marked as reviewed or resolved.');
    }
    await tx
      .update(reports)
      .set({ status, reviewedBy: actor.id, reviewedAt: sql`now()` })
      .where(eq(reports.id, id));
    await tx.insert(moderationActions).values({
      moderatorId: actor.id,
      action: 'report_status',
      reportId: id,
      starterId: report.starterId,
      details: { from: report.status, to: status },
    });
  });
  return getReport(db, id);
}

/**
 * Remove Starter: the starter is hidden (kept for the record) and every pending report on it
 * is resolved, since they all asked for the same thing.
 */
export async function removeReportedStarter(
  db: DbOrTx,
  actor: SessionUser,
  id: number,
  note: string | null,
): Promise<ReportItem> {
  requireModeratorActor(actor);
  await db.transaction(async (tx) => {
    const report = await findReportForUpdate(tx, id);
    if (report.status !== 'pending') throw alreadyHandled(report.status);
    const [starter] = await tx
      .select({ id: starters.id, userId: starters.userId, removedAt: starters.removedAt })
      .from(starters)
      .where(eq(starters.id, report.starterId))
      .for('update')
      .limit(1);
    if (!starter) throw notFound('Starter not found');
    if (starter.removedAt) throw conflict('This starter has already been removed.');

    await tx
      .update(starters)
      .set({ isActive: false, removedAt: sql`now()`, removedBy: actor.id, updatedAt: sql`now()` })
      .where(eq(starters.id, starter.id));
    const resolved = await tx
      .update(reports)
      .set({ status: 'resolved', reviewedBy: actor.id, reviewedAt: sql`now()` })
      .where(and(eq(reports.starterId, starter.id), eq(reports.status, 'pending')))
      .returning({ id: reports.id });
    await tx.insert(moderationActions).values({
      moderatorId: actor.id,
      action: 'remove_starter',
      reportId: id,
      starterId: starter.id,
      targetUserId: starter.userId,
      reason: note,
      details: { resolvedReportIds: resolved.map((r) => r.id).sort((a, b) => a - b) },
    });
  });
  return getReport(db, id);
}
