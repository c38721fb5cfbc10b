import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

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

const clientOutDir = process.env.CLIENT_DIST ?? '../dist/client';

/**
 * `vite build` builds the client app; `vite build --ssr src/entry-server.tsx` builds the page
 * prerenderer beside it (decision 034): one self-contained bundle with React's production
 * build, whatever NODE_ENV the server runs with.
 */
export default defineConfig(({ isSsrBuild }) => ({
  root: 'client',
  plugins: [react(), tailwindcss(), ...(isSsrBuild ? [] : [precompress()])],
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
      },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
}));
