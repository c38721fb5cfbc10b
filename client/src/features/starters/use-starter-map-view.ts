import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import L from 'leaflet';
import { useTranslation } from 'react-i18next';
import { worldOutline } from '../../lib/map/world-outline';
import type { MapBbox, MapStarter } from '../../../../common/listings/starter-map';
import { paths } from '../../lib/paths';
import { useSite } from '../../lib/site';
import type { BrowseFilters } from './browse-filters';
import {
  addressAfterMove,
  placeMarkers,
  SPREAD_ALL_ZOOM,
  viewBbox,
  type ViewBounds,
} from './map-view-math';
import { useMapStart, usePlaceLabels, useStarterMap } from './starter-map-api';
import {
  answerPoints,
  drawMarkers,
  drawPlaceNames,
  type ClusterTarget,
} from './starter-map-layers';

/** Moves settle this long before the map asks for the new view. */
const MOVE_DEBOUNCE_MS = 250;
const MAX_ZOOM = 18;
const WORLD = { lat: 20, lng: 0, zoom: 2 };
/** Every inhabited continent, the Americas included, however narrow the screen. */
const WHOLE_WORLD: L.LatLngBoundsExpression = [
  [-50, -170],
  [72, 180],
];

const FIT: L.FitBoundsOptions = { padding: [32, 32], maxZoom: 12 };

/** Where an answer's starters and clusters are, or the world when it found none. */
function boundsOf(found: Parameters<typeof answerPoints>[0]): MapStart {
  const points = answerPoints(found);
  return points.length === 0 ? WORLD : { bounds: L.latLngBounds(points) };
}

/** Where the map opens: a place at a zoom, or bounds to fit. */
type MapStart = { lat: number; lng: number; zoom: number } | { bounds: L.LatLngBounds };

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

/** What the map shows (`bounds`), and what it asks for: those widened to whole tiles. */
export interface MapView {
  bbox: MapBbox;
  zoom: number;
  bounds: ViewBounds;
}

/**
 * The Leaflet map in `container`, with the world outline under any tiles and layers for place
 * names and markers. Each settled move becomes the view (and the address's `at`).
 */
function useLeafletMap(tilesUrl: string | null, initial: MapStart) {
  const [, setParams] = useSearchParams();
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const markers = useRef<L.LayerGroup | null>(null);
  const labelLayer = useRef<L.LayerGroup | null>(null);
  const [view, setView] = useState<MapView | null>(null);
  const start = useRef(initial);
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
    const first = start.current;
    // No view and no place: the whole world at once, until the results say where to look.
    if (first === WORLD) map.fitBounds(WHOLE_WORLD);
    else if ('bounds' in first) map.fitBounds(first.bounds, FIT);
    else map.setView([first.lat, first.lng], first.zoom);

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

  return { container, mapRef, markers, labelLayer, view };
}

/**
 * The map of offered starters with the list's filters: where it looks, what it found there and
 * how that is drawn, and the starter tapped on it.
 */
export function useStarterMapView(filters: BrowseFilters) {
  const { t } = useTranslation('browse');
  const [params] = useSearchParams();
  const { data: site } = useSite();
  const tilesUrl = site?.mapTilesUrl ?? null;
  // Where the map first looks: the address's `at`, else the chosen place, else where the
  // results are, else the world (until one of those is known).
  const [fromAddress] = useState(() => parseAt(params.get('at')));
  const { centre, everywhere } = useMapStart(filters, !fromAddress);
  const { container, mapRef, markers, labelLayer, view } = useLeafletMap(
    tilesUrl,
    fromAddress ??
      (centre.data
        ? { ...centre.data, zoom: zoomForRadius(filters.radiusKm) }
        : everywhere.data
          ? boundsOf(everywhere.data)
          : WORLD),
  );
  const [selected, setSelected] = useState<MapStarter | null>(null);
  const query = useStarterMap(view, filters);
  // Street maps carry their own names; the outline gets the gazetteer's.
  const labels = usePlaceLabels(view, !tilesUrl);

  // Once, when the address named no view: the chosen place, as wide as its radius.
  const centred = useRef(false);
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !centre.data || centred.current) return;
    centred.current = true;
    map.setView([centre.data.lat, centre.data.lng], zoomForRadius(filters.radiusKm));
  }, [mapRef, centre.data, filters.radiusKm]);

  // Once, when neither the address nor a place says where to look: where the results are.
  const fitted = useRef(!!fromAddress || !!filters.near);
  useEffect(() => {
    const map = mapRef.current;
    const found = everywhere.data;
    if (!map || !found || fitted.current) return;
    fitted.current = true;
    const start = boundsOf(found);
    if ('bounds' in start) map.fitBounds(start.bounds, FIT);
  }, [mapRef, everywhere.data]);

  /** Opens a cluster: the map zooms to where its starters are, at least one step. */
  const openCluster = useCallback(
    (cluster: ClusterTarget) => {
      const map = mapRef.current;
      if (!map) return;
      const [west, south, east, north] = cluster.bbox;
      const bounds = L.latLngBounds([south, west], [north, east]);
      const fit = map.getBoundsZoom(bounds, false, L.point(48, 48));
      const zoom = Math.min(MAX_ZOOM, Math.max(map.getZoom() + 1, Math.min(fit, SPREAD_ALL_ZOOM)));
      map.setView(bounds.getCenter(), zoom);
    },
    [mapRef],
  );

  const data = query.data;
  const zoom = view?.zoom ?? 0;
  const placed = useMemo(() => (data ? placeMarkers(data, zoom) : []), [data, zoom]);

  useEffect(() => {
    const layer = markers.current;
    if (!layer) return;
    drawMarkers(layer, placed, { t, openCluster, select: setSelected });
  }, [markers, placed, openCluster, t]);

  useEffect(() => {
    const layer = labelLayer.current;
    const map = mapRef.current;
    if (!layer || !map) return;
    drawPlaceNames(layer, map, labels.data?.labels ?? [], placed);
  }, [labelLayer, mapRef, labels.data, placed]);

  // A preview of a starter the filters or the view no longer hold goes away.
  const previewed = selected && data?.starters.some((s) => s.id === selected.id) ? selected : null;

  return { container, view, query, openCluster, previewed, closePreview: () => setSelected(null) };
}
