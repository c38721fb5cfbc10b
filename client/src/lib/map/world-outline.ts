import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import land from 'world-atlas/land-110m.json';
import { unwrapRing, type Ring } from './antimeridian';

const unwrap = (ring: Ring) => unwrapRing(ring) as typeof ring;

/**
 * The world's land as one non-interactive layer, shipped with the app (Natural Earth via
 * world-atlas): a map background that needs no tiles and no other site, so maps work offline
 * and under the CSP. `className` styles it (fill, stroke) from the site's colours; `pane` puts
 * it under a tile layer, which then covers it wherever its tiles load.
 */
export function worldOutline(className: string, options: { pane?: string } = {}): L.GeoJSON {
  const topology = land as unknown as Topology<{ land: GeometryCollection }>;
  const collection = feature(topology, topology.objects.land);
  // Rings across the antimeridian go on past it rather than back across the world.
  for (const { geometry } of collection.features) {
    if (geometry.type === 'Polygon') geometry.coordinates = geometry.coordinates.map(unwrap);
    if (geometry.type === 'MultiPolygon') {
      geometry.coordinates = geometry.coordinates.map((polygon) => polygon.map(unwrap));
    }
  }
  return L.geoJSON(collection, {
    interactive: false,
    style: { className, weight: 0.8, fillOpacity: 1 },
    ...options,
  });
}
