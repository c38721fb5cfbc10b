import { describe, expect, it } from 'vitest';
import { careCards } from '../../../../common/cultures/care-cards/cards';
import {
  quantityProblem,
  splitQuantities,
} from '../../../../common/cultures/care-cards/quantities';
import type { CareCard } from '../../../../common/cultures/care-cards/schema';
import { LANGUAGES } from '../../../../common/i18n/languages';
import { loadCareTexts, translateCard, type CareTexts } from './care-texts';

const files = import.meta.glob<CareTexts>('../../../../common/locales/*/care-cards/*.json', {
  import: 'default',
  eager: true,
});

/** Every text of a card by its place in it ("feeding.ratio", "wake.dried.1"). */
function texts(value: unknown, at = ''): Map<string, string> {
  const found = new Map<string, string>();
  if (typeof value === 'string') found.set(at, value);
  else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value))
      for (const [k, v] of texts(inner, at ? `${at}.${key}` : key)) found.set(k, v);
  return found;
}

const tokens = (text: string) =>
  splitQuantities(text)
    .filter((part) => typeof part !== 'string')
    .map((q) => JSON.stringify(q))
    .sort();

const englishTexts = (card: CareCard) => {
  const { subcategory: _s, temperatureC: _t, feedWithinDays: _f, ...words } = card;
  return texts(words);
};

describe.each(LANGUAGES.filter((l) => l !== 'en'))('the %s care cards', (language) => {
  const mine = Object.entries(files).filter(([path]) =>
    path.includes(`/locales/${language}/care-cards/`),
  );

  it('translate every card, every text of it, and nothing the English lacks', () => {
    const translated = new Map(mine.flatMap(([, cards]) => Object.entries(cards)));
    expect([...translated.keys()].sort()).toEqual([...careCards.keys()].sort());
    for (const [subcategory, text] of translated) {
      const english = englishTexts(careCards.get(subcategory)!);
      expect([...texts(text).keys()].sort(), subcategory).toEqual([...english.keys()].sort());
    }
  });

  it('keep each text’s quantities, so the units toggle converts them', () => {
    const problems: string[] = [];
    for (const [, cards] of mine)
      for (const [subcategory, text] of Object.entries(cards)) {
        const english = englishTexts(careCards.get(subcategory)!);
        for (const [at, words] of texts(text)) {
          const problem = quantityProblem(words);
          if (problem) problems.push(`${subcategory}.${at}: ${problem}`);
          if (tokens(words).join() !== tokens(english.get(at) ?? '').join())
            problems.push(`${subcategory}.${at}: quantities differ from the English`);
        }
      }
    expect(problems).toEqual([]);
  });

  it('dress the English card in the language, keeping its figures', async () => {
    const card = careCards.get('sourdough')!;
    const shown = translateCard(card, (await loadCareTexts(language)).sourdough);
    expect(shown.title).not.toBe(card.title);
    expect(shown.temperatureC).toEqual(card.temperatureC);
    expect(shown.feedWithinDays).toBe(card.feedWithinDays);
    expect(Object.keys(shown.wake).sort()).toEqual(Object.keys(card.wake).sort());
  });
});

describe('a card without its words in a language', () => {
  it('stays English', () => {
    const card = careCards.get('kefir')!;
    expect(translateCard(card, undefined)).toBe(card);
    expect(translateCard(card, { title: 'Gránulos' }).summary).toBe(card.summary);
  });
});
