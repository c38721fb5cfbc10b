import { z } from 'zod';
import { starterListQuerySchema } from './starters';
import { singleLineText } from '../site/text';

/**
 * GET /api/starters/map: what is inside a map view, bounded in size (decision 082). The
 * browse filters are the list's own (`starterListQuerySchema`), without its paging and order.
 */

/** The most features (clusters plus starters) one answer holds. */
export const MAP_MAX_FEATURES = 500;
/** From this zoom on, a view holding few enough starters gets them one by one. */
export const MAP_POINTS_ZOOM = 10;
export const MAP_MAX_ZOOM = 20;

export type MapBbox = [west: number, south: number, east: number, north: number];

export const MAP_BBOX_FORMAT = 'bbox must be west,south,east,north in degrees';
export const MAP_BBOX_INVERTED = 'bbox is inverted: south must not be above north';
export const MAP_ZOOM_RANGE = `zoom must be a number from 0 to ${MAP_MAX_ZOOM}`;

const degrees = /^-?\d+(\.\d+)?$/;

/**
 * "west,south,east,north": longitudes in −180…180, latitudes in −90…90, south ≤ north. West
 * greater than east is a view across the antimeridian (Fiji, say), not a mistake.
 */
export const mapBboxSchema = z.string(MAP_BBOX_FORMAT).transform((text, ctx): MapBbox => {
  const parts = text.split(',').map((p) => p.trim());
  const values = parts.map(Number);
  if (parts.length !== 4 || !parts.every((p) => degrees.test(p))) {
    ctx.addIssue({ code: 'custom', message: MAP_BBOX_FORMAT });
    return z.NEVER;
  }
  const [west, south, east, north] = values as MapBbox;
  if (
    [west, east].some((v) => v < -180 || v > 180) ||
    [south, north].some((v) => Math.abs(v) > 90)
  ) {
    ctx.addIssue({
      code: 'custom',
      message: 'bbox out of range: longitudes −180 to 180, latitudes −90 to 90',
    });
    return z.NEVER;
  }
  if (south > north) {
    ctx.addIssue({ code: 'custom', message: MAP_BBOX_INVERTED });
    return z.NEVER;
  }
  return [west, south, east, north];
});

export const mapZoomSchema = z.coerce
  .number(MAP_ZOOM_RANGE)
  .min(0, MAP_ZOOM_RANGE)
  .max(MAP_MAX_ZOOM, MAP_ZOOM_RANGE);

/** A map's view: its bounds and zoom. */
export const mapViewSchema = z.object({ bbox: mapBboxSchema, zoom: mapZoomSchema });

export const starterMapQuerySchema = starterListQuerySchema
  .omit({ limit: true, offset: true, sort: true })
  .extend(mapViewSchema.shape);
export type StarterMapQuery = z.output<typeof starterMapQuerySchema>;

export interface MapCluster {
  lat: number;
  lng: number;
  count: number;
  /** Where its starters are: zoom to this to open it. */
  bbox: MapBbox;
}

export interface MapStarter {
  id: number;
  /** The centre of the starter's place (never finer). */
  lat: number;
  lng: number;
  title: string;
  category: string;
  subcategory: string;
  /** Its cover photo's thumbnail, if it has one. */
  imageUrl: string | null;
}

export interface StarterMap {
  clusters: MapCluster[];
  starters: MapStarter[];
  /** Every matching starter in the view (the clusters' counts plus the starters). */
  total: number;
}

/** GET /api/places/labels?bbox=&zoom=: the gazetteer's names for a view, drawn on the map. */
export interface PlaceLabels {
  labels: Array<{ name: string; lat: number; lng: number }>;
}

/** GET /api/places/centre?name=: where the map opens for a place browse names. */
export const placeCentreQuerySchema = z.object({
  name: singleLineText().min(1, 'Name a place').max(120, 'Place is too long'),
});
export interface PlaceCentre {
  name: string;
  lat: number;
  lng: number;
}
