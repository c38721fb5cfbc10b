import { paths } from './paths';

/**
 * Where signing in goes back to. Only a path on this site is kept ("/post", "/browse?page=2"):
 * an address elsewhere, a protocol-relative "//host" or a backslash trick goes home instead.
 */
export function safeNextPath(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || /[\\\s]/.test(raw)) return paths.home;
  try {
    const url = new URL(raw, 'http://same.site');
    if (url.origin !== 'http://same.site') return paths.home;
    const next = `${url.pathname}${url.search}${url.hash}`;
    // Going back to a sign-in page after signing in would loop.
    if ([paths.login, paths.signup, paths.join].includes(url.pathname as '/login'))
      return paths.home;
    return next;
  } catch {
    return paths.home;
  }
}

/** /login that comes back to `next` (the page asking) once signed in. */
export function signInHref(next: string): string {
  const safe = safeNextPath(next);
  return safe === paths.home ? paths.login : `${paths.login}?next=${encodeURIComponent(safe)}`;
}
