import { and, asc, desc, eq, notInArray, sql } from 'drizzle-orm';
import {
  createStarterSchema,
  EDIT_KEEPS_EXPIRY,
  type StarterFormField,
  type CreateStarter,
  type Starter,
  type StarterDetailQuery,
  type StarterListQuery,
} from '../../../../common/listings/starters';
import {
  ONLY_ACTIVE_IS_FED,
  PARENT_INVALID,
  PARENT_NOT_RECEIVED,
} from '../../../../common/cultures/cultures';
import {
  NEW_PHOTO_PREFIX,
  PHOTO_ORDER_INVALID,
  STARTER_PHOTOS_MAX,
  TOO_MANY_PHOTOS,
  type StarterPhoto,
} from '../../../../common/listings/starter-photo';
import {
  authorizeLoaded,
  isPublic,
  mayDoToStarter,
  isHeldForReview,
  notDeleted,
  receivedHere,
  requireStarter,
  starterFactsColumns,
  toStarterFacts,
  type AuthorizedStarter,
  type Viewer as AccessViewer,
} from '../../access/starter-access';
import { blockBetween } from '../blocks/blocks.service';
import { hidesAny, tellSavers } from '../saved/saved.service';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { wakeJob } from '../../jobs/wake';
import type { AppDeps } from '../../deps';
import { photos, starters, users } from '../../db/schema';
import { badRequest, conflict, HttpError, notFound } from '../../errors';
import { withQuota } from '../../plugins/rate-limit';
import type { SessionUser } from '../../plugins/sessions';
import { announceNewHome, publishLines } from '../messages/system-lines';
import { locate } from '../places/places.service';
import { distanceKmTo, listStarters } from './browse-plan';
import { normaliseListQuery } from './browse-query';
import { selection, toStarter, type StarterRow } from './starter-rows';
import { ListingCache, type ListingViewer } from './listing-cache';
import { starterListJson } from './starter-list-json';
import { photoQueue } from './photo-queue';
import { processPhoto, type ProcessedPhoto } from './photos';
import { validationError, type StarterEdit } from './starter-form';
import { assertMayPost } from '../../access/members';
import * as clock from '../../clock/clock';
import { LISTING_SCREENED_FIELDS, screenListing } from '../screening/screening.service';
import { DAY_MS } from '../../../../common/site/time';
import { withDailyQuota } from '../../access/trust';

type StartersDeps = Pick<AppDeps, 'db' | 'config' | 'limiter' | 'listings'>;

/** Who is asking (null for a visitor), with their profile's place for "Closest to me". */
export type Viewer = (NonNullable<AccessViewer> & ListingViewer) | null;

export const photoPaths = (photoId: string) => ({
  imagePath: `/api/photos/${photoId}/full.webp`,
  thumbnailPath: `/api/photos/${photoId}/thumb.webp`,
});

/**
 * GET /api/starters: the answer as the JSON sent (serialized by `starterListJson`), from the
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
  // A member who hid listings gets their own answer, never a shared one (decision 159).
  if (viewer && (await hidesAny(deps.db, viewer.id))) {
    return starterListJson(await listStarters(deps.db, viewer, normalised, viewer.id));
  }
  return deps.listings.get(
    ListingCache.keyOf(normalised, viewer),
    async () => starterListJson(await listStarters(deps.db, viewer, normalised)),
    normalised.category,
  );
}

/**
 * Where a question measures distances from: the gazetteer place `near` names (its centre) or
 * the position sent. An unknown or ambiguous place is a 400 that names it.
 */
export function measuredFrom(query: {
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
  const starter: Starter = { ...toStarter(row), photos: await photosOf(deps.db, input.id) };
  // Its owner learns why it is off the site; others who still see it need not know.
  if (
    isHeldForReview(row.access) &&
    viewer &&
    (viewer.id === row.access.ownerId || viewer.isModerator)
  ) {
    starter.hiddenByReports = true;
  }
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
  if (!(await receivedHere(db, actor.id, parentId))) {
    throw new HttpError(400, 'validation_failed', PARENT_NOT_RECEIVED, {
      parentId: PARENT_NOT_RECEIVED,
    });
  }
}

/** A starter's photos in order, the cover first. */
async function photosOf(db: DbOrTx, starterId: number): Promise<StarterPhoto[]> {
  const rows = await db
    .select({ id: photos.id, width: photos.width, height: photos.height })
    .from(photos)
    .where(eq(photos.starterId, starterId))
    .orderBy(asc(photos.position), asc(photos.createdAt));
  return rows.map((row) => ({ ...row, ...photoPaths(row.id) }));
}

/** Uploads through the bounded queue one by one: each is one job of the photo pipeline. */
async function processPhotos(uploads: Buffer[]): Promise<ProcessedPhoto[]> {
  const processed: ProcessedPhoto[] = [];
  for (const upload of uploads) processed.push(await photoQueue.run(() => processPhoto(upload)));
  return processed;
}

/**
 * Puts a starter's photos in `order` (kept ids and new photos), removes the ones left out, and
 * points `image_path` at the cover, which cards, the sitemap and link previews show.
 */
async function arrangePhotos(
  tx: Tx,
  starterId: number,
  order: Array<string | ProcessedPhoto>,
): Promise<void> {
  const kept = order.filter((item): item is string => typeof item === 'string');
  await tx
    .delete(photos)
    .where(
      kept.length
        ? and(eq(photos.starterId, starterId), notInArray(photos.id, kept))
        : eq(photos.starterId, starterId),
    );
  let cover: string | null = null;
  for (const [position, item] of order.entries()) {
    let id: string;
    if (typeof item === 'string') {
      id = item;
      await tx.update(photos).set({ position }).where(eq(photos.id, id));
    } else {
      const [stored] = await tx
        .insert(photos)
        .values({ starterId, ...item, position })
        .returning({ id: photos.id });
      id = stored!.id;
    }
    cover ??= id;
  }
  await tx
    .update(starters)
    .set({ imagePath: cover ? photoPaths(cover).imagePath : null })
    .where(eq(starters.id, starterId));
}

/**
 * POST /api/starters: the quota first, so a member over it costs no photo work; then the photo,
 * through the bounded queue; then one transaction. A refused photo or failed write is refunded.
 */
export async function createStarter(
  deps: StartersDeps,
  actor: SessionUser,
  { input, photos: uploads }: { input: CreateStarter; photos: Buffer[] },
): Promise<Starter> {
  assertMayPost(actor);
  const id = await withDailyQuota(
    deps,
    actor,
    'starters',
    'You have shared a lot of starters today. Please try again tomorrow.',
    async () => {
      if (input.parentId !== undefined) await assertReceived(deps.db, actor, input.parentId);
      const processed = await processPhotos(uploads);
      const place = locate(input.location);
      // A new listing that the screening rules hold waits, unseen, for a moderator (decision 073).
      const screening = await screenListing(deps.db, actor, input);
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
            ...(screening.action === 'hold'
              ? { heldAt: clock.now(), heldCodes: screening.codes }
              : {}),
          })
          .returning({ id: starters.id });
        await arrangePhotos(tx, created!.id, processed);
        // Its first ring of alerts (a held listing's waits for its release, and the poll); a held
        // one is the moderators' to look at now.
        await wakeJob(tx, screening.action === 'hold' ? 'moderators-waiting' : 'alert-announce');
        return created!.id;
      });
    },
  );
  deps.listings.invalidate(input.category);
  return getStarter(deps, actor, { id });
}

/** Edits are cheap to refuse but a photo costs CPU: a generous daily allowance per member. */
export const STARTER_EDITS_PER_DAY = 60;

/** The listing as the post form's values, so an edit is checked whole by the posting schema. */
function formValuesOf(starter: StarterRow['starter']): Record<StarterFormField, unknown> {
  return {
    title: starter.title,
    description: starter.description,
    category: starter.category,
    subcategory: starter.subcategory,
    starterType: starter.starterType,
    customDescription: starter.customDescription,
    location: starter.location,
    portions: starter.portions,
    travel: starter.travel,
    postage: starter.postage,
    bring: starter.bring,
    availableDays: undefined,
    form: starter.form,
    lastFedAt: starter.lastFedAt?.toISOString(),
    careNotes: starter.careNotes,
    parentId: starter.parentId,
    originStory: starter.originStory,
    bornYear: starter.bornYear,
  };
}

const portionsTaken = (n: number) =>
  `${n} ${n === 1 ? 'portion is' : 'portions are'} already reserved or given; offer at least that many`;

/**
 * The photos an edit ends with, in order: kept ids must be this starter's, each `new:<n>` one
 * of this request's uploads, every upload placed once. Without `photoOrder` the kept photos
 * stay as they are and the uploads follow.
 */
function photoPlan(
  existing: string[],
  photoOrder: string[] | undefined,
  uploads: number,
): Array<string | number> {
  const order = photoOrder ?? [
    ...existing,
    ...Array.from({ length: uploads }, (_, i) => `new:${i}`),
  ];
  const plan = order.map((token) =>
    token.startsWith(NEW_PHOTO_PREFIX) ? Number(token.slice(NEW_PHOTO_PREFIX.length)) : token,
  );
  const placed = plan.filter((item): item is number => typeof item === 'number');
  const valid =
    plan.every((item) => (typeof item === 'number' ? item < uploads : existing.includes(item))) &&
    placed.length === uploads;
  if (!valid) throw badRequest(PHOTO_ORDER_INVALID, { photoOrder: PHOTO_ORDER_INVALID });
  if (plan.length > STARTER_PHOTOS_MAX) {
    throw badRequest(TOO_MANY_PHOTOS, { image: TOO_MANY_PHOTOS });
  }
  return plan;
}

/**
 * The listing with the edit's named fields merged in, checked whole by the posting schema; the
 * expiry is not an edit's to change.
 */
function editedValues(current: StarterRow['starter'], fields: StarterEdit['fields']) {
  if (fields.availableDays !== undefined) {
    throw badRequest(EDIT_KEEPS_EXPIRY, { availableDays: EDIT_KEEPS_EXPIRY });
  }
  const sent = Object.fromEntries(
    Object.entries(fields)
      .filter(([, value]) => value !== undefined)
      // A cleared field arrives empty (a form) or null (JSON): both mean "none".
      .map(([name, value]) => [name, value === null ? '' : value]),
  );
  const parsed = createStarterSchema.safeParse({ ...formValuesOf(current), ...sent });
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/**
 * PATCH /api/starters/:id as an edit: owner only. The named fields are merged with the listing
 * and checked whole by the posting schema; then the quota (refunded when a photo is refused),
 * the photos through the bounded queue, and one transaction on the locked row. The id stays,
 * so its conversations, hand-overs and family tree stay with it.
 */
export async function editStarter(
  deps: StartersDeps,
  actor: SessionUser,
  input: { id: number } & StarterEdit,
): Promise<Starter> {
  const { starter: current } = await authorizedStarter(deps.db, actor, input.id, 'change');
  const values = editedValues(current, input.fields);
  const taken = current.portionsReserved + current.portionsGiven;
  if (values.portions < taken) {
    throw badRequest(portionsTaken(taken), { portions: portionsTaken(taken) });
  }
  if (values.parentId !== undefined && values.parentId !== current.parentId) {
    if (values.parentId === current.id) {
      throw badRequest(PARENT_INVALID, { parentId: PARENT_INVALID });
    }
    await assertReceived(deps.db, actor, values.parentId);
  }
  const existing = (await photosOf(deps.db, input.id)).map((p) => p.id);
  const plan = photoPlan(existing, input.photoOrder, input.photos.length);

  // Changed words are screened as a new listing's are: what would hold a new one holds this
  // one, unseen, until a moderator reviews it (decision 073).
  const wordsChanged = LISTING_SCREENED_FIELDS.some(
    (field) => (values[field] ?? null) !== current[field],
  );
  const screening = wordsChanged ? await screenListing(deps.db, actor, values) : undefined;

  await withQuota(
    deps.limiter,
    `starter-edits:${actor.id}`,
    STARTER_EDITS_PER_DAY,
    DAY_MS,
    'You have edited your starters a lot today. Please try again tomorrow.',
    async () => {
      const processed = await processPhotos(input.photos);
      const place = values.location === current.location ? undefined : locate(values.location);
      await deps.db.transaction(async (tx) => {
        await requireStarter(tx, actor, input.id, 'change', { lock: true });
        const updated = await tx
          .update(starters)
          .set({
            title: values.title,
            description: values.description,
            category: values.category,
            subcategory: values.subcategory,
            starterType: values.starterType,
            customDescription: values.customDescription,
            location: values.location,
            ...(place !== undefined && {
              latitude: place?.latitude ?? null,
              longitude: place?.longitude ?? null,
            }),
            portions: values.portions,
            travel: values.travel,
            postage: values.postage ?? null,
            bring: values.bring ?? null,
            form: values.form,
            lastFedAt: values.lastFedAt ?? null,
            parentId: values.parentId ?? null,
            careNotes: values.careNotes ?? null,
            originStory: values.originStory ?? null,
            bornYear: values.bornYear ?? null,
            ...(screening?.action === 'hold' && {
              heldAt: clock.now(),
              heldCodes: screening.codes,
            }),
            updatedAt: clock.sqlNow(),
          })
          .where(
            and(
              eq(starters.id, input.id),
              // A reservation made since the check above still counts.
              sql`${starters.portionsReserved} + ${starters.portionsGiven} <= ${values.portions}`,
            ),
          )
          .returning({ id: starters.id });
        if (updated.length === 0) {
          throw badRequest(portionsTaken(taken), { portions: portionsTaken(taken) });
        }
        if (screening?.action === 'hold') await wakeJob(tx, 'moderators-waiting');
        // Photos not mentioned stay exactly as they are, cover path included.
        if (input.photoOrder === undefined && input.photos.length === 0) return;
        await arrangePhotos(
          tx,
          input.id,
          plan.map((item) => (typeof item === 'number' ? processed[item]! : item)),
        );
      });
    },
  );
  deps.listings.invalidate(current.category);
  if (values.category !== current.category) deps.listings.invalidate(values.category);
  return getStarter(deps, actor, { id: input.id });
}

/**
 * PATCH /api/starters/:id {isClaimed: true}: owner only; there is no un-claim. Everyone who
 * asked about it is told it found a new home, as when its last portion is given.
 */
export async function markClaimed(
  deps: Pick<AppDeps, 'db' | 'listings' | 'live' | 'config'>,
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
    if (!claimed.length) return [];
    await tellSavers(tx, deps.config, {
      starterId: input.id,
      title: starter.title,
      except: [actor.id],
      news: { claimed: true },
    });
    return announceNewHome(tx, { id: input.id, ownerId: actor.id });
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
