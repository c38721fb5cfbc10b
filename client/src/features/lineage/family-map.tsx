import { useEffect, useRef } from 'react';
import L from 'leaflet';
import { worldOutline } from '../../lib/map/world-outline';
import './family-map.css';
import type { FamilyPlace } from './family-places';

/**
 * The places of a family on a world outline shipped with the app (Natural Earth via
 * world-atlas): no tiles, no other site, so it works offline and under the CSP. Places are
 * the centres of the towns named (never an address). Loaded lazily: Leaflet and the outline
 * stay out of the first load.
 *
 * The map is a picture, not a control: no dragging, zooming or focusable parts, so the
 * keyboard passes it by; the list of places beside it says the same in words.
 */
export default function FamilyMap({
  places,
  links,
  label,
}: {
  places: FamilyPlace[];
  links: Array<[number, number]>;
  label: string;
}) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const map = L.map(element, {
      attributionControl: false,
      zoomControl: false,
      keyboard: false,
      dragging: false,
      scrollWheelZoom: false,
      doubleClickZoom: false,
      boxZoom: false,
      touchZoom: false,
      renderer: L.svg(),
      zoomSnap: 0.25,
    });
    const located = places.filter(
      (p): p is FamilyPlace & { latitude: number; longitude: number } =>
        p.latitude !== null && p.longitude !== null,
    );
    const at = new Map(located.map((p) => [p.id, L.latLng(p.latitude, p.longitude)]));
    // The view first: Leaflet draws vector layers against it.
    const points = [...at.values()];
    if (points.length > 1) map.fitBounds(L.latLngBounds(points), { padding: [32, 32], maxZoom: 4 });
    else if (points.length === 1) map.setView(points[0]!, 4);
    else map.setView([20, 0], 1);
    worldOutline('family-map-land').addTo(map);

    for (const [from, to] of links) {
      const a = at.get(from);
      const b = at.get(to);
      if (a && b && !a.equals(b)) {
        L.polyline([a, b], {
          interactive: false,
          className: 'family-map-link',
          weight: 2,
          dashArray: '4 4',
        }).addTo(map);
      }
    }
    for (const p of located) {
      L.circleMarker([p.latitude, p.longitude], {
        interactive: false,
        className: p.isSelf ? 'family-map-place is-self' : 'family-map-place',
        radius: p.isSelf ? 8 : 6,
        weight: 2,
        fillOpacity: 1,
      }).addTo(map);
    }

    return () => {
      map.remove();
    };
  }, [places, links]);

  return (
    <div
      ref={container}
      role="img"
      aria-label={label}
      className="family-map h-72 w-full overflow-hidden rounded-xl border border-border sm:h-96"
    />
  );
}
