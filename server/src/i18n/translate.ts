import i18next, { type TFunction } from 'i18next';
import { IntlMessageFormat } from 'intl-messageformat';
import { IcuFormat, provideIcu } from '../../../common/i18n/icu-format';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { catalogues } from '../../../common/i18n/catalogues';
import {
  chooseLanguage,
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGE_PARAM,
  LANGUAGES,
  languageOf,
  NAMESPACES,
  type Language,
} from '../../../common/i18n/languages';

/*
 * The server's side of the site's languages (decision 090): the same catalogues and ICU
 * messages as the app, for mail, error messages and the pages' titles.
 */

provideIcu(IntlMessageFormat);
const instance = i18next.createInstance();
void instance.use(IcuFormat).init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: [...NAMESPACES],
  defaultNS: 'common',
  resources: catalogues,
  interpolation: { escapeValue: false },
  initAsync: false,
});

const fixed = new Map(LANGUAGES.map((l) => [l, instance.getFixedT(l)]));

/** `t` in one language: `t('mail:confirm.subject')`, `t('common:header.browse')`. */
export function translator(language: Language): TFunction {
  return fixed.get(language)!;
}

/**
 * The language of a request: the `lang` parameter of the address, else the member's saved
 * choice, else the visitor's remembered one (cookie), else the browser's Accept-Language, else
 * English.
 */
export function requestLanguage(request: FastifyRequest): Language {
  const query = request.query as Record<string, unknown> | undefined;
  const asked = typeof query?.[LANGUAGE_PARAM] === 'string' ? query[LANGUAGE_PARAM] : undefined;
  return chooseLanguage({
    asked,
    saved: request.user?.language,
    remembered: request.cookies?.[LANGUAGE_COOKIE],
    acceptLanguage: request.headers['accept-language'],
  });
}

/** How long the browser remembers a visitor's language: a year, as the footer's picker does. */
const REMEMBERED_SECONDS = 365 * 24 * 60 * 60;

/**
 * A language asked for in the address (`?lang=es`) is remembered like the footer's choice: the
 * same cookie, so the next page, the sign-up and its mail are in it too; and a signed-in
 * member's account is set to it, as the footer's picker does, so their bell, pushes and mail
 * follow and the profile shows it (decision 125).
 */
export function rememberAskedLanguage(
  save: (userId: string, language: Language) => Promise<unknown>,
): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  return async (request, reply) => {
    const query = request.query as Record<string, unknown> | undefined;
    const asked = languageOf(
      typeof query?.[LANGUAGE_PARAM] === 'string' ? query[LANGUAGE_PARAM] : null,
    );
    if (!asked) return;
    if (request.user && request.user.language !== asked) {
      await save(request.user.id, asked);
      request.user = { ...request.user, language: asked };
    }
    if (request.cookies?.[LANGUAGE_COOKIE] === asked) return;
    reply.setCookie(LANGUAGE_COOKIE, asked, {
      path: '/',
      maxAge: REMEMBERED_SECONDS,
      sameSite: 'lax',
    });
  };
}
