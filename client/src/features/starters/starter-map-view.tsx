import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { X, ZoomIn } from 'lucide-react';
import L from 'leaflet';
import { useTranslation } from 'react-i18next';
import { worldOutline } from '../../lib/map/world-outline';
import './starter-map.css';
import { categoryEmoji } from '../../../../common/catalogue';
import { useCategoryName } from '../../lib/catalogue-text';
import type { MapBbox, MapCluster, MapStarter } from '../../../../common/starter-map';
import { Button } from '../../components/ui/button';
import { paths } from '../../lib/paths';
import { useSite } from '../../lib/site';
import type { BrowseFilters } from './browse-filters';
import {
  addressAfterMove,
  MARKER_PX,
  placeMarkers,
  placeNames,
  shownInView,
  SPREAD_ALL_ZOOM,
  viewBbox,
  type ViewBounds,
} from './map-view-math';
import { usePlaceCentre, usePlaceLabels, useStarterMap } from './starter-map-api';

/** Moves settle this long before the map asks for the new view. */
const MOVE_DEBOUNCE_MS = 250;
const MAX_ZOOM = 18;
const WORLD = { lat: 20, lng: 0, zoom: 2 };
/** Every inhabited continent, the Americas included, however narrow the screen. */
const WHOLE_WORLD: L.LatLngBoundsExpression = [
  [-50, -170],
  [72, 180],
];

/** A zoom that shows about `radiusKm` around a place on a phone's map. */
const zoomForRadius = (radiusKm: number | null) =>
  radiusKm === null ? 10 : Math.max(6, Math.min(13, Math.round(13 - Math.log2(radiusKm / 2))));

/** `at=zoom/lat/lng`, as the address keeps where the map looks. */
function parseAt(text: string | null): { zoom: number; lat: number; lng: number } | null {
  const parts = (text ?? '').split('/').map(Number);
  if (parts.length !== 3 || parts.some((n) => !Number.isFinite(n))) return null;
  const [zoom, lat, lng] = parts as [number, number, number];
  if (zoom < 1 || zoom > MAX_ZOOM || Math.abs(lat) > 85 || Math.abs(lng) > 180) return null;
  return { zoom, lat, lng };
}

function countIcon(count: number, size: number, className: string): L.DivIcon {
  return L.divIcon({
    html: `<span>${count > 999 ? `${Math.floor(count / 1000)}k` : count}</span>`,
    className,
    iconSize: [size, size],
  });
}

/** The card a tapped starter shows on the map. */
function Preview({ starter, onClose }: { starter: MapStarter; onClose: () => void }) {
  const { t } = useTranslation('browse');
  const categoryName = useCategoryName();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div
      className="starter-map-preview absolute inset-x-3 bottom-3 z-[1000] mx-auto flex max-w-md gap-3 rounded-2xl border border-border bg-surface p-3 shadow-lg"
      role="region"
      aria-label={t('map.selected')}
    >
      <div className="relative size-20 shrink-0 overflow-hidden rounded-xl bg-surface-muted">
        {starter.imageUrl ? (
          <img
            src={starter.imageUrl}
            alt=""
            width={80}
            height={80}
            className="size-full object-cover"
          />
        ) : (
          <span className="flex size-full items-center justify-center text-3xl" aria-hidden>
            {categoryEmoji(starter.category)}
          </span>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="text-xs text-muted">
          <span aria-hidden>{categoryEmoji(starter.category)} </span>
          {categoryName(starter.category)}
        </span>
        <span className="line-clamp-2 font-semibold wrap-anywhere">{starter.title}</span>
        <Link
          to={paths.starter.href(starter.id)}
          className="mt-auto inline-flex min-h-11 items-center text-sm font-medium text-accent underline-offset-4 hover:underline"
        >
          {t('map.viewStarter')}
        </Link>
      </div>
      <Button
        variant="ghost"
        size="sm"
        className="size-11 shrink-0 p-0"
        aria-label={t('map.closePreview')}
        onClick={onClose}
      >
        <X className="size-4" aria-hidden />
      </Button>
    </div>
  );
}

/**
 * Browse on a map (decision 082): the offered starters inside the view, as clusters and single
 * starters, with the list's filters; a tapped starter shows a card. Beside it (below on a
 * phone) the same view in words, with links, for keyboards and screen readers.
 */
export default function StarterMapView({ filters }: { filters: BrowseFilters }) {
  const { t } = useTranslation('browse');
  const [params, setParams] = useSearchParams();
  const { data: site } = useSite();
  const tilesUrl = site?.mapTilesUrl ?? null;
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const markers = useRef<L.LayerGroup | null>(null);
  // What the map shows (`bounds`), and what it asks for: those widened to whole tiles.
  const [view, setView] = useState<{ bbox: MapBbox; zoom: number; bounds: ViewBounds } | null>(
    null,
  );
  const [selected, setSelected] = useState<MapStarter | null>(null);
  const query = useStarterMap(view, filters);
  // Street maps carry their own names; the outline gets the gazetteer's.
  const labels = usePlaceLabels(view, !tilesUrl);
  const labelLayer = useRef<L.LayerGroup | null>(null);
  const headingId = useId();
  // Where the map first looks: the address's `at`, else the chosen place, else the world.
  const [fromAddress] = useState(() => parseAt(params.get('at')));
  const initial = useRef(fromAddress ?? WORLD);
  const centre = usePlaceCentre(filters.near, !fromAddress);
  const setParamsRef = useRef(setParams);
  useEffect(() => {
    setParamsRef.current = setParams;
  }, [setParams]);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const map = L.map(element, {
      attributionControl: false,
      minZoom: 1,
      maxZoom: MAX_ZOOM,
      worldCopyJump: true,
      zoomSnap: 1,
      renderer: L.svg(),
    });
    mapRef.current = map;
    // The outline under any tiles: where tiles cannot load (offline, blocked), it shows.
    map.createPane('outline').style.zIndex = '150';
    worldOutline('starter-map-land', { pane: 'outline' }).addTo(map);
    if (tilesUrl) L.tileLayer(tilesUrl, { maxZoom: MAX_ZOOM }).addTo(map);
    map.createPane('labels').style.zIndex = '350';
    labelLayer.current = L.layerGroup([], { pane: 'labels' }).addTo(map);
    markers.current = L.layerGroup().addTo(map);
    const { lat, lng, zoom } = initial.current;
    // No view and no place: the whole world at once, until the results say where to look.
    if (initial.current === WORLD) map.fitBounds(WHOLE_WORLD);
    else map.setView([lat, lng], zoom);

    let timer: ReturnType<typeof setTimeout> | undefined;
    const report = () => {
      const b = map.getBounds();
      const zoomNow = map.getZoom();
      const bounds = {
        west: b.getWest(),
        south: b.getSouth(),
        east: b.getEast(),
        north: b.getNorth(),
      };
      setView({ bbox: viewBbox(bounds, zoomNow), zoom: zoomNow, bounds });
      const c = map.getCenter().wrap();
      const at = `${zoomNow}/${c.lat.toFixed(4)}/${c.lng.toFixed(4)}`;
      // From the address as it is now, not as last rendered: a Leaflet event can come after the
      // member has left the map and before the page they went to has rendered.
      const next = addressAfterMove(window.location, paths.browse, at);
      if (next) setParamsRef.current(next, { replace: true });
    };
    const settle = () => {
      clearTimeout(timer);
      timer = setTimeout(report, MOVE_DEBOUNCE_MS);
    };
    map.on('moveend', settle);
    report();
    return () => {
      clearTimeout(timer);
      map.remove();
      mapRef.current = null;
    };
  }, [tilesUrl]);

  // Once, when the address named no view: the chosen place, as wide as its radius.
  const centred = useRef(false);
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !centre.data || centred.current) return;
    centred.current = true;
    map.setView([centre.data.lat, centre.data.lng], zoomForRadius(filters.radiusKm));
  }, [centre.data, filters.radiusKm]);

  // Once, when neither the address nor a place says where to look: where the results are.
  const fitted = useRef(!!fromAddress || !!filters.near);
  useEffect(() => {
    const map = mapRef.current;
    const found = query.data;
    if (!map || !found || fitted.current) return;
    fitted.current = true;
    const points: L.LatLngTuple[] = [
      ...found.clusters.flatMap(({ bbox: [west, south, east, north] }): L.LatLngTuple[] => [
        [south, west],
        [north, east],
      ]),
      ...found.starters.map(({ lat, lng }): L.LatLngTuple => [lat, lng]),
    ];
    if (points.length === 0) return;
    map.fitBounds(L.latLngBounds(points), { padding: [32, 32], maxZoom: 12 });
  }, [query.data]);

  /** Opens a cluster: the map zooms to where its starters are, at least one step. */
  const openCluster = useCallback((cluster: Pick<MapCluster, 'lat' | 'lng' | 'bbox'>) => {
    const map = mapRef.current;
    if (!map) return;
    const [west, south, east, north] = cluster.bbox;
    const bounds = L.latLngBounds([south, west], [north, east]);
    const fit = map.getBoundsZoom(bounds, false, L.point(48, 48));
    const zoom = Math.min(MAX_ZOOM, Math.max(map.getZoom() + 1, Math.min(fit, SPREAD_ALL_ZOOM)));
    map.setView(bounds.getCenter(), zoom);
  }, []);

  const data = query.data;
  const zoom = view?.zoom ?? 0;

  const placed = useMemo(() => (data ? placeMarkers(data, zoom) : []), [data, zoom]);

  useEffect(() => {
    const layer = markers.current;
    if (!layer) return;
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
          .on('click', () => setSelected(starter))
          .addTo(layer);
      }
    }
  }, [placed, openCluster, t]);

  // Place names, each moved below the markers that would hide it; none drawn over another.
  useEffect(() => {
    const layer = labelLayer.current;
    const map = mapRef.current;
    if (!layer || !map) return;
    layer.clearLayers();
    const pixels = (lat: number, lng: number) => map.project([lat, lng], map.getZoom());
    const boxes = placed.map((m) => {
      const p = pixels(m.lat, m.lng);
      return { x: p.x + m.dx, y: p.y + m.dy, size: m.size };
    });
    const drawn = (labels.data?.labels ?? []).map((label) => {
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
  }, [labels.data, placed]);

  // A preview of a starter the filters or the view no longer hold goes away.
  const previewed = selected && data?.starters.some((s) => s.id === selected.id) ? selected : null;

  // The answer covers the view widened to whole tiles (so small pans share it); the list
  // names only what the map shows.
  const listed = data && view ? shownInView(data, view.bounds) : null;
  return (
    <div className="grid min-w-0 gap-4 xl:grid-cols-[1fr_16rem] xl:items-start">
      <div className="relative min-w-0">
        <h1 className="sr-only">{t('results.heading')}</h1>
        <div
          ref={container}
          className="starter-map h-[60vh] min-h-80 w-full overflow-hidden rounded-2xl border border-border"
          role="region"
          aria-label={t('map.region')}
        />
        {previewed && <Preview starter={previewed} onClose={() => setSelected(null)} />}
      </div>
      <section
        aria-labelledby={headingId}
        aria-busy={query.isFetching}
        className="min-w-0 rounded-2xl border border-border bg-surface p-4"
      >
        <h2 id={headingId} className="font-semibold">
          {t('map.inThisView')}
        </h2>
        {query.isError ? (
          <div role="alert" className="mt-2 text-sm">
            <p className="text-danger">{t('results.failed')}</p>
            <Button size="sm" variant="outline" className="mt-2" onClick={() => query.refetch()}>
              {t('results.tryAgain')}
            </Button>
          </div>
        ) : (
          <p className="mt-1 text-sm text-muted" aria-live="polite">
            {!listed
              ? t('results.loading')
              : listed.count === 0
                ? t('map.noneHere')
                : t('map.count', { count: listed.count })}
          </p>
        )}
        {listed && (listed.starters.length > 0 || listed.clusters.length > 0) && (
          <ul className="mt-3 grid max-h-[60vh] gap-1 overflow-y-auto text-sm">
            {listed.starters.map((s) => (
              <li key={s.id}>
                <Link
                  to={paths.starter.href(s.id)}
                  className="flex min-h-11 items-center gap-2 rounded-lg px-2 hover:bg-surface-muted"
                >
                  <span aria-hidden>{categoryEmoji(s.category)}</span>
                  <span className="min-w-0 truncate">{s.title}</span>
                </Link>
              </li>
            ))}
            {listed.clusters.map((c) => (
              <li key={`${c.lat},${c.lng}`}>
                <button
                  type="button"
                  className="flex min-h-11 w-full items-center gap-2 rounded-lg px-2 text-start hover:bg-surface-muted"
                  onClick={() => openCluster(c)}
                >
                  <ZoomIn className="size-4 shrink-0" aria-hidden />
                  <span>{t('map.cluster', { count: c.count })}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {listed && !listed.complete && (
          <p className="mt-2 text-xs text-muted">
            {t('map.showingNewest', { count: listed.starters.length })}
          </p>
        )}
      </section>
    </div>
  );
}
