import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  HeldDecision,
  HeldMessage,
  HeldStarter,
  ScreeningCode,
} from '../../../../common/screening';
import { assertModerator } from '../../access/members';
import { heldByScreening, isHeld, requireStarter } from '../../access/starter-access';
import * as clock from '../../clock/clock';
import type { AppDeps } from '../../deps';
import {
  heldMessages,
  messagePhotos,
  messages,
  moderationActions,
  sanctions,
  starterRemovals,
  starters,
  users,
} from '../../db/schema';
import { conflict, HttpError, notFound } from '../../errors';
import type { DbOrTx } from '../../db/client';
import { BLOCKED_BY_THEM, BLOCKED_BY_YOU } from '../../../../common/blocks';
import type { SessionUser } from '../../plugins/sessions';
import { assertMayDeliver, insertDelivered, publishDelivered } from '../messages/messages.service';
import { createSanction } from '../moderation/moderation.service';
import { queueRemovalMail } from '../moderation/moderation-mail';

const sender = alias(users, 'sender');
const receiver = alias(users, 'receiver');
const person = (u: { id: string; username: string | null; firstName: string | null }) => ({
  id: u.id,
  username: u.username,
  firstName: u.firstName,
});

/** How many messages of the conversation before a held one the moderator reads with it. */
const CONTEXT_MESSAGES = 6;

/**
 * GET /api/moderation/held: messages waiting for a moderator, oldest first, each with the rule
 * that fired, the conversation before it and what the sender has done so far.
 */
export async function listHeldMessages(
  deps: Pick<AppDeps, 'db'>,
  actor: SessionUser,
): Promise<HeldMessage[]> {
  assertModerator(actor);
  const { db } = deps;
  const rows = await db
    .select({
      held: heldMessages,
      starter: { id: starters.id, title: starters.title },
      sender,
      receiver,
    })
    .from(heldMessages)
    .innerJoin(starters, eq(starters.id, heldMessages.starterId))
    .innerJoin(sender, eq(sender.id, heldMessages.senderId))
    .innerJoin(receiver, eq(receiver.id, heldMessages.receiverId))
    .where(eq(heldMessages.status, 'held'))
    .orderBy(asc(heldMessages.createdAt), asc(heldMessages.id))
    .limit(100);
  return Promise.all(
    rows.map(async ({ held, starter, sender: from, receiver: to }) => {
      const context = await db
        .select({
          senderId: messages.senderId,
          content: messages.content,
          createdAt: messages.createdAt,
        })
        .from(messages)
        .where(
          and(
            eq(messages.starterId, held.starterId),
            eq(messages.kind, 'text'),
            or(
              and(eq(messages.senderId, held.senderId), eq(messages.receiverId, held.receiverId)),
              and(eq(messages.senderId, held.receiverId), eq(messages.receiverId, held.senderId)),
            ),
          ),
        )
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .limit(CONTEXT_MESSAGES);
      const [history] = await db
        .select({
          sent: sql<number>`(SELECT count(*)::int FROM ${messages} WHERE ${messages.senderId} = ${held.senderId} AND ${messages.kind} = 'text')`,
          held: sql<number>`(SELECT count(*)::int FROM ${heldMessages} WHERE ${heldMessages.senderId} = ${held.senderId} AND ${heldMessages.id} <> ${held.id})`,
          rejected: sql<number>`(SELECT count(*)::int FROM ${heldMessages} WHERE ${heldMessages.senderId} = ${held.senderId} AND ${heldMessages.status} = 'rejected')`,
          sanctioned: sql<number>`(SELECT count(*)::int FROM ${sanctions} WHERE ${sanctions.userId} = ${held.senderId})`,
        })
        .from(sql`(SELECT 1) AS one`);
      return {
        id: held.id,
        kind: 'message' as const,
        content: held.content,
        codes: held.codes as ScreeningCode[],
        strict: held.strict,
        createdAt: held.createdAt.toISOString(),
        starter,
        sender: {
          ...person(from),
          joinedAt: from.createdAt.toISOString(),
          messagesSent: Number(history?.sent ?? 0),
          heldBefore: Number(history?.held ?? 0),
          rejectedBefore: Number(history?.rejected ?? 0),
          sanctionsBefore: Number(history?.sanctioned ?? 0),
        },
        receiver: person(to),
        context: context.reverse().map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
      };
    }),
  );
}

/** A release refused because a block came between the two members while it was held. */
export const HELD_NOW_BLOCKED =
  'One of these members has blocked the other since this message was held, so it cannot be delivered. Reject it to clear it.';
/** A release refused because the listing stopped taking this message while it was held. */
export const HELD_LISTING_CLOSED =
  'The listing no longer takes this message (deleted, removed, given away or closed), so it cannot be delivered. Reject it to clear it.';

/**
 * Releasing delivers only what the sender could send now: the same rule as sending
 * (`assertMayDeliver`). Whether the owner could open this thread was settled when it was sent;
 * a block since, or the listing's state, is not. A refusal answers 409 and leaves the message
 * held, undelivered, for the moderator to reject.
 */
async function assertStillDeliverable(
  tx: DbOrTx,
  held: { starterId: number; senderId: string; receiverId: string },
): Promise<void> {
  const [from] = await tx
    .select({ id: users.id, isModerator: users.isModerator })
    .from(users)
    .where(eq(users.id, held.senderId));
  try {
    await assertMayDeliver(tx, from!, held, { ownerMayOpen: true });
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    const blocked = err.message === BLOCKED_BY_THEM || err.message === BLOCKED_BY_YOU;
    throw conflict(blocked ? HELD_NOW_BLOCKED : HELD_LISTING_CLOSED);
  }
}

/** Reason written on a sanction that comes from rejecting a held message. */
export const REJECT_SUSPEND_REASON = 'A message held by screening broke the community rules';

/**
 * POST /api/moderation/held/:id. Release: the message is delivered now, as if just sent (mail,
 * live event, the receiver's thread), under the id it was held with — if it still may be
 * (`assertStillDeliverable`). Reject: it stays
 * undelivered, and with `suspendDays` the sender is suspended through the sanctions (which
 * end their sessions and write the audit log).
 */
export async function decideHeldMessage(
  deps: Pick<AppDeps, 'db' | 'config' | 'live' | 'listings'>,
  actor: SessionUser,
  input: { id: number; decision: HeldDecision; suspendDays?: number },
): Promise<{ id: number; status: 'released' | 'rejected' }> {
  assertModerator(actor);
  const { db } = deps;
  const [found] = await db.select().from(heldMessages).where(eq(heldMessages.id, input.id));
  if (!found) throw notFound('Held message not found');
  if (found.status !== 'held') throw conflict('This message has already been decided.');
  // The sanction checks its own refusals (a moderator, one already in force) before the
  // message is touched, so a refused suspension leaves the message waiting.
  if (input.decision === 'reject' && input.suspendDays !== undefined) {
    await createSanction(deps, actor, {
      userId: found.senderId,
      kind: 'suspension',
      days: input.suspendDays,
      reason: REJECT_SUSPEND_REASON,
    });
  }
  const delivered = await db.transaction(async (tx) => {
    const [held] = await tx
      .select()
      .from(heldMessages)
      .where(eq(heldMessages.id, input.id))
      .for('update');
    if (!held || held.status !== 'held') throw conflict('This message has already been decided.');
    const status = input.decision === 'release' ? 'released' : 'rejected';
    await tx
      .update(heldMessages)
      .set({ status, decidedAt: clock.now(), decidedBy: actor.id })
      .where(eq(heldMessages.id, held.id));
    await tx.insert(moderationActions).values({
      moderatorId: actor.id,
      action: input.decision === 'release' ? 'release_message' : 'reject_message',
      starterId: held.starterId,
      targetUserId: held.senderId,
      reason: null,
      details: {
        heldMessageId: held.id,
        codes: held.codes,
        ...(input.suspendDays !== undefined ? { suspendDays: input.suspendDays } : {}),
      },
    });
    if (input.decision !== 'release') {
      // Photos wait under the held id; a rejected message takes them with it.
      await tx.delete(messagePhotos).where(eq(messagePhotos.messageId, held.id));
      return null;
    }
    await assertStillDeliverable(tx, held);
    return insertDelivered(tx, deps.config, {
      id: held.id,
      starterId: held.starterId,
      senderId: held.senderId,
      receiverId: held.receiverId,
      content: held.content,
      warnings: held.warnings,
    });
  });
  if (delivered) await publishDelivered(deps, delivered);
  return { id: input.id, status: input.decision === 'release' ? 'released' : 'rejected' };
}

// ---------------------------------------------------------------- held listings

/** GET /api/moderation/held-starters: new listings screening held, oldest first. */
export async function listHeldStarters(
  deps: Pick<AppDeps, 'db'>,
  actor: SessionUser,
): Promise<HeldStarter[]> {
  assertModerator(actor);
  const rows = await deps.db
    .select({ starter: starters, owner: users })
    .from(starters)
    .innerJoin(users, eq(users.id, starters.userId))
    .where(heldByScreening())
    .orderBy(asc(starters.heldAt), asc(starters.id))
    .limit(100);
  return rows.map(({ starter, owner }) => ({
    id: starter.id,
    kind: 'starter' as const,
    title: starter.title,
    description: starter.description,
    codes: (starter.heldCodes ?? []) as ScreeningCode[],
    createdAt: starter.createdAt.toISOString(),
    owner: { ...person(owner), joinedAt: owner.createdAt.toISOString() },
  }));
}

/**
 * POST /api/moderation/held-starters/:id. Release: the listing appears. Reject: it is removed
 * for selling (the rule screening enforces), and its owner may appeal like any removal.
 */
export async function decideHeldStarter(
  deps: Pick<AppDeps, 'db' | 'listings' | 'config'>,
  actor: SessionUser,
  input: { id: number; decision: HeldDecision },
): Promise<{ id: number; status: 'released' | 'rejected' }> {
  assertModerator(actor);
  await deps.db.transaction(async (tx) => {
    const starter = await requireStarter(tx, actor, input.id, 'moderate', { lock: true });
    if (!isHeld(starter)) throw conflict('This listing is not held.');
    const [row] = await tx
      .select({ heldCodes: starters.heldCodes, title: starters.title })
      .from(starters)
      .where(eq(starters.id, starter.id));
    await tx
      .update(starters)
      .set(
        input.decision === 'release'
          ? { heldAt: null, updatedAt: clock.sqlNow() }
          : {
              heldAt: null,
              isActive: false,
              removedAt: clock.sqlNow(),
              removedBy: actor.id,
              updatedAt: clock.sqlNow(),
            },
      )
      .where(eq(starters.id, starter.id));
    if (input.decision === 'reject') {
      const note = 'Held by screening and turned down by a moderator.';
      await tx.insert(starterRemovals).values({
        starterId: starter.id,
        reason: 'free',
        note,
        removedBy: actor.id,
        removedAt: clock.sqlNow(),
      });
      // The owner is told which rule and how to appeal, as for any removal.
      await queueRemovalMail(tx, deps.config, {
        ownerId: starter.ownerId,
        starter: { id: starter.id, title: row?.title ?? '' },
        reason: 'free',
        note,
      });
    }
    await tx.insert(moderationActions).values({
      moderatorId: actor.id,
      action: input.decision === 'release' ? 'release_starter' : 'reject_starter',
      starterId: starter.id,
      targetUserId: starter.ownerId,
      details: { codes: row?.heldCodes ?? [] },
    });
  });
  deps.listings.clear();
  return { id: input.id, status: input.decision === 'release' ? 'released' : 'rejected' };
}
