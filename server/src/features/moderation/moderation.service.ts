import { and, desc, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type {
  AuditEntry,
  auditQuerySchema,
  createSanctionSchema,
  ModerationAction,
  SanctionItem,
  SanctionKind,
} from '../../../../common/moderation/moderation';
import { assertModerator } from '../../access/members';
import {
  actingAs,
  assertMaySanction,
  assertMemberInScope,
  moderationScope,
} from '../../access/stewards';
import type { DbOrTx } from '../../db/client';
import { iso } from '../../db/rows';
import type { AppDeps } from '../../deps';
import { moderationActions, reports, sanctions, starters, users } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../errors';
import { endUserSessions, type SessionUser } from '../../plugins/sessions';
import * as clock from '../../clock/clock';
import { DAY_MS } from '../../../../common/site/time';

export type CreateSanction = z.output<typeof createSanctionSchema>;
export type AuditQuery = z.output<typeof auditQuerySchema>;

/** A sanction holds until lifted, and a suspension also until its end. */
const sanctionIsActive = (): SQL =>
  and(
    isNull(sanctions.liftedAt),
    or(eq(sanctions.kind, 'ban'), gt(sanctions.endsAt, clock.sqlNow())),
  )!;

export interface ActiveSanction {
  id: number;
  kind: SanctionKind;
  reason: string;
  endsAt: Date | null;
}

/**
 * The sanction that keeps a member out right now (a ban wins over a suspension), or null.
 * Sign-in uses it to tell the member why and until when.
 */
export async function findActiveSanction(
  db: DbOrTx,
  userId: string,
): Promise<ActiveSanction | null> {
  const rows = await db
    .select({
      id: sanctions.id,
      kind: sanctions.kind,
      reason: sanctions.reason,
      endsAt: sanctions.endsAt,
    })
    .from(sanctions)
    .where(and(eq(sanctions.userId, userId), sanctionIsActive()))
    .orderBy(desc(sanctions.createdAt));
  const chosen = rows.find((r) => r.kind === 'ban') ?? rows[0];
  return chosen ? { ...chosen, kind: chosen.kind as SanctionKind } : null;
}

const target = alias(users, 'target');
const creator = alias(users, 'creator');
const lifter = alias(users, 'lifter');
const person = (u: { id: string; username: string | null; firstName: string | null } | null) =>
  u ? { id: u.id, username: u.username, firstName: u.firstName } : null;

function sanctionsQuery(db: DbOrTx) {
  return db
    .select({
      sanction: sanctions,
      target,
      creator,
      lifter,
      active: sql<boolean>`${sanctionIsActive()}`.mapWith(Boolean),
    })
    .from(sanctions)
    .innerJoin(target, eq(target.id, sanctions.userId))
    .leftJoin(creator, eq(creator.id, sanctions.createdBy))
    .leftJoin(lifter, eq(lifter.id, sanctions.liftedBy));
}

type SanctionRow = Awaited<ReturnType<ReturnType<typeof sanctionsQuery>['execute']>>[number];

function toSanctionItem(row: SanctionRow): SanctionItem {
  return {
    id: row.sanction.id,
    kind: row.sanction.kind as SanctionKind,
    reason: row.sanction.reason,
    endsAt: iso(row.sanction.endsAt),
    createdAt: row.sanction.createdAt.toISOString(),
    liftedAt: iso(row.sanction.liftedAt),
    active: row.active,
    user: {
      id: row.target.id,
      username: row.target.username,
      firstName: row.target.firstName,
      lastName: row.target.lastName,
    },
    createdBy: person(row.creator),
    liftedBy: person(row.lifter),
  };
}

async function getSanction(db: DbOrTx, id: number): Promise<SanctionItem> {
  const [row] = await sanctionsQuery(db).where(eq(sanctions.id, id)).limit(1);
  if (!row) throw notFound('Sanction not found');
  return toSanctionItem(row);
}

export async function listSanctions(
  deps: Pick<AppDeps, 'db'>,
  actor: SessionUser,
  { active }: { active: boolean },
): Promise<SanctionItem[]> {
  assertModerator(actor);
  const rows = await sanctionsQuery(deps.db)
    .where(active ? sanctionIsActive() : undefined)
    .orderBy(desc(sanctions.createdAt), desc(sanctions.id))
    .limit(200);
  return rows.map(toSanctionItem);
}

/**
 * Suspends or bans a member. The sanction row, the member's current state, the end of their
 * sessions and the audit entry change together or not at all. Their starters leave the public
 * site meanwhile (the access policy hides what a member who may not act has posted). A steward
 * may suspend a member of their area for a week at most, and never ban (decision 166).
 */
export async function createSanction(
  deps: Pick<AppDeps, 'db' | 'listings'>,
  actor: SessionUser,
  input: CreateSanction,
): Promise<SanctionItem> {
  const { db } = deps;
  const scope = await moderationScope(db, actor);
  assertMaySanction(scope, input);
  await assertMemberInScope(db, scope, input.userId);
  const id = await db.transaction(async (tx) => {
    const [member] = await tx
      .select({ id: users.id, isModerator: users.isModerator })
      .from(users)
      .where(eq(users.id, input.userId))
      .for('update')
      .limit(1);
    if (!member) throw notFound('Member not found');
    if (member.id === actor.id) throw forbidden("You can't sanction yourself");
    if (member.isModerator) throw forbidden('Moderators cannot sanction each other');
    if (input.reportId !== undefined) {
      const [report] = await tx
        .select({ id: reports.id })
        .from(reports)
        .where(eq(reports.id, input.reportId))
        .limit(1);
      if (!report) throw notFound('Report not found');
    }
    if (await findActiveSanction(tx, member.id)) {
      throw conflict('This member already has an active sanction. Lift it first to change it.');
    }

    const endsAt =
      input.kind === 'suspension' ? new Date(clock.nowMs() + input.days! * DAY_MS) : null;
    const [sanction] = await tx
      .insert(sanctions)
      .values({
        userId: member.id,
        kind: input.kind,
        reason: input.reason,
        endsAt,
        createdBy: actor.id,
      })
      .returning({ id: sanctions.id });
    await tx
      .update(users)
      .set(
        input.kind === 'ban'
          ? { bannedAt: clock.sqlNow(), updatedAt: clock.sqlNow() }
          : { suspendedUntil: endsAt, updatedAt: clock.sqlNow() },
      )
      .where(eq(users.id, member.id));
    await endUserSessions(tx, member.id);
    await tx.insert(moderationActions).values({
      moderatorId: actor.id,
      action: input.kind === 'ban' ? 'ban' : 'suspend',
      reportId: input.reportId ?? null,
      targetUserId: member.id,
      reason: input.reason,
      details: {
        sanctionId: sanction!.id,
        ...(input.kind === 'suspension' ? { days: input.days, endsAt: endsAt!.toISOString() } : {}),
        ...(input.rule ? { rule: input.rule } : {}),
        ...actingAs(scope),
      },
    });
    return sanction!.id;
  });
  // Every copy clears on the database's notification; this one need not wait for it.
  deps.listings.clear();
  return getSanction(db, id);
}

/** Lifts a sanction that still holds and gives the member their account back. */
export async function liftSanction(
  deps: Pick<AppDeps, 'db' | 'listings'>,
  actor: SessionUser,
  { id, reason }: { id: number; reason: string },
): Promise<SanctionItem> {
  const { db } = deps;
  assertModerator(actor);
  await db.transaction(async (tx) => {
    const [sanction] = await tx
      .select({
        id: sanctions.id,
        userId: sanctions.userId,
        kind: sanctions.kind,
        active: sql<boolean>`${sanctionIsActive()}`.mapWith(Boolean),
      })
      .from(sanctions)
      .where(eq(sanctions.id, id))
      .for('update')
      .limit(1);
    if (!sanction) throw notFound('Sanction not found');
    if (!sanction.active) throw conflict('This sanction is no longer in effect.');

    await tx
      .update(sanctions)
      .set({ liftedAt: clock.sqlNow(), liftedBy: actor.id })
      .where(eq(sanctions.id, id));
    await tx
      .update(users)
      .set(
        sanction.kind === 'ban'
          ? { bannedAt: null, updatedAt: clock.sqlNow() }
          : { suspendedUntil: null, updatedAt: clock.sqlNow() },
      )
      .where(eq(users.id, sanction.userId));
    await tx.insert(moderationActions).values({
      moderatorId: actor.id,
      action: 'lift_sanction',
      targetUserId: sanction.userId,
      reason,
      details: { sanctionId: sanction.id, kind: sanction.kind },
    });
  });
  deps.listings.clear();
  return getSanction(db, id);
}

const moderator = alias(users, 'moderator');
const targetUser = alias(users, 'target_user');

export async function listAudit(
  deps: Pick<AppDeps, 'db'>,
  actor: SessionUser,
  query: AuditQuery,
): Promise<AuditEntry[]> {
  assertModerator(actor);
  const rows = await deps.db
    .select({
      entry: moderationActions,
      moderator,
      targetUser,
      starter: { id: starters.id, title: starters.title },
    })
    .from(moderationActions)
    .leftJoin(moderator, eq(moderator.id, moderationActions.moderatorId))
    .leftJoin(targetUser, eq(targetUser.id, moderationActions.targetUserId))
    .leftJoin(starters, eq(starters.id, moderationActions.starterId))
    .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
    .limit(query.limit)
    .offset(query.offset);
  return rows.map((row) => ({
    id: row.entry.id,
    action: row.entry.action as ModerationAction,
    createdAt: row.entry.createdAt.toISOString(),
    reason: row.entry.reason,
    details: (row.entry.details as Record<string, unknown> | null) ?? null,
    moderator: person(row.moderator),
    reportId: row.entry.reportId,
    starter: row.starter,
    targetUser: person(row.targetUser),
  }));
}
