import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import land from 'world-atlas/land-110m.json';

/**
 * The world's land as one non-interactive layer, shipped with the app (Natural Earth via
 * world-atlas): a map background that needs no tiles and no other site, so maps work offline
 * and under the CSP. `className` styles it (fill, stroke) from the site's colours; `pane` puts
 * it under a tile layer, which then covers it wherever its tiles load.
 */
export function worldOutline(className: string, options: { pane?: string } = {}): L.GeoJSON {
  const topology = land as unknown as Topology<{ land: GeometryCollection }>;
  return L.geoJSON(feature(topology, topology.objects.land), {
    interactive: false,
    style: { className, weight: 0.8, fillOpacity: 1 },
    ...options,
  });
}
