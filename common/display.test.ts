import { describe, expect, it } from 'vitest';
import { countOf, displayName, initials, ownerName } from './display';

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

describe('countOf', () => {
  it('writes a count as people do', () => {
    expect(countOf(1, 'portion')).toBe('1 portion');
    expect(countOf(3, 'portion')).toBe('3 portions');
    expect(countOf(0, 'kitchen')).toBe('0 kitchens');
    expect(countOf(1048, 'kitchen')).toBe('1,048 kitchens');
    expect(countOf(2, 'person', 'people')).toBe('2 people');
  });
});
