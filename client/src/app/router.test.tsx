import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { pageAt, pages } from '../../../common/site/pages';
import { paths } from '../lib/paths';
import { preloadPages, routes } from './router';

const table = Object.values(pages);
const children = routes[0]!.children!;

describe('the router', () => {
  it('makes a route of every page in the page table, and of nothing else', () => {
    expect(children.map((route) => route.path)).toEqual(table.map((page) => page.path));
    expect(children.length).toBeGreaterThan(15);
  });

  it("loads each page's module as the table names it", async () => {
    // The table's module is the one the server preloads the chunks of (src/pages/<module>.tsx).
    await expect(preloadPages('/starter/42/family')).resolves.toBeUndefined();
    expect(pages.starterFamily.module).toBe('starter-family');
    // Every page, the landing page too, loads apart from the first-load script (decision 101).
    for (const page of table) {
      const route = children[table.indexOf(page)]!;
      expect(route.handle, page.path).toHaveProperty('preload');
    }
  });

  it('matches every address to the page the server fills in (pageAt)', () => {
    const addresses = [
      ...table.map((page) => page.path.replace(':id', '42').replace('*', '/no/such/page')),
      '/Browse/',
      '/starter/',
      '/starter/42/family/',
      '/starter/42/family/more',
      '/starter/42/other',
      '/browse/extra',
      '/api',
    ];
    for (const address of addresses) {
      const route = matchRoutes(routes, address)!.at(-1)!.route;
      expect([address, table[children.indexOf(route)]]).toEqual([address, pageAt(address)]);
    }
  });

  it('builds links from the same table', () => {
    expect(paths.browse).toBe(pages.browse.path);
    expect(paths.starter.href(12)).toBe('/starter/12');
    expect(paths.conversation.href(7, 'a b')).toBe('/messages?starter=7&with=a%20b');
    expect(paths.browseCategory.href('dairy')).toBe('/browse?category=dairy');
  });
});
