import { safeNextPath, withNextPath } from '../../../common/site/return-path';
import { paths } from './paths';

/** /login that comes back to `next` (the page asking) once signed in. */
export function signInHref(next: string): string {
  return withNextPath(paths.login, next);
}

/**
 * /join that keeps `next` through the terms, the sign-up form, /login and the mailed
 * confirmation link, so a new member ends up where they started.
 */
export function joinHref(next: string): string {
  return withNextPath(paths.join, next);
}

/** The way back a sign-in page was given (`?next=`), or home. */
export function nextFromSearch(params: URLSearchParams): string {
  return safeNextPath(params.get('next'));
}
