import { and, asc, inArray, sql, type SQL } from 'drizzle-orm';
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
} from '../../../../common/starter-map';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { rowsOf } from '../../db/rows';
import { badRequest } from '../../errors';
import { starters } from '../../db/schema';
import { earthOf } from '../places/earth';
import { browseFilters } from './browse-plan';
import { normaliseListQuery } from './browse-query';
import { thumbnailOf } from './starter-rows';
import { measuredFrom } from './starters.service';

/*
 * The browse map (decision 082): what lies inside a view, in an answer of bounded size. Few
 * starters in a close view come one by one; otherwise the database counts them per cell of a
 * grid aligned to the map's tiles (GROUP BY the cell, so it returns at most a few hundred rows
 * whatever the table holds) and supercluster merges neighbouring cells into the clusters drawn.
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

/** Starters placed inside the view: ranges on the listed (latitude, longitude) index. */
function insideBox(bbox: MapBbox): SQL {
  const [, south, , north] = bbox;
  const lng = lngRanges(bbox).map(
    ([from, to]) => sql`${starters.longitude} BETWEEN ${from}::float8 AND ${to}::float8`,
  );
  return sql`${starters.latitude} IS NOT NULL AND ${starters.longitude} IS NOT NULL
    AND ${starters.latitude} BETWEEN ${south}::float8 AND ${north}::float8
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
  /** The starter, for a cell holding one. */
  id: number;
}

/** Matching starters counted per grid cell: at most MAX_CELLS rows, whatever the table holds. */
async function cellsOf(db: Db, where: SQL, level: number): Promise<CellRow[]> {
  const cells = 2 ** level;
  const lat = sql`least(greatest(${starters.latitude}, ${-MERCATOR_LAT}::float8), ${MERCATOR_LAT}::float8)`;
  const x = sql`least(floor((${starters.longitude} + 180) / 360 * ${cells}::float8), ${cells - 1}::float8)`;
  const y = sql`least(floor((0.5 - ln((1 + sin(radians(${lat}))) / (1 - sin(radians(${lat})))) / (4 * pi())) * ${cells}::float8), ${cells - 1}::float8)`;
  const result = await db.execute(sql`
    SELECT count(*)::int AS n, avg(${starters.latitude}) AS lat, avg(${starters.longitude}) AS lng,
      min(${starters.latitude}) AS south, max(${starters.latitude}) AS north,
      min(${starters.longitude}) AS west, max(${starters.longitude}) AS east,
      min(${starters.id}) AS id
    FROM ${starters} WHERE ${where}
    GROUP BY ${x}, ${y}`);
  return rowsOf<CellRow>(result).map((r) => ({
    n: Number(r.n),
    lat: Number(r.lat),
    lng: Number(r.lng),
    south: Number(r.south),
    north: Number(r.north),
    west: Number(r.west),
    east: Number(r.east),
    id: Number(r.id),
  }));
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
  id: number;
}

/** Neighbouring cells merged into what is drawn at `zoom`; a single starter stays a point. */
function clustersOf(cells: CellRow[], zoom: number): { clusters: MapCluster[]; ids: number[] } {
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
  const ids: number[] = [];
  // The whole world: every cell the database returned lies in the view already.
  for (const feature of index.getClusters([-180, -90, 180, 90], Math.floor(zoom))) {
    const p = feature.properties;
    if (p.count === 1) {
      ids.push(p.id);
      continue;
    }
    clusters.push({
      lat: p.latSum / p.count,
      lng: p.lngSum / p.count,
      count: p.count,
      bbox: [p.west, p.south, p.east, p.north],
    });
  }
  return { clusters, ids };
}

/** The answer for a view, as JSON. */
async function mapOf(db: Db, query: StarterMapQuery, point: SQL | undefined): Promise<StarterMap> {
  const { walking } = browseFilters({ ...query, limit: 0, offset: 0, sort: 'newest' }, point);
  const where = and(walking, insideBox(query.bbox))!;
  if (query.zoom >= MAP_POINTS_ZOOM) {
    const rows = await db
      .select(pointColumns)
      .from(starters)
      .where(where)
      .orderBy(sql`${starters.id} DESC`)
      .limit(MAP_MAX_FEATURES + 1);
    if (rows.length <= MAP_MAX_FEATURES) {
      return { clusters: [], starters: rows.map(toMapStarter).reverse(), total: rows.length };
    }
    if (query.zoom >= ALL_POINTS_ZOOM) {
      // A few streets holding more than 500 (one big town's centre): the newest 500, and how
      // many there are, so the list can say to narrow the filters.
      const [{ n }] = rowsOf<{ n: number }>(
        await db.execute(sql`SELECT count(*)::int AS n FROM ${starters} WHERE ${where}`),
      ) as [{ n: number }];
      return {
        clusters: [],
        starters: rows.slice(0, MAP_MAX_FEATURES).map(toMapStarter).reverse(),
        total: Number(n),
      };
    }
  }
  const cells = await cellsOf(db, where, gridLevel(query.bbox, query.zoom));
  const { clusters, ids } = clustersOf(cells, query.zoom);
  return {
    clusters,
    starters: await pointsById(db, ids),
    total: cells.reduce((sum, c) => sum + c.n, 0),
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
  return deps.listings.get(
    key,
    async () => JSON.stringify(await mapOf(deps.db, normalised, point)),
    normalised.category,
  );
}
