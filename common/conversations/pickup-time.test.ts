import { describe, expect, it } from 'vitest';
import { dateIn, pickupTimeText, twelveHour } from './pickup-time';

const THURSDAY = '2026-11-26';

describe('a pickup time in the reader’s locale', () => {
  it('reads 12-hour with the month first for an American', () => {
    expect(pickupTimeText('2026-11-28T10:00', 'en-US', THURSDAY)).toBe('Saturday 10:00 AM');
    expect(pickupTimeText('2026-12-28T18:30', 'en-US', THURSDAY)).toBe(
      'Monday, December 28 at 6:30 PM',
    );
  });

  it('reads 24-hour with the day first for a Briton and in the other languages', () => {
    expect(pickupTimeText('2026-11-28T09:00', 'en-GB', THURSDAY)).toBe('Saturday 09:00');
    expect(pickupTimeText('2026-12-28T18:30', 'en-GB', THURSDAY)).toBe(
      'Monday 28 December at 18:30',
    );
    expect(pickupTimeText('2026-11-28T10:00', 'de-DE', THURSDAY)).toBe('Samstag, 10:00');
    expect(pickupTimeText('2026-12-28T18:30', 'fr-FR', THURSDAY)).toBe('lundi 28 décembre à 18:30');
  });

  it('shows the time as typed, whatever zone it is read in', () => {
    expect(pickupTimeText('2026-11-28T23:30', 'en-US', THURSDAY)).toBe('Saturday 11:30 PM');
    expect(pickupTimeText('not a time', 'en-US', THURSDAY)).toBe('not a time');
  });

  it('knows which locales read a 12-hour clock', () => {
    expect(twelveHour('en-US')).toBe(true);
    expect(twelveHour('en-GB')).toBe(false);
    expect(twelveHour('es-ES')).toBe(false);
    expect(dateIn(new Date('2026-11-27T02:00:00Z'), 'America/Los_Angeles')).toBe('2026-11-26');
  });
});
