import { findCategory, isValidSubcategory } from './catalogue';
import { PAGE_SIZE, STARTER_SORTS, type StarterSort } from '../site/constants';
import { BROWSE_RADII_KM } from './radii';

/**
 * What /browse shows, read from its address, and the GET /api/starters call it makes. Shared so
 * the server can answer a page's first browse call inside the page itself (decision 028) with
 * exactly the question the client would have asked.
 */
export interface BrowseFilters {
  category: string | null;
  subcategory: string | null;
  search: string;
  /** The spec's text filter on the location as written; old links and other clients use it. */
  location: string;
  /** The gazetteer place distances are measured from ("" for none). */
  near: string;
  /** Only starters this close to `near`; null is anywhere. */
  radiusKm: number | null;
  sort: StarterSort;
  page: number;
  /** Claimed listings too (`claimed=show`); browse leaves them out unless asked. */
  withClaimed: boolean;
}

/** What browse assumes when the address does not say: the member's profile place. */
export interface BrowseDefaults {
  place?: string | null;
}

/** With a place, nearest first unless another order was chosen; without one, newest. */
export const defaultSort = (near: string): StarterSort => (near ? 'closest' : 'newest');

/**
 * Reads the browse filters from the URL, ignoring anything that is not a valid value. No
 * `near` at all is the member's profile place; `near=` (empty) is no place, chosen.
 */
export function parseBrowseFilters(
  params: URLSearchParams,
  defaults: BrowseDefaults = {},
): BrowseFilters {
  const category = findCategory(params.get('category'))?.key ?? null;
  const sub = params.get('subcategory');
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  const near = (params.get('near') ?? defaults.place ?? '').trim();
  const radius = Number(params.get('radiusKm'));
  return {
    category,
    subcategory: category && sub && isValidSubcategory(category, sub) ? sub : null,
    search: params.get('search') ?? '',
    location: params.get('location') ?? '',
    near,
    radiusKm: near && (BROWSE_RADII_KM as readonly number[]).includes(radius) ? radius : null,
    sort: (STARTER_SORTS as readonly string[]).includes(sort ?? '')
      ? (sort as StarterSort)
      : defaultSort(near),
    page: Number.isInteger(page) && page > 1 ? page : 1,
    withClaimed: params.get('claimed') === 'show',
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
  near?: string;
  radiusKm?: number;
  claimed?: 'hide';
  lat?: number;
  lng?: number;
}

/** The list call for these filters. */
export function browseListParams(filters: BrowseFilters): StarterListParams {
  return {
    limit: PAGE_SIZE,
    offset: (filters.page - 1) * PAGE_SIZE,
    category: filters.category ?? undefined,
    subcategory: filters.subcategory ?? undefined,
    search: filters.search || undefined,
    location: filters.location || undefined,
    sort: filters.sort,
    near: filters.near || undefined,
    radiusKm: (filters.near && filters.radiusKm) || undefined,
    claimed: filters.withClaimed ? undefined : 'hide',
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
  if (params.near) query.set('near', params.near);
  if (params.lat !== undefined && params.lng !== undefined) {
    query.set('lat', String(params.lat));
    query.set('lng', String(params.lng));
  }
  if (params.radiusKm !== undefined) query.set('radiusKm', String(params.radiusKm));
  if (params.claimed) query.set('claimed', params.claimed);
  return query;
}
