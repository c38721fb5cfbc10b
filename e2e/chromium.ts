/**
 * How every browser run here starts Debian's Chromium (Playwright cannot download its own).
 *
 * - The full browser, `/usr/bin/chromium` (package `chromium`; CHROMIUM_PATH overrides): the
 *   phone and web benches, the install sheet's screenshots, and the browser tests that need
 *   what only it has (tagged `@full-browser`: a pushed notification shown and clicked).
 * - The headless shell, `/usr/bin/chromium-headless-shell` (package `chromium-headless-shell`;
 *   CHROMIUM_HEADLESS_SHELL_PATH overrides): the same engine without the full browser's
 *   windowing, every other browser test, for about a quarter less CPU (decision 155).
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const headlessShellPath =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Playwright's `launchOptions` for the full browser. */
export const chromiumLaunchOptions = { executablePath: chromiumPath, args: chromiumArgs };

/** Playwright's `launchOptions` for the headless shell. */
export const headlessShellLaunchOptions = { executablePath: headlessShellPath, args: chromiumArgs };

/** The tag of a browser test that needs the full browser (playwright.config.ts's projects). */
export const FULL_BROWSER = '@full-browser';
