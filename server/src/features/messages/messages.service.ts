import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Conversation, Message } from '../../../../common/messages';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { messages, starters } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import type { RateLimiter } from '../../plugins/rate-limit';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface Actor {
  id: string;
}

export interface SendMessageDeps {
  db: Db;
  limiter: RateLimiter;
  messagesPerDay: number;
}

type MessageRow = typeof messages.$inferSelect;

function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    starterId: row.starterId,
    senderId: row.senderId,
    receiverId: row.receiverId,
    content: row.content,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
  };
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

async function findStarter(db: DbOrTx, starterId: number) {
  const [starter] = await db
    .select({
      id: starters.id,
      userId: starters.userId,
      isActive: starters.isActive,
      isClaimed: starters.isClaimed,
      removedAt: starters.removedAt,
    })
    .from(starters)
    .where(eq(starters.id, starterId))
    .limit(1);
  return starter;
}

/**
 * Sends a message in the conversation (starter, receiver). A non-owner writes to the owner; the
 * owner answers members who already wrote about the starter. A claimed or removed starter takes
 * no new conversation, but threads that exist go on so a pickup can still be arranged.
 */
export async function sendMessage(
  actor: Actor,
  input: { starterId: number; receiverId: string; content: string },
  deps: SendMessageDeps,
): Promise<Message> {
  const { db } = deps;
  if (input.receiverId === actor.id) throw badRequest("You can't send a message to yourself");

  const starter = await findStarter(db, input.starterId);
  if (!starter) throw notFound('Starter not found');
  const isOwner = starter.userId === actor.id;

  if (isOwner) {
    // The owner cannot open threads with strangers: only reply to people who asked.
    const asked = await threadExists(db, starter.id, actor.id, input.receiverId);
    if (!asked) {
      throw forbidden('You can only reply to members who have messaged you about this starter');
    }
  } else {
    if (input.receiverId !== starter.userId) {
      throw forbidden("You can only message this starter's owner");
    }
    const available = starter.isActive && !starter.removedAt && !starter.isClaimed;
    if (!available && !(await threadExists(db, starter.id, actor.id, starter.userId))) {
      // Removed starters are hidden from members; don't reveal one exists.
      if (starter.removedAt || !starter.isActive) throw notFound('Starter not found');
      throw conflict('This starter has already been claimed');
    }
  }

  await deps.limiter.consume(
    `messages:${actor.id}`,
    deps.messagesPerDay,
    DAY_MS,
    "You've sent a lot of messages today. Please try again later.",
  );

  const [row] = await db
    .insert(messages)
    .values({
      starterId: starter.id,
      senderId: actor.id,
      receiverId: input.receiverId,
      content: input.content,
    })
    .returning();
  return toMessage(row!);
}

interface ConversationRow {
  starter_id: number;
  starter_title: string;
  other_id: string;
  other_username: string | null;
  other_first_name: string | null;
  other_last_name: string | null;
  other_profile_image_url: string | null;
  last_content: string;
  last_created_at: string | Date;
  unread_count: number | string;
}

/** Every conversation of the member, one per (starter, other member), newest activity first. */
export async function listConversations(actor: Actor, db: Db): Promise<Conversation[]> {
  const result = await db.execute(sql`
    WITH mine AS (
      SELECT m.id, m.starter_id, m.content, m.created_at, m.is_read, m.receiver_id,
        CASE WHEN m.sender_id = ${actor.id} THEN m.receiver_id ELSE m.sender_id END AS other_id
      FROM messages m
      WHERE m.sender_id = ${actor.id} OR m.receiver_id = ${actor.id}
    ),
    latest AS (
      SELECT DISTINCT ON (starter_id, other_id) starter_id, other_id, content, created_at
      FROM mine
      ORDER BY starter_id, other_id, created_at DESC, id DESC
    ),
    unread AS (
      SELECT starter_id, other_id, count(*) AS n
      FROM mine
      WHERE receiver_id = ${actor.id} AND NOT is_read
      GROUP BY starter_id, other_id
    )
    SELECT l.starter_id, s.title AS starter_title, l.other_id,
      u.username AS other_username, u.first_name AS other_first_name,
      u.last_name AS other_last_name, u.profile_image_url AS other_profile_image_url,
      l.content AS last_content, l.created_at AS last_created_at,
      coalesce(un.n, 0) AS unread_count
    FROM latest l
    JOIN starters s ON s.id = l.starter_id
    JOIN users u ON u.id = l.other_id
    LEFT JOIN unread un ON un.starter_id = l.starter_id AND un.other_id = l.other_id
    ORDER BY l.created_at DESC, l.starter_id DESC
  `);
  return rowsOf<ConversationRow>(result).map((r) => ({
    starterId: Number(r.starter_id),
    starterTitle: r.starter_title,
    otherUser: {
      id: r.other_id,
      username: r.other_username,
      firstName: r.other_first_name,
      lastName: r.other_last_name,
      profileImageUrl: r.other_profile_image_url,
    },
    lastMessage: { content: r.last_content, createdAt: new Date(r.last_created_at).toISOString() },
    unreadCount: Number(r.unread_count),
  }));
}

/** The member's unread total across every conversation (the header badge). */
export async function countUnread(actor: Actor, db: Db): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(messages)
    .where(and(eq(messages.receiverId, actor.id), eq(messages.isRead, false)));
  return Number(row?.count ?? 0);
}

export interface ThreadResult {
  messages: Message[];
  /** The other member of the thread, when there is one. */
  otherId: string | null;
  /** How many of the other side's messages this read marked read. */
  markedRead: number;
}

/**
 * One conversation in time order; reading it marks the other side's messages read. Only the
 * caller's own messages can come back: the query is bound to the caller on one side.
 */
export async function readThread(
  actor: Actor,
  input: { starterId: number; with?: string },
  db: Db,
): Promise<ThreadResult> {
  const starter = await findStarter(db, input.starterId);
  if (!starter) throw notFound('Starter not found');

  let otherId = input.with;
  if (!otherId) {
    if (starter.userId !== actor.id) {
      otherId = starter.userId;
    } else {
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
      if (partners.length === 0) return { messages: [], otherId: null, markedRead: 0 };
      if (partners.length > 1) {
        throw badRequest('Several members wrote about this starter: choose one with ?with=');
      }
      otherId = partners[0]!.id;
    }
  }
  if (otherId === actor.id) return { messages: [], otherId: null, markedRead: 0 };
  const other = otherId;

  return db.transaction(async (tx) => {
    const marked = await tx
      .update(messages)
      .set({ isRead: true })
      .where(
        and(
          eq(messages.starterId, starter.id),
          eq(messages.senderId, other),
          eq(messages.receiverId, actor.id),
          eq(messages.isRead, false),
        ),
      )
      .returning({ id: messages.id });
    const rows = await tx
      .select()
      .from(messages)
      .where(between(starter.id, actor.id, other))
      .orderBy(asc(messages.createdAt), asc(messages.id));
    return { messages: rows.map(toMessage), otherId: other, markedRead: marked.length };
  });
}
