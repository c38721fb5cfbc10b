/**
 * The site's languages (decision 090). Adding one is a folder of catalogues in
 * `common/locales/<code>/` and a line here.
 */
export const LANGUAGES = ['en', 'es', 'de', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language by its own name, as the picker shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  de: 'Deutsch',
  fr: 'Français',
};

/** A visitor's choice, remembered in the browser (a member's is saved on their account). */
export const LANGUAGE_COOKIE = 'lang';
/** The address parameter that asks for one language (the `hreflang` alternates use it). */
export const LANGUAGE_PARAM = 'lang';

/**
 * Every catalogue namespace: what the app shows (`common` is the default one), the messages the
 * server and the forms share (looked up by their English text), the mails, and the culture names
 * search understands.
 */
export const CLIENT_NAMESPACES = [
  'common',
  'home',
  'auth',
  'pages',
  'messages',
  'browse',
  'starters',
  'conversations',
  'account',
  'living',
  'moderation',
] as const;
export const NAMESPACES = [...CLIENT_NAMESPACES, 'mail', 'cultures'] as const;
export type Namespace = (typeof NAMESPACES)[number];
export type ClientNamespace = (typeof CLIENT_NAMESPACES)[number];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** 'es-MX' → 'es'; anything the site does not speak → undefined. */
export function languageOf(tag: string | undefined | null): Language | undefined {
  const base = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(base) ? base : undefined;
}

/**
 * The first language of an `Accept-Language` header the site speaks, by the header's weights
 * (`q=`); undefined when none is.
 */
export function fromAcceptLanguage(header: string | undefined | null): Language | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag, weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((r) => r.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranked) {
    const language = languageOf(tag);
    if (language) return language;
  }
  return undefined;
}

/**
 * The member's saved choice, else the one asked for by address or remembered for a visitor,
 * else the browser's, else English.
 */
export function chooseLanguage(sources: {
  saved?: string | null;
  asked?: string | null;
  remembered?: string | null;
  acceptLanguage?: string | null;
}): Language {
  return (
    languageOf(sources.asked) ??
    languageOf(sources.saved) ??
    languageOf(sources.remembered) ??
    fromAcceptLanguage(sources.acceptLanguage) ??
    DEFAULT_LANGUAGE
  );
}

/**
 * Regions that measure in miles and cups: the US, Liberia, Myanmar. (The UK drives in miles but
 * cooks in grams, and the choice covers the care cards' quantities too.)
 */
const MILES_REGIONS = new Set(['US', 'LR', 'MM']);

/** Kilometres or miles, before the member chooses: from the browser's language and region. */
export function defaultDistanceUnit(locale: string | undefined): 'km' | 'mi' {
  const region = locale?.split(/[-_]/)[1]?.toUpperCase();
  return region && MILES_REGIONS.has(region) ? 'mi' : 'km';
}

/** A BCP 47 tag for `Intl` and date-fns from a site language. */
export const LOCALE_TAGS: Record<Language, string> = {
  en: 'en-US',
  es: 'es-ES',
  de: 'de-DE',
  fr: 'fr-FR',
};

/**
 * The locale a member reads `language` in: the first of their preferred tags (the browser's
 * languages, or an Accept-Language header's) that is this language in a region (en-GB, es-MX),
 * else the language's own tag (en → en-US). The pages and the server's API answers both use it.
 */
export function regionalLocale(language: Language, preferred: readonly string[]): string {
  const tag = preferred.find((t) => t.toLowerCase().split('-')[0] === language && t.includes('-'));
  if (tag) {
    try {
      return Intl.getCanonicalLocales(tag)[0] ?? LOCALE_TAGS[language];
    } catch {
      // A malformed tag in a header: the language's own tag.
    }
  }
  return LOCALE_TAGS[language];
}

/**
 * The region a list of locale tags names first ('US' for `en-US,en`, 'MX' for `es-MX`), upper
 * case; null when none names one or it is malformed.
 */
export function firstRegion(preferred: readonly string[]): string | null {
  for (const tag of preferred) {
    try {
      const region = new Intl.Locale(tag).region;
      if (region) return region;
    } catch {
      // A malformed tag: the next one.
    }
  }
  return null;
}

/** The locale a member's times are written in: their language in their region (es + MX → es-MX). */
export function memberLocale(language: Language, region: string | null | undefined): string {
  return region ? regionalLocale(language, [`${language}-${region}`]) : LOCALE_TAGS[language];
}

/** The tags of an Accept-Language header, in the order sent (`en-GB,en;q=0.9` → en-GB, en). */
export function acceptedTags(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part) => part.split(';')[0]!.trim())
    .filter((tag) => tag && tag !== '*');
}

/** Where the web app manifest in `language` is served: the built one for English. */
export function manifestPath(language: Language): string {
  return language === DEFAULT_LANGUAGE
    ? '/manifest.webmanifest'
    : `/manifests/${language}.webmanifest`;
}
