import { UAParser } from 'ua-parser-js';

/** "Chrome Headless", "Mobile Firefox" and the like read as the browser people know. */
const browserName = (name: string | undefined) =>
  name?.replace(/ Headless$/, '').replace(/^Mobile /, '') || null;

/** What a User-Agent says about the browser and system, nothing finer (no versions). */
export function describeUserAgent(userAgent: string | null): {
  browser: string | null;
  system: string | null;
} {
  if (!userAgent) return { browser: null, system: null };
  const result = new UAParser(userAgent).getResult();
  return { browser: browserName(result.browser.name), system: result.os.name || null };
}
