import { afterEach, describe, expect, it, vi } from 'vitest';
import { askDate } from './ask-card';

const browserSpeaks = (...tags: string[]) =>
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(tags);

afterEach(() => vi.restoreAllMocks());

describe("an ask's date in the member's locale", () => {
  it('puts the month first for an American, never "28/12/2026"', () => {
    browserSpeaks('en-US', 'en');
    expect(askDate('2026-12-28T12:00:00Z')).toBe('12/28/2026');
  });

  it('puts the day first for a Briton', () => {
    browserSpeaks('en-GB', 'en');
    expect(askDate('2026-12-28T12:00:00Z')).toBe('28/12/2026');
  });
});
