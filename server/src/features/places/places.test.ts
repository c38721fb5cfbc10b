import { describe, expect, it } from 'vitest';
import { locate } from './places.service';

describe('locate', () => {
  it('finds the centre of "City, State" and "City, Country" in the gazetteer', () => {
    expect(locate('Portland, Oregon')).toEqual({
      latitude: expect.closeTo(45.52, 1),
      longitude: expect.closeTo(-122.68, 1),
    });
    expect(locate('portland, or')).toEqual(locate('Portland, Oregon'));
    expect(locate('Portland, Maine')!.longitude).toBeCloseTo(-70.26, 1);
    expect(locate('Paris, France')!.latitude).toBeCloseTo(48.85, 1);
    expect(locate('Sao Paulo, Brazil')!.latitude).toBeCloseTo(-23.55, 1);
    expect(locate('London, UK')!.latitude).toBeCloseTo(51.51, 1);
    expect(locate('Seattle, WA, USA')!.latitude).toBeCloseTo(47.61, 1);
  });

  it('returns null for unknown or ambiguous places', () => {
    expect(locate('Nowhereville, Atlantis')).toBeNull();
    expect(locate('')).toBeNull();
    expect(locate(' , ')).toBeNull();
    // Dozens of Springfields: no guess.
    expect(locate('Springfield')).toBeNull();
  });
});
