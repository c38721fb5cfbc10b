import { cultures, type BenchPlace } from './seed';

/** A tiny seeded generator, so every run asks the same questions. */
export function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const searchWords = [
  ...new Set(
    cultures
      .flatMap(([name]) => name.toLowerCase().split(/\s+/))
      .filter((w) => w.length >= 4 && /^[a-z]+$/.test(w)),
  ),
  'sour',
  'kef',
  'kombu',
  'grandmother',
  'beginners',
  'tangy',
  'organic',
];

/**
 * `count` distinct browse questions as a visitor would ask them: search words from culture
 * names (some typed half-way), real places, categories and types, three sorts, pages 1–8.
 */
export function browseQuestions(count: number, places: BenchPlace[], seed = 1): string[] {
  const next = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const seen = new Set<string>();
  const out: string[] = [];
  while (out.length < count) {
    const params = new URLSearchParams();
    params.set('limit', '12');
    params.set('offset', String(12 * Math.floor(next() ** 2 * 8)));
    const culture = pick(cultures);
    const r = next();
    if (r < 0.35) params.set('search', pick(searchWords));
    if (r > 0.2 && r < 0.6) params.set('category', culture[1]);
    if (r > 0.45 && r < 0.6) params.set('subcategory', culture[2]);
    if (next() < 0.3) params.set('location', pick(places).word);
    const sort = next();
    if (sort < 0.5) params.set('sort', 'newest');
    else if (sort < 0.7) params.set('sort', 'oldest');
    else {
      const here = pick(places);
      params.set('sort', 'closest');
      params.set('lat', (here.latitude + (next() - 0.5) * 0.2).toFixed(4));
      params.set('lng', (here.longitude + (next() - 0.5) * 0.2).toFixed(4));
    }
    const path = `/api/starters?${params}`;
    if (seen.has(path)) continue;
    seen.add(path);
    out.push(path);
  }
  return out;
}

/** `length` picks from `questions` by a Zipf law (s = 1): a few popular, a long tail. */
export function zipfMix(questions: string[], length: number, seed = 2): string[] {
  const next = random(seed);
  const weights = questions.map((_, i) => 1 / (i + 1));
  const cumulative: number[] = [];
  let sum = 0;
  for (const w of weights) cumulative.push((sum += w));
  const out: string[] = [];
  for (let i = 0; i < length; i++) {
    const x = next() * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    out.push(questions[lo]!);
  }
  return out;
}
