import type { MapBbox } from '../../../../common/listings/starter-map';

/** Web Mercator stops here, as Leaflet's map does. */
const MERCATOR_LAT = 85.0511287798;
/** Degrees to six decimals: about 10 cm, so equal views ask equal questions. */
const round = (v: number) => Math.round(v * 1e6) / 1e6;

const yOf = (lat: number) => {
  const sin = Math.sin((Math.max(-MERCATOR_LAT, Math.min(MERCATOR_LAT, lat)) * Math.PI) / 180);
  return 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI);
};
const latOf = (y: number) => (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI;

/** A longitude brought into −180…180 (Leaflet's views go on round the world). */
const wrap = (lng: number) => ((((lng + 180) % 360) + 360) % 360) - 180;

/** A map's visible bounds as Leaflet gives them: longitudes may run past ±180. */
export interface ViewBounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

/**
 * What to ask for a view: its bounds widened to whole map tiles at its zoom, so small pans
 * ask the same question again (and find it cached), longitudes brought into −180…180 (west
 * above east across the antimeridian), the whole width once the view spans the world.
 */
export function viewBbox(bounds: ViewBounds, zoom: number): MapBbox {
  const n = 2 ** Math.max(0, Math.floor(zoom));
  const x0 = Math.floor(((bounds.west + 180) / 360) * n);
  const x1 = Math.ceil(((bounds.east + 180) / 360) * n);
  const y0 = Math.max(0, Math.floor(yOf(bounds.north) * n));
  const y1 = Math.min(n, Math.ceil(yOf(bounds.south) * n));
  const north = round(latOf(y0 / n));
  const south = round(latOf(y1 / n));
  if (x1 - x0 >= n) return [-180, south, 180, north];
  const west = wrap((x0 / n) * 360 - 180);
  let east = wrap((x1 / n) * 360 - 180);
  if (east === -180) east = 180;
  return [round(west), south, round(east), north];
}

/** Whether a place lies inside a view's visible bounds, on whichever copy of the world it shows. */
export function inBounds(point: { lat: number; lng: number }, bounds: ViewBounds): boolean {
  if (point.lat < bounds.south || point.lat > bounds.north) return false;
  if (bounds.east - bounds.west >= 360) return true;
  // The point's longitude on the copy of the world that starts at the view's west edge.
  return bounds.west + ((((point.lng - bounds.west) % 360) + 360) % 360) <= bounds.east;
}

/**
 * What the list beside the map names: of an answer for the view widened to whole tiles, the
 * starters and clusters that stand inside the visible bounds, and how many starters that is.
 * When the answer holds only the newest of more than it could show, how many are in view is
 * not known: `count` is then the whole answer's total and `complete` false.
 */
export function shownInView<
  S extends { lat: number; lng: number },
  C extends { lat: number; lng: number; count: number },
>(answer: { starters: S[]; clusters: C[]; total: number }, bounds: ViewBounds) {
  const starters = answer.starters.filter((s) => inBounds(s, bounds));
  const clusters = answer.clusters.filter((c) => inBounds(c, bounds));
  const counted = (list: { count: number }[]) => list.reduce((n, c) => n + c.count, 0);
  const complete = answer.starters.length + counted(answer.clusters) >= answer.total;
  const count = complete ? starters.length + counted(clusters) : answer.total;
  return { starters, clusters, count, complete };
}

/** Pixels between neighbours of a spread. */
const SPREAD_STEP_PX = 34;
const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));

/**
 * Where each of several starters at one place is drawn, in pixels from the place's centre: a
 * sunflower in the order of their ids, so a starter keeps its spot from one visit to the next
 * and each can be tapped. The position itself stays the place's centre.
 */
export function spreadOffsets(ids: number[]): Map<number, [dx: number, dy: number]> {
  const sorted = [...ids].sort((a, b) => a - b);
  return new Map(
    sorted.map((id, i) => {
      const r = SPREAD_STEP_PX * Math.sqrt(i);
      const a = i * GOLDEN_ANGLE;
      return [id, [Math.round(r * Math.cos(a)), Math.round(r * Math.sin(a))]];
    }),
  );
}

/** A marker's width: a fingertip. */
export const MARKER_PX = 34;
/** Closer than this, every starter of a crowded place is spread out to be tapped. */
export const SPREAD_ALL_ZOOM = 14;
/** Fewer than this at one place are spread at any zoom; more show as a count until then. */
const SPREAD_FEW = 9;

/** A count's marker: bigger groups a little bigger, always at least a fingertip. */
export const countSize = (count: number) =>
  Math.round(MARKER_PX + Math.min(20, Math.log10(count) * 8));

/** A marker on the map: where it stands, and how it is drawn from there (pixels). */
interface Placed {
  lat: number;
  lng: number;
  /** From the position to the marker's centre. */
  dx: number;
  dy: number;
  /** Its width and height (markers are round). */
  size: number;
}
export type PlacedMarker<S, C> = Placed &
  (
    | { kind: 'cluster'; cluster: C }
    | { kind: 'place'; count: number }
    | { kind: 'starter'; starter: S }
  );

/**
 * The markers of a map answer at a zoom: each cluster as its count; the starters of a place
 * one by one, spread around its centre, unless there are many and the map is not yet close,
 * when the place shows their count.
 */
export function placeMarkers<
  S extends { id: number; lat: number; lng: number },
  C extends { lat: number; lng: number; count: number },
>(answer: { starters: S[]; clusters: C[] }, zoom: number): PlacedMarker<S, C>[] {
  const placed: PlacedMarker<S, C>[] = answer.clusters.map((cluster) => ({
    kind: 'cluster',
    cluster,
    lat: cluster.lat,
    lng: cluster.lng,
    dx: 0,
    dy: 0,
    size: countSize(cluster.count),
  }));
  for (const group of byPlace(answer.starters)) {
    const { lat, lng } = group[0]!;
    if (group.length >= SPREAD_FEW && zoom < SPREAD_ALL_ZOOM) {
      placed.push({
        kind: 'place',
        count: group.length,
        lat,
        lng,
        dx: 0,
        dy: 0,
        size: countSize(group.length),
      });
      continue;
    }
    const offsets = spreadOffsets(group.map((s) => s.id));
    for (const starter of group) {
      const [dx, dy] = offsets.get(starter.id)!;
      placed.push({ kind: 'starter', starter, lat, lng, dx, dy, size: MARKER_PX });
    }
  }
  return placed;
}

/** Space kept between a place's name and a marker above it. */
const LABEL_GAP_PX = 2;

/**
 * How far down a place's name moves so that no marker hides it (pixels; 0 when none stands on
 * it). Names are drawn centred on their place, where its starters' markers stand too: a name
 * a marker covers moves to just below it, then below the next one it meets, until it meets
 * none. `label` is the name's box centred on its place; `markers` their centres and sizes, in
 * the same pixels.
 */
export function labelDrop(
  label: { x: number; y: number; width: number; height: number },
  markers: Array<{ x: number; y: number; size: number }>,
): number {
  let top = label.y - label.height / 2;
  const covering = () =>
    markers.filter(
      (m) =>
        Math.abs(m.x - label.x) < (m.size + label.width) / 2 &&
        m.y + m.size / 2 > top &&
        m.y - m.size / 2 < top + label.height,
    );
  // Each pass moves below at least one marker for good: it ends within markers.length passes.
  for (let found = covering(); found.length > 0; found = covering()) {
    top = Math.max(...found.map((m) => m.y + m.size / 2)) + LABEL_GAP_PX;
  }
  return top - (label.y - label.height / 2);
}

/**
 * Where each place's name is drawn: how far it moves down below the markers on it
 * (`labelDrop`), or null when it would then overlap a name already placed, which keeps its spot
 * and this one is not drawn. Names of places where markers stand are placed first (those are
 * the places a member is looking at), then the rest in the order given (largest places first).
 */
export function placeNames(
  labels: Array<{ x: number; y: number; width: number; height: number }>,
  markers: Array<{ x: number; y: number; size: number }>,
): Array<number | null> {
  const drops: Array<number | null> = labels.map((label) => labelDrop(label, markers));
  const marked = labels.map((l) =>
    markers.some((m) => Math.hypot(m.x - l.x, m.y - l.y) < m.size / 2),
  );
  const order = labels.map((_, i) => i).sort((a, b) => Number(marked[b]) - Number(marked[a]));
  const kept: Array<{ left: number; right: number; top: number; bottom: number }> = [];
  for (const i of order) {
    const label = labels[i]!;
    const top = label.y - label.height / 2 + drops[i]!;
    const box = {
      left: label.x - label.width / 2,
      right: label.x + label.width / 2,
      top,
      bottom: top + label.height,
    };
    const overlaps = kept.some(
      (k) => k.left < box.right && box.left < k.right && k.top < box.bottom && box.top < k.bottom,
    );
    if (overlaps) drops[i] = null;
    else kept.push(box);
  }
  return drops;
}

/** Starters grouped by the place they stand at (its centre), each group in id order. */
export function byPlace<T extends { id: number; lat: number; lng: number }>(items: T[]): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = `${item.lat},${item.lng}`;
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return [...groups.values()].map((g) => g.sort((a, b) => a.id - b.id));
}

/**
 * The address once the map has settled at `at`, from the address as it is now: null when it
 * no longer shows the map (the member followed a link or went Back while the map moved), so
 * that the map's position never takes them back to it.
 */
export function addressAfterMove(
  now: { pathname: string; search: string },
  mapPath: string,
  at: string,
): URLSearchParams | null {
  const params = new URLSearchParams(now.search);
  if (now.pathname !== mapPath || params.get('view') !== 'map') return null;
  params.set('at', at);
  return params;
}
