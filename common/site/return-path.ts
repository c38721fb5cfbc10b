import { pages } from './pages';

/** How long a way back may be: a page address with its query, never a whole document. */
export const RETURN_PATH_MAX_LENGTH = 500;

/** The pages that lead to signing in: going back to one of them after signing in would loop. */
const SIGN_IN_PAGES: readonly string[] = [pages.login.path, pages.signup.path, pages.join.path];

/**
 * Where signing in (or joining, or confirming an address) goes back to. Only a path on this site
 * is kept ("/post", "/starter/5?dialog=message"): an address elsewhere, a protocol-relative
 * "//host" (also when dot segments such as "/.//host" make one), a backslash trick or a
 * sign-in page goes home instead. The client follows it and the
 * server puts it in the confirmation mail's link, both through this one rule. (No zod here: the
 * client's first-load script follows this rule; the server's schema for it is in auth.ts.)
 */
export function safeNextPath(raw: string | null | undefined): string {
  const home = pages.home.path;
  if (!raw || raw.length > RETURN_PATH_MAX_LENGTH) return home;
  if (!raw.startsWith('/') || raw.startsWith('//') || /[\\\s]/.test(raw)) return home;
  try {
    const url = new URL(raw, 'http://same.site');
    if (url.origin !== 'http://same.site') return home;
    // "/.//host" and the like normalise to "//host", which a browser reads as another site.
    if (url.pathname.startsWith('//')) return home;
    if (SIGN_IN_PAGES.includes(url.pathname)) return home;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return home;
  }
}

/** `path` that carries the way back as `?next=…`, left off when that is only home. */
export function withNextPath(path: string, next: string | null | undefined): string {
  const safe = safeNextPath(next);
  return safe === pages.home.path ? path : `${path}?next=${encodeURIComponent(safe)}`;
}
