/**
 * Lighthouse 12 (mobile, default throttling) on `/` and `/browse` with the demo data, on Debian's
 * Chromium: prints the four scores and LCP. Asserts nothing. `npm run bench:web` (builds first).
 * CHROMIUM_PATH overrides /usr/bin/chromium; the server listens on 127.0.0.1 only.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const port = Number(process.env.E2E_PORT ?? 4313);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The same flags as the browser tests (playwright.config.ts), headless.
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
].join(' ');

async function waitFor(url: string) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} never answered`);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cultureshare-web-'));
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  HOST: '127.0.0.1',
  PORT: String(port),
  LOG_LEVEL: 'silent',
};
spawnSync(process.execPath, ['--import', 'tsx', 'server/src/cli/demo.ts'], {
  env,
  stdio: 'inherit',
});
const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
  env,
  stdio: 'ignore',
});
try {
  await waitFor(`http://127.0.0.1:${port}/readyz`);
  for (const page of ['/', '/browse']) {
    const run = spawnSync(
      'npx',
      [
        'lighthouse',
        `http://127.0.0.1:${port}${page}`,
        '--output=json',
        '--quiet',
        `--chrome-path=${chromium}`,
        `--chrome-flags=${chromeFlags}`,
        '--only-categories=performance,accessibility,best-practices,seo',
      ],
      {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
        env: { ...process.env, CHROME_PATH: chromium },
      },
    );
    if (run.status !== 0) throw new Error(`lighthouse failed on ${page}: ${run.stderr}`);
    const report = JSON.parse(run.stdout) as {
      categories: Record<string, { score: number | null }>;
      audits: Record<string, { numericValue?: number }>;
    };
    const score = (key: string) => Math.round((report.categories[key]?.score ?? 0) * 100);
    const lcp = (report.audits['largest-contentful-paint']?.numericValue ?? 0) / 1000;
    console.log(
      `${page.padEnd(8)} performance ${score('performance')}  accessibility ${score('accessibility')}  ` +
        `best practices ${score('best-practices')}  SEO ${score('seo')}  LCP ${lcp.toFixed(1)} s`,
    );
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.on('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
