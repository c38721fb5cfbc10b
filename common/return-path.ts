import { z } from 'zod';
import { pages } from './pages';

/** How long a way back may be: a page address with its query, never a whole document. */
export const RETURN_PATH_MAX_LENGTH = 500;

/** The pages that lead to signing in: going back to one of them after signing in would loop. */
const SIGN_IN_PAGES: readonly string[] = [pages.login.path, pages.signup.path, pages.join.path];

/**
 * Where signing in (or joining, or confirming an address) goes back to. Only a path on this site
 * is kept ("/post", "/starter/5?dialog=message"): an address elsewhere, a protocol-relative
 * "//host", a backslash trick or a sign-in page goes home instead. The client follows it and the
 * server puts it in the confirmation mail's link, both through this one rule.
 */
export function safeNextPath(raw: string | null | undefined): string {
  const home = pages.home.path;
  if (!raw || raw.length > RETURN_PATH_MAX_LENGTH) return home;
  if (!raw.startsWith('/') || raw.startsWith('//') || /[\\\s]/.test(raw)) return home;
  try {
    const url = new URL(raw, 'http://same.site');
    if (url.origin !== 'http://same.site') return home;
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

export const RETURN_PATH_INVALID = 'The page to come back to must be a page of this site';

/**
 * `?next=` of the calls that mail a confirmation link (sign-up, resend): a path the rule above
 * keeps as it is, or nothing. Anything else is refused rather than quietly put in a mail.
 */
export const returnPathQuerySchema = z.object({
  next: z
    .string()
    .max(RETURN_PATH_MAX_LENGTH, RETURN_PATH_INVALID)
    .refine((v) => safeNextPath(v) === v && v !== pages.home.path, RETURN_PATH_INVALID)
    .optional(),
});
