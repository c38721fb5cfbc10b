import { catalogues } from '../../../../common/i18n/catalogues';
import { LANGUAGES } from '../../../../common/i18n/languages';
import { queryWords } from './browse-query';

/*
 * Search by a culture's name in any of the site's languages (decision 092): "masa madre",
 * "Sauerteig" and "levain" all find sourdough listings, whatever language their owner wrote
 * in. The names come from the catalogues' table of culture names (common/locales/<lang>/
 * cultures.json), never from guessing; what members write is never translated.
 */

/** Without accents, so "granulos de kefir" finds "gránulos de kéfir". */
const folded = (word: string) => word.normalize('NFD').replace(/\p{M}+/gu, '');

const prefix = (word: string) => `${word}:*`;

/**
 * A word of a culture's name as a prefix, or whole when it is one or two letters: the "de" of
 * "kéfir de agua" and the "d" of "kéfir d'eau" as prefixes would match nearly every word
 * (daily, dairy, delicious…), which costs the index a read of most listings and finds nothing
 * the name means.
 */
const isShort = (word: string) => word.length < 3;
const nameWord = (word: string) => (isShort(word) ? word : prefix(word));
const allOfName = (words: string[]) => words.map(nameWord).join(' & ');

/**
 * Each culture's names, as search words, in every language (`all`, which a search's words are
 * matched against), and the fewest of them that match the same listings (`alternatives`).
 */
const cultures = Object.keys(catalogues.en.cultures).map((culture) => {
  const names = new Map<string, string[]>();
  for (const language of LANGUAGES) {
    const listed = catalogues[language].cultures[culture];
    for (const name of Array.isArray(listed) ? listed : []) {
      const words = queryWords(name);
      if (words.length) names.set(words.join(' '), words);
    }
  }
  // "sourdough starter" and "Sauerteigansatz" add nothing to "sourdough" and "Sauerteig":
  // every word is matched as a prefix already (but a short one only whole, `nameWord`).
  const listed = [...names.values()];
  const covers = (a: string[], b: string[]) =>
    a.every((w) => b.some((v) => (isShort(w) ? v === w : v.startsWith(w))));
  const alternatives = listed.filter(
    (name) => !listed.some((other) => other !== name && covers(other, name)),
  );
  return { all: listed, alternatives };
});

/** Every name's words, folded, to the culture's names: the longest match wins. */
const byFirstWord = new Map<string, Array<{ words: string[]; names: string[][] }>>();
for (const { all, alternatives } of cultures) {
  for (const words of all) {
    const key = folded(words[0]!);
    const list = byFirstWord.get(key) ?? [];
    list.push({ words: words.map(folded), names: alternatives });
    byFirstWord.set(key, list);
  }
}
for (const list of byFirstWord.values()) list.sort((a, b) => b.words.length - a.words.length);

/** The culture a run of words starting at `at` names, and how many words it takes. */
function cultureAt(words: string[], at: number) {
  for (const candidate of byFirstWord.get(folded(words[at]!)) ?? []) {
    const { words: name } = candidate;
    if (name.every((w, i) => words[at + i] !== undefined && folded(words[at + i]!) === w))
      return { names: candidate.names, length: name.length };
  }
  return undefined;
}

/** The member's own words alone, every one required as a prefix: what best match ranks by. */
export function literalQueryText(words: string[]): string {
  return words.map(prefix).join(' & ');
}

/**
 * The text-search query of a browse search's words: every word as a prefix, all of them
 * required ("sour dough" → `sour:* & dough:*`), except that a culture's name in any language
 * matches any of its names: "masa madre" → `(masa:* & madre:* | sourdough:* | sauerteig:* | …)`.
 */
export function searchQueryText(words: string[]): string {
  const parts: string[] = [];
  for (let at = 0; at < words.length;) {
    const culture = cultureAt(words, at);
    if (!culture) {
      parts.push(prefix(words[at]!));
      at += 1;
      continue;
    }
    parts.push(
      `(${culture.names.map((name) => (name.length > 1 ? `(${allOfName(name)})` : allOfName(name))).join(' | ')})`,
    );
    at += culture.length;
  }
  return parts.join(' & ');
}
