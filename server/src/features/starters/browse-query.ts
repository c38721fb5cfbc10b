import type { StarterListQuery } from '../../../../common/listings/starters';

/** Browse positions count to 0.01° (about 1 km): finer than any place centre, coarse enough to share. */
const POSITION_STEP = 100;
export const roundPosition = (value: number, limit: number) =>
  Math.min(limit, Math.max(-limit, Math.round(value * POSITION_STEP) / POSITION_STEP));

/** Words the search uses, in the order given: letters and digits only, at most `max`. */
export function queryWords(text: string | undefined, max = 8): string[] {
  if (!text) return [];
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).slice(0, max);
}

const wordsOf = (text: string | undefined) => queryWords(text).join(' ') || undefined;

/**
 * The browse question reduced to what changes its answer, so questions that differ only in
 * spelling, spacing or a metre of position share one cached answer. The answer is computed
 * from this form too, so a shared answer is exactly right for each of them.
 */
export function normaliseListQuery(query: StarterListQuery): StarterListQuery {
  // A position measures distances (and bounds a radius) whatever the sort. A place named by
  // `near` arrives here as its centre, so two spellings of one place share an answer.
  const hasPosition = query.lat !== undefined && query.lng !== undefined;
  return {
    limit: query.limit,
    offset: query.offset,
    category: query.category === 'all' ? undefined : query.category,
    subcategory: query.subcategory === 'all' ? undefined : query.subcategory,
    location: wordsOf(query.location),
    search: wordsOf(query.search),
    sort: query.sort,
    claimed: query.claimed === 'hide' ? 'hide' : undefined,
    lat: hasPosition ? roundPosition(query.lat!, 90) : undefined,
    lng: hasPosition ? roundPosition(query.lng!, 180) : undefined,
    near: undefined,
    // To the metre: finer radii are not a different question.
    radiusKm:
      hasPosition && query.radiusKm !== undefined
        ? Math.round(query.radiusKm * 1000) / 1000
        : undefined,
  };
}
