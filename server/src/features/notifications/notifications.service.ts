import { and, asc, count, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { newsKind } from '../../../../common/notifications/notification-kinds';
import {
  NOTIFICATION_BODY_MAX,
  NOTIFICATION_TITLE_MAX,
  type Notification,
  type NotificationKind,
  type NotificationsPage,
} from '../../../../common/notifications/notifications';
import type { LiveEvent } from '../../../../common/conversations/messages';
import { z } from 'zod';
import * as clock from '../../clock/clock';
import type { DbOrTx } from '../../db/client';
import { notifications } from '../../db/schema';
import {
  maybeWordFor,
  wordFor,
  wordingSchema,
  type Reader,
  type Wording,
} from '../../i18n/wording';
import type { SessionUser } from '../../plugins/sessions';
import { LIVE_CHANNEL } from '../messages/live-events';
import { pushToMember, pushToMembers } from '../push/push.service';

/** The member's items of one kind about one thing (their link): what merges and what settles. */
const sameItem = (item: { userId: string; kind: NotificationKind; url: string }) =>
  and(
    eq(notifications.userId, item.userId),
    eq(notifications.kind, item.kind),
    eq(notifications.url, item.url),
  );

export interface NotifyInput {
  userId: string;
  kind: NotificationKind;
  /**
   * One line, e.g. "Ana reserved Kefir grains for you": a catalogue key and its values, worded
   * whenever the item is read, in the reader's language (decision 124).
   */
  title: Wording;
  body?: Wording | null;
  /** A path on this site, e.g. `/starter/12` or `/messages?starter=12&with=…`. */
  url: string;
  /**
   * The push's tag: a later push with the same tag replaces the notification on the device
   * (a conversation's, a check-in's). Defaults to this item alone.
   */
  tag?: string;
}

/** What an item stores of its words: keys and values, never a language's text. */
const storedWordsSchema = z.object({ title: wordingSchema, body: wordingSchema.nullable() });
type StoredWords = z.infer<typeof storedWordsSchema>;

const clip = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;

/** The item's title and body for `reader`, clipped to what the centre shows. */
export function notificationWordsFor(words: StoredWords, reader: Reader) {
  return {
    title: clip(wordFor(words.title, reader), NOTIFICATION_TITLE_MAX),
    body: clip(maybeWordFor(words.body, reader), NOTIFICATION_BODY_MAX),
  };
}

const storedWords = (input: Pick<NotifyInput, 'title' | 'body'>): StoredWords => ({
  title: input.title,
  body: input.body ?? null,
});

/** Members named in one live notice of `notifyMany`: 50 ids of up to 150 characters fit its 8,000 bytes. */
const LIVE_NOTICE_MEMBERS = 50;

/**
 * Tells the live stream of `userId`, on every server copy, through Postgres NOTIFY. Run inside
 * the caller's transaction, Postgres holds the notice until commit: a rolled-back change never
 * rings the bell, and a committed one always does.
 */
async function publish(db: DbOrTx, userId: string, event: LiveEvent): Promise<void> {
  await db.execute(
    sql`SELECT pg_notify(${LIVE_CHANNEL}, ${JSON.stringify({ to: [userId], event })})`,
  );
}

/**
 * Puts one item in a member's notification centre and rings their bell live. Pass the
 * transaction of the change that causes it, as with mail: the item exists exactly when the
 * change does. As the kind declares (`NEWS_KINDS`, decision 153): items of the kind and link
 * within its merge window are replaced by this one, and the member's devices get it too when
 * their push choice for the kind says so (decided by `pushRecipient`), queued in the same
 * transaction. Producers call `tell`, which also queues the kind's mail.
 */
export async function notify(db: DbOrTx, input: NotifyInput): Promise<{ id: number }> {
  if (!input.url.startsWith('/') || input.url.startsWith('//')) {
    throw new Error('A notification links to a page of this site');
  }
  const words = storedWords(input);
  const { bell, push: pushKind } = newsKind(input.kind);
  const mergeWithinMs = bell?.mergeWithinMs;
  if (mergeWithinMs) {
    await db
      .delete(notifications)
      .where(
        and(sameItem(input), gt(notifications.createdAt, new Date(clock.nowMs() - mergeWithinMs))),
      );
  }
  const [row] = await db
    .insert(notifications)
    .values({
      userId: input.userId,
      kind: input.kind,
      words,
      url: input.url,
      createdAt: clock.sqlNow(),
    })
    .returning({ id: notifications.id });
  await publish(db, input.userId, { type: 'notification', id: row!.id, kind: input.kind });
  if (pushKind) {
    await pushToMember(db, input.userId, pushKind, (_, reader) => ({
      ...notificationWordsFor(words, reader),
      url: input.url,
      tag: input.tag ?? `notification:${row!.id}`,
    }));
  }
  return row!;
}

/**
 * `notify` for many members at once, with the same item: one insert and one round of live
 * notices, whatever the number of members (a new listing may match hundreds of alerts). The
 * item stores keys, not words, so members of every language share one statement (decision
 * 124); each reads it in their own.
 */
export async function notifyMany(
  db: DbOrTx,
  userIds: readonly string[],
  input: Omit<NotifyInput, 'userId'>,
  /** Whose devices are pushed too, by their choices (all of `userIds` unless said). */
  { pushTo = userIds }: { pushTo?: readonly string[] } = {},
): Promise<void> {
  if (userIds.length === 0) return;
  if (!input.url.startsWith('/') || input.url.startsWith('//')) {
    throw new Error('A notification links to a page of this site');
  }
  const ids = sql`${'{' + userIds.map((id) => '"' + id.replace(/["\\]/g, '\\$&') + '"').join(',') + '}'}::text[]`;
  const words = storedWords(input);
  // One live notice per LIVE_NOTICE_MEMBERS, not one each: a ring of a busy place tells
  // thousands, and every notice is queued by Postgres and read by every copy.
  await db.execute(sql`
    WITH made AS (
      INSERT INTO notifications (user_id, kind, words, url, created_at)
      SELECT u, ${input.kind}, ${JSON.stringify(words)}::jsonb, ${input.url}, ${clock.sqlNow()}
      FROM unnest(${ids}) AS u
      RETURNING user_id),
    numbered AS (SELECT user_id, (row_number() OVER ()) / ${LIVE_NOTICE_MEMBERS}::int AS chunk FROM made),
    chunks AS (SELECT json_agg(user_id) AS members FROM numbered GROUP BY chunk)
    SELECT count(pg_notify(${LIVE_CHANNEL}, json_build_object(
      'to', members,
      'event', json_build_object('type', 'notification', 'kind', ${input.kind}::text))::text))
    FROM chunks`);
  const pushKind = newsKind(input.kind).push;
  if (pushKind) {
    await pushToMembers(db, pushTo, pushKind, (_, reader) => ({
      ...notificationWordsFor(words, reader),
      url: input.url,
      tag: input.tag ?? `${input.kind}:${input.url}`,
    }));
  }
}

/**
 * An item that asked the member for something they have now answered stops asking: the oldest
 * of the member's items of `kind` and link whose title is still `asked` (a catalogue key) takes
 * the title `answered`, with the same values, loses its body and counts as read. One answer
 * settles one item, so an item for a question still open keeps asking. The member's tabs hear
 * of it and read the bell again. Pass the transaction of the answer; false when no item asked.
 */
export async function settleAnsweredNotification(
  db: DbOrTx,
  input: { userId: string; kind: NotificationKind; url: string; asked: string; answered: string },
): Promise<boolean> {
  const [asking] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(sameItem(input), sql`${notifications.words} -> 'title' ->> 'key' = ${input.asked}`))
    .orderBy(asc(notifications.id))
    .limit(1)
    .for('update', { skipLocked: true });
  if (!asking) return false;
  await db
    .update(notifications)
    .set({
      words: sql`jsonb_set(jsonb_set(${notifications.words}, '{title,key}', to_jsonb(${input.answered}::text)), '{body}', 'null'::jsonb)`,
      readAt: sql`coalesce(${notifications.readAt}, ${clock.sqlNow()})`,
    })
    .where(eq(notifications.id, asking.id));
  await publish(db, input.userId, { type: 'notifications_read' });
  return true;
}

async function unreadCount(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

/**
 * An item's title and body for the reader. Items stored before decision 124 have no keys: they
 * keep the words they were written with, already in their receiver's language of that day.
 */
export function notificationWordsOf(
  row: Pick<typeof notifications.$inferSelect, 'words' | 'title' | 'body'>,
  reader: Reader,
) {
  const words = storedWordsSchema.safeParse(row.words);
  return words.success
    ? notificationWordsFor(words.data, reader)
    : { title: row.title, body: row.body };
}

/** GET /api/notifications: the member's own, newest first, `before` an id for the next page. */
export async function listNotifications(
  db: DbOrTx,
  actor: SessionUser,
  reader: Reader,
  query: { limit: number; before?: number },
): Promise<NotificationsPage> {
  const [rows, unread] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, actor.id),
          query.before === undefined ? undefined : lt(notifications.id, query.before),
        ),
      )
      .orderBy(desc(notifications.id))
      .limit(query.limit),
    unreadCount(db, actor.id),
  ]);
  return {
    notifications: rows.map((n): Notification => ({
      id: n.id,
      kind: n.kind as NotificationKind,
      ...notificationWordsOf(n, reader),
      url: n.url,
      createdAt: n.createdAt.toISOString(),
      readAt: n.readAt?.toISOString() ?? null,
    })),
    unread,
  };
}

/**
 * POST /api/notifications/read (`ids`) and /read-all (no ids): marks the member's own unread
 * items read. Ids of other members' items change nothing, as if they did not exist. The
 * member's other tabs hear of it and clear their count.
 */
export async function markNotificationsRead(
  db: DbOrTx,
  actor: SessionUser,
  ids?: number[],
): Promise<{ unread: number }> {
  const changed = await db
    .update(notifications)
    .set({ readAt: clock.sqlNow() })
    .where(
      and(
        eq(notifications.userId, actor.id),
        isNull(notifications.readAt),
        ids ? inArray(notifications.id, ids) : undefined,
      ),
    )
    .returning({ id: notifications.id });
  if (changed.length > 0) await publish(db, actor.id, { type: 'notifications_read' });
  return { unread: await unreadCount(db, actor.id) };
}
