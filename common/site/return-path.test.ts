import { describe, expect, it } from 'vitest';
import { safeNextPath } from './return-path';

describe('safeNextPath', () => {
  it('keeps a page of this site with its query', () => {
    expect(safeNextPath('/starter/5?dialog=message')).toBe('/starter/5?dialog=message');
  });

  it.each([
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    // Dot segments that normalise into a protocol-relative address.
    '/.//evil.example',
    '/./..//evil.example/x',
    '/a/..//evil.example',
    '/%2e//evil.example',
  ])('sends %j home instead of to another site', (raw) => {
    expect(safeNextPath(raw)).toBe('/');
  });
});
