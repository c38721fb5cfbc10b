import { describe, expect, it } from 'vitest';
import { findPlace, locate, suggestPlaces } from './places.service';

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

describe('places as people name them', () => {
  it('puts the Portland most people live in first, not the alphabet', () => {
    const names = suggestPlaces('Portland').map((p) => p.name);
    expect(names[0]).toBe('Portland, Oregon, United States');
    expect(names[1]).toBe('Portland, Maine, United States');
    expect(suggestPlaces('paris')[0]!.name).toBe('Paris, Île-de-France, France');
  });

  it('reads "City Region" and "City, Country" in any order, with or without commas', () => {
    const portland = 'Portland, Oregon, United States';
    for (const typed of ['Portland Oregon', 'portland or', 'Oregon Portland', 'Portland OR USA'])
      expect(suggestPlaces(typed)[0]?.name, typed).toBe(portland);
    expect(suggestPlaces('France, Paris')[0]?.name).toBe('Paris, Île-de-France, France');
    expect(findPlace('Portland Oregon')?.name).toBe(portland);
    expect(findPlace('Oregon, Portland')?.name).toBe(portland);
    expect(findPlace('France, Paris')?.name).toBe('Paris, Île-de-France, France');
  });
});
