import { and, asc, eq, or } from 'drizzle-orm';
import type { ConversationSign } from '../../../../common/moderation/screening';
import { requireStarter } from '../../access/starter-access';
import * as clock from '../../clock/clock';
import type { AppDeps } from '../../deps';
import { messages, reservations, starters, users } from '../../db/schema';
import { HttpError } from '../../errors';
import type { SessionUser } from '../../plugins/sessions';
import { userSummary } from '../handovers/handover-views.service';
import { distanceKmTo } from '../starters/browse-plan';
import { DAY_MS } from '../../../../common/site/time';

/** Farther than this between the sender's place and the starter's is worth a word. */
export const FAR_AWAY_KM = 100;
/** Below this share of answered conversations a member "rarely replies". */
const RARELY_REPLIES_BELOW = 1 / 3;

/**
 * GET /api/messages/starter/:starterId/signs?with=: short facts about the member who opened a
 * conversation, for the one they wrote to. Only counts and places, worded plainly: a sign says
 * what is so, never what to think of the person. Nothing when the caller opened it themselves.
 */
export async function conversationSigns(
  deps: Pick<AppDeps, 'db'>,
  actor: SessionUser,
  input: { starterId: number; with: string },
): Promise<ConversationSign[]> {
  const { db } = deps;
  const starter = await requireStarter(db, actor, input.starterId, 'see');
  const otherId = input.with;
  if (otherId === actor.id) return [];
  const [first] = await db
    .select({ senderId: messages.senderId })
    .from(messages)
    .where(
      and(
        eq(messages.starterId, starter.id),
        eq(messages.kind, 'text'),
        or(
          and(eq(messages.senderId, otherId), eq(messages.receiverId, actor.id)),
          and(eq(messages.senderId, actor.id), eq(messages.receiverId, otherId)),
        ),
      ),
    )
    .orderBy(asc(messages.createdAt), asc(messages.id))
    .limit(1);
  if (!first || first.senderId !== otherId) return [];

  const [other] = await db
    .select({ createdAt: users.createdAt, latitude: users.latitude, longitude: users.longitude })
    .from(users)
    .where(eq(users.id, otherId));
  if (!other) return [];
  const signs: ConversationSign[] = [];

  if (clock.nowMs() - other.createdAt.getTime() < DAY_MS) {
    signs.push({ code: 'joined_today', text: 'Joined CultureShare today' });
  }
  if (other.latitude !== null && other.longitude !== null) {
    const km = await distanceKmTo(db, starter.id, { lat: other.latitude, lng: other.longitude });
    if (km !== null && km > FAR_AWAY_KM) {
      const wholeKm = Math.round(km);
      signs.push({
        code: 'far_away',
        text: `Lives about ${wholeKm} km from this starter`,
        km: wholeKm,
      });
    }
  }
  try {
    const summary = await userSummary(deps, { userId: otherId });
    if (summary.replyRate !== null && summary.replyRate < RARELY_REPLIES_BELOW) {
      signs.push({
        code: 'rarely_replies',
        text: 'Has answered fewer than a third of the conversations others started',
      });
    }
    if (summary.thumbsDown > 0) {
      signs.push({
        code: 'negative_feedback',
        text: `${summary.thumbsDown} thumbs-down from other members in the last 6 months`,
        count: summary.thumbsDown,
      });
    }
  } catch (error) {
    // A member who may not act has no summary: their other signs still stand.
    if (!(error instanceof HttpError) || error.statusCode !== 404) throw error;
  }
  if (await couldReserveButAllHeld(db, starter, actor.id)) {
    signs.push({
      code: 'already_reserved',
      text: 'Every portion of this starter is already reserved',
    });
  }
  return signs;
}

/**
 * Every portion is held for someone, told only to a reader who could otherwise be reserved one:
 * never the owner giving it, nor a member who already holds a portion of it.
 */
async function couldReserveButAllHeld(
  db: AppDeps['db'],
  starter: { id: number; ownerId: string },
  readerId: string,
): Promise<boolean> {
  if (starter.ownerId === readerId) return false;
  const [portions] = await db
    .select({
      portions: starters.portions,
      reserved: starters.portionsReserved,
      given: starters.portionsGiven,
    })
    .from(starters)
    .where(eq(starters.id, starter.id));
  if (!portions || portions.reserved === 0) return false;
  if (portions.reserved + portions.given < portions.portions) return false;
  const [held] = await db
    .select({ id: reservations.id })
    .from(reservations)
    .where(
      and(
        eq(reservations.starterId, starter.id),
        eq(reservations.memberId, readerId),
        eq(reservations.status, 'active'),
      ),
    )
    .limit(1);
  return !held;
}
