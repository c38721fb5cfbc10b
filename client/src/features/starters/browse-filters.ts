import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { findCategory, isValidSubcategory } from '../../../../common/catalogue';
import { MAX_PAGE_BUTTONS, STARTER_SORTS, type StarterSort } from '../../../../common/constants';

export interface BrowseFilters {
  category: string | null;
  subcategory: string | null;
  search: string;
  location: string;
  sort: StarterSort;
  page: number;
}

/** Reads the browse filters from the URL, ignoring anything that is not a valid value. */
export function parseBrowseFilters(params: URLSearchParams): BrowseFilters {
  const category = findCategory(params.get('category'))?.key ?? null;
  const sub = params.get('subcategory');
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  return {
    category,
    subcategory: category && sub && isValidSubcategory(category, sub) ? sub : null,
    search: params.get('search') ?? '',
    location: params.get('location') ?? '',
    sort: (STARTER_SORTS as readonly string[]).includes(sort ?? '')
      ? (sort as StarterSort)
      : 'newest',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

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
