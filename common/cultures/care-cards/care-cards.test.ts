import { describe, expect, it } from 'vitest';
import { categories, OTHER_SUBCATEGORY } from '../../listings/catalogue';
import { FEED_WITHIN_DAYS, freshnessOf } from '../freshness';
import { careCards } from './cards';
import { formatText, quantityProblem, splitQuantities } from './quantities';
import { careCardSchema } from './schema';

const catalogueKeys = [
  ...categories.flatMap((c) => c.subcategories.map((s) => s.key)),
  OTHER_SUBCATEGORY,
];

describe('care cards', () => {
  it('exist for every subcategory of the catalogue and the shared "other"', () => {
    const missing = catalogueKeys.filter((key) => !careCards.has(key));
    expect(missing).toEqual([]);
    // And no card for a key the catalogue does not have (a typo would hide a missing card).
    expect([...careCards.keys()].filter((k) => !catalogueKeys.includes(k))).toEqual([]);
  });

  it.each([...careCards.values()].map((card) => [card.subcategory, card] as const))(
    '%s passes the card schema',
    (_key, card) => {
      const result = careCardSchema.safeParse(card);
      expect(result.success ? [] : result.error.issues).toEqual([]);
    },
  );

  it.each([...careCards.values()].map((card) => [card.subcategory, card] as const))(
    '%s says to throw it away for mold, a pink or orange film and a foul smell, as /safety does',
    (_key, card) => {
      const discard = card.discard.join(' ').toLowerCase();
      expect(discard).toMatch(/mold/);
      expect(discard).toMatch(/pink|orange/);
      expect(discard).toMatch(/foul|rotten|putrid/);
    },
  );

  it('spore types say how to use spores', () => {
    for (const key of ['miso', 'tempeh', 'soySauce']) {
      expect(careCards.get(key)?.wake.spores?.length).toBeGreaterThan(0);
    }
  });

  it("the browse page's feed-within figures are the cards' own", () => {
    expect(FEED_WITHIN_DAYS).toEqual(
      Object.fromEntries([...careCards.values()].map((c) => [c.subcategory, c.feedWithinDays])),
    );
  });
});

describe('card quantities', () => {
  it('refuses a metric amount written outside braces, so the imperial toggle never misses one', () => {
    expect(quantityProblem('Add 50 g of flour')).toMatch(/without braces/);
    expect(quantityProblem('Keep it at 20–24 °C')).toMatch(/without braces/);
    expect(quantityProblem('Add {50 g} of flour to {100 ml} at {20–24 °C}')).toBeNull();
    expect(quantityProblem('Every 12 to 24 hours')).toBeNull();
    expect(quantityProblem('A {broken} token')).toMatch(/brace/);
  });

  it('splits a text into words and quantities', () => {
    expect(splitQuantities('Feed {50 g} at {20–24 °C}.')).toEqual([
      'Feed ',
      { value: 50, unit: 'g' },
      ' at ',
      { value: 20, to: 24, unit: '°C' },
      '.',
    ]);
  });

  it('shows metric as written and imperial converted', () => {
    const text = 'Feed {50 g} flour and {250 ml} water at {20–24 °C}; {30 ml} of brine.';
    expect(formatText(text, 'metric')).toBe(
      'Feed 50 g flour and 250 ml water at 20–24 °C; 30 ml of brine.',
    );
    expect(formatText(text, 'imperial')).toBe(
      'Feed 1.8 oz flour and 1 cup water at 68–75 °F; 1 fl oz of brine.',
    );
    expect(formatText('{1000 ml}', 'imperial')).toBe('4¼ cups');
    expect(formatText('{1 g}', 'imperial')).toBe('0.04 oz');
  });
});

describe('freshness', () => {
  const noon = (y: number, m: number, d: number) => new Date(y, m - 1, d, 12);
  const sourdough = (lastFedAt: string | null) =>
    ({ form: 'active', subcategory: 'sourdough', lastFedAt }) as const;

  it('counts calendar days from the date the member picked', () => {
    const now = noon(2026, 3, 12);
    expect(freshnessOf(sourdough('2026-03-10T00:00:00.000Z'), now)?.daysSinceFed).toBe(2);
  });

  it('says "may need a feed" only past the card’s figure', () => {
    const now = noon(2026, 3, 12);
    expect(freshnessOf(sourdough('2026-03-05T00:00:00.000Z'), now)?.mayNeedFeed).toBe(false);
    expect(freshnessOf(sourdough('2026-03-04T00:00:00.000Z'), now)?.mayNeedFeed).toBe(true);
    const scoby = { form: 'active', subcategory: 'scoby', lastFedAt: '2026-03-04T00:00:00.000Z' };
    expect(freshnessOf(scoby as never, now)?.mayNeedFeed).toBe(false);
  });

  it('counts in UTC days when asked, so the server and the browser agree wherever they are', () => {
    // "Fed today" pressed at 23:30 UTC, looked at an hour later: a day ago in UTC's calendar.
    const fed = sourdough('2026-03-11T23:30:00.000Z');
    const now = new Date('2026-03-12T00:30:00.000Z');
    expect(freshnessOf(fed, now, 'utc')?.daysSinceFed).toBe(1);
    expect(freshnessOf(fed, new Date('2026-03-11T23:59:00.000Z'), 'utc')?.daysSinceFed).toBe(0);
    // A picked date is that date in either calendar.
    expect(freshnessOf(sourdough('2026-03-10T00:00:00.000Z'), now, 'utc')?.daysSinceFed).toBe(2);
  });

  it('has nothing to say about a dried culture or an unknown last feed', () => {
    expect(freshnessOf(sourdough(null))).toBeNull();
    expect(
      freshnessOf({ form: 'dried', subcategory: 'sourdough', lastFedAt: '2026-03-04T00:00:00Z' }),
    ).toBeNull();
  });
});
