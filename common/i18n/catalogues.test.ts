import { describe, expect, it } from 'vitest';
import { IntlMessageFormat } from 'intl-messageformat';
import { catalogues } from './catalogues';
import { completeness } from './completeness';
import { flatten, messageArguments } from './keys';
import { LANGUAGES, LOCALE_TAGS, NAMESPACES } from './languages';

// The check of decision 090: a shipped language has every key English has, no key English
// lacks, and each message takes the same arguments and tags as its English one.
describe.each(LANGUAGES.filter((l) => l !== 'en'))('the %s catalogues', (language) => {
  it.each(NAMESPACES)('have every English key of %s and no other', (ns) => {
    const english = [...flatten(catalogues.en[ns]).keys()].sort();
    const translated = [...flatten(catalogues[language][ns]).keys()].sort();
    expect(
      translated.filter((k) => !english.includes(k)),
      'keys English lacks',
    ).toEqual([]);
    expect(
      english.filter((k) => !translated.includes(k)),
      'missing keys',
    ).toEqual([]);
  });

  it.each(NAMESPACES)('take the same placeholders as English in %s', (ns) => {
    const english = flatten(catalogues.en[ns]);
    const differ: string[] = [];
    for (const [key, text] of flatten(catalogues[language][ns])) {
      const source = english.get(key);
      if (typeof source !== 'string' || typeof text !== 'string') continue;
      if (messageArguments(source).join() !== messageArguments(text).join()) differ.push(key);
      if (!text.trim()) differ.push(`${key} (empty)`);
    }
    expect(differ).toEqual([]);
  });

  it('is complete', () => {
    expect(completeness(language)).toBe(1);
  });
});

describe.each(LANGUAGES)('every %s message', (language) => {
  it('parses as an ICU message', () => {
    const broken: string[] = [];
    for (const ns of NAMESPACES) {
      for (const [key, text] of flatten(catalogues[language][ns])) {
        if (typeof text !== 'string') continue;
        try {
          new IntlMessageFormat(text, LOCALE_TAGS[language], undefined, { ignoreTag: false });
        } catch {
          broken.push(`${ns}:${key}`);
        }
      }
    }
    expect(broken).toEqual([]);
  });
});

// <Trans> reads a message's tags as HTML: a void element's name (<link>, <br>…) would close at
// once, leaving the link empty and its words after it.
const VOID_ELEMENTS = new Set(
  [
    'area',
    'base',
    'br',
    'col',
    'embed',
    'hr',
    'img',
    'input',
    'link',
    'meta',
    'source',
    'track',
    'wbr',
  ].map((name) => `<${name}>`),
);

describe('every English message', () => {
  it('names its tags other than an HTML element that cannot hold words', () => {
    const voids: string[] = [];
    for (const ns of NAMESPACES)
      for (const [key, text] of flatten(catalogues.en[ns]))
        if (typeof text === 'string' && messageArguments(text).some((a) => VOID_ELEMENTS.has(a)))
          voids.push(`${ns}:${key}`);
    expect(voids).toEqual([]);
  });
});

describe('the message arguments check', () => {
  it('finds arguments, plural arguments and tags, not plural branches', () => {
    expect(
      messageArguments('<strong>{email}</strong>: {count, plural, one {# jar} other {# jars}}'),
    ).toEqual(['<strong>', 'count', 'email']);
  });

  it('tells a renamed placeholder apart', () => {
    expect(messageArguments('Hi {name}')).not.toEqual(messageArguments('Hola {nombre}'));
  });
});

describe('the shared messages', () => {
  it('have one key per English text, so a text finds its translation', () => {
    const texts = [...flatten(catalogues.en.messages).values()];
    expect(new Set(texts).size).toBe(texts.length);
  });
});
