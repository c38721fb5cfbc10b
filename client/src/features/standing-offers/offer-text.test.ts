import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { offerTerms, type Offer } from './offer-text';

const t = i18n.getFixedT('en', 'living');

/** The English wording as it was written before the catalogue (the spec's). */
const plural = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;
function englishTerms(offer: Offer): string {
  const every = offer.cadenceDays === 1 ? 'every day' : `every ${offer.cadenceDays} days`;
  const who = offer.mode === 'lottery' ? 'drawn by lottery' : 'longest waiting first';
  const limit =
    offer.limitWeeks > 0 ? ` · one portion per member per ${plural(offer.limitWeeks, 'week')}` : '';
  return `${plural(offer.batchSize, 'portion')} ${every} · ${who} · answer within ${plural(offer.answerHours, 'hour')}${limit}`;
}

const anOffer = (over: Partial<Offer>): Offer => ({
  batchSize: 2,
  cadenceDays: 7,
  answerHours: 48,
  limitWeeks: 4,
  mode: 'longest_waiting',
  paused: false,
  round: 1,
  nextRoundAt: '2030-01-08T10:00:00.000Z',
  lastRoundAt: null,
  ...over,
});

describe('the standing offer in English', () => {
  it('words its terms exactly as before, singulars and plurals alike', () => {
    for (const batchSize of [1, 2, 10])
      for (const cadenceDays of [1, 2, 14])
        for (const answerHours of [1, 24, 72])
          for (const limitWeeks of [0, 1, 4])
            for (const mode of ['longest_waiting', 'lottery'] as const) {
              const offer = anOffer({ batchSize, cadenceDays, answerHours, limitWeeks, mode });
              expect(offerTerms(offer, t)).toBe(englishTerms(offer));
            }
  });

  it('says a place in line as before: 1st, 2nd, 3rd, 11th, 22nd, 113th', () => {
    const places = { 1: '1st', 2: '2nd', 3: '3rd', 4: '4th', 11: '11th', 12: '12th', 13: '13th' };
    const more = { 21: '21st', 22: '22nd', 23: '23rd', 101: '101st', 111: '111th', 113: '113th' };
    for (const [place, said] of Object.entries({ ...places, ...more }))
      expect(t('offers.member.inLine', { place: Number(place) })).toBe(`You're ${said} in line`);
  });
});
