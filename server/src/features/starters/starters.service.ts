import { and, desc, eq, sql } from 'drizzle-orm';
import {
  starterListSchema,
  type CreateStarter,
  type Starter,
  type StarterDetailQuery,
  type StarterListQuery,
} from '../../../../common/starters';
import { ONLY_ACTIVE_IS_FED, PARENT_NOT_RECEIVED } from '../../../../common/cultures';
import {
  authorizeLoaded,
  isPublic,
  mayDoToStarter,
  notDeleted,
  starterFactsColumns,
  toStarterFacts,
  type AuthorizedStarter,
  type Viewer as AccessViewer,
} from '../../access/starter-access';
import { blockBetween } from '../blocks/blocks.service';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { handovers, photos, starters, users } from '../../db/schema';
import { badRequest, conflict, HttpError, notFound } from '../../errors';
import { withQuota } from '../../plugins/rate-limit';
import type { SessionUser } from '../../plugins/sessions';
import { announceNewHome, publishLines } from '../messages/system-lines';
import { locate } from '../places/places.service';
import { distanceKmTo, listStarters } from './browse-plan';
import { normaliseListQuery } from './browse-query';
import { selection, toStarter, type StarterRow } from './starter-rows';
import { ListingCache, type ListingViewer } from './listing-cache';
import { photoQueue } from './photo-queue';
import { processPhoto } from './photos';
import { assertMayPost } from '../../access/members';
import * as clock from '../../clock/clock';

type StartersDeps = Pick<AppDeps, 'db' | 'config' | 'limiter' | 'listings'>;

/** Who is asking (null for a visitor), with their profile's place for "Closest to me". */
export type Viewer = (NonNullable<AccessViewer> & ListingViewer) | null;

const DAY_MS = 24 * 60 * 60 * 1000;

export const photoPaths = (photoId: string) => ({
  imagePath: `/api/photos/${photoId}/full.webp`,
  thumbnailPath: `/api/photos/${photoId}/thumb.webp`,
});

/**
 * GET /api/starters: the answer as the JSON sent, checked against `starterListSchema`, from the
 * cache when the same (normalised) question was answered since the last change.
 */
export async function browseStarters(
  deps: Pick<StartersDeps, 'db' | 'listings'>,
  viewer: Viewer,
  query: StarterListQuery,
): Promise<string> {
  const from = measuredFrom(query);
  if (query.radiusKm !== undefined && !from) {
    throw badRequest('radiusKm needs a place to measure from: send near, or lat and lng', {
      radiusKm: 'Choose a place to search around',
    });
  }
  const normalised = normaliseListQuery({ ...query, lat: from?.lat, lng: from?.lng });
  return deps.listings.get(
    ListingCache.keyOf(normalised, viewer),
    async () =>
      JSON.stringify(starterListSchema.parse(await listStarters(deps.db, viewer, normalised))),
    normalised.category,
  );
}

/**
 * Where a question measures distances from: the gazetteer place `near` names (its centre) or
 * the position sent. An unknown or ambiguous place is a 400 that names it.
 */
function measuredFrom(query: {
  near?: string;
  lat?: number;
  lng?: number;
}): { lat: number; lng: number } | null {
  if ((query.lat === undefined) !== (query.lng === undefined)) {
    throw badRequest('Send both lat and lng, or neither');
  }
  if (query.near !== undefined) {
    if (query.lat !== undefined) throw badRequest('Send near, or lat and lng, not both');
    const place = locate(query.near);
    if (!place) {
      const message = `Unknown place "${query.near}": try "City, State/Country"`;
      throw new HttpError(400, 'unknown_place', message, { near: message });
    }
    return { lat: place.latitude, lng: place.longitude };
  }
  return query.lat !== undefined ? { lat: query.lat, lng: query.lng! } : null;
}

/** A starter with its owner, when `viewer` may do `action` to it (the access policy decides). */
async function authorizedStarter(
  db: Db,
  viewer: AccessViewer,
  id: number,
  action: 'see' | 'change',
): Promise<StarterRow & { access: AuthorizedStarter }> {
  const [row] = await db
    .select(selection)
    .from(starters)
    .innerJoin(users, eq(users.id, starters.userId))
    .where(eq(starters.id, id))
    .limit(1);
  const access = await authorizeLoaded(db, viewer, row && toStarterFacts(row.facts), action);
  return { ...row!, access };
}

/** GET /api/starters/:id — removed or hidden starters only for their owner and moderators. */
export async function getStarter(
  deps: Pick<StartersDeps, 'db'>,
  viewer: Viewer,
  input: { id: number; from?: StarterDetailQuery },
): Promise<Starter> {
  const from = input.from ? measuredFrom(input.from) : null;
  const row = await authorizedStarter(deps.db, viewer, input.id, 'see');
  const starter = toStarter(row);
  if (from) {
    const km = await distanceKmTo(deps.db, input.id, from);
    if (km !== null) starter.distanceKm = km;
  }
  if (!viewer) return starter;
  return { ...starter, canMessage: await mayMessageAbout(deps.db, viewer, row.access) };
}

/**
 * The Message button for this viewer: what the access policy allows for `message` (a claimed
 * or expired one only in a conversation already under way), not on their own starter, and not
 * across a block (either way).
 */
async function mayMessageAbout(
  db: Db,
  viewer: NonNullable<AccessViewer>,
  starter: AuthorizedStarter,
): Promise<boolean> {
  if (viewer.id === starter.ownerId) return false;
  if (!mayDoToStarter(viewer, starter, 'message', { hasThread: starter.hasThread })) return false;
  const { byMe, byThem } = await blockBetween(db, viewer.id, starter.ownerId);
  return !byMe && !byThem;
}

/** GET /api/starters/my — the member's own, removed ones included (they carry removedAt). */
export async function myStarters(
  deps: Pick<StartersDeps, 'db'>,
  actor: SessionUser,
): Promise<Starter[]> {
  const rows = await deps.db
    .select(selection)
    .from(starters)
    .innerJoin(users, eq(users.id, starters.userId))
    .where(and(eq(starters.userId, actor.id), notDeleted()))
    .orderBy(desc(starters.createdAt), desc(starters.id));
  return rows.map(toStarter);
}

/** A culture's parent must be one the poster received here, confirmed (issue contract). */
async function assertReceived(db: Db, actor: SessionUser, parentId: number): Promise<void> {
  const [received] = await db
    .select({ id: handovers.id })
    .from(handovers)
    .where(
      and(
        eq(handovers.starterId, parentId),
        eq(handovers.recipientId, actor.id),
        eq(handovers.status, 'received'),
      ),
    )
    .limit(1);
  if (!received) {
    throw new HttpError(400, 'validation_failed', PARENT_NOT_RECEIVED, {
      parentId: PARENT_NOT_RECEIVED,
    });
  }
}

/**
 * POST /api/starters: the quota first, so a member over it costs no photo work; then the photo,
 * through the bounded queue; then one transaction. A refused photo or failed write is refunded.
 */
export async function createStarter(
  deps: StartersDeps,
  actor: SessionUser,
  { input, photo }: { input: CreateStarter; photo: Buffer | undefined },
): Promise<Starter> {
  assertMayPost(actor);
  const id = await withQuota(
    deps.limiter,
    `starters:${actor.id}`,
    deps.config.limits.startersPerDay,
    DAY_MS,
    'You have shared a lot of starters today. Please try again tomorrow.',
    async () => {
      if (input.parentId !== undefined) await assertReceived(deps.db, actor, input.parentId);
      const processed = photo ? await photoQueue.run(() => processPhoto(photo)) : undefined;
      const place = locate(input.location);
      return deps.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(starters)
          .values({
            userId: actor.id,
            title: input.title,
            description: input.description,
            category: input.category,
            subcategory: input.subcategory,
            starterType: input.starterType,
            customDescription: input.customDescription,
            location: input.location,
            latitude: place?.latitude ?? null,
            longitude: place?.longitude ?? null,
            portions: input.portions,
            travel: input.travel,
            postage: input.postage ?? null,
            bring: input.bring ?? null,
            availableUntil: sql`${clock.sqlNow()} + make_interval(days => ${input.availableDays}::int)`,
            form: input.form,
            lastFedAt: input.lastFedAt ?? null,
            parentId: input.parentId ?? null,
            careNotes: input.careNotes ?? null,
            originStory: input.originStory ?? null,
            bornYear: input.bornYear ?? null,
          })
          .returning({ id: starters.id });
        if (processed) {
          const [stored] = await tx
            .insert(photos)
            .values({ starterId: created!.id, ...processed })
            .returning({ id: photos.id });
          await tx
            .update(starters)
            .set({ imagePath: photoPaths(stored!.id).imagePath })
            .where(eq(starters.id, created!.id));
        }
        return created!.id;
      });
    },
  );
  deps.listings.invalidate(input.category);
  return getStarter(deps, actor, { id });
}

/**
 * PATCH /api/starters/:id {isClaimed: true}: owner only; there is no un-claim. Everyone who
 * asked about it is told it found a new home, as when its last portion is given.
 */
export async function markClaimed(
  deps: Pick<AppDeps, 'db' | 'listings' | 'live'>,
  actor: SessionUser,
  input: { id: number },
): Promise<Starter> {
  const { starter } = await authorizedStarter(deps.db, actor, input.id, 'change');
  const lines = await deps.db.transaction(async (tx) => {
    const claimed = await tx
      .update(starters)
      .set({ isClaimed: true, updatedAt: clock.sqlNow() })
      .where(
        and(
          eq(starters.id, input.id),
          eq(starters.userId, actor.id),
          eq(starters.isClaimed, false),
        ),
      )
      .returning({ id: starters.id });
    // Claimed already: nothing new to tell anyone.
    return claimed.length ? announceNewHome(tx, { id: input.id, ownerId: actor.id }) : [];
  });
  deps.listings.invalidate(starter.category);
  await publishLines(deps, lines);
  return getStarter(deps, actor, input);
}

/**
 * POST /api/starters/:id/fed: the owner says they fed their active culture today. Browse
 * answers show freshness, so the category's cached answers are forgotten (every other copy
 * hears of it through the starters trigger).
 */
export async function markFed(
  deps: Pick<StartersDeps, 'db' | 'listings'>,
  actor: SessionUser,
  input: { id: number },
): Promise<Starter> {
  const { starter } = await authorizedStarter(deps.db, actor, input.id, 'change');
  if (starter.form !== 'active') throw conflict(ONLY_ACTIVE_IS_FED);
  await deps.db
    .update(starters)
    .set({ lastFedAt: clock.sqlNow() })
    .where(
      and(eq(starters.id, input.id), eq(starters.userId, actor.id), eq(starters.form, 'active')),
    );
  deps.listings.invalidate(starter.category);
  return getStarter(deps, actor, input);
}

/**
 * DELETE /api/starters/:id: owner only. The starter goes away for everyone but moderators; the
 * row, its photo, messages, reports and audit entries stay, so a report on it can still be
 * judged (decision 011).
 */
export async function deleteStarter(
  deps: Pick<StartersDeps, 'db' | 'listings'>,
  actor: SessionUser,
  input: { id: number },
): Promise<void> {
  const { starter } = await authorizedStarter(deps.db, actor, input.id, 'change');
  await deps.db
    .update(starters)
    .set({ deletedAt: clock.sqlNow(), isActive: false, updatedAt: clock.sqlNow() })
    .where(and(eq(starters.id, input.id), eq(starters.userId, actor.id), notDeleted()));
  deps.listings.invalidate(starter.category);
}

export interface PhotoFile {
  /** Undefined when the asker's cached copy is still good to show (answer 304). */
  bytes: Buffer | undefined;
  /** Public photos may sit in shared caches (revalidated); hidden ones only in the viewer's. */
  isPublic: boolean;
}

/**
 * A stored photo, visible exactly when its starter is. A photo's bytes never change under its
 * id, so when the asker already holds them (`cached`) and it is still public, they are not read.
 */
export async function getPhoto(
  deps: Pick<StartersDeps, 'db'>,
  viewer: Viewer,
  input: { photoId: string; variant: 'full' | 'thumb'; cached?: boolean },
): Promise<PhotoFile> {
  const column = input.variant === 'full' ? photos.full : photos.thumbnail;
  const readBytes = () =>
    deps.db
      .select({ bytes: column })
      .from(photos)
      .where(eq(photos.id, input.photoId))
      .limit(1)
      .then(([row]) => row?.bytes);
  const [row] = await deps.db
    .select({ facts: starterFactsColumns })
    .from(photos)
    .innerJoin(starters, eq(starters.id, photos.starterId))
    .innerJoin(users, eq(users.id, starters.userId))
    .where(eq(photos.id, input.photoId))
    .limit(1);
  const facts = await authorizeLoaded(deps.db, viewer, row && toStarterFacts(row.facts), 'see', {
    notFoundMessage: 'Photo not found',
  });
  const shownToAll = isPublic(facts);
  if (input.cached && shownToAll) return { bytes: undefined, isPublic: true };
  const bytes = await readBytes();
  if (!bytes) throw notFound('Photo not found');
  return { bytes, isPublic: shownToAll };
}
