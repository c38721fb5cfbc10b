import type { StandingOfferView } from '../../../../common/standing-offers';

/** The standing offer in words: its terms, and times in the reader's own zone. */

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export type Offer = NonNullable<StandingOfferView['offer']>;

/** "Saturday 14 March, 18:30" in the reader's own time zone (answer times are real instants). */
export function whenLocal(iso: string): string {
  return new Date(iso).toLocaleString(undefined, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** The offer's terms in one sentence. */
export function offerTerms(offer: Offer): string {
  const every = offer.cadenceDays === 1 ? 'every day' : `every ${offer.cadenceDays} days`;
  const who = offer.mode === 'lottery' ? 'drawn by lottery' : 'longest waiting first';
  const limit =
    offer.limitWeeks > 0 ? ` · one portion per member per ${plural(offer.limitWeeks, 'week')}` : '';
  return `${plural(offer.batchSize, 'portion')} ${every} · ${who} · answer within ${plural(offer.answerHours, 'hour')}${limit}`;
}
