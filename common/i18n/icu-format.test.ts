import fs from 'node:fs';
import path from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { IcuFormat, provideIcu } from './icu-format';

describe('the site’s ICU message format', () => {
  provideIcu(IntlMessageFormat);
  const format = new IcuFormat();

  it('fills in arguments, plurals and quoting in the message’s language', () => {
    const plural = '{count, plural, one {# starter} other {# starters}}';
    expect(format.parse(plural, { count: 1 }, 'en')).toBe('1 starter');
    expect(format.parse(plural, { count: 1200 }, 'de')).toBe('1.200 starters');
    expect(format.parse('Hello {name}', { name: 'Maya' }, 'en')).toBe('Hello Maya');
    // An apostrophe quotes what follows it when that is special, and two are one.
    expect(format.parse("Type '{name}' here, it''s fine", { name: 'x' }, 'en')).toBe(
      "Type {name} here, it's fine",
    );
    expect(format.parse("Don't worry", {}, 'en')).toBe("Don't worry");
    expect(format.parse("It''s free", {}, 'en')).toBe("It's free");
  });

  it('returns a message with nothing to fill in as written, tags and signs included', () => {
    for (const text of ['Share Starter', 'Read the <1>guidelines</1> first', '100% free, #1 site'])
      expect(format.parse(text, { count: 3 }, 'fr')).toBe(text);
  });

  it('gives every catalogue text the compiled message would, those it does not compile too', () => {
    const texts = (value: unknown): string[] =>
      typeof value === 'string'
        ? [value]
        : value && typeof value === 'object'
          ? Object.values(value).flatMap(texts)
          : [];
    const root = path.join(import.meta.dirname, '../locales');
    let plain = 0;
    for (const language of fs.readdirSync(root)) {
      for (const file of fs
        .readdirSync(path.join(root, language))
        .filter((f) => f.endsWith('.json'))) {
        const catalogue: unknown = JSON.parse(
          fs.readFileSync(path.join(root, language, file), 'utf8'),
        );
        for (const text of texts(catalogue)) {
          if (text.includes('{')) continue;
          plain++;
          const compiled = new IntlMessageFormat(text, language, undefined, { ignoreTag: true });
          expect(format.parse(text, {}, language)).toBe(compiled.format());
        }
      }
    }
    expect(plain).toBeGreaterThan(1000);
  });

  it('shows a broken message as written', () => {
    expect(format.parse('{count, plural, one {# starter}', { count: 1 }, 'en')).toBe(
      '{count, plural, one {# starter}',
    );
  });
});
