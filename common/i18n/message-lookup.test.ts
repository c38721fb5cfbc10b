import { describe, expect, it } from 'vitest';
import { messageLookup } from './message-lookup';

describe('finding a shared message by its English words', () => {
  const find = messageLookup([
    ['required', 'Title is required'],
    ['unknownPlace', 'Unknown place "{place}": try "City, State/Country"'],
    ['suspended', 'Your account is suspended until {until} UTC.'],
    ['suspendedWithReason', 'Your account is suspended until {until} UTC: {reason}'],
    ['jars', '{count, plural, one {# jar} other {# jars}}'],
  ]);

  it('finds a whole message, and one with a varying part along with that part', () => {
    expect(find('Title is required')).toEqual({ key: 'required', values: {} });
    expect(find('Unknown place "St. Ives (Cornwall)": try "City, State/Country"')).toEqual({
      key: 'unknownPlace',
      values: { place: 'St. Ives (Cornwall)' },
    });
    expect(find('Your account is suspended until 3 Dec 2026 UTC: spam: links')).toEqual({
      key: 'suspendedWithReason',
      values: { until: '3 Dec 2026', reason: 'spam: links' },
    });
    expect(find('Your account is suspended until 3 Dec 2026 UTC.')?.key).toBe('suspended');
  });

  it('finds nothing for other words, and never reads a plural back', () => {
    expect(find('Title is required!')).toBeUndefined();
    expect(find('Unknown place')).toBeUndefined();
    expect(find('2 jars')).toBeUndefined();
    expect(find('{count, plural, one {# jar} other {# jars}}')?.key).toBe('jars');
  });
});
