import type { IntlMessageFormat } from 'intl-messageformat';
import { isLanguage, LOCALE_TAGS } from './languages';

let Formatter: typeof IntlMessageFormat | undefined;

/**
 * Hands `IcuFormat` intl-messageformat. The server passes its import; the app loads it as a
 * chunk of its own as it starts and waits for it before its first render (decision 090), so
 * the first-load script does not carry the ICU parser.
 */
export function provideIcu(formatter: typeof IntlMessageFormat) {
  Formatter = formatter;
}

/**
 * i18next's message format for the site: ICU messages (`{count, plural, one {…} other {…}}`)
 * through intl-messageformat, as i18next-icu does (decision 090). Its own module is not used:
 * its ES build imports intl-messageformat's default export, which the installed version no
 * longer has, and every message would come out unformatted.
 */
export class IcuFormat {
  static readonly type = 'i18nFormat';
  readonly type = 'i18nFormat';
  private readonly compiled = new Map<string, IntlMessageFormat>();

  init() {}

  parse(res: unknown, options: Record<string, unknown>, lng: string): unknown {
    // Before intl-messageformat is at hand (nothing renders then), a message shows as written.
    if (typeof res !== 'string' || !Formatter) return res;
    // Most texts have nothing to fill in, and ICU leaves them as written (an apostrophe quotes
    // only a brace or another apostrophe): they need no compiling, which costs a page's start
    // more than anything else in its texts.
    if (!res.includes('{') && !res.includes("''")) return res;
    const key = `${lng}\u0000${res}`;
    try {
      let message = this.compiled.get(key);
      if (!message) {
        // Tags stay as text: <Trans> fills them in with the page's elements.
        message = new Formatter(res, isLanguage(lng) ? LOCALE_TAGS[lng] : lng, undefined, {
          ignoreTag: true,
        });
        this.compiled.set(key, message);
      }
      return message.format(options as Record<string, string>);
    } catch {
      // A broken message shows as written (the catalogue check keeps them from shipping).
      return res;
    }
  }

  addLookupKeys(finalKeys: string[]) {
    return finalKeys;
  }
}
