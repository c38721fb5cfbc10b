import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { notHiddenFrom } from '../saved/saved.service';
import type { Starter, StarterListQuery } from '../../../../common/listings/starters';
import { shownNoLonger, shownPublicly } from '../../access/starter-visibility';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { starterPlaceCounts, starters, users } from '../../db/schema';
import { earthOf, withinMetres } from '../places/earth';
import { queryWords } from './browse-query';
import { literalQueryText, searchQueryText } from './culture-names';
import { selection, toStarter, type StarterRow } from './starter-rows';
import type { Viewer } from './starters.service';

/*
 * How a browse question is answered from the indexes (decisions 023 and 027): its filters as
 * two conditions, the first matches counted up to a cap, then a sort of those few or an
 * ordered index walk. `starters.service.ts` caches the answers; this module only plans and
 * reads them.
 */

/** One lexeme of a tsquery literal, quoted (a browse term is never parsed as query syntax). */
const lexeme = (text: string) => `'${text.replace(/['\\]/g, '\\$&')}'`;

/** Totals are exact up to here; past it the answer says "1,000+" (decision 023). */
export const TOTAL_CAP = 1000;

/** Best match ranks the newest this-many matches, so its cost stays bounded too. */
const BEST_MATCH_POOL = 1000;

/** The starter's place as an earth point; `<->` orders by its GiST index. */
const starterEarth = starters.earthPoint;
const hasPlace = sql`${starters.latitude} IS NOT NULL AND ${starters.longitude} IS NOT NULL`;
const hasNoPlace = sql`(${starters.latitude} IS NULL OR ${starters.longitude} IS NULL)`;

/** Everything browse filters on as one tsvector, as `starters_listed_terms_idx` holds it. */
const browseTerms = sql`starter_browse_terms(${starters.searchVector}, ${starters.category}, ${starters.subcategory}, ${starters.location})`;

/**
 * A browse question's filters twice over, matching the same starters: `matching` finds them
 * all through the terms index (the filters together, so a rare combination of common words
 * costs little), `walking` tests one starter at a time as an ordered index walk reads it.
 */
export function browseFilters(query: StarterListQuery, point: SQL | undefined, hiddenFor?: string) {
  // Claimed ones left out are, for the counts, as if no longer shown (`placedMatchesOverCap`).
  // So are the listings the asker hid (decision 159).
  const visible = and(
    shownPublicly(),
    query.claimed === 'hide' ? eq(starters.isClaimed, false) : undefined,
    hiddenFor ? notHiddenFrom(hiddenFor) : undefined,
  )!;
  const tests: SQL[] = [];
  const terms: string[] = [];
  if (point && query.radiusKm !== undefined) {
    // The place test lets the partial GiST index (`starters_visible_earth_point_idx`) serve.
    tests.push(sql`${hasPlace} AND ${withinMetres(starterEarth, point, query.radiusKm * 1000)}`);
  }
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
    ? sql`to_tsquery('english', ${searchQueryText(searchWords)})`
    : undefined;
  if (searchQuery) tests.push(sql`${starters.searchVector} @@ ${searchQuery}`);
  // A culture's other names find more listings; best match ranks by what the member typed.
  const rankQuery = searchWords.length
    ? sql`to_tsquery('english', ${literalQueryText(searchWords)})`
    : undefined;
  const placeWords = queryWords(query.location);
  if (placeWords.length) {
    const places = placeWords.map((w) => `${lexeme(`~loc=${w}`)}:*`).join(' & ');
    tests.push(sql`starter_place_terms(${starters.location}) @@ ${places}::tsquery`);
    terms.push(places);
  }
  const walking = and(visible, ...tests)!;
  /** The filters alone, for rows whose visibility is settled elsewhere. */
  const filters = and(...tests);
  const within = point && query.radiusKm !== undefined ? tests[0] : undefined;
  if (!searchWords.length && !placeWords.length) {
    // Category and type alone: their btree indexes, or a scan that soon finds enough.
    return {
      walking,
      filters,
      matching: walking,
      searchQuery,
      rankQuery,
      textual: false,
      placeFiltered: false,
    };
  }
  // A search made only of words the dictionary ignores ("the") matches nothing, as before.
  const wanted = searchQuery
    ? sql`(${searchQuery} && ${terms.join(' & ') || ''}::tsquery)`
    : sql`${terms.join(' & ')}::tsquery`;
  const matching = and(
    visible,
    within,
    sql`${browseTerms} @@ ${wanted}`,
    searchQuery ? sql`numnode(${searchQuery}) > 0` : undefined,
  )!;
  return {
    walking,
    filters,
    matching,
    searchQuery,
    rankQuery,
    textual: true,
    placeFiltered: placeWords.length > 0,
  };
}

/**
 * The category, type and distance filters on the place counts' own columns (as
 * `browseFilters` puts them on a starter's): a starter's position is its place's centre, so a
 * place within the radius holds only starters within it.
 */
export function placeCountFilters(
  query: Pick<StarterListQuery, 'category' | 'subcategory' | 'radiusKm'>,
  point: SQL | undefined,
): SQL[] {
  const c = starterPlaceCounts;
  const tests: SQL[] = [];
  if (point && query.radiusKm !== undefined) {
    tests.push(withinMetres(c.earthPoint, point, query.radiusKm * 1000));
  }
  if (query.category && query.category !== 'all') tests.push(eq(c.category, query.category));
  if (query.subcategory && query.subcategory !== 'all')
    tests.push(eq(c.subcategory, query.subcategory));
  return tests;
}

/**
 * Whether more than TOTAL_CAP starters with a known place match a question without words,
 * from the place counts (decisions 112 and 116): the counts of the places its filters keep,
 * less the few listings the column still holds that the policy refuses now. Each count stands
 * for that many rows of `generate_series` (no more than the LIMIT could take), and the LIMIT
 * stops once they pass the cap: a question matching many reads a few places, never every
 * count, nor any starter but the refused.
 */
export async function placedMatchesOverCap(
  db: Db,
  query: StarterListQuery,
  point: SQL | undefined,
  filters: SQL | undefined,
): Promise<boolean> {
  const c = starterPlaceCounts;
  const refusedNow = sql`${starters.id} IN (${shownNoLonger()})`;
  const refused = and(
    query.claimed === 'hide' ? or(refusedNow, eq(starters.isClaimed, true)) : refusedNow,
    hasPlace,
    filters,
  );
  // The counts past which the answer is "more than the cap" whatever the refused are.
  const enough = sql`(SELECT refused FROM r) + ${TOTAL_CAP + 1}`;
  const result = await db.execute(sql`
    WITH r AS (SELECT count(*)::int AS refused FROM ${starters} WHERE ${refused})
    SELECT (SELECT count(*)::int FROM (
        SELECT 1 FROM ${c} CROSS JOIN LATERAL generate_series(1, least(${c.starters}, ${enough}))
        WHERE ${and(...placeCountFilters(query, point)) ?? sql`true`}
        LIMIT ${enough}
      ) counted) - (SELECT refused FROM r) AS n`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0) > TOTAL_CAP;
}

/** A starter read for a list, with its distance in metres from the asked place (or null). */
type ListedRow = StarterRow & { distance: number | null };

/** The row's columns, and its distance from `point` when the question has one. */
const listedSelection = (point: SQL | undefined) => ({
  ...selection,
  distance: point
    ? sql<number | null>`earth_distance(${starterEarth}, ${point})`.mapWith(Number)
    : sql<null>`NULL::float8`,
});

/** One page of starters (with owners) in the given order. */
function pageOf(
  db: Db,
  point: SQL | undefined,
  where: SQL | undefined,
  orderBy: SQL[],
  limit: number,
  offset: number,
): Promise<ListedRow[]> {
  return db
    .select(listedSelection(point))
    .from(starters)
    .innerJoin(users, eq(users.id, starters.userId))
    .where(where)
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset);
}

/** The starters with these ids (with owners), in the ids' order: owners joined for a page only. */
async function rowsById(db: Db, point: SQL | undefined, ids: number[]): Promise<ListedRow[]> {
  if (!ids.length) return [];
  const rows = await db
    .select(listedSelection(point))
    .from(starters)
    .innerJoin(users, eq(users.id, starters.userId))
    .where(inArray(starters.id, ids));
  const byId = new Map(rows.map((r) => [r.starter.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** How many starters match `where`, counting no further than `upTo`. */
async function countUpTo(db: Db, where: SQL, upTo: number): Promise<number> {
  if (upTo <= 0) return 0;
  const result = await db.execute(
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${starters} WHERE ${where} LIMIT ${upTo}) s`,
  );
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/** One run of a browse order, read from its own index: available starters near here, say. */
interface Segment {
  rows(limit: number, offset: number): Promise<ListedRow[]>;
  count(upTo: number): Promise<number>;
}

/**
 * A page of an order made of runs one after another (available before claimed; placed before
 * unplaced). Each run is read as an index walk; one that ends before the page says how long
 * it was, counted no further than the page's offset.
 */
async function pageAcross(segments: Segment[], limit: number, offset: number) {
  const out: ListedRow[] = [];
  let skip = offset;
  for (const segment of segments) {
    const need = limit - out.length;
    if (need <= 0) break;
    const rows = await segment.rows(need, skip);
    out.push(...rows);
    if (rows.length === need) break;
    // This run ended within the page (the next starts at its beginning) or before it.
    skip = rows.length > 0 ? 0 : skip - (await segment.count(skip));
  }
  return out;
}

/** A starter's distance in km from a place, or null when its own place is unknown. */
export async function distanceKmTo(
  db: Db,
  starterId: number,
  at: { lat: number; lng: number },
): Promise<number | null> {
  const point = earthOf(at.lat, at.lng);
  const [row] = await db
    .select({ distance: sql<number | null>`earth_distance(${starterEarth}, ${point})` })
    .from(starters)
    .where(eq(starters.id, starterId));
  return row?.distance == null ? null : toKm(Number(row.distance));
}

/** Metres to km with one decimal: finer than any place centre makes sense of. */
const toKm = (metres: number) => Math.round(metres / 100) / 10;

function toListedStarter(row: ListedRow): Starter {
  const starter = toStarter(row);
  if (row.distance != null) starter.distanceKm = toKm(row.distance);
  return starter;
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
        ${starters.latitude} AS latitude, ${starters.longitude} AS longitude,
        ${starterEarth} AS earth_point, ${starters.isClaimed} AS is_claimed
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
 * up to TOTAL_CAP + 1 through the indexes first (from the place counts when the question has
 * no words); few are sorted whole, many are read in order from an index and the walk stops
 * after the page. Either way a question reads a bounded number
 * of rows however many starters there are (EXPLAINs in decisions 023 and 027).
 */
export async function listStarters(
  db: Db,
  viewer: Viewer,
  query: StarterListQuery,
  hiddenFor?: string,
): Promise<{ starters: Starter[]; total: number; totalIsCapped: boolean }> {
  const page = { limit: query.limit, offset: query.offset };
  const newest = [desc(starters.createdAt), desc(starters.id)];
  // The question's place (`near` or a position), else for "closest" the profile's place.
  const fromQuery = query.lat !== undefined && query.lng !== undefined;
  const lat = fromQuery ? query.lat : query.sort === 'closest' ? viewer?.latitude : null;
  const lng = fromQuery ? query.lng : query.sort === 'closest' ? viewer?.longitude : null;
  const point = lat != null && lng != null ? earthOf(lat, lng) : undefined;
  const closest = query.sort === 'closest' && !!point;
  const { walking, filters, matching, searchQuery, rankQuery, textual, placeFiltered } =
    browseFilters(query, point, hiddenFor);
  const best = query.sort === 'best' && searchQuery !== undefined;

  // Available starters before claimed ones in every order. Then: known places nearest first,
  // starters at one place newest first, then the starters without a known place, newest
  // first. Best match: rank, then newest.
  const order = closest
    ? sql`c.is_claimed, (c.latitude IS NULL OR c.longitude IS NULL), c.earth_point <-> ${point}, c.created_at DESC, c.id DESC`
    : query.sort === 'oldest'
      ? sql`c.is_claimed, c.created_at, c.id`
      : best
        ? sql`c.is_claimed, c.rank DESC, c.created_at DESC, c.id DESC`
        : sql`c.is_claimed, c.created_at DESC, c.id DESC`;
  const rank = best ? sql`ts_rank(${starters.searchVector}, ${rankQuery})` : undefined;
  // How many matches to count before walking an index instead: past TOTAL_CAP, the deeper
  // the page and the larger the table, the more (a walk reads about page end × starters ÷
  // matches rows; sorting the matches reads them all; this balances the two).
  const reach = textual
    ? sql`greatest(${TOTAL_CAP + 1}, ceil(sqrt(${query.offset + query.limit}::float8 * greatest(1, (SELECT reltuples FROM pg_class WHERE oid = 'starters'::regclass))))::int)`
    : sql`${TOTAL_CAP + 1}`;
  // Starters matching a location are at a few places, often far from the asker: a walk
  // nearest first would pass every starter in between. They are sorted whole instead.
  const sortAll = closest && placeFiltered;
  // Without words, the place counts say at once whether more than the cap match: then the
  // matches need not be read to be counted, and the page comes from an index walk.
  const many = !textual && (await placedMatchesOverCap(db, query, point, filters));
  const first = many
    ? { total: TOTAL_CAP + 1, ids: null }
    : await firstMatches(db, matching, order, rank, { ...page, reach, sortAll });
  const result = (rows: ListedRow[]) => ({
    starters: rows.map(toListedStarter),
    total: Math.min(first.total, TOTAL_CAP),
    totalIsCapped: first.total > TOTAL_CAP,
  });
  if (first.ids) return result(await rowsById(db, point, first.ids));

  // Many matches: ordered index walks meet the page soon, available ones first.
  const runs = [eq(starters.isClaimed, false), eq(starters.isClaimed, true)];
  const walk = (where: SQL, orderBy: SQL[]): Segment => ({
    rows: (limit, offset) => pageOf(db, point, where, orderBy, limit, offset),
    count: (upTo) => countUpTo(db, where, upTo),
  });
  if (closest) {
    const nearest = (where: SQL): Segment => ({
      rows: async (limit, offset) =>
        rowsById(db, point, (await closestIds(db, where, point!, { limit, offset })).ids),
      count: (upTo) => countUpTo(db, and(where, hasPlace)!, upTo),
    });
    const segments = runs.flatMap((run) => [
      nearest(and(walking, run)!),
      walk(and(walking, run, hasNoPlace)!, newest),
    ]);
    return result(await pageAcross(segments, page.limit, page.offset));
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
        point,
        sql`${starters.id} IN (${pool})`,
        [asc(starters.isClaimed), sql`${rank} DESC`, ...newest],
        page.limit,
        page.offset,
      ),
    );
  }
  const orderBy = query.sort === 'oldest' ? [asc(starters.createdAt), asc(starters.id)] : newest;
  const segments = runs.map((run) => walk(and(walking, run)!, orderBy));
  return result(await pageAcross(segments, page.limit, page.offset));
}
