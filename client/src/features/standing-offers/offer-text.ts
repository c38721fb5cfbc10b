import type { TFunction } from 'i18next';
import type { StandingOfferView } from '../../../../common/conversations/standing-offers';
import { memberLocale } from '../../lib/i18n';

/** The standing offer in words: its terms, and times in the reader's own zone. */

export type Offer = NonNullable<StandingOfferView['offer']>;

/** "Saturday 14 March, 18:30" in the reader's own time zone (answer times are real instants). */
export function whenLocal(iso: string): string {
  return new Date(iso).toLocaleString(memberLocale(), {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** The offer's terms in one sentence. */
export function offerTerms(offer: Offer, t: TFunction<'living'>): string {
  const terms = {
    portions: offer.batchSize,
    days: offer.cadenceDays,
    mode: offer.mode,
    hours: offer.answerHours,
    weeks: offer.limitWeeks,
  };
  return offer.limitWeeks > 0 ? t('offers.termsLimit', terms) : t('offers.terms', terms);
}
