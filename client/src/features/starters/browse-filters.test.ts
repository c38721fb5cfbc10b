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
  sort: 'newest',
  page: 4,
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
      sort: 'newest',
      page: 1,
    });
    // A type that belongs to another category is dropped.
    expect(
      parseBrowseFilters(new URLSearchParams('category=grain&subcategory=kefir')),
    ).toMatchObject({ category: 'grain', subcategory: null });
  });
});
