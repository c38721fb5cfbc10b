/** Set by the server when an external sign-in does not finish; readable once. */
const LOGIN_ERROR_COOKIE = 'cs_login_error';

/** The message the server left about a failed external sign-in, cleared as it is read. */
export function takeLoginError(): string | null {
  const entry = document.cookie
    .split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${LOGIN_ERROR_COOKIE}=`));
  if (!entry) return null;
  document.cookie = `${LOGIN_ERROR_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
  try {
    return decodeURIComponent(entry.slice(LOGIN_ERROR_COOKIE.length + 1)) || null;
  } catch {
    return null;
  }
}
