import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import {
  starterListSchema,
  type CreateStarter,
  type Starter,
  type StarterListQuery,
} from '../../../../common/starters';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { photos, starters, users } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import type { RateLimiter } from '../../plugins/rate-limit';
import type { SessionUser } from '../../plugins/sessions';
import { locate } from '../places/places.service';
import { normaliseListQuery, queryWords } from './browse-query';
import { ListingCache } from './listing-cache';
import { photoQueue } from './photo-queue';
import { processPhoto } from './photos';

export interface StartersDeps {
  db: Db;
  config: Config;
  limiter: RateLimiter;
  /** Browse answers; cleared by every change to a starter made here. */
  listings: ListingCache;
}

/** Who is asking: null for a visitor. */
export type Viewer = Pick<SessionUser, 'id' | 'isModerator' | 'latitude' | 'longitude'> | null;

const DAY_MS = 24 * 60 * 60 * 1000;

// Stand-in until the shared refundable quota lands in plugins/rate-limit.ts.
async function withQuota<T>(
  limiter: RateLimiter,
  key: string,
  limit: number,
  windowMs: number,
  message: string,
  write: () => Promise<T>,
): Promise<T> {
  await limiter.consume(key, limit, windowMs, message);
  return write();
}

const starterColumns = {
  id: starters.id,
  userId: starters.userId,
  title: starters.title,
  description: starters.description,
  category: starters.category,
  subcategory: starters.subcategory,
  starterType: starters.starterType,
  customDescription: starters.customDescription,
  location: starters.location,
  imagePath: starters.imagePath,
  isActive: starters.isActive,
  isClaimed: starters.isClaimed,
  removedAt: starters.removedAt,
  deletedAt: starters.deletedAt,
  createdAt: starters.createdAt,
  updatedAt: starters.updatedAt,
};

const ownerColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.profileImageUrl,
  bannedAt: users.bannedAt,
};

const selection = { starter: starterColumns, owner: ownerColumns };

interface StarterRow {
  starter: {
    [K in keyof typeof starterColumns]: (typeof starters.$inferSelect)[K];
  };
  owner: { [K in keyof typeof ownerColumns]: (typeof users.$inferSelect)[K] };
}

export const photoPaths = (photoId: string) => ({
  imagePath: `/api/photos/${photoId}/full.webp`,
  thumbnailPath: `/api/photos/${photoId}/thumb.webp`,
});

function thumbnailOf(imagePath: string | null): string | null {
  if (!imagePath) return null;
  return imagePath.endsWith('/full.webp')
    ? imagePath.replace(/\/full\.webp$/, '/thumb.webp')
    : imagePath;
}

function toStarter({ starter, owner }: StarterRow): Starter {
  const { deletedAt: _deletedAt, ...shown } = starter;
  return {
    ...shown,
    thumbnailPath: thumbnailOf(starter.imagePath),
    removedAt: starter.removedAt?.toISOString() ?? null,
    createdAt: starter.createdAt.toISOString(),
    updatedAt: starter.updatedAt.toISOString(),
    user: {
      id: owner.id,
      username: owner.username,
      firstName: owner.firstName,
      lastName: owner.lastName,
      profileImageUrl: owner.profileImageUrl,
    },
  };
}

/**
 * Anyone may see it: active, not removed, owner not banned. The ban test needs no join, so
 * the list is filtered, ordered and counted on `starters` alone; owners are joined only for
 * the rows of the page.
 */
const publiclyVisible = () =>
  and(
    eq(starters.isActive, true),
    isNull(starters.removedAt),
    isNull(starters.deletedAt),
    // Evaluated once per query as a hashed set (banned members are few), not per row.
    sql`${starters.userId} NOT IN (SELECT banned_owner.id FROM users banned_owner WHERE banned_owner.banned_at IS NOT NULL)`,
  );

/** "sour dough" → "sour:* & dough:*": every word, as a prefix. */
const prefixQuery = (words: string[], weight = '') =>
  words.map((w) => `${w}:*${weight}`).join(' & ');

/** Great-circle distance (radians) from a point; null when the starter's place is unknown. */
function distanceFrom(lat: number, lng: number): SQL<number | null> {
  return sql<
    number | null
  >`CASE WHEN ${starters.latitude} IS NULL OR ${starters.longitude} IS NULL THEN NULL ELSE
    2 * asin(least(1, sqrt(
      power(sin(radians(${starters.latitude} - ${lat}::double precision) / 2), 2) +
      cos(radians(${lat}::double precision)) * cos(radians(${starters.latitude})) *
      power(sin(radians(${starters.longitude} - ${lng}::double precision) / 2), 2)
    ))) END`;
}

/** The browse page's filters, sorts and paging over public starters. */
async function listStarters(
  db: Db,
  viewer: Viewer,
  query: StarterListQuery,
): Promise<{ starters: Starter[]; total: number }> {
  const conditions: SQL[] = [publiclyVisible()!];
  if (query.category && query.category !== 'all') {
    conditions.push(eq(starters.category, query.category));
  }
  if (query.subcategory && query.subcategory !== 'all') {
    conditions.push(eq(starters.subcategory, query.subcategory));
  }

  const searchWords = queryWords(query.search);
  const searchQuery = searchWords.length
    ? sql`to_tsquery('english', ${prefixQuery(searchWords)})`
    : undefined;
  if (searchQuery) conditions.push(sql`${starters.searchVector} @@ ${searchQuery}`);

  const placeWords = queryWords(query.location);
  if (placeWords.length) {
    // The GIN index finds candidates by the location's words (weight B); the second test
    // keeps only those whose location itself has them, not their starter type.
    conditions.push(
      sql`${starters.searchVector} @@ to_tsquery('simple', ${prefixQuery(placeWords, 'B')})`,
      sql`to_tsvector('simple', ${starters.location}) @@ to_tsquery('simple', ${prefixQuery(placeWords)})`,
    );
  }

  const where = and(...conditions);
  const newest = [desc(starters.createdAt), desc(starters.id)];
  let orderBy: SQL[];
  if (query.sort === 'oldest') {
    orderBy = [asc(starters.createdAt), asc(starters.id)];
  } else if (query.sort === 'closest') {
    // The browser's position when the member shared it, else their profile's place.
    const fromQuery = query.lat !== undefined && query.lng !== undefined;
    const lat = fromQuery ? query.lat : viewer?.latitude;
    const lng = fromQuery ? query.lng : viewer?.longitude;
    orderBy =
      lat != null && lng != null
        ? [sql`${distanceFrom(lat, lng)} ASC NULLS LAST`, ...newest]
        : newest;
  } else {
    orderBy = searchQuery
      ? [sql`ts_rank(${starters.searchVector}, ${searchQuery}) DESC`, ...newest]
      : newest;
  }

  const [rows, counted] = await Promise.all([
    db
      .select(selection)
      .from(starters)
      .innerJoin(users, eq(users.id, starters.userId))
      .where(where)
      .orderBy(...orderBy)
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(starters)
      .where(where),
  ]);
  return { starters: rows.map(toStarter), total: Number(counted[0]?.total ?? 0) };
}

/**
 * GET /api/starters: the answer as the JSON sent, checked against `starterListSchema`, from the
 * cache when the same (normalised) question was answered since the last change.
 */
export async function browseStarters(
  deps: Pick<StartersDeps, 'db' | 'listings'>,
  viewer: Viewer,
  query: StarterListQuery,
): Promise<string> {
  const normalised = normaliseListQuery(query);
  return deps.listings.get(ListingCache.keyOf(normalised, viewer), async () =>
    JSON.stringify(starterListSchema.parse(await listStarters(deps.db, viewer, normalised))),
  );
}

async function findStarter(db: Db, id: number): Promise<StarterRow | undefined> {
  const [row] = await db
    .select(selection)
    .from(starters)
    .innerJoin(users, eq(users.id, starters.userId))
    .where(eq(starters.id, id))
    .limit(1);
  return row;
}

/**
 * Moderators see every starter (a deleted one stays evidence for its reports); nobody else sees
 * a deleted one, its owner included; the owner sees theirs while removed or hidden.
 */
function canSee(viewer: Viewer, row: StarterRow): boolean {
  if (viewer?.isModerator) return true;
  if (row.starter.deletedAt) return false;
  if (viewer && viewer.id === row.starter.userId) return true;
  return row.starter.isActive && !row.starter.removedAt && !row.owner.bannedAt;
}

/** GET /api/starters/:id — removed or hidden starters only for their owner and moderators. */
export async function getStarter(
  deps: Pick<StartersDeps, 'db'>,
  viewer: Viewer,
  input: { id: number },
): Promise<Starter> {
  const row = await findStarter(deps.db, input.id);
  if (!row || !canSee(viewer, row)) throw notFound('Starter not found');
  return toStarter(row);
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
    .where(and(eq(starters.userId, actor.id), isNull(starters.deletedAt)))
    .orderBy(desc(starters.createdAt), desc(starters.id));
  return rows.map(toStarter);
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
  const id = await withQuota(
    deps.limiter,
    `starters:${actor.id}`,
    deps.config.limits.startersPerDay,
    DAY_MS,
    'You have shared a lot of starters today. Please try again tomorrow.',
    async () => {
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
  deps.listings.clear();
  return getStarter(deps, actor, { id });
}

/** Loads a starter for a change by `actor`: 404 when they cannot see it, 403 when not theirs. */
async function ownedStarter(db: Db, actor: SessionUser, id: number): Promise<StarterRow> {
  const row = await findStarter(db, id);
  // A deleted starter is gone for its owner too, even one who moderates.
  if (!row || !canSee(actor, row) || row.starter.deletedAt) throw notFound('Starter not found');
  if (row.starter.userId !== actor.id) throw forbidden('Only the owner can change this starter');
  return row;
}

/** PATCH /api/starters/:id {isClaimed: true}: owner only; there is no un-claim. */
export async function markClaimed(
  deps: Pick<StartersDeps, 'db' | 'listings'>,
  actor: SessionUser,
  input: { id: number },
): Promise<Starter> {
  await ownedStarter(deps.db, actor, input.id);
  await deps.db
    .update(starters)
    .set({ isClaimed: true, updatedAt: sql`now()` })
    .where(and(eq(starters.id, input.id), eq(starters.userId, actor.id)));
  deps.listings.clear();
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
  await ownedStarter(deps.db, actor, input.id);
  await deps.db
    .update(starters)
    .set({ deletedAt: sql`now()`, isActive: false, updatedAt: sql`now()` })
    .where(
      and(eq(starters.id, input.id), eq(starters.userId, actor.id), isNull(starters.deletedAt)),
    );
  deps.listings.clear();
}

export interface PhotoFile {
  bytes: Buffer;
  /** Public photos may sit in shared caches (revalidated); hidden ones only in the viewer's. */
  isPublic: boolean;
}

/** A stored photo, visible exactly when its starter is. */
export async function getPhoto(
  deps: Pick<StartersDeps, 'db'>,
  viewer: Viewer,
  input: { photoId: string; variant: 'full' | 'thumb' },
): Promise<PhotoFile> {
  const [row] = await deps.db
    .select({
      bytes: input.variant === 'full' ? photos.full : photos.thumbnail,
      starter: starterColumns,
      owner: ownerColumns,
    })
    .from(photos)
    .innerJoin(starters, eq(starters.id, photos.starterId))
    .innerJoin(users, eq(users.id, starters.userId))
    .where(eq(photos.id, input.photoId))
    .limit(1);
  if (!row || !canSee(viewer, row)) throw notFound('Photo not found');
  return { bytes: row.bytes, isPublic: canSee(null, row) };
}
