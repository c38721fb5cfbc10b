import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Starter, StarterListQuery } from '../../../../common/starters';
import { publiclyVisible } from '../../access/starter-access';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { starters, users } from '../../db/schema';
import { queryWords } from './browse-query';
import { selection, toStarter, type StarterRow } from './starter-rows';
import type { Viewer } from './starters.service';

/*
 * How a browse question is answered from the indexes (decisions 023 and 027): its filters as
 * two conditions, the first matches counted up to a cap, then a sort of those few or an
 * ordered index walk. `starters.service.ts` caches the answers; this module only plans and
 * reads them.
 */

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
export async function listStarters(
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
