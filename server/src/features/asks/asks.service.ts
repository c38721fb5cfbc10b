import { and, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import {
  ASK_CLOSED,
  ASK_HELP_LISTING,
  ASK_NOT_YOURS,
  ASK_OWN,
  ASK_UNKNOWN_PLACE,
  type Ask,
  type AskHelp,
  type AskList,
  type AskListQuery,
  type CreateAsk,
  type ListingAsks,
} from '../../../../common/listings/asks';
import { assertMayPost } from '../../access/members';
import { askOpen, askVisibleTo } from '../../access/ask-access';
import { publicMemberColumns, toPublicMember } from '../../access/public-members';
import { requireStarter } from '../../access/starter-access';
import type { DbOrTx } from '../../db/client';
import { wakeJob } from '../../jobs/wake';
import { askAnswers, asks, starters, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { forbidden, HttpError, notFound } from '../../errors';
import type { SessionUser } from '../../plugins/sessions';
import { assertMayMessage } from '../blocks/blocks.service';
import { sendMessage } from '../messages/messages.service';
import { findPlace } from '../places/places.service';
import * as clock from '../../clock/clock';
import { asksToldOf, createAskAlert } from '../alerts/alerts.service';
import { DAY_MS } from '../../../../common/site/time';
import { withDailyQuota } from '../../access/trust';

type AsksDeps = Pick<AppDeps, 'db' | 'config' | 'limiter'>;

export const ASK_NOT_FOUND = 'Ask not found';

const askColumns = {
  id: asks.id,
  userId: asks.userId,
  category: asks.category,
  subcategory: asks.subcategory,
  search: asks.search,
  location: asks.location,
  note: asks.note,
  createdAt: asks.createdAt,
  expiresAt: asks.expiresAt,
  closedAt: asks.closedAt,
  user: publicMemberColumns,
};
type AskRow = {
  id: number;
  userId: string;
  category: string;
  subcategory: string;
  search: string | null;
  location: string;
  note: string | null;
  createdAt: Date;
  expiresAt: Date;
  closedAt: Date | null;
  user: Parameters<typeof toPublicMember>[0];
};

function toAsk(row: AskRow): Ask {
  return {
    id: row.id,
    category: row.category,
    subcategory: row.subcategory,
    search: row.search,
    location: row.location,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    user: toPublicMember(row.user),
  };
}

const refused = (field: string, message: string) =>
  new HttpError(400, 'validation_failed', message, { [field]: message });

/** POST /api/asks: a known place (as browse's "near" knows it), within the daily quota. */
export async function createAsk(
  deps: AsksDeps,
  actor: SessionUser,
  input: CreateAsk,
): Promise<{ id: number }> {
  assertMayPost(actor);
  const place = findPlace(input.location);
  if (!place) throw refused('location', ASK_UNKNOWN_PLACE);
  return withDailyQuota(
    deps,
    actor,
    'asks',
    'You have posted a lot of asks today. Please try again tomorrow.',
    () =>
      deps.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(asks)
          .values({
            userId: actor.id,
            category: input.category,
            subcategory: input.subcategory,
            search: input.search ?? null,
            location: place.name,
            latitude: place.latitude,
            longitude: place.longitude,
            note: input.note?.trim() || null,
            createdAt: clock.now(),
            expiresAt: new Date(clock.nowMs() + input.days * DAY_MS),
          })
          .returning({ id: asks.id, radiusKm: asks.radiusKm });
        await wakeJob(tx, 'ask-mails');
        // The ask hears of new matching listings near it until it is closed (decision 141).
        await createAskAlert(tx, {
          id: created!.id,
          userId: actor.id,
          category: input.category,
          subcategory: input.subcategory,
          search: input.search ?? null,
          place,
          radiusKm: created!.radiusKm,
          frequency: input.frequency,
        });
        return { id: created!.id };
      }),
  );
}

/** GET /api/asks: open asks, newest first, filtered like browse's offers. */
export async function listAsks(
  deps: Pick<AppDeps, 'db'>,
  viewer: SessionUser | null,
  query: AskListQuery,
): Promise<AskList> {
  const tests: SQL[] = [askOpen()];
  if (query.category && query.category !== 'all') tests.push(eq(asks.category, query.category));
  if (query.subcategory && query.subcategory !== 'all') {
    tests.push(eq(asks.subcategory, query.subcategory));
  }
  if (query.location) tests.push(ilike(asks.location, `%${likeEscape(query.location)}%`));
  for (const word of (query.search ?? '').split(/\s+/).filter(Boolean).slice(0, 8)) {
    const pattern = `%${likeEscape(word)}%`;
    tests.push(
      or(ilike(asks.search, pattern), ilike(asks.note, pattern), ilike(asks.subcategory, pattern))!,
    );
  }
  const where = and(...tests);
  const rows = await deps.db
    .select(askColumns)
    .from(asks)
    .innerJoin(users, eq(users.id, asks.userId))
    .where(where)
    .orderBy(desc(asks.createdAt), desc(asks.id))
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await deps.db.select({ n: count() }).from(asks).where(where);
  void viewer;
  return { asks: rows.map(toAsk), total: Number(total?.n ?? 0) };
}

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

async function loadAsk(db: DbOrTx, viewerId: string | null, id: number): Promise<AskRow> {
  const [row] = await db
    .select(askColumns)
    .from(asks)
    .innerJoin(users, eq(users.id, asks.userId))
    .where(and(eq(asks.id, id), askVisibleTo(viewerId)));
  if (!row) throw notFound(ASK_NOT_FOUND);
  return row;
}

/** GET /api/asks/:id: an open ask, or the viewer's own in any state. */
export async function getAsk(
  deps: Pick<AppDeps, 'db'>,
  viewer: SessionUser | null,
  id: number,
): Promise<Ask> {
  return toAsk(await loadAsk(deps.db, viewer?.id ?? null, id));
}

async function ownAsk(db: DbOrTx, actor: SessionUser, id: number): Promise<AskRow> {
  const row = await loadAsk(db, actor.id, id);
  if (row.userId !== actor.id) throw forbidden(ASK_NOT_YOURS);
  return row;
}

/** DELETE /api/asks/:id (its owner): gone, with what was mailed about it. */
export async function deleteAsk(deps: Pick<AppDeps, 'db'>, actor: SessionUser, id: number) {
  await ownAsk(deps.db, actor, id);
  await deps.db.delete(asks).where(eq(asks.id, id));
}

/** POST /api/asks/:id/close (its owner): fulfilled; it leaves the list at once. */
export async function closeAsk(
  deps: Pick<AppDeps, 'db'>,
  actor: SessionUser,
  id: number,
): Promise<Ask> {
  const row = await ownAsk(deps.db, actor, id);
  if (!row.closedAt) {
    await deps.db.update(asks).set({ closedAt: clock.now() }).where(eq(asks.id, id));
  }
  return getAsk(deps, actor, id);
}

/**
 * POST /api/asks/:id/renew (its owner): stands `days` from now, and is open again if it was
 * closed. It is not mailed around again: "Could you help?" goes out once per ask.
 */
export async function renewAsk(
  deps: Pick<AppDeps, 'db'>,
  actor: SessionUser,
  id: number,
  days: number,
): Promise<Ask> {
  await ownAsk(deps.db, actor, id);
  await deps.db
    .update(asks)
    .set({ closedAt: null, expiresAt: new Date(clock.nowMs() + days * DAY_MS) })
    .where(eq(asks.id, id));
  return getAsk(deps, actor, id);
}

/**
 * POST /api/asks/:id/help, "I can help" (decision 061): the helper offers one of their own
 * open listings of the ask's category, and the first message goes to the asker in that
 * listing's thread — the conversation the messages feature already has. Blocks either way
 * refuse it, as they refuse any message.
 */
export async function helpWithAsk(
  deps: Pick<AppDeps, 'db' | 'limiter' | 'config' | 'live'>,
  actor: SessionUser,
  id: number,
  input: AskHelp,
): Promise<{ starterId: number; receiverId: string }> {
  assertMayPost(actor);
  const ask = await loadAsk(deps.db, actor.id, id);
  if (ask.userId === actor.id) throw forbidden(ASK_OWN);
  const [open] = await deps.db
    .select({ id: asks.id })
    .from(asks)
    .where(and(eq(asks.id, id), askOpen()));
  if (!open) throw new HttpError(409, 'conflict', ASK_CLOSED);
  await assertMayMessage(deps.db, actor.id, ask.userId);
  const starter = await requireStarter(deps.db, actor, input.starterId, 'message').catch(() => {
    throw refused('starterId', ASK_HELP_LISTING);
  });
  const [listing] = await deps.db
    .select({ category: starters.category })
    .from(starters)
    .where(eq(starters.id, starter.id));
  if (starter.ownerId !== actor.id || listing?.category !== ask.category) {
    throw refused('starterId', ASK_HELP_LISTING);
  }
  await sendMessage(
    deps,
    actor,
    { starterId: starter.id, receiverId: ask.userId, content: input.content },
    { answersAsk: true },
  );
  await deps.db
    .insert(askAnswers)
    .values({ askId: id, helperId: actor.id, starterId: starter.id, createdAt: clock.now() })
    .onConflictDoUpdate({
      target: [askAnswers.askId, askAnswers.helperId],
      set: { starterId: starter.id },
    });
  return { starterId: starter.id, receiverId: ask.userId };
}

/** The asks a member posted, newest first (their profile lists them with renew and close). */
export async function myAsks(deps: Pick<AppDeps, 'db'>, actor: SessionUser): Promise<Ask[]> {
  const rows = await deps.db
    .select(askColumns)
    .from(asks)
    .innerJoin(users, eq(users.id, asks.userId))
    .where(eq(asks.userId, actor.id))
    .orderBy(desc(asks.createdAt), desc(asks.id));
  return rows.map(toAsk);
}

/**
 * GET /api/starters/:id/asks (the listing's owner): the open asks whose own alert was told of
 * the listing, so its giver sees "<name> asked for this" (decision 141).
 */
export async function asksForListing(
  deps: Pick<AppDeps, 'db'>,
  actor: SessionUser,
  starterId: number,
): Promise<ListingAsks> {
  // The access policy: 404 for a starter the member may not see, 403 for someone else's.
  await requireStarter(deps.db, actor, starterId, 'change');
  const ids = await asksToldOf(deps.db, starterId);
  if (ids.length === 0) return { asks: [] };
  const rows = await deps.db
    .select(askColumns)
    .from(asks)
    .innerJoin(users, eq(users.id, asks.userId))
    .where(and(inArray(asks.id, ids), askOpen()))
    .orderBy(desc(asks.createdAt), desc(asks.id));
  return { asks: rows.map(toAsk) };
}
