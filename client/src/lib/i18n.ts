import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { IcuFormat, provideIcu } from '../../../common/i18n/icu-format';
import { initReactI18next } from 'react-i18next';
import type { Locale } from 'date-fns';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  LOCALE_TAGS,
  CLIENT_NAMESPACES,
  isLanguage,
  manifestPath,
  regionalLocale,
  type Language,
  type ClientNamespace,
} from '../../../common/i18n/languages';
import { englishCatalogues } from './i18n-english';

/*
 * The site's texts (decision 090): i18next with ICU messages, one catalogue per namespace and
 * language in common/locales/. The frame's English texts are in the first-load script; the
 * other English namespaces, and the ICU parser, are chunks requested as soon as the app starts,
 * which main.tsx waits for before its first render. Should one be late or fail, a component
 * that needs it waits in its Suspense boundary. Every other language loads when it is needed.
 */

type Catalogue = Record<string, unknown>;
const loaders = import.meta.glob<Catalogue>(
  ['../../../common/locales/*/*.json', '!**/mail.json', '!**/cultures.json'],
  {
    import: 'default',
  },
);
const dateLoaders: Record<Exclude<Language, 'en'>, () => Promise<Locale>> = {
  es: () => import('date-fns/locale/es').then((m) => m.es),
  de: () => import('date-fns/locale/de').then((m) => m.de),
  fr: () => import('date-fns/locale/fr').then((m) => m.fr),
};
/** i18next's way to the catalogues not in the first-load script. */
const lazyCatalogues: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, done) {
    const load = loaders[`../../../common/locales/${language}/${namespace}.json`];
    if (!load) return done(null, {});
    load().then(
      (catalogue) => done(null, catalogue),
      (err: Error) => done(err, null),
    );
  },
};

/** date-fns' wording per language; English is date-fns' own default. */
const dateLocales: Partial<Record<Language, Locale>> = {};

export const i18n: I18n = i18next.createInstance();
i18n
  .use(IcuFormat)
  .use(lazyCatalogues)
  .use(initReactI18next)
  .init({
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: Object.keys(LOCALE_TAGS),
    ns: [...CLIENT_NAMESPACES],
    defaultNS: 'common',
    resources: { en: englishCatalogues },
    // The namespaces not in `resources` come from `lazyCatalogues`, all requested at init.
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
    // The frame's resources are here already: its first render has its texts.
    initAsync: false,
    react: { useSuspense: true },
  });

/** ICU messages' formatter, a chunk requested as the app starts. */
const icuLoaded = import('intl-messageformat').then((m) => provideIcu(m.IntlMessageFormat));

/** Resolves once every namespace of the language shown, and the ICU formatter, are at hand. */
export async function allTextsLoaded(instance: I18n = i18n): Promise<void> {
  await Promise.all([instance.loadNamespaces([...CLIENT_NAMESPACES]), icuLoaded]);
}

/** Adds a language's catalogues (and date wording) to `instance`, fetching them once. */
export async function loadLanguage(language: Language, instance: I18n = i18n): Promise<void> {
  if (language === 'en') return;
  const pending: Promise<unknown>[] = [];
  for (const ns of CLIENT_NAMESPACES) {
    if (instance.hasResourceBundle(language, ns)) continue;
    const load = loaders[`../../../common/locales/${language}/${ns}.json`];
    if (load)
      pending.push(load().then((bundle) => instance.addResourceBundle(language, ns, bundle)));
  }
  if (!dateLocales[language])
    pending.push(dateLoaders[language]().then((locale) => (dateLocales[language] = locale)));
  await Promise.all(pending);
}

/** For the prerenderer, which has every catalogue at hand. */
export function addCatalogues(
  language: Language,
  catalogues: Partial<Record<ClientNamespace, Catalogue>>,
  dateLocale?: Locale,
) {
  for (const [ns, bundle] of Object.entries(catalogues))
    if (!i18n.hasResourceBundle(language, ns)) i18n.addResourceBundle(language, ns, bundle);
  if (dateLocale) dateLocales[language] = dateLocale;
}

export function currentLanguage(instance: I18n = i18n): Language {
  const language = instance.language;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

/** date-fns' locale for the language shown now (undefined: English). */
export function dateLocale(language: Language = currentLanguage()): Locale | undefined {
  return dateLocales[language];
}

/**
 * The locale dates and times are written in for the member: the page's language in the
 * member's own regional variant when the browser has one ("en-GB", "es-MX"), else the
 * language's own tag (English: en-US). So an American reads "6/21/2026" and "6:30 PM", a
 * Briton "21/06/2026" and "18:30", and neither sees the other's.
 */
export function memberLocale(language: Language = currentLanguage()): string {
  const preferred = typeof navigator === 'undefined' ? [] : (navigator.languages ?? []);
  return regionalLocale(language, preferred);
}

/** The BCP 47 tag `Intl` formats with for the language shown now. */
export function localeTag(language: Language = currentLanguage()): string {
  return LOCALE_TAGS[language];
}

/** Shows the site in `language` now, and remembers it in this browser. */
export async function switchLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
  // Installing from here on offers the app in the language now shown.
  document.querySelector('link[rel="manifest"]')?.setAttribute('href', manifestPath(language));
  // A year; read by the server for the next page it renders for this visitor.
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
}

/** The language the server rendered this page in (its `<html lang>`). */
export function pageLanguage(): Language {
  const lang = typeof document === 'undefined' ? undefined : document.documentElement.lang;
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}
