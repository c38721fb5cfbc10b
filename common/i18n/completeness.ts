import { catalogues } from './catalogues';
import { flatten } from './keys';
import { LANGUAGE_NAMES, LANGUAGES, NAMESPACES, type Language } from './languages';

/**
 * How much of the site a language covers: the share of English keys it translates, over every
 * namespace (a key whose text is left empty counts as missing). English is 1 by definition.
 */
export function completeness(language: Language): number {
  let total = 0;
  let done = 0;
  for (const ns of NAMESPACES) {
    const english = flatten(catalogues.en[ns]);
    const translated = flatten(catalogues[language][ns]);
    for (const key of english.keys()) {
      total += 1;
      const text = translated.get(key);
      if (Array.isArray(text) ? text.length > 0 : !!text) done += 1;
    }
  }
  return total ? Math.floor((done / total) * 1000) / 1000 : 1;
}

export interface SiteLanguage {
  code: Language;
  name: string;
  /** The share of the English keys translated, 0 to 1. */
  complete: number;
}

/** GET /api/site/languages: each language with its own name and how complete it is. */
export function siteLanguages(): SiteLanguage[] {
  return LANGUAGES.map((code) => ({
    code,
    name: LANGUAGE_NAMES[code],
    complete: completeness(code),
  }));
}
