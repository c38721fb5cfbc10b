// @vitest-environment node
import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';

/**
 * What the first-load script (main.tsx) holds (decision 101): the app's frame, and none of the
 * code that only some pages, forms or members need. Read from the static imports, the ones a
 * bundler cannot leave out; sizes are measured by `npm run bench:web`, not here.
 */
async function firstLoadModules(): Promise<string[]> {
  const root = path.resolve(import.meta.dirname, '../../..');
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['client/src/main.tsx'],
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'browser',
    jsx: 'automatic',
    // Dynamic imports stay out: they are the chunks loaded later.
    splitting: true,
    outdir: 'first-load-check',
    loader: { '.css': 'empty', '.svg': 'empty', '.png': 'empty', '.woff2': 'empty' },
    logLevel: 'silent',
  });
  const { inputs } = result.metafile as Metafile;
  const entry = Object.keys(inputs).find((file) => file.endsWith('client/src/main.tsx'))!;
  const reached = new Set([entry]);
  const queue = [entry];
  while (queue.length) {
    for (const imported of inputs[queue.pop()!]!.imports) {
      if (imported.kind === 'dynamic-import' || reached.has(imported.path)) continue;
      reached.add(imported.path);
      queue.push(imported.path);
    }
  }
  return [...reached];
}

describe('the first-load script', () => {
  it('holds no page, and none of zod, forms, dialogs, toasts, dates, the service worker, the ICU parser or the texts beyond the frame', async () => {
    const modules = await firstLoadModules();
    expect(modules.some((m) => m.endsWith('client/src/app/layout.tsx'))).toBe(true);
    const unwanted = [
      /client\/src\/pages\//,
      /node_modules\/zod\//,
      /node_modules\/react-hook-form\//,
      /node_modules\/@radix-ui\/react-(toast|dialog|alert-dialog|dropdown-menu)\//,
      /node_modules\/date-fns\//,
      /node_modules\/workbox-window\//,
      /node_modules\/(intl-messageformat|@formatjs)\//,
      // Of the catalogues, only the frame's texts and the shared messages (decision 090).
      /common\/locales\/(?!en\/(common|messages)\.json)/,
    ];
    expect(modules.filter((m) => unwanted.some((pattern) => pattern.test(m)))).toEqual([]);
  }, 30_000);
});
