import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { pages, SITE_NAME } from './common/site/pages';
import english from './common/locales/en/common.json';
import { APP_SCREENSHOTS, APP_SHORTCUTS } from './common/site/app-manifest';

/**
 * Writes a brotli and a gzip copy beside every built script, style sheet and SVG; the server
 * sends them to browsers that take them (decision 028), so nothing is compressed per request.
 */
function precompress(): Plugin {
  return {
    name: 'cultureshare:precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const file of Object.keys(bundle)) {
        if (!/\.(js|css|svg)$/.test(file)) continue;
        const full = path.join(options.dir!, file);
        const bytes = fs.readFileSync(full);
        if (bytes.length < 1024) continue;
        fs.writeFileSync(
          `${full}.br`,
          zlib.brotliCompressSync(bytes, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
          }),
        );
        fs.writeFileSync(`${full}.gz`, zlib.gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

/**
 * The installable app (decision 079): the manifest, and the service worker built from
 * client/sw/sw.ts with the build's precache list (hashed scripts and styles, the offline page).
 * It registers itself from client/src/app/service-worker.ts, after the page has loaded.
 */
function installableApp() {
  const cream = '#fdf8ef';
  const icon = (src: string, size: number, purpose?: string) => ({
    src,
    sizes: `${size}x${size}`,
    type: 'image/png',
    ...(purpose && { purpose }),
  });
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'sw',
    filename: 'sw.ts',
    injectRegister: false,
    registerType: 'prompt',
    injectManifest: {
      globPatterns: [
        'assets/**/*.{js,css,woff2}',
        'offline.html',
        'offline.js',
        'boot.js',
        'favicon.svg',
        'icons/icon-192.png',
      ],
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    },
    manifest: {
      id: '/',
      // English; the server answers the same manifest in the page's language
      // (server/src/html-shell/app-manifest.ts).
      name: english.app.installName,
      short_name: SITE_NAME,
      description: english.pageDescriptions.default,
      lang: 'en',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: cream,
      background_color: cream,
      categories: ['food', 'lifestyle', 'social'],
      icons: [
        icon('/icons/icon-192.png', 192),
        icon('/icons/icon-512.png', 512),
        icon('/icons/maskable-512.png', 512, 'maskable'),
      ],
      // Chromium's richer install sheet: a phone-shaped and a desktop-shaped picture.
      screenshots: APP_SCREENSHOTS.map(({ src, sizes, form_factor }) => ({
        src,
        sizes,
        type: 'image/png',
        form_factor,
        label: english.app.screenshotLabel,
      })),
      shortcuts: APP_SHORTCUTS.map(({ page, label }) => ({
        name: english.header[label],
        url: pages[page].path,
        icons: [icon('/icons/icon-192.png', 192)],
      })),
    },
  });
}

const clientOutDir = process.env.CLIENT_DIST ?? '../dist/client';

/**
 * `vite build` builds the client app; `vite build --ssr src/entry-server.tsx` builds the page
 * prerenderer beside it (decision 034): one self-contained bundle with React's production
 * build, whatever NODE_ENV the server runs with.
 */
export default defineConfig(({ isSsrBuild }) => ({
  root: 'client',
  plugins: [react(), tailwindcss(), ...(isSsrBuild ? [] : [precompress(), installableApp()])],
  ...(isSsrBuild && {
    define: { 'process.env.NODE_ENV': '"production"' },
    ssr: { noExternal: true },
  }),
  build: isSsrBuild
    ? { outDir: `${clientOutDir}/../ssr`, emptyOutDir: true, copyPublicDir: false }
    : {
        outDir: clientOutDir,
        emptyOutDir: true,
        sourcemap: true,
        // The server reads it to preload each route's chunks with its page.
        manifest: true,
        // Small chunks shared by a few pages are copied into them rather than loaded as files of
        // their own: /browse went from ~40 requests to a handful, which on a phone's connection
        // cost more than the bytes (decision 101). Rolldown keeps one module state across copies.
        rolldownOptions: {
          preserveEntrySignatures: false,
          output: {
            codeSplitting: { experimentalInlineCommonChunks: { maxSize: 8 * 1024 } },
          },
        },
      },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
}));
