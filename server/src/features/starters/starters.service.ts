import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  starterListSchema,
  type CreateStarter,
  type Starter,
  type StarterListQuery,
} from '../../../../common/starters';
import {
  portionsLeftOf,
  starterStatus,
  type PostagePayer,
  type TravelMode,
} from '../../../../common/handovers';
import {
  authorizeStarter,
  canSeeStarter,
  isPublic,
  loadAccessContext,
  publiclyVisible,
  starterFactsColumns,
  toStarterFacts,
  type Viewer as AccessViewer,
} from '../../access/starter-access';
import { blockBetween } from '../../access/blocks';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { photos, starters, users } from '../../db/schema';
import { notFound } from '../../errors';
import { withQuota } from '../../plugins/rate-limit';
import type { SessionUser } from '../../plugins/sessions';
import { locate } from '../places/places.service';
import { normaliseListQuery, queryWords } from './browse-query';
import { ListingCache, type ListingViewer } from './listing-cache';
import { photoQueue } from './photo-queue';
import { processPhoto } from './photos';
import { assertMayPost } from '../../access/members';

type StartersDeps = Pick<AppDeps, 'db' | 'config' | 'limiter' | 'listings'>;

/** Who is asking (null for a visitor), with their profile's place for "Closest to me". */
export type Viewer = (NonNullable<AccessViewer> & ListingViewer) | null;

const DAY_MS = 24 * 60 * 60 * 1000;

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
  createdAt: starters.createdAt,
  updatedAt: starters.updatedAt,
  portions: starters.portions,
  portionsReserved: starters.portionsReserved,
  portionsGiven: starters.portionsGiven,
  travel: starters.travel,
  postage: starters.postage,
  bring: starters.bring,
  availableUntil: starters.availableUntil,
};

const ownerColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.profileImageUrl,
};

const selection = { starter: starterColumns, owner: ownerColumns, facts: starterFactsColumns };

interface StarterRow {
  starter: {
    [K in keyof typeof starterColumns]: (typeof starters.$inferSelect)[K];
  };
  owner: { [K in keyof typeof ownerColumns]: (typeof users.$inferSelect)[K] };
}

type FactsRow = Parameters<typeof toStarterFacts>[0];

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
  const { portionsGiven: _given, ...shown } = starter;
  return {
    ...shown,
    portionsLeft: portionsLeftOf(starter),
    travel: starter.travel as TravelMode[],
    postage: starter.postage as PostagePayer | null,
    availableUntil: starter.availableUntil.toISOString(),
    status: starterStatus(starter),
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

/** "sour dough" → "sour:* & dough:*": every word, as a prefix. */
const prefixQuery = (words: string[], weight = '') =>
  words.map((w) => `${w}:*${weight}`).join(' & ');

/** Totals are exact up to here; past it the answer says "1,000+" (decision 023). */
export const TOTAL_CAP = 1000;

/** Best match ranks the newest this-many matches, so its cost stays bounded too. */
const BEST_MATCH_POOL = 1000;

/** A point on the earth's surface as cube/earthdistance see it; `<->` orders by the GiST index. */
const earthOf = (lat: SQL | number, lng: SQL | number) =>
  sql`ll_to_earth(${lat}::double precision, ${lng}::double precision)`;
const starterEarth = sql`ll_to_earth(${starters.latitude}, ${starters.longitude})`;
const hasPlace = sql`${starters.latitude} IS NOT NULL AND ${starters.longitude} IS NOT NULL`;
const hasNoPlace = sql`(${starters.latitude} IS NULL OR ${starters.longitude} IS NULL)`;

/** How many rows match `where`, counting at most `cap + 1` (so the count stops early). */
async function cappedCount(db: Db, where: SQL | undefined, cap: number): Promise<number> {
  const matches = db
    .select({ one: sql`1` })
    .from(starters)
    .where(where)
    .limit(cap + 1)
    .as('matches');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(matches);
  return Number(row?.n ?? 0);
}

/** One page of starters (with owners) in the given order. */
function pageOf(db: Db, where: SQL | undefined, orderBy: SQL[], limit: number, offset: number) {
  return db
    .select(selection)
    .from(starters)
    .innerJoin(users, eq(users.id, starters.userId))
    .where(where)
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset);
}

/**
 * The browse page's filters, sorts and paging over public starters. Every shape reads an index
 * in the order asked and stops after the page, and the total stops at TOTAL_CAP, so a question
 * costs the same with 10,000 or 1,000,000 starters (EXPLAINs in decision 023).
 */
async function listStarters(
  db: Db,
  viewer: Viewer,
  query: StarterListQuery,
): Promise<{ starters: Starter[]; total: number; totalIsCapped: boolean }> {
  const conditions: SQL[] = [publiclyVisible()];
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
  const counting = cappedCount(db, where, TOTAL_CAP);
  // Awaited below; this only keeps a failure of the page query from leaving it unhandled.
  counting.catch(() => {});
  let rows: StarterRow[];
  const fromQuery = query.lat !== undefined && query.lng !== undefined;
  const lat = fromQuery ? query.lat : viewer?.latitude;
  const lng = fromQuery ? query.lng : viewer?.longitude;
  if (query.sort === 'closest' && lat != null && lng != null) {
    // The browser's position when the member shared it, else their profile's place. Known
    // places nearest first, starters at one place newest first, then the starters without a
    // known place, newest first.
    const distance = sql`${starterEarth} <-> ${earthOf(lat, lng)}`;
    const wanted = query.offset + query.limit;
    // Postgres 15 walks the GiST index only for an ORDER BY of the distance alone, so the
    // nearest `wanted` come from it; the newest `wanted` at the farthest of their places are
    // added, as that place's starters tie and may not all be among them.
    const near = await db
      .select({ id: starters.id, latitude: starters.latitude, longitude: starters.longitude })
      .from(starters)
      .where(and(where, hasPlace))
      .orderBy(distance)
      .limit(wanted);
    const ids = near.map((r) => r.id);
    const edge = near.at(-1);
    if (near.length === wanted && edge) {
      const tied = await db
        .select({ id: starters.id })
        .from(starters)
        .where(
          and(
            where,
            eq(starters.latitude, edge.latitude!),
            eq(starters.longitude, edge.longitude!),
          ),
        )
        .orderBy(...newest)
        .limit(wanted);
      ids.push(...tied.map((r) => r.id));
    }
    // The page's ids first, then their rows: owners joined for a dozen rows, not every candidate.
    const pageIds = ids.length
      ? await db
          .select({ id: starters.id })
          .from(starters)
          .where(inArray(starters.id, ids))
          .orderBy(distance, ...newest)
          .limit(query.limit)
          .offset(query.offset)
      : [];
    const placed = pageIds.length
      ? await pageOf(
          db,
          inArray(
            starters.id,
            pageIds.map((r) => r.id),
          ),
          [distance, ...newest],
          query.limit,
          0,
        )
      : [];
    rows = placed;
    if (placed.length < query.limit) {
      // The placed ones run out within this page, so `near` holds all of them.
      const rest = await pageOf(
        db,
        and(where, hasNoPlace),
        newest,
        query.limit - placed.length,
        Math.max(0, query.offset - near.length),
      );
      rows = [...placed, ...rest];
    }
  } else if (query.sort === 'oldest') {
    rows = await pageOf(
      db,
      where,
      [asc(starters.createdAt), asc(starters.id)],
      query.limit,
      query.offset,
    );
  } else if (query.sort === 'best' && searchQuery) {
    // Ranked among the newest BEST_MATCH_POOL matches: a bounded sort, never every match.
    const pool = db
      .select({ id: starters.id })
      .from(starters)
      .where(where)
      .orderBy(...newest)
      .limit(BEST_MATCH_POOL);
    rows = await pageOf(
      db,
      sql`${starters.id} IN (${pool})`,
      [sql`ts_rank(${starters.searchVector}, ${searchQuery}) DESC`, ...newest],
      query.limit,
      query.offset,
    );
  } else {
    rows = await pageOf(db, where, newest, query.limit, query.offset);
  }
  const counted = await counting;
  return {
    starters: rows.map(toStarter),
    total: Math.min(counted, TOTAL_CAP),
    totalIsCapped: counted > TOTAL_CAP,
  };
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
  return deps.listings.get(
    ListingCache.keyOf(normalised, viewer),
    async () =>
      JSON.stringify(starterListSchema.parse(await listStarters(deps.db, viewer, normalised))),
    normalised.category,
  );
}

/** A starter with its owner, when `viewer` may do `action` to it (the access policy decides). */
async function authorizedStarter(
  db: Db,
  viewer: AccessViewer,
  id: number,
  action: 'see' | 'change',
): Promise<StarterRow & { hasThread: boolean }> {
  const [row] = await db
    .select(selection)
    .from(starters)
    .innerJoin(users, eq(users.id, starters.userId))
    .where(eq(starters.id, id))
    .limit(1);
  const facts = row && toStarterFacts(row.facts as FactsRow);
  const context = await loadAccessContext(db, viewer, facts);
  authorizeStarter(viewer, facts, action, context);
  return { ...row!, hasThread: !!context.hasThread };
}

/** GET /api/starters/:id — removed or hidden starters only for their owner and moderators. */
export async function getStarter(
  deps: Pick<StartersDeps, 'db'>,
  viewer: Viewer,
  input: { id: number },
): Promise<Starter> {
  const row = await authorizedStarter(deps.db, viewer, input.id, 'see');
  const starter = toStarter(row);
  if (!viewer) return starter;
  return { ...starter, canMessage: await mayMessageAbout(deps.db, viewer, starter, row.hasThread) };
}

/**
 * The Message button for this viewer: not on their own starter, not across a block (either
 * way), and on a claimed or expired one only in a conversation already under way.
 */
async function mayMessageAbout(
  db: Db,
  viewer: NonNullable<AccessViewer>,
  starter: Starter,
  hasThread: boolean,
): Promise<boolean> {
  if (viewer.id === starter.userId || starter.removedAt || !starter.isActive) return false;
  if ((starter.status === 'claimed' || starter.status === 'expired') && !hasThread) return false;
  const { byMe, byThem } = await blockBetween(db, viewer.id, starter.userId);
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
  assertMayPost(actor);
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
            portions: input.portions,
            travel: input.travel,
            postage: input.postage ?? null,
            bring: input.bring ?? null,
            availableUntil: sql`now() + make_interval(days => ${input.availableDays}::int)`,
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

/** PATCH /api/starters/:id {isClaimed: true}: owner only; there is no un-claim. */
export async function markClaimed(
  deps: Pick<StartersDeps, 'db' | 'listings'>,
  actor: SessionUser,
  input: { id: number },
): Promise<Starter> {
  const { starter } = await authorizedStarter(deps.db, actor, input.id, 'change');
  await deps.db
    .update(starters)
    .set({ isClaimed: true, updatedAt: sql`now()` })
    .where(and(eq(starters.id, input.id), eq(starters.userId, actor.id)));
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
    .set({ deletedAt: sql`now()`, isActive: false, updatedAt: sql`now()` })
    .where(
      and(eq(starters.id, input.id), eq(starters.userId, actor.id), isNull(starters.deletedAt)),
    );
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
  const facts = row && toStarterFacts(row.facts as FactsRow);
  const context = await loadAccessContext(deps.db, viewer, facts);
  if (!facts || !canSeeStarter(viewer, facts, new Date(), context)) {
    throw notFound('Photo not found');
  }
  const shownToAll = isPublic(facts);
  if (input.cached && shownToAll) return { bytes: undefined, isPublic: true };
  const bytes = await readBytes();
  if (!bytes) throw notFound('Photo not found');
  return { bytes, isPublic: shownToAll };
}
