import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { parseBrowseFilters, type BrowseFilters } from '../../../../common/browse-page';
import { MAX_PAGE_BUTTONS } from '../../../../common/constants';

export { parseBrowseFilters, type BrowseFilters };

export function serializeBrowseFilters(filters: BrowseFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.category) params.set('category', filters.category);
  if (filters.category && filters.subcategory) params.set('subcategory', filters.subcategory);
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.location.trim()) params.set('location', filters.location.trim());
  if (filters.sort !== 'newest') params.set('sort', filters.sort);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/**
 * The next filters after a change: any filter change goes back to page 1, and a new
 * category clears the starter type (spec §2).
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
  return next;
}

/** At most five page numbers, centred on the current page where possible. */
export function pageWindow(current: number, totalPages: number, size = MAX_PAGE_BUTTONS): number[] {
  if (totalPages <= 0) return [];
  const start = Math.max(1, Math.min(current - Math.floor(size / 2), totalPages - size + 1));
  const end = Math.min(totalPages, start + size - 1);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

/** Browse filters that live in the URL, so back/forward and shared links work. */
export function useBrowseFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseBrowseFilters(params), [params]);
  const update = useCallback(
    (change: Partial<BrowseFilters>) =>
      setParams((prev) =>
        serializeBrowseFilters(applyFilterChange(parseBrowseFilters(prev), change)),
      ),
    [setParams],
  );
  const clear = useCallback(() => setParams(new URLSearchParams()), [setParams]);
  return { filters, update, clear };
}
