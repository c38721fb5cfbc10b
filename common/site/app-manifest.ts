/* What the web app manifest (vite.config.ts) says beyond its texts, which are the catalogues'. */

/**
 * The install sheet's pictures of the app (the manifest's `screenshots`), made from the real
 * site by scripts/app-screenshots.ts: a phone's view for the narrow sheet, a desktop's for the
 * wide one. The sizes are the viewports they are taken at; their label is the catalogue's
 * `common:app.screenshotLabel`.
 */
export const APP_SCREENSHOTS = [
  {
    src: '/screenshots/browse-narrow.png',
    sizes: '412x915',
    form_factor: 'narrow',
    page: '/browse',
  },
  {
    src: '/screenshots/browse-wide.png',
    sizes: '1280x800',
    form_factor: 'wide',
    page: '/browse',
  },
] as const;

/**
 * The installed app's shortcuts: the page each opens, named as the header names it
 * (`common:header.<label>`), in the built manifest and in each language's.
 */
export const APP_SHORTCUTS = [
  { page: 'browse', label: 'browse' },
  { page: 'post', label: 'shareStarter' },
  { page: 'messages', label: 'messages' },
] as const;
