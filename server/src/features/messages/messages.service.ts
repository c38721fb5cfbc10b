import { and, asc, eq, lte, or, sql } from 'drizzle-orm';
import type { SystemLine } from '../../../../common/conversations/system-lines';
import type {
  Conversation,
  ConversationStage,
  Message,
} from '../../../../common/conversations/messages';
import { assertMayMessage } from '../blocks/blocks.service';
import {
  requireStarter,
  visibleInThreadsOf,
  type AuthorizedStarter,
} from '../../access/starter-access';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AppDeps } from '../../deps';
import { messages, starters } from '../../db/schema';
import { badRequest, forbidden, HttpError } from '../../errors';
import { preparePhotos, photosOfMessages, storePhotos } from './message-photos';
import { MESSAGE_EMPTY } from '../../../../common/conversations/messages';
import type { SessionUser } from '../../plugins/sessions';
import { assertMayPost } from '../../access/members';
import { noteMessageForMail } from './message-mail';
import { pushNewMessage } from '../push/push-producers';
import * as clock from '../../clock/clock';
import { handoverFinished, heldForReview, nudgedLately, waitedLongEnough } from './reply-owed';
import { settledHandovers, systemLineFor } from './system-line-wording';
import type { Reader } from '../../i18n/wording';
import { publicMembersById } from '../../access/public-members';
import { awayUntilOf } from '../../access/away';
import { displayName } from '../../../../common/members/display';
import type { ScreeningCode } from '../../../../common/moderation/screening';
import { heldInThread, holdMessage, screenForMember } from '../screening/screening.service';
import { withDailyQuota } from '../../access/trust';

type MessageRow = typeof messages.$inferSelect;

export function toMessage(row: MessageRow): Message {
  return {
    kind: row.kind === 'system' ? 'system' : 'text',
    system: (row.system as SystemLine | null) ?? null,
    id: row.id,
    starterId: row.starterId,
    senderId: row.senderId,
    receiverId: row.receiverId,
    content: row.content,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
    ...(row.warnings?.length ? { warnings: row.warnings as ScreeningCode[] } : {}),
  };
}

/** What the sender reads of their own message: delivered, without the receiver's warnings. */
function asSent(message: Message): Message {
  const { warnings: _receiverOnly, ...rest } = message;
  return { ...rest, status: 'sent' };
}

/**
 * Stores a delivered message and schedules its mail, in the caller's transaction: a message
 * is never stored without its notification. Sending and releasing a held message both use it.
 */
export async function insertDelivered(
  tx: DbOrTx,
  config: AppDeps['config'],
  values: {
    id?: number;
    starterId: number;
    senderId: string;
    receiverId: string;
    content: string;
    warnings: string[] | null;
    /** The sender's Idempotency-Key (an offline outbox's retry is stored once). */
    clientKey?: string | null;
  },
): Promise<Message> {
  const [row] = await tx
    .insert(messages)
    .values({
      ...values,
      // The reply rate decides by a message's age, so it is stamped by the server clock.
      createdAt: clock.now(),
    })
    .returning();
  await noteMessageForMail(tx, config, row!);
  await pushNewMessage(tx, row!);
  return toMessage(row!);
}

/** Tells both members' open pages that a message arrived (they refetch). */
export async function publishDelivered(
  deps: { live: Pick<AppDeps['live'], 'publish'> },
  message: Message,
) {
  await deps.live.publish([message.receiverId, message.senderId], {
    type: 'message',
    messageId: message.id,
    starterId: message.starterId,
    senderId: message.senderId,
    receiverId: message.receiverId,
  });
}

/** Messages of one conversation: this starter, these two members, either direction. */
function between(starterId: number, a: string, b: string) {
  return and(
    eq(messages.starterId, starterId),
    or(
      and(eq(messages.senderId, a), eq(messages.receiverId, b)),
      and(eq(messages.senderId, b), eq(messages.receiverId, a)),
    ),
  );
}

async function threadExists(db: DbOrTx, starterId: number, a: string, b: string) {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(between(starterId, a, b))
    .limit(1);
  return !!row;
}

/**
 * Whether `sender` may write to `receiverId` about the starter now; the one rule for sending
 * and for releasing a held message (decision 136). The starter must take messages from them
 * (the access policy: not deleted, removed, given away to someone else or closed), the owner
 * only replies to members who wrote, or answers their ask (`ownerMayOpen`), and neither member
 * has blocked the other.
 */
export async function assertMayDeliver(
  db: DbOrTx,
  sender: { id: string; isModerator: boolean },
  input: { starterId: number; receiverId: string },
  { ownerMayOpen = false }: { ownerMayOpen?: boolean } = {},
): Promise<AuthorizedStarter> {
  const starter = await requireStarter(db, sender, input.starterId, 'message');
  if (input.receiverId === sender.id) throw badRequest("You can't send a message to yourself");
  if (starter.ownerId === sender.id) {
    // The owner cannot open threads with strangers: only reply to people who asked.
    // …or offer it to a member who asked for one (decision 061).
    if (!ownerMayOpen && !(await threadExists(db, starter.id, sender.id, input.receiverId))) {
      throw forbidden('You can only reply to members who have messaged you about this starter');
    }
  } else if (input.receiverId !== starter.ownerId) {
    throw forbidden("You can only message this starter's owner");
  }
  await assertMayMessage(db, sender.id, input.receiverId);
  return starter;
}

/**
 * Sends a message in the conversation (starter, receiver). A non-owner writes to the owner; the
 * owner answers members who already wrote about the starter. Who may message at all (hidden,
 * removed or claimed starters) is the access policy's call; the quota is charged only for a
 * message that is stored.
 */
export async function sendMessage(
  deps: Pick<AppDeps, 'db' | 'limiter' | 'config' | 'live'>,
  actor: SessionUser,
  input: { starterId: number; receiverId: string; content: string; photos?: Buffer[] },
  {
    clientKey,
    answersAsk = false,
  }: {
    /** The sender's Idempotency-Key: the same key again answers the stored message, not a new one. */
    clientKey?: string;
    /** The owner answers the receiver's ask ("I can help"), checked by the asks feature. */
    answersAsk?: boolean;
  } = {},
): Promise<Message> {
  assertMayPost(actor);
  if (clientKey) {
    const [sent] = await deps.db
      .select()
      .from(messages)
      .where(and(eq(messages.senderId, actor.id), eq(messages.clientKey, clientKey)));
    if (sent) return asSent(toMessage(sent));
  }
  const uploaded = input.photos ?? [];
  // Text may be left out only when photos say it (messages/message-photos.ts).
  if (!input.content && uploaded.length === 0) {
    throw new HttpError(400, 'validation_failed', MESSAGE_EMPTY, { content: MESSAGE_EMPTY });
  }
  const { db } = deps;
  const starter = await assertMayDeliver(db, actor, input, { ownerMayOpen: answersAsk });
  const prepared = await preparePhotos(uploaded);

  // Screening decides before anything is stored: a held message is never delivered, mailed or
  // announced until a moderator releases it (decision 073).
  const screening = await screenForMember(db, actor, input.content);
  const values = { starterId: starter.id, senderId: actor.id, receiverId: input.receiverId };
  const message = await withDailyQuota(
    deps,
    actor,
    'messages',
    "You've sent a lot of messages today. Please try again later.",
    () =>
      db.transaction(async (tx) => {
        const message =
          screening.action === 'hold'
            ? await holdMessage(tx, { ...values, content: input.content }, screening)
            : await insertDelivered(tx, deps.config, {
                ...values,
                content: input.content,
                warnings: screening.warnings.length > 0 ? screening.warnings : null,
                clientKey: clientKey ?? null,
              });
        // A held message keeps its photos under the id it will have once released.
        const photos = await storePhotos(tx, message.id, prepared);
        return photos.length > 0 ? { ...message, photos } : message;
      }),
  );
  if (message.status === 'held') return message;
  await publishDelivered(deps, message);
  return asSent(message);
}

interface ConversationRow {
  starter_id: number;
  starter_title: string;
  other_id: string;
  other_username: string | null;
  other_first_name: string | null;
  other_last_name: string | null;
  other_profile_image_url: string | null;
  other_away_until: string | Date | null;
  last_content: string;
  last_created_at: string | Date;
  last_kind: string;
  last_system: SystemLine | null;
  last_sender_id: string;
  last_receiver_id: string;
  is_owner: boolean;
  stage: ConversationStage;
  unread_count: number | string;
  awaiting_reply: boolean | string;
  review: 'waiting' | 'rejected' | null;
  may_nudge: boolean | string;
}

/**
 * Every conversation of the member, one per (starter, other member), newest activity first;
 * only about starters the member may still see, like the thread itself.
 */
export async function listConversations(
  deps: Pick<AppDeps, 'db'>,
  actor: SessionUser,
  reader: Reader,
): Promise<Conversation[]> {
  const result = await deps.db.execute(sql`
    WITH mine AS (
      SELECT m.id, m.starter_id, m.content, m.created_at, m.is_read, m.receiver_id, m.kind,
        m.system, m.sender_id,
        CASE WHEN m.sender_id = ${actor.id} THEN m.receiver_id ELSE m.sender_id END AS other_id,
        NULL::text AS review
      FROM messages m
      WHERE m.sender_id = ${actor.id} OR m.receiver_id = ${actor.id}
      UNION ALL
      -- The member's own held messages: their conversation stays in their inbox, waiting for
      -- review (or turned down); the receiver never learns of them.
      SELECT h.id, h.starter_id, h.content, h.created_at, true, h.receiver_id, 'text',
        NULL::jsonb, h.sender_id, h.receiver_id,
        CASE WHEN h.status = 'rejected' AND h.settled_at IS NOT NULL THEN 'rejected'
          ELSE 'waiting' END
      FROM held_messages h
      WHERE h.sender_id = ${actor.id} AND (h.status <> 'released' OR h.settled_at IS NULL)
    ),
    latest AS (
      SELECT DISTINCT ON (starter_id, other_id) starter_id, other_id, content, created_at, kind,
        system, sender_id, receiver_id, review
      FROM mine
      ORDER BY starter_id, other_id, created_at DESC, id DESC
    ),
    last_written AS (
      SELECT DISTINCT ON (starter_id, other_id) starter_id, other_id, sender_id, created_at
      FROM mine
      WHERE kind = 'text'
      ORDER BY starter_id, other_id, created_at DESC, id DESC
    ),
    unread AS (
      SELECT starter_id, other_id, count(*) AS n
      FROM mine
      WHERE receiver_id = ${actor.id} AND NOT is_read
      GROUP BY starter_id, other_id
    )
    SELECT l.starter_id, starters.title AS starter_title, l.other_id,
      u.username AS other_username, u.first_name AS other_first_name,
      u.last_name AS other_last_name, u.profile_image_url AS other_profile_image_url,
      u.away_until AS other_away_until,
      l.content AS last_content, l.created_at AS last_created_at,
      l.kind AS last_kind, l.system AS last_system, l.sender_id AS last_sender_id,
      l.receiver_id AS last_receiver_id, starters.user_id = ${actor.id} AS is_owner,
      l.review,
      CASE
        WHEN EXISTS (
          SELECT 1 FROM handovers h
          WHERE h.starter_id = l.starter_id AND h.giver_id = starters.user_id
            AND h.recipient_id = CASE WHEN starters.user_id = ${actor.id} THEN l.other_id ELSE ${actor.id} END
            AND h.status <> 'not_received'
        ) THEN 'given'
        WHEN EXISTS (
          SELECT 1 FROM reservations r
          WHERE r.starter_id = l.starter_id AND r.status = 'active'
            AND r.member_id = CASE WHEN starters.user_id = ${actor.id} THEN l.other_id ELSE ${actor.id} END
        ) THEN 'reserved'
        ELSE 'asked'
      END AS stage,
      coalesce(un.n, 0) AS unread_count,
      coalesce(lw.sender_id <> ${actor.id}
        AND NOT ${handoverFinished(sql`l.starter_id`, sql`${actor.id}`, sql`l.other_id`)}, false)
        AS awaiting_reply,
      coalesce(lw.sender_id = ${actor.id} AND ${waitedLongEnough(sql`lw.created_at`)}
        AND NOT ${handoverFinished(sql`l.starter_id`, sql`${actor.id}`, sql`l.other_id`)}
        AND NOT ${heldForReview(sql`l.starter_id`, sql`${actor.id}`, sql`l.other_id`)}
        AND NOT ${nudgedLately(sql`l.starter_id`, sql`${actor.id}`, sql`l.other_id`)}, false)
        AS may_nudge
    FROM latest l
    JOIN starters ON starters.id = l.starter_id
    JOIN users u ON u.id = l.other_id
    LEFT JOIN unread un ON un.starter_id = l.starter_id AND un.other_id = l.other_id
    LEFT JOIN last_written lw ON lw.starter_id = l.starter_id AND lw.other_id = l.other_id
    WHERE ${visibleInThreadsOf(actor)}
    ORDER BY l.created_at DESC, l.starter_id DESC
  `);
  return rowsOf<ConversationRow>(result).map((r) => toConversation(r, actor, reader));
}

/** One row of the member's conversations, as the inbox shows it. */
function toConversation(r: ConversationRow, actor: SessionUser, reader: Reader): Conversation {
  const otherUser = {
    id: r.other_id,
    username: r.other_username,
    firstName: r.other_first_name,
    lastName: r.other_last_name,
    profileImageUrl: r.other_profile_image_url,
  };
  const createdAt = new Date(r.last_created_at).toISOString();
  const last: Message = {
    id: 0,
    starterId: Number(r.starter_id),
    senderId: r.last_sender_id,
    receiverId: r.last_receiver_id,
    content: r.last_content,
    isRead: true,
    createdAt,
    kind: r.last_kind === 'system' ? 'system' : 'text',
    system: r.last_system,
  };
  return {
    starterId: Number(r.starter_id),
    starterTitle: r.starter_title,
    otherUser,
    lastMessage: {
      content: systemLineFor(last, { ...reader, id: actor.id }, displayName(otherUser, '')),
      createdAt,
    },
    unreadCount: Number(r.unread_count),
    role: r.is_owner === true || String(r.is_owner) === 'true' ? 'owner' : 'asker',
    stage: r.stage,
    awaitingReply: r.awaiting_reply === true || r.awaiting_reply === 't',
    ...(r.review ? { review: r.review } : {}),
    mayNudge: r.may_nudge === true || r.may_nudge === 't',
    ...(awayUntilOf(r.other_away_until) && { otherAwayUntil: awayUntilOf(r.other_away_until) }),
  };
}

/** The member's unread total across the conversations they can open (the header badge). */
export async function countUnread(deps: Pick<AppDeps, 'db'>, actor: SessionUser): Promise<number> {
  const [row] = await deps.db
    .select({ count: sql<number>`count(*)::int` })
    .from(messages)
    .innerJoin(starters, eq(starters.id, messages.starterId))
    .where(
      and(eq(messages.receiverId, actor.id), eq(messages.isRead, false), visibleInThreadsOf(actor)),
    );
  return Number(row?.count ?? 0);
}

export interface ThreadInput {
  starterId: number;
  /** The other member; may be left out when the asker has only one thread on the starter. */
  with?: string;
}

/**
 * The other member of the asker's thread on a starter they may see, or null when there is no
 * thread yet (an owner nobody wrote to).
 */
export async function threadPartner(
  db: DbOrTx,
  actor: SessionUser,
  input: ThreadInput,
): Promise<{ starterId: number; otherId: string | null }> {
  const starter = await requireStarter(db, actor, input.starterId, 'see');
  if (input.with) {
    return { starterId: starter.id, otherId: input.with === actor.id ? null : input.with };
  }
  if (starter.ownerId !== actor.id) return { starterId: starter.id, otherId: starter.ownerId };
  const partners = await db
    .selectDistinct({
      id: sql<string>`CASE WHEN ${messages.senderId} = ${actor.id} THEN ${messages.receiverId} ELSE ${messages.senderId} END`,
    })
    .from(messages)
    .where(
      and(
        eq(messages.starterId, starter.id),
        or(eq(messages.senderId, actor.id), eq(messages.receiverId, actor.id)),
      ),
    )
    .limit(2);
  if (partners.length > 1) {
    throw badRequest('Several members wrote about this starter: choose one with ?with=');
  }
  return { starterId: starter.id, otherId: partners[0]?.id ?? null };
}

/**
 * One conversation in time order. Reading changes nothing (marking read is its own POST). Only
 * the caller's own messages can come back: the query is bound to the caller on one side.
 */
export async function readThread(
  deps: Pick<AppDeps, 'db'>,
  actor: SessionUser,
  reader: Reader,
  input: ThreadInput,
): Promise<Message[]> {
  const { starterId, otherId } = await threadPartner(deps.db, actor, input);
  if (!otherId) return [];
  const rows = await deps.db
    .select()
    .from(messages)
    .where(between(starterId, actor.id, otherId))
    .orderBy(asc(messages.createdAt), asc(messages.id));
  const other = (await publicMembersById(deps.db, [otherId])).get(otherId);
  const otherName = displayName(other, '');
  // The sender's own held messages sit in their thread; the receiver never learns of them.
  const held = await heldInThread(deps.db, { starterId, senderId: actor.id, receiverId: otherId });
  const thread = [...rows.map(toMessage), ...held].sort(
    (a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id,
  );
  const photos = await photosOfMessages(
    deps.db,
    thread.map((m) => m.id),
  );
  // Lines the site wrote are worded here for the member asking, in their language (decisions
  // 050, 124); one that asked for an answer since given reads as done.
  const settled = settledHandovers(thread);
  return thread.map((m) => ({
    ...(m.senderId === actor.id && m.kind === 'text' && !m.status ? asSent(m) : m),
    content: systemLineFor(m, { ...reader, id: actor.id }, otherName, settled),
    ...(photos.has(m.id) ? { photos: photos.get(m.id) } : {}),
  }));
}

/**
 * Marks the other side's messages in one conversation read, up to `upTo` (the newest one the
 * reader was shown) when given; the reader's other tabs hear of it.
 */
export async function markThreadRead(
  deps: Pick<AppDeps, 'db' | 'live'>,
  actor: SessionUser,
  input: ThreadInput & { upTo?: number },
): Promise<void> {
  const { starterId, otherId } = await threadPartner(deps.db, actor, input);
  if (!otherId) return;
  const marked = await deps.db
    .update(messages)
    .set({ isRead: true })
    .where(
      and(
        eq(messages.starterId, starterId),
        eq(messages.senderId, otherId),
        eq(messages.receiverId, actor.id),
        eq(messages.isRead, false),
        input.upTo === undefined ? undefined : lte(messages.id, input.upTo),
      ),
    )
    .returning({ id: messages.id });
  if (marked.length > 0) {
    await deps.live.publish([actor.id], {
      type: 'read',
      starterId,
      readerId: actor.id,
      otherId,
    });
  }
}
