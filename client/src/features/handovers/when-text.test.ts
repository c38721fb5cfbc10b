import { afterEach, describe, expect, it, vi } from 'vitest';
import { memberLocale } from '../../lib/i18n';
import { showIn } from '../../test/render';
import { whenText } from './when-text';

/** The browser's preferred languages, as a member's own browser would send them. */
const browserSpeaks = (...tags: string[]) =>
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(tags);

afterEach(() => vi.restoreAllMocks());

const THURSDAY = new Date(2026, 10, 26, 12, 0);

describe("a pickup time in the member's locale", () => {
  it('reads a 12-hour clock for an American', () => {
    browserSpeaks('en-US', 'en');
    expect(memberLocale()).toBe('en-US');
    expect(whenText('2026-11-28T18:30', THURSDAY)).toBe('Saturday 6:30 PM');
    expect(whenText('2026-12-28T09:00', THURSDAY)).toBe('Monday, December 28 at 9:00 AM');
  });

  it('reads a 24-hour clock for a Briton', () => {
    browserSpeaks('en-GB', 'en');
    expect(whenText('2026-11-28T18:30', THURSDAY)).toBe('Saturday 18:30');
    expect(whenText('2026-12-28T09:00', THURSDAY)).toBe('Monday 28 December at 09:00');
  });

  it("takes the page's language, in the browser's variant of it when it has one", async () => {
    browserSpeaks('en-US', 'de-AT');
    await showIn('de');
    expect(memberLocale()).toBe('de-AT');
    await showIn('fr');
    expect(memberLocale()).toBe('fr-FR');
    expect(whenText('2026-11-28T18:30', THURSDAY)).toBe('samedi 18:30');
  });
});
