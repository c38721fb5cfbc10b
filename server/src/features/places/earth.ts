import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * Places as earthdistance sees them (PostgreSQL's `cube` and `earthdistance`, loaded by both
 * databases): points in the earth's 3-D coordinates, which GiST indexes hold. Listings and
 * alerts keep theirs in a stored `earth_point` column (decision 104).
 */

/** The sphere `ll_to_earth` places points on (earthdistance's `earth()`, metres). */
export const EARTH_RADIUS_M = 6378168;

/** A latitude and longitude as an earth point. */
export const earthOf = (lat: SQL | number, lng: SQL | number): SQL =>
  sql`ll_to_earth(${lat}::double precision, ${lng}::double precision)`;

/**
 * The straight line through the earth between two points `metres` apart along its surface:
 * what `cube_distance` and `<->` measure between earth points. Comparing it is the same test as
 * comparing `earth_distance`, which turns every row's line back into an arc.
 */
export const chordOf = (metres: number): number =>
  2 * EARTH_RADIUS_M * Math.sin(metres / (2 * EARTH_RADIUS_M));

/** `chordOf` in SQL, for a distance that differs by row (an alert's own radius). */
export const chordOfSql = (metres: SQL): SQL =>
  sql`${2 * EARTH_RADIUS_M}::float8 * sin((${metres}) / ${2 * EARTH_RADIUS_M}::float8)`;

/**
 * `place` (a stored earth point) lies within `metres` of `point` along the surface: the box
 * reads the point's GiST index, the straight-line distance trims its corners.
 */
export const withinMetres = (place: SQLWrapper, point: SQL, metres: number): SQL =>
  sql`earth_box(${point}, ${metres}::float8) @> ${place} AND cube_distance(${place}, ${point}) <= ${chordOf(metres)}::float8`;
