import { describe, expect, it } from 'vitest';
import { paths } from '../lib/paths';
import { routes } from './router';

describe('the router', () => {
  it('takes every route from the paths table', () => {
    const table = new Set<string>(
      Object.values(paths).flatMap((p) =>
        typeof p === 'string' ? [p] : 'path' in p ? [p.path] : [],
      ),
    );
    const routed = routes[0]!.children!.map((r) => r.path).filter((p) => p !== '*');
    expect(routed.length).toBeGreaterThan(10);
    for (const path of routed) expect(table).toContain(path);
  });

  it('builds links from the same table', () => {
    expect(paths.starter.href(12)).toBe('/starter/12');
    expect(paths.conversation.href(7, 'a b')).toBe('/messages?starter=7&with=a%20b');
    expect(paths.browseCategory.href('dairy')).toBe('/browse?category=dairy');
  });
});
