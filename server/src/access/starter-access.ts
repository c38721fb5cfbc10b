import { and, eq, gt, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { handovers, messages, starters, users } from '../db/schema';
import { conflict, forbidden, HttpError, notFound } from '../errors';
import { isExpired } from '../../../common/listings/starter-status';
import {
  isModerator,
  mayAct,
  membersScrubbed,
  membersWhoMayNotAct,
  type MemberStanding,
} from './members';
import * as clock from '../clock/clock';
import { assertStarterInScope, stewardsStarter, type ModerationScope } from './stewards';

/**
 * Who may see, message, report and change a starter — decided here and nowhere else
 * (docs/decisions/009-one-starter-access-policy.md).
 *
 * - Open: listed (`isActive`), not removed by a moderator, not deleted by its owner, and its
 *   owner may act. A banned, suspended or deactivated owner cannot answer, so their starters
 *   leave the public site while that lasts.
 * - Public: open, fresh — claimed, or not past `availableUntil` — and not held for review (as
 *   many members as REPORTS_TO_HIDE reported it; a moderator's review lets it back, decision 078).
 *   Like an expired one, a held listing keeps the threads already under way. An expired listing leaves
 *   browse, search and its public page, but members already talking about it keep their
 *   thread (and its page) so a pickup under way can still be arranged (decision 020).
 * - The owner also sees their own starters that are removed or hidden, but not deleted ones.
 * - Moderators see every starter, deleted ones included (reports and the audit log name them).
 * - A steward sees a listing in their area that waits for a decision they may take: held by
 *   screening or by its reports, not removed or deleted (decision 174).
 * - Anyone else gets 404 for a starter they may not see, exactly as for one that never
 *   existed; 403 and 409 are only for starters the asker can already see.
 */

/** Who is asking: a signed-in member, or null for a visitor. */
export type Viewer = { id: string; isModerator: boolean } | null;

/** The facts about a starter and its owner that every decision needs (`loadStarterFacts`). */
export interface StarterFacts {
  id: number;
  ownerId: string;
  isActive: boolean;
  isClaimed: boolean;
  removedAt: Date | null;
  /** When the owner deleted it; a deleted starter is kept only for moderation. */
  deletedAt: Date | null;
  /** Screening held the new listing for a moderator (decision 073); unset once released. */
  heldAt?: Date | null;
  /** Leaves the public site after this unless claimed or renewed. */
  availableUntil: Date;
  /** When enough reports took it off the public site until a moderator reviews it. */
  heldForReviewAt: Date | null;
  owner: MemberStanding;
}

export type StarterAction =
  /** Read it: its page, photo, link preview, and the messages about it. */
  | 'see'
  /** Send a message about it (new conversation or an existing thread). */
  | 'message'
  /** Report it to the moderators. */
  | 'report'
  /** Change it as its owner (mark claimed, delete). */
  | 'change'
  /** Act on it as a moderator (remove it). */
  | 'moderate';

export interface StarterAccessContext {
  /**
   * The asker already has a conversation about this starter: they may go on messaging about a
   * claimed one, and still see an expired one (`loadAccessContext` finds it out).
   */
  hasThread?: boolean;
  /** The asker stewards an area the starter lies in (`loadAccessContext` finds it out). */
  stewardsHere?: boolean;
}

// ---------------------------------------------------------------- per row

/**
 * Listed by its owner, not removed by a moderator, not deleted, not held by screening:
 * whoever the owner is now.
 */
export function isListed(
  starter: Pick<StarterFacts, 'isActive' | 'removedAt' | 'deletedAt' | 'heldAt'>,
) {
  return starter.isActive && !starter.removedAt && !starter.deletedAt && !starter.heldAt;
}

/** Screening held it: only its owner and the moderators see it until one releases it. */
export function isHeld(starter: Pick<StarterFacts, 'heldAt'>): boolean {
  return !!starter.heldAt;
}

/** A moderator removed it; it stays removed unless a moderator restores it on appeal. */
export function wasRemoved(starter: Pick<StarterFacts, 'removedAt'>): boolean {
  return !!starter.removedAt;
}

/** Its owner deleted it: nothing brings it back. */
export function wasDeleted(starter: Pick<StarterFacts, 'deletedAt'>): boolean {
  return !!starter.deletedAt;
}

/** Listed, and its owner may act: conversations about it go on. */
export function isOpen(starter: StarterFacts, now = clock.now()): boolean {
  return isListed(starter) && mayAct(starter.owner, now);
}

/** Past its "available until" and not claimed (common/listings/starter-status.ts defines it). */
export { isExpired };

/** Reports from enough members hold it off the public site until a moderator reviews it. */
export function isHeldForReview(starter: Pick<StarterFacts, 'heldForReviewAt'>): boolean {
  return !!starter.heldForReviewAt;
}

/** Anyone, signed in or not, may see it. */
export function isPublic(starter: StarterFacts, now = clock.now()): boolean {
  return isOpen(starter, now) && !isExpired(starter, now) && !isHeldForReview(starter);
}

export function canSeeStarter(
  viewer: Viewer,
  starter: StarterFacts,
  now = clock.now(),
  context: StarterAccessContext = {},
): boolean {
  if (isModerator(viewer)) return true;
  if (starter.deletedAt) return false;
  if (viewer && viewer.id === starter.ownerId) return true;
  if (isPublic(starter, now)) return true;
  if (viewer && context.stewardsHere && waitsForSteward(starter)) return true;
  return !!viewer && !!context.hasThread && isOpen(starter, now);
}

/**
 * Held by screening or by its reports, and neither removed nor deleted: a steward of its area
 * may decide it, so sees it.
 */
function waitsForSteward(starter: StarterFacts): boolean {
  return (isHeld(starter) || isHeldForReview(starter)) && !starter.removedAt && !starter.deletedAt;
}

/**
 * Decides whether `viewer` may do `action` to `starter` (undefined: no such starter). Returns
 * the starter when they may; throws otherwise — 404 whenever they may not see it.
 */
export function authorizeStarter(
  viewer: Viewer,
  starter: StarterFacts | undefined,
  action: StarterAction,
  context: StarterAccessContext = {},
  now = clock.now(),
): StarterFacts {
  if (!starter || !canSeeStarter(viewer, starter, now, context)) {
    throw notFound('Starter not found');
  }
  const isOwner = !!viewer && viewer.id === starter.ownerId;
  switch (action) {
    case 'see':
      return starter;
    case 'change':
      // A moderator still sees a starter its owner deleted; nobody changes it any more.
      if (starter.deletedAt) throw notFound('Starter not found');
      if (!isOwner) throw forbidden('Only the owner can change this starter');
      return starter;
    case 'moderate':
      if (!isModerator(viewer)) throw forbidden("You don't have moderator permissions");
      return starter;
    case 'report':
      if (!viewer) throw notFound('Starter not found');
      if (isOwner) throw forbidden("You can't report your own starter");
      // Reports are about what the public sees; a moderator can already act on the rest.
      if (!isPublic(starter, now)) throw conflict('This starter is no longer listed');
      return starter;
    case 'message':
      if (!viewer) throw notFound('Starter not found');
      // Nobody else can read a removed starter's conversations: none go on.
      if (starter.removedAt || starter.deletedAt || !starter.isActive) {
        throw conflict('This starter is no longer listed');
      }
      if (isOwner) return starter;
      if (!isOpen(starter, now)) throw conflict('This starter is no longer listed');
      // A claimed or expired starter takes no new conversation; one under way goes on to
      // arrange pickup.
      if (starter.isClaimed && !context.hasThread) {
        throw conflict('This starter has already been claimed');
      }
      if (isExpired(starter, now) && !context.hasThread) {
        throw conflict('This starter is no longer available');
      }
      return starter;
  }
}

/** `authorizeStarter` as a yes or no, for showing a button rather than refusing a request. */
export function mayDoToStarter(
  viewer: Viewer,
  starter: StarterFacts,
  action: StarterAction,
  context: StarterAccessContext = {},
  now = clock.now(),
): boolean {
  try {
    authorizeStarter(viewer, starter, action, context, now);
    return true;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------- as SQL

/**
 * `isPublic` as a condition on `starters`. It needs no join, so a listing is filtered, ordered
 * and counted on `starters` alone: the owners who may not act come from one uncorrelated
 * subquery that Postgres runs once as a hashed set.
 */
export function publiclyVisible(): SQL {
  return and(openly(), fresh(), notHeldForReview())!;
}

/** Not `isHeldForReview`. */
export function notHeldForReview(): SQL {
  return isNull(starters.heldForReviewAt);
}

/**
 * A node of a family tree: public, or a listing of a member who left and was scrubbed — its
 * row is by then the anonymous "A kitchen in <place>" (decision 070), so the line stays whole.
 */
export function shownInLineage(): SQL {
  return or(publiclyVisible(), sql`${starters.userId} IN (${membersScrubbed()})`)!;
}

/**
 * `isListed` as a condition on `starters`. Like every condition here it names the table
 * `starters` itself: raw SQL that has aliased it uses `EXISTS (SELECT 1 FROM starters WHERE
 * starters.id = s.id AND …)` or selects from `starters` unaliased.
 */
export function listed(): SQL {
  return and(
    eq(starters.isActive, true),
    isNull(starters.removedAt),
    isNull(starters.deletedAt),
    isNull(starters.heldAt),
  )!;
}

/** `isHeld` as a condition on `starters`: new listings screening holds for a moderator. */
export function heldByScreening(): SQL {
  return and(isNotNull(starters.heldAt), notDeleted())!;
}

/**
 * Held by screening and waiting for a moderator: no Release or Reject recorded yet (one within
 * its minute to undo has left the queue, though the listing stays held until it takes effect).
 */
export function heldAwaitingDecision(): SQL {
  return and(heldByScreening(), isNull(starters.heldDecidedAt))!;
}

/** Not deleted by its owner: what the owner still has of their own starters. */
export function notDeleted(): SQL {
  return isNull(starters.deletedAt);
}

/** `mayAct(owner)` as a condition on `starters`. */
export function ownerMayAct(): SQL {
  return sql`${starters.userId} NOT IN (${membersWhoMayNotAct()})`;
}

/** `isOpen` as a condition on `starters`. */
export function openly(): SQL {
  return and(listed(), ownerMayAct())!;
}

/**
 * Not `isExpired`: a plain comparison on the row, so browse still walks its
 * (is_active, created_at) index and filters as it goes.
 */
export function fresh(): SQL {
  return or(eq(starters.isClaimed, true), gt(starters.availableUntil, clock.sqlNow()))!;
}

/** `canSeeStarter` as a condition on `starters`, for lists that depend on who asks. */
export function visibleTo(viewer: Viewer): SQL {
  if (isModerator(viewer)) return sql`true`;
  if (!viewer) return publiclyVisible();
  return or(publiclyVisible(), and(eq(starters.userId, viewer.id), notDeleted()))!;
}

/**
 * `canSeeStarter` for rows that are the viewer's own conversations (so `hasThread` holds):
 * their conversation list and unread count keep threads on expired starters.
 */
export function visibleInThreadsOf(viewer: NonNullable<Viewer>): SQL {
  if (isModerator(viewer)) return sql`true`;
  return or(openly(), and(eq(starters.userId, viewer.id), notDeleted()))!;
}

/**
 * Hand-overs `viewer` received, while they still see the listing's conversations (join
 * `starters`): their check-ins and the cultures they keep.
 */
export function receivedAndSeenBy(viewer: NonNullable<Viewer>): SQL {
  return and(
    eq(handovers.recipientId, viewer.id),
    eq(handovers.status, 'received'),
    visibleInThreadsOf(viewer),
  )!;
}

/** Whether `memberId` received the starter here: a hand-over to them they confirmed. */
export async function receivedHere(
  db: DbOrTx,
  memberId: string,
  starterId: number,
): Promise<boolean> {
  const [received] = await db
    .select({ id: handovers.id })
    .from(handovers)
    .where(
      and(
        eq(handovers.starterId, starterId),
        eq(handovers.recipientId, memberId),
        eq(handovers.status, 'received'),
      ),
    )
    .limit(1);
  return !!received;
}

// ---------------------------------------------------------------- loading the facts

/** The columns `StarterFacts` is made of; join `starters` and its owner (`users`) to use them. */
export const starterFactsColumns = {
  id: starters.id,
  ownerId: starters.userId,
  isActive: starters.isActive,
  isClaimed: starters.isClaimed,
  removedAt: starters.removedAt,
  deletedAt: starters.deletedAt,
  heldAt: starters.heldAt,
  availableUntil: starters.availableUntil,
  heldForReviewAt: starters.heldForReviewAt,
  ownerIsActive: users.isActive,
  ownerBannedAt: users.bannedAt,
  ownerSuspendedUntil: users.suspendedUntil,
  ownerDeletedAt: users.deletedAt,
};

/** A row of `starterFactsColumns`: the starter's facts, its owner's standing flattened. */
type StarterFactsRow = Required<Omit<StarterFacts, 'owner'>> & {
  ownerIsActive: boolean;
  ownerBannedAt: Date | null;
  ownerSuspendedUntil: Date | null;
  ownerDeletedAt: Date | null;
};

export function toStarterFacts(row: StarterFactsRow): StarterFacts {
  return {
    id: row.id,
    ownerId: row.ownerId,
    isActive: row.isActive,
    isClaimed: row.isClaimed,
    removedAt: row.removedAt,
    deletedAt: row.deletedAt,
    heldAt: row.heldAt,
    availableUntil: row.availableUntil,
    heldForReviewAt: row.heldForReviewAt,
    owner: {
      isActive: row.ownerIsActive,
      bannedAt: row.ownerBannedAt,
      suspendedUntil: row.ownerSuspendedUntil,
      deletedAt: row.ownerDeletedAt,
    },
  };
}

/**
 * The facts about one starter and its owner, or undefined when there is no such starter.
 * `lock` holds the starter row until the transaction ends, for a decision followed by a change.
 */
export async function loadStarterFacts(
  db: DbOrTx,
  starterId: number,
  { lock = false }: { lock?: boolean } = {},
): Promise<StarterFacts | undefined> {
  const query = db
    .select(starterFactsColumns)
    .from(starters)
    .innerJoin(users, eq(users.id, starters.userId))
    .where(eq(starters.id, starterId))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: starters }) : await query;
  return row ? toStarterFacts(row) : undefined;
}

/**
 * What `authorizeStarter` needs beyond the facts: whether `viewer` already has a conversation
 * about the starter, or stewards its area while it waits for a decision. Only looked up when
 * it can change the answer (held, claimed or expired, and not theirs), so most calls cost
 * nothing.
 */
export async function loadAccessContext(
  db: DbOrTx,
  viewer: Viewer,
  starter: StarterFacts | undefined,
  now = clock.now(),
): Promise<StarterAccessContext> {
  if (!viewer || !starter || isModerator(viewer) || viewer.id === starter.ownerId) return {};
  const steward =
    waitsForSteward(starter) && (await stewardsStarter(db, viewer.id, starter.id))
      ? { stewardsHere: true }
      : {};
  if (!isOpen(starter, now)) return steward;
  if (!starter.isClaimed && !isExpired(starter, now) && !isHeldForReview(starter)) return steward;
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.starterId, starter.id),
        or(
          and(eq(messages.senderId, viewer.id), eq(messages.receiverId, starter.ownerId)),
          and(eq(messages.senderId, starter.ownerId), eq(messages.receiverId, viewer.id)),
        ),
      ),
    )
    .limit(1);
  return { ...steward, hasThread: !!row };
}

/** What `requireStarter` answers: the starter's facts, and whether the asker has a thread. */
export type AuthorizedStarter = StarterFacts & { hasThread: boolean };

/**
 * The one step every service takes before acting on facts it loaded itself (with a join that
 * also reads the row it shows): looks up what the decision needs beyond them and decides.
 * Throws as `authorizeStarter` does; `notFoundMessage` names what the route serves (a photo).
 */
export async function authorizeLoaded(
  db: DbOrTx,
  viewer: Viewer,
  facts: StarterFacts | undefined,
  action: StarterAction,
  { notFoundMessage }: { notFoundMessage?: string } = {},
): Promise<AuthorizedStarter> {
  const context = await loadAccessContext(db, viewer, facts);
  try {
    return { ...authorizeStarter(viewer, facts, action, context), hasThread: !!context.hasThread };
  } catch (err) {
    if (notFoundMessage && err instanceof HttpError && err.statusCode === 404) {
      throw notFound(notFoundMessage);
    }
    throw err;
  }
}

/**
 * Loads starter `starterId` and decides whether `viewer` may do `action` to it: the call every
 * service makes before touching a starter. Answers its facts; throws 404 for a starter the
 * asker may not see (or none), 403/409 as the policy says. `lock` holds the row until the
 * transaction ends, for a decision followed by a change. With a moderation `scope`, a steward
 * acts as a moderator on a listing in their area, and finds none outside it (decision 166).
 */
export async function requireStarter(
  db: DbOrTx,
  viewer: Viewer,
  starterId: number,
  action: StarterAction,
  { lock = false, scope }: { lock?: boolean; scope?: ModerationScope } = {},
): Promise<AuthorizedStarter> {
  let asker = viewer;
  if (scope && viewer) {
    await assertStarterInScope(db, scope, starterId, 'Starter not found');
    asker = { id: viewer.id, isModerator: true };
  }
  return authorizeLoaded(db, asker, await loadStarterFacts(db, starterId, { lock }), action);
}
