import { and, asc, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  type HeldDecided,
  type HeldDecision,
  type HeldMessage,
  type ScreeningCode,
} from '../../../../common/moderation/screening';
import {
  actedAsSteward,
  assertHeldMessageInScope,
  heldMessagesInScope,
  moderationScope,
  startersInScope,
  type ModerationScope,
} from '../../access/stewards';
import { heldAwaitingDecision } from '../../access/starter-access';
import * as clock from '../../clock/clock';
import type { AppDeps } from '../../deps';
import {
  heldMessages,
  messagePhotos,
  messages,
  moderationActions,
  sanctions,
  starters,
  users,
} from '../../db/schema';
import { conflict, HttpError, notFound } from '../../errors';
import type { DbOrTx } from '../../db/client';
import { wakeJob } from '../../jobs/wake';
import { BLOCKED_BY_THEM, BLOCKED_BY_YOU } from '../../../../common/members/blocks';
import type { SessionUser } from '../../plugins/sessions';
import { assertMayDeliver, insertDelivered, publishDelivered } from '../messages/messages.service';
import { createSanction, findActiveSanction, liftSanction } from '../moderation/moderation.service';
import { heldRejectedMail } from '../moderation/moderation-mail';
import { tell } from '../notifications/tell';
import { siteUrl } from '../mail/outbox';
import { assertUndoable, dueBefore, mayStillUndo, undoUntil } from './held-undo';
import { settleHeldListingDecisions } from './held-listings.service';

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
  const { db } = deps;
  const scope = await moderationScope(db, actor);
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
    .where(and(eq(heldMessages.status, 'held'), heldMessagesInScope(scope)))
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
/** Reason written when undoing a rejection lifts the suspension it came with. */
export const UNDO_SUSPEND_REASON = 'The rejection it came with was undone';

export const HELD_NOT_WAITING = 'This message has already been decided.';
export const HELD_NOTHING_TO_UNDO =
  'This message is waiting for a decision: there is nothing to undo.';

/**
 * POST /api/moderation/held/:id. The decision is recorded at once and takes effect a minute
 * later (`settleHeldDecisions`), so the moderator may undo it meanwhile. Release: the message
 * is then delivered as if just sent (mail, live event, the receiver's thread), under the id it
 * was held with — if it still may be (`assertStillDeliverable`, checked now and again then).
 * Reject: it stays undelivered and its sender is told which rule; with `suspendDays` the sender
 * is suspended at once through the sanctions (which end their sessions and write the audit log).
 */
export async function decideHeldMessage(
  deps: Pick<AppDeps, 'db' | 'config' | 'live' | 'listings'>,
  actor: SessionUser,
  input: { id: number; decision: HeldDecision; suspendDays?: number },
): Promise<HeldDecided> {
  // A steward decides only on messages whose sender lies in their area (decision 166).
  await assertHeldMessageInScope(deps.db, await moderationScope(deps.db, actor), input.id);
  return applyHeldMessageDecision(deps, actor.id, input, async (found) => {
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
  });
}

/**
 * The one way a decision on a held message is recorded, a moderator's or the review's
 * (decision 165; `decidedBy` null: two reviewers agreed). `before` runs once the message is
 * found waiting and deliverable, before anything changes.
 */
export async function applyHeldMessageDecision(
  deps: Pick<AppDeps, 'db'>,
  decidedBy: string | null,
  input: { id: number; decision: HeldDecision },
  before?: (found: typeof heldMessages.$inferSelect) => Promise<void>,
): Promise<HeldDecided> {
  const { db } = deps;
  const [found] = await db.select().from(heldMessages).where(eq(heldMessages.id, input.id));
  if (!found) throw notFound('Held message not found');
  if (found.status !== 'held') throw conflict(HELD_NOT_WAITING);
  if (input.decision === 'release') await assertStillDeliverable(db, found);
  await before?.(found);
  const decidedAt = clock.now();
  const status = input.decision === 'release' ? 'released' : 'rejected';
  const [changed] = await db
    .update(heldMessages)
    .set({ status, decidedAt, decidedBy, settledAt: null })
    .where(and(eq(heldMessages.id, input.id), eq(heldMessages.status, 'held')))
    .returning({ id: heldMessages.id });
  if (!changed) throw conflict(HELD_NOT_WAITING);
  await wakeJob(db, 'held-decisions', undoUntil(decidedAt));
  return { id: input.id, status, undoUntil: undoUntil(decidedAt).toISOString() };
}

/**
 * POST /api/moderation/held/:id/undo: within HELD_UNDO_MS of the decision, by the server's
 * clock, the message waits again as if never decided; a suspension the rejection made is
 * lifted. After that minute, or once the decision took effect, it is refused (409).
 */
export async function undoHeldDecision(
  deps: Pick<AppDeps, 'db' | 'listings'>,
  actor: SessionUser,
  id: number,
): Promise<HeldDecided> {
  await assertHeldMessageInScope(deps.db, await moderationScope(deps.db, actor), id);
  const undone = await deps.db.transaction(async (tx) => {
    const [held] = await tx
      .select()
      .from(heldMessages)
      .where(eq(heldMessages.id, id))
      .for('update');
    if (!held) throw notFound('Held message not found');
    assertUndoable(
      {
        decidedAt: held.status === 'held' ? null : held.decidedAt,
        settled: !!held.settledAt || (held.status !== 'held' && !held.decidedAt),
      },
      HELD_NOTHING_TO_UNDO,
    );
    await tx
      .update(heldMessages)
      .set({ status: 'held', decidedAt: null, decidedBy: null })
      .where(eq(heldMessages.id, id));
    return held;
  });
  if (undone.status === 'rejected') {
    const sanction = await findActiveSanction(deps.db, undone.senderId);
    if (sanction && sanction.reason === REJECT_SUSPEND_REASON) {
      await liftSanction(deps, actor, { id: sanction.id, reason: UNDO_SUSPEND_REASON });
    }
  }
  return { id, status: 'held', undoUntil: null };
}

/** The sender of a rejected message hears which rule it broke: a bell item, and mail by choice. */
async function tellSenderRejected(
  tx: DbOrTx,
  config: AppDeps['config'],
  held: typeof heldMessages.$inferSelect,
): Promise<void> {
  const [starter] = await tx
    .select({ title: starters.title })
    .from(starters)
    .where(eq(starters.id, held.starterId));
  const title = starter?.title ?? '';
  // The rules that held it (those that only warned would have let it through).
  const warned = new Set(held.warnings ?? []);
  const code = (held.codes.find((c) => !warned.has(c)) ?? held.codes[0] ?? 'word') as ScreeningCode;
  const rule = { text: { key: `mail:heldRules.${code}` } };
  const url = `/messages?starter=${held.starterId}&with=${encodeURIComponent(held.receiverId)}`;
  await tell(tx, config, {
    kind: 'moderation',
    to: held.senderId,
    bell: {
      title: { key: 'mail:notifications.heldRejected', values: { title } },
      body: { key: 'mail:notifications.heldRejectedBody', values: { rule } },
      url,
    },
    mail: heldRejectedMail({ title, code, url: `${siteUrl(config)}${url}` }),
  });
}

type SettleDeps = Pick<AppDeps, 'db' | 'config'> & { live: Pick<AppDeps['live'], 'publish'> };

/**
 * The scheduler's job: moderators' decisions on held messages and listings whose minute to
 * undo has passed take effect. How many did.
 */
export async function settleHeldDecisions(deps: SettleDeps): Promise<number> {
  return (await settleHeldMessageDecisions(deps)) + (await settleHeldListingDecisions(deps));
}

/**
 * Decisions on held messages, oldest first, each in its own transaction. A release the sender
 * could no longer send (a block since, the listing closed) waits again for a moderator instead,
 * who may reject it.
 */
async function settleHeldMessageDecisions(deps: SettleDeps): Promise<number> {
  const { db } = deps;
  const due = await db
    .select({ id: heldMessages.id })
    .from(heldMessages)
    .where(
      and(
        inArray(heldMessages.status, ['released', 'rejected']),
        isNull(heldMessages.settledAt),
        lte(heldMessages.decidedAt, dueBefore()),
      ),
    )
    .orderBy(asc(heldMessages.decidedAt))
    .limit(50);
  let settled = 0;
  for (const { id } of due) {
    const delivered = await db.transaction(async (tx) => {
      const [held] = await tx
        .select()
        .from(heldMessages)
        .where(and(eq(heldMessages.id, id), isNull(heldMessages.settledAt)))
        .for('update', { skipLocked: true });
      if (!held || held.status === 'held' || !held.decidedAt) return null;
      // An undo that came first within the minute won the lock; one after it is refused.
      if (mayStillUndo(held.decidedAt)) return null;
      if (held.status === 'released') {
        try {
          await assertStillDeliverable(tx, held);
        } catch (err) {
          if (!(err instanceof HttpError)) throw err;
          await tx
            .update(heldMessages)
            .set({ status: 'held', decidedAt: null, decidedBy: null })
            .where(eq(heldMessages.id, id));
          return null;
        }
      }
      await tx.update(heldMessages).set({ settledAt: clock.now() }).where(eq(heldMessages.id, id));
      await tx.insert(moderationActions).values({
        moderatorId: held.decidedBy,
        action: held.status === 'released' ? 'release_message' : 'reject_message',
        starterId: held.starterId,
        targetUserId: held.senderId,
        reason: null,
        details: {
          heldMessageId: held.id,
          codes: held.codes,
          ...(await actedAsSteward(tx, held.decidedBy)),
        },
      });
      settled++;
      if (held.status === 'rejected') {
        // Photos wait under the held id; a rejected message takes them with it.
        await tx.delete(messagePhotos).where(eq(messagePhotos.messageId, held.id));
        await tellSenderRejected(tx, deps.config, held);
        return null;
      }
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
  }
  return settled;
}

/**
 * What waits on the Held tab: messages and listings held by screening and not yet decided (one
 * decided within its minute to undo has left it); how many, and since when the oldest. A
 * steward's scope counts only what lies in their areas, as their Held tab lists.
 */
export async function heldWaiting(
  db: DbOrTx,
  scope: ModerationScope = { all: true },
): Promise<{ count: number; oldestAt: Date | null }> {
  const [messagesWaiting] = await db
    .select({
      n: sql<number>`count(*)::int`,
      oldest: sql<string | null>`min(${heldMessages.createdAt})`,
    })
    .from(heldMessages)
    .where(and(eq(heldMessages.status, 'held'), heldMessagesInScope(scope)));
  const [listingsWaiting] = await db
    .select({ n: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${starters.heldAt})` })
    .from(starters)
    .where(and(heldAwaitingDecision(), startersInScope(scope)));
  const oldest = [messagesWaiting?.oldest, listingsWaiting?.oldest]
    .filter((at): at is string => !!at)
    .map((at) => new Date(at))
    .sort((a, b) => a.getTime() - b.getTime())[0];
  return {
    count: Number(messagesWaiting?.n ?? 0) + Number(listingsWaiting?.n ?? 0),
    oldestAt: oldest ?? null,
  };
}
