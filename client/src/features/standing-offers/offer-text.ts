import type { TFunction } from 'i18next';
import type { StandingOfferView } from '../../../../common/standing-offers';
import { currentLanguage, localeTag } from '../../lib/i18n';

/** The standing offer in words: its terms, and times in the reader's own zone. */

export type Offer = NonNullable<StandingOfferView['offer']>;

/**
 * The locale a time is written in: an English page keeps the reader's own conventions (as it
 * always has); another language uses the reader's regional variant of it when the browser has
 * one ("es-MX"), else the language's own tag.
 */
function timeLocale(): string | undefined {
  const language = currentLanguage();
  if (language === 'en') return undefined;
  const preferred = typeof navigator === 'undefined' ? [] : (navigator.languages ?? []);
  return preferred.find((tag) => tag.toLowerCase().split('-')[0] === language) ?? localeTag();
}

/** "Saturday 14 March, 18:30" in the reader's own time zone (answer times are real instants). */
export function whenLocal(iso: string): string {
  return new Date(iso).toLocaleString(timeLocale(), {
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
