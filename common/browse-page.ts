import { findCategory, isValidSubcategory } from './catalogue';
import { PAGE_SIZE, STARTER_SORTS, type StarterSort } from './constants';

/**
 * What /browse shows, read from its address, and the GET /api/starters call it makes. Shared so
 * the server can answer a page's first browse call inside the page itself (decision 028) with
 * exactly the question the client would have asked.
 */
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

export interface StarterListParams {
  limit: number;
  offset: number;
  category?: string;
  subcategory?: string;
  location?: string;
  search?: string;
  sort: StarterSort;
  lat?: number;
  lng?: number;
}

/** The list call for these filters (and the browser's position, for 'closest'). */
export function browseListParams(
  filters: BrowseFilters,
  position?: { lat: number; lng: number } | null,
): StarterListParams {
  return {
    limit: PAGE_SIZE,
    offset: (filters.page - 1) * PAGE_SIZE,
    category: filters.category ?? undefined,
    subcategory: filters.subcategory ?? undefined,
    search: filters.search || undefined,
    location: filters.location || undefined,
    sort: filters.sort,
    lat: position?.lat,
    lng: position?.lng,
  };
}

/** The query string of GET /api/starters for `params`. */
export function starterListQuery(params: StarterListParams): URLSearchParams {
  const query = new URLSearchParams();
  query.set('limit', String(params.limit));
  query.set('offset', String(params.offset));
  if (params.category) {
    query.set('category', params.category);
    // Spec §7: the type filter is sent literally, 'all' included, once a category is chosen.
    query.set('subcategory', params.subcategory || 'all');
  }
  if (params.location) query.set('location', params.location);
  if (params.search) query.set('search', params.search);
  query.set('sort', params.sort);
  if (params.sort === 'closest' && params.lat !== undefined && params.lng !== undefined) {
    query.set('lat', String(params.lat));
    query.set('lng', String(params.lng));
  }
  return query;
}
