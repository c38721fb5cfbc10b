import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { browseListParams, starterListQuery } from '../../../../common/listings/browse-page';
import type {
  MapBbox,
  PlaceCentre,
  PlaceLabels,
  StarterMap,
} from '../../../../common/listings/starter-map';
import { apiRequest } from '../../lib/api';
import { placeKeys, starterKeys } from '../../lib/query-keys';
import type { BrowseFilters } from './browse-filters';

/** GET /api/starters/map's question: the view, and the list's filters without its paging. */
export function starterMapQuery(view: { bbox: MapBbox; zoom: number }, filters: BrowseFilters) {
  const query = starterListQuery(browseListParams(filters));
  for (const key of ['limit', 'offset', 'sort']) query.delete(key);
  query.set('bbox', view.bbox.join(','));
  query.set('zoom', String(Math.floor(view.zoom)));
  return query.toString();
}

/**
 * What is inside the map's view. The last answer stays on the map while the next view loads,
 * so a pan never blanks it.
 */
export function useStarterMap(
  view: { bbox: MapBbox; zoom: number } | null,
  filters: BrowseFilters,
) {
  const query = view ? starterMapQuery(view, filters) : '';
  return useQuery({
    queryKey: starterKeys.map(query),
    queryFn: ({ signal }) => apiRequest<StarterMap>(`/api/starters/map?${query}`, { signal }),
    enabled: view !== null,
    placeholderData: keepPreviousData,
  });
}

/** The whole world at the widest zoom: the view the map asks about when it opens on the world. */
export const WORLD_VIEW: { bbox: MapBbox; zoom: number } = {
  bbox: [-180, -85.051129, 180, 85.051129],
  zoom: 1,
};

/**
 * Where the map opens when the address names no view: on the place browse names (its centre),
 * else on where the results are (the filters' answer for the whole world). Asked by the page as
 * soon as the map is chosen, while the map's own code still loads, so the map opens there
 * rather than on the world.
 */
export function useMapStart(filters: BrowseFilters, enabled: boolean) {
  const centre = usePlaceCentre(filters.near, enabled);
  const everywhere = useStarterMap(enabled && !filters.near ? WORLD_VIEW : null, filters);
  return { centre, everywhere };
}

/** The gazetteer's place names for the view (they never change: kept for the visit). */
export function usePlaceLabels(view: { bbox: MapBbox; zoom: number } | null, enabled: boolean) {
  const query = view ? `bbox=${view.bbox.join(',')}&zoom=${Math.floor(view.zoom)}` : '';
  return useQuery({
    queryKey: placeKeys.labels(query),
    queryFn: ({ signal }) => apiRequest<PlaceLabels>(`/api/places/labels?${query}`, { signal }),
    enabled: enabled && view !== null,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
}

/** The centre of the place browse names, where the map opens when the address says nowhere. */
export function usePlaceCentre(name: string, enabled: boolean) {
  return useQuery({
    queryKey: placeKeys.centre(name),
    queryFn: ({ signal }) =>
      apiRequest<PlaceCentre>(`/api/places/centre?${new URLSearchParams({ name })}`, { signal }),
    enabled: enabled && !!name,
    staleTime: Infinity,
    retry: false,
  });
}
