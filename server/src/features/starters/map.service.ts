import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import Supercluster from 'supercluster';
import {
  MAP_MAX_FEATURES,
  MAP_MAX_ZOOM,
  MAP_POINTS_ZOOM,
  type MapBbox,
  type MapCluster,
  type MapStarter,
  type StarterMap,
  type StarterMapQuery,
} from '../../../../common/listings/starter-map';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { rowsOf } from '../../db/rows';
import { badRequest } from '../../errors';
import { starterPlaceCounts, starters } from '../../db/schema';
import { shownNoLonger } from '../../access/starter-visibility';
import { earthOf } from '../places/earth';
import { browseFilters, placeCountFilters } from './browse-plan';
import { hidesAny } from '../saved/saved.service';
import { normaliseListQuery } from './browse-query';
import { thumbnailOf } from './starter-rows';
import { measuredFrom } from './starters.service';

/*
 * The browse map (decision 082): what lies inside a view, in an answer of bounded size. Few
 * starters in a close view come one by one; otherwise the database counts them per cell of a
 * grid aligned to the map's tiles (GROUP BY the cell, so it returns at most a few hundred rows
 * whatever the table holds) and supercluster merges neighbouring cells into the clusters drawn.
 * Without words, it counts places from the kept counts rather than starters (decision 112).
 */

/** Grid cells per 256 px map tile at the asked zoom: cells of 64 px. */
const CELLS_PER_TILE_LOG2 = 2;
/** The grid is coarsened until a view spans at most this many cells. */
const MAX_CELLS = 1024;
/** From this zoom a view is a few streets: its starters come one by one, the newest 500. */
const ALL_POINTS_ZOOM = 14;
/** Clusters closer than this on screen (px) merge; supercluster counts 512 units a tile. */
const CLUSTER_RADIUS_PX = 40;
/** Web Mercator stops here; places nearer the poles are drawn on its edge. */
const MERCATOR_LAT = 85.05112878;

/** A position in the map's own square (0…1 each way, north-west at 0,0), as tiles cut it. */
function mercator(lng: number, lat: number): [x: number, y: number] {
  const clamped = Math.max(-MERCATOR_LAT, Math.min(MERCATOR_LAT, lat));
  const sin = Math.sin((clamped * Math.PI) / 180);
  return [(lng + 180) / 360, 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)];
}

/** The view's longitude ranges: two when it crosses the antimeridian. */
function lngRanges([west, , east]: MapBbox): Array<[number, number]> {
  return west <= east
    ? [[west, east]]
    : [
        [west, 180],
        [-180, east],
      ];
}

/**
 * Rows placed inside the view: ranges on a (latitude, longitude) index — the listed starters'
 * or the place counts' key.
 */
function insideBox(
  bbox: MapBbox,
  latitude: AnyPgColumn = starters.latitude,
  longitude: AnyPgColumn = starters.longitude,
): SQL {
  const [, south, , north] = bbox;
  const lng = lngRanges(bbox).map(
    ([from, to]) => sql`${longitude} BETWEEN ${from}::float8 AND ${to}::float8`,
  );
  return sql`${latitude} IS NOT NULL AND ${longitude} IS NOT NULL
    AND ${latitude} BETWEEN ${south}::float8 AND ${north}::float8
    AND (${sql.join(lng, sql` OR `)})`;
}

/**
 * The grid level (cells across the world = 2^level) for a view: 64 px cells at its zoom,
 * coarser when an unusually large view at a close zoom would span more than MAX_CELLS.
 */
export function gridLevel(bbox: MapBbox, zoom: number): number {
  const [west, south, east, north] = bbox;
  const width = west <= east ? (east - west) / 360 : (east - west + 360) / 360;
  const height = mercator(0, south)[1] - mercator(0, north)[1];
  let level = Math.floor(zoom) + CELLS_PER_TILE_LOG2;
  while (level > 0 && (width * 2 ** level + 1) * (height * 2 ** level + 1) > MAX_CELLS) level -= 1;
  return level;
}

interface CellRow {
  n: number;
  lat: number;
  lng: number;
  south: number;
  north: number;
  west: number;
  east: number;
  /** The starter, for a cell holding one, when the cell was counted starter by starter. */
  id: number | null;
}

/** The grid cell of a position, as (x, y) at `level`: 2^level cells across the world. */
function cellOf(latitude: SQL, longitude: SQL, level: number): { x: SQL; y: SQL } {
  const cells = 2 ** level;
  const lat = sql`least(greatest(${latitude}, ${-MERCATOR_LAT}::float8), ${MERCATOR_LAT}::float8)`;
  return {
    x: sql`least(floor((${longitude} + 180) / 360 * ${cells}::float8), ${cells - 1}::float8)`,
    y: sql`least(floor((0.5 - ln((1 + sin(radians(${lat}))) / (1 - sin(radians(${lat})))) / (4 * pi())) * ${cells}::float8), ${cells - 1}::float8)`,
  };
}

const toCellRow = (r: CellRow): CellRow => ({
  n: Number(r.n),
  lat: Number(r.lat),
  lng: Number(r.lng),
  south: Number(r.south),
  north: Number(r.north),
  west: Number(r.west),
  east: Number(r.east),
  id: r.id === null ? null : Number(r.id),
});

/**
 * Matching starters counted per grid cell, starter by starter: for questions with words (a
 * search, a place's name), which the place counts do not hold. At most MAX_CELLS rows, but it
 * reads every match inside the view.
 */
async function cellsOfStarters(db: Db, where: SQL, level: number): Promise<CellRow[]> {
  const { x, y } = cellOf(sql`${starters.latitude}`, sql`${starters.longitude}`, level);
  const result = await db.execute(sql`
    SELECT count(*)::int AS n, avg(${starters.latitude}) AS lat, avg(${starters.longitude}) AS lng,
      min(${starters.latitude}) AS south, max(${starters.latitude}) AS north,
      min(${starters.longitude}) AS west, max(${starters.longitude}) AS east,
      min(${starters.id}) AS id
    FROM ${starters} WHERE ${where}
    GROUP BY ${x}, ${y}`);
  return rowsOf<CellRow>(result).map(toCellRow);
}

/**
 * Matching starters counted per grid cell from the place counts (decision 112): each place
 * inside the view with its kept count, less the listings the column still holds that the
 * policy refuses now (`shownNoLonger`, a few rows). Reads places, not starters, so its cost
 * does not grow with the table. A cell of one carries no id: `pointsAtPlaces` finds it.
 */
async function cellsOfPlaces(
  db: Db,
  query: StarterMapQuery,
  point: SQL | undefined,
  filters: SQL | undefined,
  level: number,
): Promise<CellRow[]> {
  const c = starterPlaceCounts;
  const counted = and(
    insideBox(query.bbox, c.latitude, c.longitude),
    ...placeCountFilters(query, point),
  );
  const refused = and(sql`${starters.id} IN (${shownNoLonger()})`, insideBox(query.bbox), filters);
  const { x, y } = cellOf(sql`latitude`, sql`longitude`, level);
  const result = await db.execute(sql`
    WITH places AS (
      SELECT latitude, longitude, sum(n)::int AS n FROM (
        SELECT ${c.latitude} AS latitude, ${c.longitude} AS longitude, ${c.starters} AS n
          FROM ${c} WHERE ${counted}
        UNION ALL
        SELECT ${starters.latitude}, ${starters.longitude}, -1 FROM ${starters} WHERE ${refused}
      ) p
      GROUP BY latitude, longitude HAVING sum(n) > 0
    )
    SELECT sum(n)::int AS n, sum(latitude * n) / sum(n) AS lat,
      sum(longitude * n) / sum(n) AS lng, min(latitude) AS south, max(latitude) AS north,
      min(longitude) AS west, max(longitude) AS east, NULL::int AS id
    FROM places GROUP BY ${x}, ${y}`);
  return rowsOf<CellRow>(result).map(toCellRow);
}

const pointColumns = {
  id: starters.id,
  lat: starters.latitude,
  lng: starters.longitude,
  title: starters.title,
  category: starters.category,
  subcategory: starters.subcategory,
  imagePath: starters.imagePath,
};

type PointRow = {
  id: number;
  lat: number | null;
  lng: number | null;
  title: string;
  category: string;
  subcategory: string;
  imagePath: string | null;
};

const toMapStarter = (row: PointRow): MapStarter => ({
  id: row.id,
  lat: row.lat!,
  lng: row.lng!,
  title: row.title,
  category: row.category,
  subcategory: row.subcategory,
  imageUrl: thumbnailOf(row.imagePath),
});

/** The one matching starter at each of these places (cells of one counted by place). */
async function pointsAtPlaces(
  db: Db,
  where: SQL,
  places: Array<{ lat: number; lng: number }>,
): Promise<MapStarter[]> {
  if (!places.length) return [];
  const at = places.map((p) => and(eq(starters.latitude, p.lat), eq(starters.longitude, p.lng)));
  const rows = await db
    .select(pointColumns)
    .from(starters)
    .where(and(where, or(...at)))
    .orderBy(asc(starters.id));
  return rows.map(toMapStarter);
}

/** The starters with these ids, as map points. */
async function pointsById(db: Db, ids: number[]): Promise<MapStarter[]> {
  if (!ids.length) return [];
  const rows = await db
    .select(pointColumns)
    .from(starters)
    .where(inArray(starters.id, ids))
    .orderBy(asc(starters.id));
  return rows.map(toMapStarter);
}

interface CellProps {
  count: number;
  latSum: number;
  lngSum: number;
  south: number;
  north: number;
  west: number;
  east: number;
  id: number | null;
}

/** A cluster of one: its starter, or (counted by place) where to find it. */
type Single = { id: number | null; lat: number; lng: number };

/** Neighbouring cells merged into what is drawn at `zoom`; a single starter stays a point. */
function clustersOf(cells: CellRow[], zoom: number): { clusters: MapCluster[]; singles: Single[] } {
  const index = new Supercluster<CellProps, CellProps>({
    radius: CLUSTER_RADIUS_PX * 2,
    maxZoom: MAP_MAX_ZOOM,
    map: (p) => ({ ...p }),
    reduce: (into, p) => {
      into.count += p.count;
      into.latSum += p.latSum;
      into.lngSum += p.lngSum;
      into.south = Math.min(into.south, p.south);
      into.north = Math.max(into.north, p.north);
      into.west = Math.min(into.west, p.west);
      into.east = Math.max(into.east, p.east);
    },
  });
  index.load(
    cells.map((c) => ({
      type: 'Feature' as const,
      geometry: { type: 'Point' as const, coordinates: [c.lng, c.lat] },
      properties: {
        count: c.n,
        latSum: c.lat * c.n,
        lngSum: c.lng * c.n,
        south: c.south,
        north: c.north,
        west: c.west,
        east: c.east,
        id: c.id,
      },
    })),
  );
  const clusters: MapCluster[] = [];
  const singles: Single[] = [];
  // The whole world: every cell the database returned lies in the view already.
  for (const feature of index.getClusters([-180, -90, 180, 90], Math.floor(zoom))) {
    const p = feature.properties;
    if (p.count === 1) {
      singles.push({ id: p.id, lat: p.south, lng: p.west });
      continue;
    }
    clusters.push({
      lat: p.latSum / p.count,
      lng: p.lngSum / p.count,
      count: p.count,
      bbox: [p.west, p.south, p.east, p.north],
    });
  }
  return { clusters, singles };
}

/** The answer for a view, as JSON. */
async function mapOf(
  db: Db,
  query: StarterMapQuery,
  point: SQL | undefined,
  hiddenFor?: string,
): Promise<StarterMap> {
  const { walking, filters, textual } = browseFilters(
    { ...query, limit: 0, offset: 0, sort: 'newest' },
    point,
    hiddenFor,
  );
  const where = and(walking, insideBox(query.bbox))!;
  const newest = (limit: number) =>
    db
      .select(pointColumns)
      .from(starters)
      .where(where)
      .orderBy(sql`${starters.id} DESC`)
      .limit(limit);
  /** A close view's starters one by one; past 500 (a few streets only), the newest 500. */
  const points = (rows: PointRow[], total: number): StarterMap => ({
    clusters: [],
    starters: rows.slice(0, MAP_MAX_FEATURES).map(toMapStarter).reverse(),
    total,
  });
  const level = gridLevel(query.bbox, query.zoom);
  const closeUp = query.zoom >= MAP_POINTS_ZOOM;

  if (!textual) {
    // Counted by place first, so a close view reads its starters only when it will send them.
    const cells = await cellsOfPlaces(db, query, point, filters, level);
    const total = startersIn(cells);
    if (closeUp && (total <= MAP_MAX_FEATURES || query.zoom >= ALL_POINTS_ZOOM)) {
      const rows = await newest(MAP_MAX_FEATURES);
      return points(rows, total <= MAP_MAX_FEATURES ? rows.length : total);
    }
    return clustered(db, where, cells, query.zoom);
  }
  if (closeUp) {
    const rows = await newest(MAP_MAX_FEATURES + 1);
    if (rows.length <= MAP_MAX_FEATURES) return points(rows, rows.length);
    if (query.zoom >= ALL_POINTS_ZOOM) {
      // A few streets holding more than 500 (one big town's centre): how many there are, so
      // the list can say to narrow the filters.
      const [{ n }] = rowsOf<{ n: number }>(
        await db.execute(sql`SELECT count(*)::int AS n FROM ${starters} WHERE ${where}`),
      ) as [{ n: number }];
      return points(rows, Number(n));
    }
  }
  return clustered(db, where, await cellsOfStarters(db, where, level), query.zoom);
}

/** How many starters the counted cells hold. */
const startersIn = (cells: CellRow[]) => cells.reduce((sum, c) => sum + c.n, 0);

/** The answer for counted cells: clusters, and each cell of one as its starter. */
async function clustered(db: Db, where: SQL, cells: CellRow[], zoom: number): Promise<StarterMap> {
  const { clusters, singles } = clustersOf(cells, zoom);
  return {
    clusters,
    // Counted starter by starter, a cell of one knows its starter; counted by place, its place.
    starters: singles.some((s) => s.id === null)
      ? await pointsAtPlaces(db, where, singles)
      : await pointsById(
          db,
          singles.map((s) => s.id!),
        ),
    total: startersIn(cells),
  };
}

/**
 * GET /api/starters/map: public starters inside the view matching the browse filters, as
 * clusters and single starters (at most MAP_MAX_FEATURES together). Cached like browse
 * answers, and forgotten with them when a starter of the category changes.
 */
export async function starterMap(
  deps: Pick<AppDeps, 'db' | 'listings'>,
  query: StarterMapQuery,
  viewerId?: string,
): Promise<string> {
  const from = measuredFrom(query);
  if (query.radiusKm !== undefined && !from) {
    throw badRequest('radiusKm needs a place to measure from: send near, or lat and lng', {
      radiusKm: 'Choose a place to search around',
    });
  }
  const filters = normaliseListQuery({
    ...query,
    limit: 0,
    offset: 0,
    sort: 'newest',
    lat: from?.lat,
    lng: from?.lng,
  });
  const normalised: StarterMapQuery = {
    ...filters,
    bbox: query.bbox,
    zoom: Math.floor(query.zoom),
  };
  const key = JSON.stringify(['map', normalised]);
  const point =
    filters.lat !== undefined && filters.lng !== undefined
      ? earthOf(filters.lat, filters.lng)
      : undefined;
  // A member who hid listings gets their own answer, never a shared one (decision 159).
  if (viewerId && (await hidesAny(deps.db, viewerId))) {
    return JSON.stringify(await mapOf(deps.db, normalised, point, viewerId));
  }
  return deps.listings.get(
    key,
    async () => JSON.stringify(await mapOf(deps.db, normalised, point)),
    normalised.category,
  );
}
