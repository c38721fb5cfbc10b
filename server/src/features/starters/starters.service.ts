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
  ONLY_ACTIVE_IS_FED,
  PARENT_NOT_RECEIVED,
  type CultureForm,
} from '../../../../common/cultures';
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
import { rowsOf } from '../../db/rows';
import type { AppDeps } from '../../deps';
import { handovers, photos, starters, users } from '../../db/schema';
import { conflict, HttpError, notFound } from '../../errors';
import { withQuota } from '../../plugins/rate-limit';
import type { SessionUser } from '../../plugins/sessions';
import { announceNewHome, publishLines } from '../messages/system-lines';
import { locate } from '../places/places.service';
import { normaliseListQuery, queryWords } from './browse-query';
import { ListingCache, type ListingViewer } from './listing-cache';
import { photoQueue } from './photo-queue';
import { processPhoto } from './photos';
import { assertMayPost } from '../../access/members';
import * as clock from '../../clock/clock';

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
  form: starters.form,
  lastFedAt: starters.lastFedAt,
  parentId: starters.parentId,
  careNotes: starters.careNotes,
  originStory: starters.originStory,
  bornYear: starters.bornYear,
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
    form: starter.form as CultureForm,
    lastFedAt: starter.lastFedAt?.toISOString() ?? null,
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
const prefixQuery = (words: string[]) => words.map((w) => `${w}:*`).join(' & ');

/** One lexeme of a tsquery literal, quoted (a browse term is never parsed as query syntax). */
const lexeme = (text: string) => `'${text.replace(/['\\]/g, '\\$&')}'`;

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

/** Everything browse filters on as one tsvector, as `starters_listed_terms_idx` holds it. */
const browseTerms = sql`starter_browse_terms(${starters.searchVector}, ${starters.category}, ${starters.subcategory}, ${starters.location})`;

/**
 * A browse question's filters twice over, matching the same starters: `matching` finds them
 * all through the terms index (the filters together, so a rare combination of common words
 * costs little), `walking` tests one starter at a time as an ordered index walk reads it.
 */
function browseFilters(query: StarterListQuery) {
  const visible = publiclyVisible();
  const tests: SQL[] = [];
  const terms: string[] = [];
  if (query.category && query.category !== 'all') {
    tests.push(eq(starters.category, query.category));
    terms.push(lexeme(`~cat=${query.category}`));
  }
  if (query.subcategory && query.subcategory !== 'all') {
    tests.push(eq(starters.subcategory, query.subcategory));
    terms.push(lexeme(`~sub=${query.subcategory}`));
  }
  const searchWords = queryWords(query.search);
  const searchQuery = searchWords.length
    ? sql`to_tsquery('english', ${prefixQuery(searchWords)})`
    : undefined;
  if (searchQuery) tests.push(sql`${starters.searchVector} @@ ${searchQuery}`);
  const placeWords = queryWords(query.location);
  if (placeWords.length) {
    const places = placeWords.map((w) => `${lexeme(`~loc=${w}`)}:*`).join(' & ');
    tests.push(sql`starter_place_terms(${starters.location}) @@ ${places}::tsquery`);
    terms.push(places);
  }
  const walking = and(visible, ...tests)!;
  if (!searchWords.length && !placeWords.length) {
    // Category and type alone: their btree indexes, or a scan that soon finds enough.
    return { walking, matching: walking, searchQuery, textual: false, placeFiltered: false };
  }
  // A search made only of words the dictionary ignores ("the") matches nothing, as before.
  const wanted = searchQuery
    ? sql`(${searchQuery} && ${terms.join(' & ') || ''}::tsquery)`
    : sql`${terms.join(' & ')}::tsquery`;
  const matching = and(
    visible,
    sql`${browseTerms} @@ ${wanted}`,
    searchQuery ? sql`numnode(${searchQuery}) > 0` : undefined,
  )!;
  return { walking, matching, searchQuery, textual: true, placeFiltered: placeWords.length > 0 };
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

/** The starters with these ids (with owners), in the ids' order: owners joined for a page only. */
async function rowsById(db: Db, ids: number[]): Promise<StarterRow[]> {
  if (!ids.length) return [];
  const rows = await db
    .select(selection)
    .from(starters)
    .innerJoin(users, eq(users.id, starters.userId))
    .where(inArray(starters.id, ids));
  const byId = new Map(rows.map((r) => [r.starter.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The first step of every browse question: its matches, up to `reach` of them, found through
 * the indexes that fit its filters (decision 027). When fewer than `reach` match they are all
 * here: the total is exact up to TOTAL_CAP and the page comes from sorting them (`ids`). When
 * more match, `ids` is null and the page comes from walking an index in the asked order,
 * which with that many matches soon meets it. With `sortAll` the page always comes from
 * sorting every match (their number is bounded by the filters, not the table).
 */
async function firstMatches(
  db: Db,
  matching: SQL,
  order: SQL,
  extra: SQL | undefined,
  {
    limit,
    offset,
    reach,
    sortAll,
  }: { limit: number; offset: number; reach: SQL; sortAll: boolean },
): Promise<{ total: number; ids: number[] | null }> {
  // `m` is planned to read every match, so it takes the selective indexes; `c` stops it after
  // `reach`, so the count never reads further than that.
  const result = await db.execute(sql`
    WITH m AS MATERIALIZED (
      SELECT ${starters.id} AS id, ${starters.createdAt} AS created_at,
        ${starters.latitude} AS latitude, ${starters.longitude} AS longitude
        ${extra ? sql`, ${extra} AS rank` : sql``}
      FROM ${starters} WHERE ${matching}
    ),
    c AS MATERIALIZED (SELECT * FROM m LIMIT (${reach})::int),
    n AS (SELECT count(*)::int AS found, (${reach})::int AS reach FROM c)
    SELECT n.found,
      CASE WHEN ${sortAll ? sql`true` : sql`n.found < n.reach`}
        THEN ARRAY(SELECT c.id FROM ${sortAll ? sql`m AS c` : sql`c`} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset})
      END AS ids
    FROM n`);
  const [row] = rowsOf<{ found: number; ids: number[] | null }>(result);
  return { total: Number(row?.found ?? 0), ids: row?.ids ?? null };
}

/**
 * "Closest" over more than TOTAL_CAP matches, in one statement: the nearest `offset + limit`
 * by walking the GiST index (Postgres 15 does so only for an ORDER BY of the distance alone),
 * the newest `offset + limit` at the farthest of their places (starters at one place tie and
 * may not all be among them), that small set ordered by distance, newest. Also says how many
 * placed starters there were, for the page that runs into those without a known place.
 */
async function closestIds(
  db: Db,
  where: SQL,
  point: SQL,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ ids: number[]; placed: number }> {
  const wanted = offset + limit;
  const distance = sql`${starterEarth} <-> ${point}`;
  const result = await db.execute(sql`
    WITH near AS MATERIALIZED (
      SELECT ${starters.id} AS id, ${starters.latitude} AS latitude,
        ${starters.longitude} AS longitude, ${starters.createdAt} AS created_at, ${distance} AS d
      FROM ${starters} WHERE ${where} AND ${hasPlace}
      ORDER BY ${distance} LIMIT ${wanted}
    ),
    edge AS (SELECT latitude, longitude, (SELECT count(*) FROM near) AS n FROM near ORDER BY d DESC LIMIT 1),
    tied AS (
      SELECT ${starters.id} AS id, ${starters.createdAt} AS created_at, ${distance} AS d
      FROM ${starters}
      WHERE ${where}
        AND ${starters.latitude} = (SELECT latitude FROM edge)
        AND ${starters.longitude} = (SELECT longitude FROM edge)
        AND (SELECT n FROM edge) = ${wanted}
      ORDER BY ${starters.createdAt} DESC, ${starters.id} DESC LIMIT ${wanted}
    ),
    placed AS (SELECT id, created_at, d FROM near UNION SELECT id, created_at, d FROM tied)
    SELECT (SELECT count(*)::int FROM near) AS placed,
      ARRAY(SELECT id FROM placed ORDER BY d, created_at DESC, id DESC LIMIT ${limit} OFFSET ${offset}) AS ids`);
  const [row] = rowsOf<{ placed: number; ids: number[] }>(result);
  return { ids: row?.ids ?? [], placed: Number(row?.placed ?? 0) };
}

/**
 * The browse page's filters, sorts and paging over public starters. The matches are counted
 * up to TOTAL_CAP + 1 through the indexes first; few are sorted whole, many are read in order
 * from an index and the walk stops after the page. Either way a question reads a bounded number
 * of rows however many starters there are (EXPLAINs in decisions 023 and 027).
 */
async function listStarters(
  db: Db,
  viewer: Viewer,
  query: StarterListQuery,
): Promise<{ starters: Starter[]; total: number; totalIsCapped: boolean }> {
  const { walking, matching, searchQuery, textual, placeFiltered } = browseFilters(query);
  const page = { limit: query.limit, offset: query.offset };
  const newest = [desc(starters.createdAt), desc(starters.id)];
  const fromQuery = query.lat !== undefined && query.lng !== undefined;
  const lat = fromQuery ? query.lat : viewer?.latitude;
  const lng = fromQuery ? query.lng : viewer?.longitude;
  const closest = query.sort === 'closest' && lat != null && lng != null;
  const best = query.sort === 'best' && searchQuery !== undefined;
  const point = closest ? earthOf(lat, lng) : undefined;

  // Known places nearest first, starters at one place newest first, then the starters without
  // a known place, newest first. Best match: rank, then newest.
  const order = point
    ? sql`(c.latitude IS NULL OR c.longitude IS NULL), ll_to_earth(c.latitude, c.longitude) <-> ${point}, c.created_at DESC, c.id DESC`
    : query.sort === 'oldest'
      ? sql`c.created_at, c.id`
      : best
        ? sql`c.rank DESC, c.created_at DESC, c.id DESC`
        : sql`c.created_at DESC, c.id DESC`;
  const rank = best ? sql`ts_rank(${starters.searchVector}, ${searchQuery})` : undefined;
  // How many matches to count before walking an index instead: past TOTAL_CAP, the deeper
  // the page and the larger the table, the more (a walk reads about page end × starters ÷
  // matches rows; sorting the matches reads them all; this balances the two).
  const reach = textual
    ? sql`greatest(${TOTAL_CAP + 1}, ceil(sqrt(${query.offset + query.limit}::float8 * greatest(1, (SELECT reltuples FROM pg_class WHERE oid = 'starters'::regclass))))::int)`
    : sql`${TOTAL_CAP + 1}`;
  // Starters matching a location are at a few places, often far from the asker: a walk
  // nearest first would pass every starter in between. They are sorted whole instead.
  const sortAll = !!point && placeFiltered;
  const first = await firstMatches(db, matching, order, rank, { ...page, reach, sortAll });
  const result = (rows: StarterRow[]) => ({
    starters: rows.map(toStarter),
    total: Math.min(first.total, TOTAL_CAP),
    totalIsCapped: first.total > TOTAL_CAP,
  });
  if (first.ids) return result(await rowsById(db, first.ids));

  // Many matches: an ordered index walk meets the page soon.
  if (point) {
    const near = await closestIds(db, walking, point, page);
    const rows = await rowsById(db, near.ids);
    if (rows.length < query.limit) {
      // The placed ones run out within this page, so `near` held all of them.
      const rest = await pageOf(
        db,
        and(walking, hasNoPlace),
        newest,
        query.limit - rows.length,
        Math.max(0, query.offset - near.placed),
      );
      rows.push(...rest);
    }
    return result(rows);
  }
  if (query.sort === 'oldest') {
    return result(
      await pageOf(
        db,
        walking,
        [asc(starters.createdAt), asc(starters.id)],
        page.limit,
        page.offset,
      ),
    );
  }
  if (best) {
    // Ranked among the newest BEST_MATCH_POOL matches: a bounded sort, never every match.
    const pool = db
      .select({ id: starters.id })
      .from(starters)
      .where(walking)
      .orderBy(...newest)
      .limit(BEST_MATCH_POOL);
    return result(
      await pageOf(
        db,
        sql`${starters.id} IN (${pool})`,
        [sql`${rank} DESC`, ...newest],
        page.limit,
        page.offset,
      ),
    );
  }
  return result(await pageOf(db, walking, newest, page.limit, page.offset));
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
  if (!facts || !canSeeStarter(viewer, facts, clock.now(), context)) {
    throw notFound('Photo not found');
  }
  const shownToAll = isPublic(facts);
  if (input.cached && shownToAll) return { bytes: undefined, isPublic: true };
  const bytes = await readBytes();
  if (!bytes) throw notFound('Photo not found');
  return { bytes, isPublic: shownToAll };
}
