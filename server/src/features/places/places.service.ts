import { createRequire } from 'node:module';
import type { ICity, ICountry, IState } from 'country-state-city';

export interface PlaceCentre {
  latitude: number;
  longitude: number;
}

interface Gazetteer {
  /** Normalised city name → every city of that name. */
  cities: Map<string, ICity[]>;
  /** Normalised state name or "CC-ISO" code → states. */
  states: Map<string, IState[]>;
  /** Normalised country name or ISO code → country. */
  countries: Map<string, ICountry>;
}

let gazetteer: Gazetteer | undefined;

/** Lower-case, accents off, punctuation to single spaces: "Saint-Étienne" → "saint etienne". */
export function normalisePlace(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function push<T>(map: Map<string, T[]>, key: string, value: T) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

// The city list is ~8 MB of JSON: load it on first use, once, not at boot.
function load(): Gazetteer {
  if (gazetteer) return gazetteer;
  const require = createRequire(import.meta.url);
  const { City, State, Country } =
    require('country-state-city') as typeof import('country-state-city');
  const cities = new Map<string, ICity[]>();
  for (const city of City.getAllCities()) push(cities, normalisePlace(city.name), city);
  const states = new Map<string, IState[]>();
  for (const state of State.getAllStates()) {
    push(states, normalisePlace(state.name), state);
    push(states, normalisePlace(state.isoCode), state);
  }
  const countries = new Map<string, ICountry>();
  for (const country of Country.getAllCountries()) {
    countries.set(normalisePlace(country.name), country);
    countries.set(normalisePlace(country.isoCode), country);
  }
  // Common ways of writing a few countries the list spells differently.
  const aliases: Record<string, string> = {
    usa: 'US',
    'u s a': 'US',
    'u s': 'US',
    'united states of america': 'US',
    america: 'US',
    uk: 'GB',
    'u k': 'GB',
    england: 'GB',
    scotland: 'GB',
    wales: 'GB',
    'great britain': 'GB',
  };
  for (const [alias, code] of Object.entries(aliases)) {
    const country = countries.get(normalisePlace(code));
    if (country) countries.set(alias, country);
  }
  gazetteer = { cities, states, countries };
  return gazetteer;
}

function centre(place: {
  latitude?: string | null;
  longitude?: string | null;
}): PlaceCentre | null {
  const latitude = Number(place.latitude);
  const longitude = Number(place.longitude);
  if (
    !place.latitude ||
    !place.longitude ||
    !Number.isFinite(latitude) ||
    !Number.isFinite(longitude)
  )
    return null;
  return { latitude, longitude };
}

/** Does `qualifier` ("Oregon", "OR", "USA", "France") name this city's state or country? */
function qualifies(g: Gazetteer, city: ICity, qualifier: string): boolean {
  const country = g.countries.get(qualifier);
  if (country && country.isoCode === city.countryCode) return true;
  return (g.states.get(qualifier) ?? []).some(
    (s) => s.countryCode === city.countryCode && s.isoCode === city.stateCode,
  );
}

/**
 * The centre of the place "City, State/Country" names, from the offline gazetteer — never a
 * finer position. Null when the text names no known place, or names several equally well
 * ("Springfield" alone).
 */
export function locate(text: string): PlaceCentre | null {
  if (typeof text !== 'string' || text.length > 200) return null;
  const parts = text.split(',').map(normalisePlace).filter(Boolean);
  if (parts.length === 0) return null;
  const g = load();
  const [first, ...rest] = parts;
  const candidates = g.cities.get(first!) ?? [];
  if (rest.length > 0) {
    const matches = candidates.filter((city) => rest.every((q) => qualifies(g, city, q)));
    if (matches.length > 0) return centre(matches[0]!);
    // "Oregon, USA" or just a state: its centre is coarser still, which is fine.
    const states = (g.states.get(first!) ?? []).filter((s) =>
      rest.every((q) => g.countries.get(q)?.isoCode === s.countryCode),
    );
    if (states.length === 1) return centre(states[0]!);
    return null;
  }
  if (candidates.length === 1) return centre(candidates[0]!);
  const country = g.countries.get(first!);
  if (country) return centre(country);
  return null;
}
