import { describe, expect, it } from 'vitest';
import { displayName, initials, ownerName } from './display';

describe('display names', () => {
  it('prefers username, then first name, then the fallback', () => {
    expect(displayName({ username: 'kefirkate', firstName: 'Kate' })).toBe('kefirkate');
    expect(displayName({ username: null, firstName: 'Kate' })).toBe('Kate');
    expect(displayName({})).toBe('User');
    expect(ownerName(null)).toBe('Anonymous');
  });

  it('builds initials from names, then username, then U', () => {
    expect(initials({ firstName: 'ada', lastName: 'lovelace' })).toBe('AL');
    expect(initials({ firstName: 'Ada', username: 'sourdough' })).toBe('SO');
    expect(initials({})).toBe('U');
  });
});
