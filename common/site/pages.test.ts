import { describe, expect, it } from 'vitest';
import { isTitledPage, pages } from './pages';
import english from '../locales/en/common.json' with { type: 'json' };

describe('page titles', () => {
  it('come from the catalogue for every page but those titled by their starter', () => {
    const untitled = Object.keys(pages).filter((key) => !isTitledPage(key));
    expect(untitled.sort()).toEqual(['starter', 'starterFamily', 'starterWithoutId']);
    // No title is kept for a page that is not in the table.
    expect(Object.keys(english.pageTitles).filter((key) => !(key in pages))).toEqual([]);
  });
});
