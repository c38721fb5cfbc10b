import { and, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import {
  NOTIFICATION_BODY_MAX,
  NOTIFICATION_TITLE_MAX,
  notificationPushKind,
  type Notification,
  type NotificationKind,
  type NotificationsPage,
} from '../../../../common/notifications';
import type { LiveEvent } from '../../../../common/messages';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../../common/i18n/languages';
import type { TFunction } from 'i18next';
import * as clock from '../../clock/clock';
import type { DbOrTx } from '../../db/client';
import { notifications, users } from '../../db/schema';
import { translator } from '../../i18n/translate';
import { mailLanguage } from '../mail/templates';
import type { SessionUser } from '../../plugins/sessions';
import { LIVE_CHANNEL } from '../messages/live-events';
import { pushToMember, pushToMembers } from '../push/push.service';

/**
 * A text of a notification, written in the receiver's language: `(t, language) =>
 * t('mail:notifications.…', …)`. `notify` and `notifyMany` find each receiver's language
 * (their saved one, else English, as for mail). A plain string is the same for everyone
 * (member-written text).
 */
export type NotificationText = string | ((t: TFunction, language: Language) => string);

export interface NotifyInput {
  userId: string;
  kind: NotificationKind;
  /** One line, e.g. "Ana reserved Kefir grains for you". Member-written text stays plain text. */
  title: NotificationText;
  body?: NotificationText;
  /** A path on this site, e.g. `/starter/12` or `/messages?starter=12&with=…`. */
  url: string;
  /**
   * The push's tag: a later push with the same tag replaces the notification on the device
   * (a conversation's, a check-in's). Defaults to this item alone.
   */
  tag?: string;
}

const clip = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;

const textIn = (text: NotificationText | undefined, language: Language) =>
  typeof text === 'function' ? text(translator(language), language) : (text ?? '');

/** The item's title and body in `language`, clipped to what the centre keeps. */
function wordsIn(input: Pick<NotifyInput, 'title' | 'body'>, language: Language) {
  return {
    title: clip(textIn(input.title, language), NOTIFICATION_TITLE_MAX),
    body: clip(textIn(input.body, language), NOTIFICATION_BODY_MAX),
  };
}

const fixedWords = (input: Pick<NotifyInput, 'title' | 'body'>) =>
  typeof input.title !== 'function' && typeof input.body !== 'function';

/** A member's language for what the site writes to them: their saved one, else English. */
async function memberLanguage(db: DbOrTx, userId: string): Promise<Language> {
  const [member] = await db
    .select({ language: users.language })
    .from(users)
    .where(eq(users.id, userId));
  return mailLanguage(member ?? {});
}

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
 * change does. The member's devices get it too when their push choice for the kind says so
 * (`notificationPushKind`, decided by `pushRecipient`), queued in the same transaction.
 * Whether the same news also goes by mail is the producer's mail call (`mailRecipient`, by
 * `notificationMailKind`); the centre always gets it.
 */
export async function notify(db: DbOrTx, input: NotifyInput): Promise<{ id: number }> {
  if (!input.url.startsWith('/') || input.url.startsWith('//')) {
    throw new Error('A notification links to a page of this site');
  }
  const language = fixedWords(input) ? DEFAULT_LANGUAGE : await memberLanguage(db, input.userId);
  const words = wordsIn(input, language);
  const [row] = await db
    .insert(notifications)
    .values({
      userId: input.userId,
      kind: input.kind,
      ...words,
      url: input.url,
      createdAt: clock.sqlNow(),
    })
    .returning({ id: notifications.id });
  await publish(db, input.userId, { type: 'notification', id: row!.id, kind: input.kind });
  const pushKind = notificationPushKind[input.kind];
  if (pushKind) {
    await pushToMember(db, input.userId, pushKind, {
      ...words,
      url: input.url,
      tag: input.tag ?? `notification:${row!.id}`,
    });
  }
  return row!;
}

/**
 * `notify` for many members at once, with the same item: one insert and one round of live
 * notices, whatever the number of members (a new listing may match hundreds of alerts). Each
 * member's item is in their language: the insert picks the words by the member's saved
 * language, so members of several languages still cost one statement (decision 099).
 */
export async function notifyMany(
  db: DbOrTx,
  userIds: readonly string[],
  input: Omit<NotifyInput, 'userId'>,
): Promise<void> {
  if (userIds.length === 0) return;
  if (!input.url.startsWith('/') || input.url.startsWith('//')) {
    throw new Error('A notification links to a page of this site');
  }
  const ids = sql`${'{' + userIds.map((id) => '"' + id.replace(/["\\]/g, '\\$&') + '"').join(',') + '}'}::text[]`;
  const english = wordsIn(input, DEFAULT_LANGUAGE);
  let title = sql`${english.title}`;
  let body = sql`${english.body}`;
  if (!fixedWords(input)) {
    // The saved language as `mailLanguage` reads it ('es-MX' is Spanish); else English.
    const saved = sql`lower(split_part(users.language, '-', 1))`;
    const others = LANGUAGES.filter((l) => l !== DEFAULT_LANGUAGE).map((l) => ({
      language: l,
      ...wordsIn(input, l),
    }));
    const pick = (field: 'title' | 'body') =>
      sql`CASE ${saved} ${sql.join(
        others.map((o) => sql`WHEN ${o.language} THEN ${o[field]} `),
      )}ELSE ${english[field]} END`;
    title = pick('title');
    body = pick('body');
  }
  // One live notice per LIVE_NOTICE_MEMBERS, not one each: a ring of a busy place tells
  // thousands, and every notice is queued by Postgres and read by every copy.
  await db.execute(sql`
    WITH made AS (
      INSERT INTO notifications (user_id, kind, title, body, url, created_at)
      SELECT u, ${input.kind}, ${title}, ${body}, ${input.url}, ${clock.sqlNow()}
      FROM unnest(${ids}) AS u LEFT JOIN users ON users.id = u
      RETURNING user_id),
    numbered AS (SELECT user_id, (row_number() OVER ()) / ${LIVE_NOTICE_MEMBERS}::int AS chunk FROM made),
    chunks AS (SELECT json_agg(user_id) AS members FROM numbered GROUP BY chunk)
    SELECT count(pg_notify(${LIVE_CHANNEL}, json_build_object(
      'to', members,
      'event', json_build_object('type', 'notification', 'kind', ${input.kind}::text))::text))
    FROM chunks`);
  const pushKind = notificationPushKind[input.kind];
  if (pushKind) {
    await pushToMembers(db, userIds, pushKind, (language) => ({
      ...wordsIn(input, language),
      url: input.url,
      tag: input.tag ?? `${input.kind}:${input.url}`,
    }));
  }
}

async function unreadCount(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

/** GET /api/notifications: the member's own, newest first, `before` an id for the next page. */
export async function listNotifications(
  db: DbOrTx,
  actor: SessionUser,
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
      title: n.title,
      body: n.body,
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
