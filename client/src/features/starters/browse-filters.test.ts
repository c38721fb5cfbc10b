import { describe, expect, it } from 'vitest';
import {
  applyFilterChange,
  pageWindow,
  parseBrowseFilters,
  serializeBrowseFilters,
  type BrowseFilters,
} from './browse-filters';

const base: BrowseFilters = {
  category: 'dairy',
  subcategory: 'kefir',
  search: 'milk',
  location: '',
  near: '',
  radiusKm: null,
  sort: 'newest',
  page: 4,
  withClaimed: false,
};

describe('pageWindow', () => {
  it('shows at most five numbers around the current page', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(7, 10)).toEqual([5, 6, 7, 8, 9]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(1, 0)).toEqual([]);
  });
});

describe('filter changes', () => {
  it('go back to page 1, and a new category clears the starter type', () => {
    expect(applyFilterChange(base, { search: 'kefir' })).toMatchObject({
      search: 'kefir',
      subcategory: 'kefir',
      page: 1,
    });
    expect(applyFilterChange(base, { category: 'grain' })).toMatchObject({
      category: 'grain',
      subcategory: null,
      page: 1,
    });
    expect(applyFilterChange(base, { page: 5 })).toEqual({ ...base, page: 5 });
  });

  it('round-trip through the URL and ignore values that are not valid', () => {
    expect(parseBrowseFilters(serializeBrowseFilters(base))).toEqual(base);
    expect(
      parseBrowseFilters(
        new URLSearchParams('category=meat&subcategory=kefir&sort=random&page=-2'),
      ),
    ).toEqual({
      category: null,
      subcategory: null,
      search: '',
      location: '',
      near: '',
      radiusKm: null,
      sort: 'newest',
      page: 1,
      withClaimed: false,
    });
    // A type that belongs to another category is dropped.
    expect(
      parseBrowseFilters(new URLSearchParams('category=grain&subcategory=kefir')),
    ).toMatchObject({ category: 'grain', subcategory: null });
  });

  it('hold a place and a radius, nearest first unless another order is chosen', () => {
    const near = parseBrowseFilters(new URLSearchParams('near=Beaverton,+Oregon&radiusKm=10'));
    expect(near).toMatchObject({ near: 'Beaverton, Oregon', radiusKm: 10, sort: 'closest' });
    expect(serializeBrowseFilters(near).toString()).toBe('near=Beaverton%2C+Oregon&radiusKm=10');
    // Only the radii offered, and only with a place.
    expect(parseBrowseFilters(new URLSearchParams('near=X&radiusKm=7')).radiusKm).toBeNull();
    expect(parseBrowseFilters(new URLSearchParams('radiusKm=10')).radiusKm).toBeNull();
    const newest = applyFilterChange(near, { sort: 'newest' });
    expect(parseBrowseFilters(serializeBrowseFilters(newest))).toEqual(newest);
  });

  it("take the member's profile place unless the URL says otherwise", () => {
    const place = 'Portland, Oregon, United States';
    const mine = parseBrowseFilters(new URLSearchParams(''), { place });
    expect(mine).toMatchObject({ near: place, sort: 'closest' });
    expect(serializeBrowseFilters(mine, { place }).toString()).toBe('');
    const none = applyFilterChange(mine, { near: '' });
    expect(serializeBrowseFilters(none, { place }).toString()).toBe('near=');
    expect(parseBrowseFilters(new URLSearchParams('near='), { place })).toMatchObject({
      near: '',
      sort: 'newest',
    });
  });
});
