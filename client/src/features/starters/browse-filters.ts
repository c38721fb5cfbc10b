import { useCallback, useMemo } from 'react';
import {
  defaultSort,
  parseBrowseFilters,
  type BrowseDefaults,
  type BrowseFilters,
} from '../../../../common/listings/browse-page';
import { MAX_PAGE_BUTTONS } from '../../../../common/site/constants';
import { useSearchParamsLatest } from '../../lib/use-search-params-latest';

export { parseBrowseFilters, type BrowseFilters };

export function serializeBrowseFilters(
  filters: BrowseFilters,
  defaults: BrowseDefaults = {},
): URLSearchParams {
  const params = new URLSearchParams();
  const near = filters.near.trim();
  if (filters.category) params.set('category', filters.category);
  if (filters.category && filters.subcategory) params.set('subcategory', filters.subcategory);
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.location.trim()) params.set('location', filters.location.trim());
  // The profile place goes without saying; choosing no place instead has to be said.
  if (near !== (defaults.place ?? '')) params.set('near', near);
  if (near && filters.radiusKm) params.set('radiusKm', String(filters.radiusKm));
  if (filters.sort !== defaultSort(near)) params.set('sort', filters.sort);
  if (filters.withClaimed) params.set('claimed', 'show');
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/**
 * The next filters after a change: any filter change goes back to page 1, a new category
 * clears the starter type (spec §2), and a new place brings its default order.
 */
export function applyFilterChange(
  current: BrowseFilters,
  change: Partial<BrowseFilters>,
): BrowseFilters {
  if ('page' in change && Object.keys(change).length === 1) {
    return { ...current, page: change.page ?? 1 };
  }
  const next = { ...current, ...change, page: 1 };
  if ('category' in change && change.category !== current.category) next.subcategory = null;
  // An order left as it was for the old place follows the new one (nearest first, or newest).
  if ('near' in change && !('sort' in change) && current.sort === defaultSort(current.near)) {
    next.sort = defaultSort(next.near);
  }
  return next;
}

/** At most five page numbers, centred on the current page where possible. */
export function pageWindow(current: number, totalPages: number, size = MAX_PAGE_BUTTONS): number[] {
  if (totalPages <= 0) return [];
  const start = Math.max(1, Math.min(current - Math.floor(size / 2), totalPages - size + 1));
  const end = Math.min(totalPages, start + size - 1);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

/** List or map, and where the map looks (decision 082): not filters, so a filter change keeps them. */
const VIEW_PARAMS = ['view', 'at'];

function keepView(prev: URLSearchParams, next: URLSearchParams): URLSearchParams {
  for (const key of VIEW_PARAMS) {
    const value = prev.get(key);
    if (value) next.set(key, value);
  }
  return next;
}

/**
 * Browse filters that live in the URL, so back/forward and shared links work. `defaults`: the
 * member's profile place, assumed when the URL names none.
 */
export function useBrowseFilters(defaults: BrowseDefaults = {}) {
  const [params, setParams] = useSearchParamsLatest();
  const place = defaults.place ?? null;
  const filters = useMemo(() => parseBrowseFilters(params, { place }), [params, place]);
  const update = useCallback(
    (change: Partial<BrowseFilters>) =>
      setParams((prev) =>
        keepView(
          prev,
          serializeBrowseFilters(applyFilterChange(parseBrowseFilters(prev, { place }), change), {
            place,
          }),
        ),
      ),
    [setParams, place],
  );
  const clear = useCallback(
    () => setParams((prev) => keepView(prev, new URLSearchParams())),
    [setParams],
  );
  return { filters, update, clear };
}
