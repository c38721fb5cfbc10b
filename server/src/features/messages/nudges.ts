import { and, desc, eq, or, sql } from 'drizzle-orm';
import {
  NUDGE_AFTER_HANDOVER,
  NUDGE_HELD,
  NUDGE_HOURS,
  NUDGE_NOT_YET,
  NUDGE_NOT_YOUR_TURN,
  NUDGE_TOO_SOON,
} from '../../../../common/conversations/messages';
import { openly } from '../../access/starter-access';
import { assertMayPost } from '../../access/members';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { runDueWork, type DueWorkDeps } from '../../jobs/due-work';
import { conversationNudges, messages } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { conflict, tooManyRequests } from '../../errors';
import type { SessionUser } from '../../plugins/sessions';
import { queueMailTo, siteUrl } from '../mail/outbox';
import { mailRecipient, starterMailFacts } from '../mail/recipients';
import * as clock from '../../clock/clock';
import { tell } from '../notifications/tell';
import { threadPartner } from './messages.service';
import { handoverFinished, heldForReview, waitedLongEnough } from './reply-owed';
import { HOUR_MS } from '../../../../common/site/time';

/**
 * Replies that come (decision 076): a member may nudge the other side of a conversation once a
 * day when they wrote last, and an owner who was on the site but left a first message
 * unanswered for a day gets one reminder.
 */

/** How long a first message waits before its owner is reminded. */
export const REMINDER_AFTER_HOURS = 24;
/** First messages older than this are not reminded about any more (the moment has passed). */
const REMINDER_WITHIN_DAYS = 7;

const threadUrl = (config: Config, starterId: number, other: string) =>
  `${siteUrl(config)}/messages?starter=${starterId}&with=${encodeURIComponent(other)}`;

/** Who wrote the conversation's last message (a member's, not a line the site wrote), and when. */
async function lastWritten(db: DbOrTx, starterId: number, a: string, b: string) {
  const [row] = await db
    .select({ senderId: messages.senderId, createdAt: messages.createdAt })
    .from(messages)
    .where(
      and(
        eq(messages.starterId, starterId),
        eq(messages.kind, 'text'),
        or(
          and(eq(messages.senderId, a), eq(messages.receiverId, b)),
          and(eq(messages.senderId, b), eq(messages.receiverId, a)),
        ),
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1);
  return row ?? null;
}

/**
 * Why `actor` may not nudge `otherId` now, or null (decision 141): the other side owes a reply
 * — the actor wrote last, nothing of theirs waits for review, the hand-over is not finished —
 * and the actor's message has waited NUDGE_HOURS by the server's clock.
 */
async function nudgeRefusal(db: DbOrTx, starterId: number, actorId: string, otherId: string) {
  const last = await lastWritten(db, starterId, actorId, otherId);
  if (!last || last.senderId !== actorId) return NUDGE_NOT_YOUR_TURN;
  const [row] = rowsOf<{
    held: boolean | string;
    finished: boolean | string;
    waited: boolean | string;
  }>(
    await db.execute(sql`SELECT
      ${heldForReview(sql`${starterId}::int`, sql`${actorId}`, sql`${otherId}`)} AS held,
      ${handoverFinished(sql`${starterId}::int`, sql`${actorId}`, sql`${otherId}`)} AS finished,
      ${waitedLongEnough(sql`${last.createdAt.toISOString()}::timestamptz`)} AS waited`),
  );
  const yes = (v: boolean | string | undefined) => v === true || v === 't';
  if (yes(row?.held)) return NUDGE_HELD;
  if (yes(row?.finished)) return NUDGE_AFTER_HANDOVER;
  if (!yes(row?.waited)) return NUDGE_NOT_YET;
  return null;
}

/**
 * POST /api/messages/starter/:starterId/nudge. Refused (409) unless the actor wrote last, and
 * 429 with Retry-After within a day of their last nudge in this conversation. The other side
 * hears of it live and, when they take message mail at once, by mail.
 */
export async function nudge(
  deps: Pick<AppDeps, 'db' | 'config' | 'live'>,
  actor: SessionUser,
  input: { starterId: number; with: string },
): Promise<{ id: number; createdAt: string }> {
  assertMayPost(actor);
  const { db, config } = deps;
  const { starterId, otherId } = await threadPartner(db, actor, input);
  if (!otherId) throw conflict(NUDGE_NOT_YOUR_TURN);
  const refusal = await nudgeRefusal(db, starterId, actor.id, otherId);
  if (refusal) throw conflict(refusal);
  const created = await db.transaction(async (tx) => {
    // One nudge at a time per conversation: a second press waits for the first and then sees it.
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtext(${`nudge:${starterId}:${actor.id}:${otherId}`}))`,
    );
    const [last] = await tx
      .select({ createdAt: conversationNudges.createdAt })
      .from(conversationNudges)
      .where(
        and(
          eq(conversationNudges.starterId, starterId),
          eq(conversationNudges.senderId, actor.id),
          eq(conversationNudges.receiverId, otherId),
          eq(conversationNudges.kind, 'nudge'),
        ),
      )
      .orderBy(desc(conversationNudges.createdAt))
      .limit(1);
    const now = clock.now();
    if (last) {
      const wait = last.createdAt.getTime() + NUDGE_HOURS * HOUR_MS - now.getTime();
      if (wait > 0) throw tooManyRequests(NUDGE_TOO_SOON, wait / 1000);
    }
    const [row] = await tx
      .insert(conversationNudges)
      .values({ starterId, senderId: actor.id, receiverId: otherId, kind: 'nudge', createdAt: now })
      .returning({ id: conversationNudges.id, createdAt: conversationNudges.createdAt });
    await queueNudgeMail(tx, config, { starterId, senderId: actor.id, receiverId: otherId });
    return row!;
  });
  await deps.live.publish([otherId], {
    type: 'nudge',
    starterId,
    senderId: actor.id,
    receiverId: otherId,
  });
  return { id: created.id, createdAt: created.createdAt.toISOString() };
}

/** A nudge by mail goes only to members who take message mail at once (not in a digest). */
async function queueNudgeMail(
  tx: DbOrTx,
  config: Config,
  input: { starterId: number; senderId: string; receiverId: string },
) {
  const to = await mailRecipient(tx, config, input.receiverId, 'message');
  if (!to || to.choice !== 'immediately') return;
  await queueMailTo(
    tx,
    config,
    to.member,
    async (t, language) => {
      const { ownerName: name, title } = await starterMailFacts(
        tx,
        { ownerId: input.senderId, starterId: input.starterId },
        t('mail:messages.someone'),
        language,
      );
      return {
        subject: t('mail:nudge.subject', { name, title }),
        paragraphs: [t('mail:nudge.body', { name, title })],
        action: {
          label: t('mail:openConversation'),
          url: threadUrl(config, input.starterId, input.senderId),
        },
        footer: t('mail:messages.footer'),
      };
    },
    to,
  );
}

interface DueReminder {
  starter_id: number;
  asker_id: string;
  owner_id: string;
}

/**
 * The scheduler's job: an owner who has left a first message unanswered for a day, and was on
 * the site since it came (a session used after it), is reminded once — by mail when they take
 * reminders. The reminder row is written whatever their choice, so it never comes twice.
 */
export async function queueFirstMessageReminders({ db, config }: DueWorkDeps): Promise<number> {
  return runDueWork<DueReminder>(db, {
    // Not locked: each reminder is claimed by its own row below, which a conversation has once.
    claim: () => {
      const now = clock.sqlNow();
      // A session's last use is its idle expiry less the idle period (plugins/sessions.ts).
      return sql`
        WITH firsts AS (
          SELECT DISTINCT ON (m.starter_id, m.sender_id, m.receiver_id)
            m.starter_id, m.sender_id, m.receiver_id, m.created_at
          FROM messages m
          WHERE m.kind = 'text'
          ORDER BY m.starter_id, m.sender_id, m.receiver_id, m.created_at, m.id
        )
        SELECT f.starter_id, f.sender_id AS asker_id, f.receiver_id AS owner_id
        FROM firsts f
        JOIN starters ON starters.id = f.starter_id AND starters.user_id = f.receiver_id
        WHERE ${openly()}
          AND f.created_at <= ${now} - make_interval(hours => ${REMINDER_AFTER_HOURS}::int)
          AND f.created_at > ${now} - make_interval(days => ${REMINDER_WITHIN_DAYS}::int)
          AND NOT EXISTS (
            SELECT 1 FROM messages r
            WHERE r.starter_id = f.starter_id AND r.kind = 'text'
              AND r.sender_id = f.receiver_id AND r.receiver_id = f.sender_id
          )
          AND EXISTS (
            SELECT 1 FROM sessions s
            WHERE s.user_id = f.receiver_id
              AND s.expire - make_interval(days => ${config.session.idleDays}::int) > f.created_at
          )
          AND NOT EXISTS (
            SELECT 1 FROM conversation_nudges n
            WHERE n.kind = 'reminder' AND n.starter_id = f.starter_id
              AND n.sender_id = f.sender_id AND n.receiver_id = f.receiver_id
          )
        ORDER BY f.created_at
        LIMIT 50
      `;
    },
    deliver: async (tx, row) => {
      const [mark] = await tx
        .insert(conversationNudges)
        .values({
          starterId: Number(row.starter_id),
          senderId: row.asker_id,
          receiverId: row.owner_id,
          kind: 'reminder',
          createdAt: clock.now(),
        })
        .onConflictDoNothing()
        .returning({ id: conversationNudges.id });
      // Another copy of the server reminded first.
      if (!mark) return false;
      const told = await tell(tx, config, {
        kind: 'reply_reminder',
        to: row.owner_id,
        mail: async (t, language) => {
          const { ownerName: name, title } = await starterMailFacts(
            tx,
            { ownerId: row.asker_id, starterId: Number(row.starter_id) },
            t('mail:messages.someone'),
            language,
          );
          return {
            subject: t('mail:nudge.reminderSubject', { name, title }),
            paragraphs: [t('mail:nudge.reminder', { name, title })],
            action: {
              label: t('mail:messages.reply'),
              url: threadUrl(config, Number(row.starter_id), row.asker_id),
            },
            footer: t('mail:footers.reminders'),
          };
        },
      });
      return told.mailed;
    },
  });
}
