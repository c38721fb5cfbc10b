/**
 * How every browser run here starts Debian's Chromium (Playwright cannot download its own):
 * the browser tests, the phone and web benches and the install sheet's screenshots.
 * CHROMIUM_PATH overrides /usr/bin/chromium.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Playwright's `launchOptions` for it. */
export const chromiumLaunchOptions = { executablePath: chromiumPath, args: chromiumArgs };
