import L from 'leaflet';
import type { TFunction } from 'i18next';
import { categoryEmoji } from '../../../../common/listings/catalogue';
import type { MapCluster, MapStarter, PlaceLabels } from '../../../../common/listings/starter-map';
import { MARKER_PX, placeNames, type PlacedMarker } from './map-view-math';

/** What the map draws: each marker of an answer, placed for the zoom. */
export type MapMarker = PlacedMarker<MapStarter, MapCluster>;

/** Where a cluster opens to: its own box, or (a place's count) the place itself. */
export type ClusterTarget = Pick<MapCluster, 'lat' | 'lng' | 'bbox'>;

function countIcon(count: number, size: number, className: string): L.DivIcon {
  return L.divIcon({
    html: `<span>${count > 999 ? `${Math.floor(count / 1000)}k` : count}</span>`,
    className,
    iconSize: [size, size],
  });
}

/**
 * Draws the markers into `layer`, replacing what was there: a cluster or a place's count opens
 * (zooms in) on a click, a starter is selected.
 */
export function drawMarkers(
  layer: L.LayerGroup,
  placed: MapMarker[],
  on: {
    t: TFunction<'browse'>;
    openCluster: (cluster: ClusterTarget) => void;
    select: (starter: MapStarter) => void;
  },
): void {
  const { t, openCluster, select } = on;
  layer.clearLayers();
  for (const marker of placed) {
    const at: L.LatLngTuple = [marker.lat, marker.lng];
    if (marker.kind === 'cluster') {
      const { cluster } = marker;
      L.marker(at, {
        icon: countIcon(cluster.count, marker.size, 'starter-map-cluster'),
        keyboard: false,
        title: t('map.clusterTitle', { count: cluster.count }),
      })
        .on('click', () => openCluster(cluster))
        .addTo(layer);
    } else if (marker.kind === 'place') {
      const { count } = marker;
      L.marker(at, {
        icon: countIcon(count, marker.size, 'starter-map-cluster is-place'),
        keyboard: false,
        title: t('map.placeTitle', { count }),
      })
        .on('click', () => {
          const { lat, lng } = marker;
          openCluster({ lat, lng, bbox: [lng, lat, lng, lat] });
        })
        .addTo(layer);
    } else {
      const { starter, dx, dy } = marker;
      L.marker(at, {
        icon: L.divIcon({
          html: `<span>${categoryEmoji(starter.category)}</span>`,
          className: 'starter-map-point',
          iconSize: [MARKER_PX, MARKER_PX],
          // Drawn beside the place's centre; the position itself stays the centre.
          iconAnchor: [MARKER_PX / 2 - dx, MARKER_PX / 2 - dy],
        }),
        keyboard: false,
        title: starter.title,
      })
        .on('click', () => select(starter))
        .addTo(layer);
    }
  }
}

/**
 * Draws the place names into `layer`, replacing what was there: each moved below the markers
 * that would hide it; none drawn over another.
 */
export function drawPlaceNames(
  layer: L.LayerGroup,
  map: L.Map,
  labels: PlaceLabels['labels'],
  placed: MapMarker[],
): void {
  layer.clearLayers();
  const pixels = (lat: number, lng: number) => map.project([lat, lng], map.getZoom());
  const boxes = placed.map((m) => {
    const p = pixels(m.lat, m.lng);
    return { x: p.x + m.dx, y: p.y + m.dy, size: m.size };
  });
  const drawn = labels.map((label) => {
    const span = document.createElement('span');
    span.textContent = label.name;
    span.setAttribute('aria-hidden', 'true');
    L.marker([label.lat, label.lng], {
      icon: L.divIcon({ html: span, className: 'starter-map-label', iconSize: [0, 0] }),
      interactive: false,
      keyboard: false,
      pane: 'labels',
    }).addTo(layer);
    return { label, span };
  });
  // Every name measured first, then placed: one layout, not one a name.
  const drops = placeNames(
    drawn.map(({ label, span }) => {
      const { x, y } = pixels(label.lat, label.lng);
      return { x, y, width: span.offsetWidth, height: span.offsetHeight };
    }),
    boxes,
  );
  drawn.forEach(({ span }, i) => {
    const drop = drops[i] ?? null;
    if (drop === null) span.hidden = true;
    else if (drop > 0) span.style.setProperty('--drop', `${drop}px`);
  });
}

/** The corners of every cluster and the place of every starter in an answer. */
export function answerPoints(found: {
  clusters: MapCluster[];
  starters: MapStarter[];
}): L.LatLngTuple[] {
  return [
    ...found.clusters.flatMap(({ bbox: [west, south, east, north] }): L.LatLngTuple[] => [
      [south, west],
      [north, east],
    ]),
    ...found.starters.map(({ lat, lng }): L.LatLngTuple => [lat, lng]),
  ];
}
