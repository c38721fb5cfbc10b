/**
 * Lighthouse 12 (mobile, default throttling) on `/` and `/browse` with the demo data, on Debian's
 * Chromium: prints each page's first-load JavaScript, the four scores and LCP. Asserts nothing.
 * `npm run bench:web` (builds first). Below each page's line it lists the weighted audits that
 * cost points; last, a repeat visit to /browse, painted with the service worker's precache
 * (`repeatVisit`).
 * CHROMIUM_PATH overrides /usr/bin/chromium; the server listens on 127.0.0.1 only.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromiumArgs, chromiumPath } from '../e2e/chromium';
import { startDemoSite, waitFor } from './processes';

const port = Number(process.env.E2E_PORT ?? 4313);
/** BENCH_WEB_REPORTS=<folder> keeps each page's full Lighthouse report (JSON) there. */
const reportDir = process.env.BENCH_WEB_REPORTS;
// The same flags as the browser tests, headless.
const chromeFlags = ['--headless=new', ...chromiumArgs].join(' ');

/**
 * First-load JavaScript of a page as the server sends it: the entry script and every module the
 * page preloads, or has boot.js load after its first paint (its own chunks included, decisions
 * 101 and 113), gzip level 9 (the budget's measure; the server sends the brotli copies, which
 * are smaller). `entry` is the part every page shares.
 */
function firstLoadJs(html: string): { total: number; entry: number; files: number } {
  const root = path.resolve(process.env.CLIENT_DIST ?? 'dist/client');
  const gzipKb = (src: string) =>
    zlib.gzipSync(fs.readFileSync(path.join(root, src)), { level: 9 }).length / 1024;
  // A page sent rendered names them for boot.js, which loads them once it has painted (113).
  const scripts = (text: string) => [
    ...new Set(
      [
        ...text.matchAll(/<script type="module"[^>]*\ssrc="([^"]+)"/g),
        ...text.matchAll(/<link rel="modulepreload"[^>]*\shref="([^"]+)"/g),
        ...text.matchAll(/<script defer src="\/boot\.js" data-entry="([^"]+)"/g),
      ]
        .map((m) => m[1]!)
        .concat([...text.matchAll(/ data-preload="([^"]*)"/g)].flatMap((m) => m[1]!.split(' ')))
        .filter(Boolean),
    ),
  ];
  const page = scripts(html);
  const entry = scripts(fs.readFileSync(path.join(root, 'index.html'), 'utf8'));
  const sum = (files: string[]) => files.reduce((kb, src) => kb + gzipKb(src), 0);
  return { total: sum(page), entry: sum(entry), files: page.length };
}

const site = await startDemoSite(port);
try {
  for (const page of ['/', '/browse']) {
    const js = firstLoadJs(await (await fetch(`${site.origin}${page}`)).text());
    console.log(
      `${page.padEnd(8)} first-load JS ${js.total.toFixed(1)} KB gzip in ${js.files} files ` +
        `(the shared entry ${js.entry.toFixed(1)} KB; budget 150 KB)`,
    );
    const lighthouse = () =>
      spawnSync(
        'npx',
        [
          'lighthouse',
          `${site.origin}${page}`,
          '--output=json',
          '--quiet',
          `--chrome-path=${chromiumPath}`,
          `--chrome-flags=${chromeFlags}`,
          '--only-categories=performance,accessibility,best-practices,seo',
        ],
        {
          encoding: 'utf8',
          maxBuffer: 64 * 1024 * 1024,
          env: { ...process.env, CHROME_PATH: chromiumPath },
        },
      );
    let run = lighthouse();
    // Now and then headless Chromium's trace misses the navigation's start (NO_NAVSTART) and
    // Lighthouse asks to be run again: it is, twice at most, and the bench says so.
    for (let retry = 1; retry <= 2 && /Please run Lighthouse again/.test(run.stderr); retry++) {
      console.log(`${page.padEnd(8)} Lighthouse asked to be run again (${retry})`);
      run = lighthouse();
    }
    if (run.status !== 0) throw new Error(`lighthouse failed on ${page}: ${run.stderr}`);
    if (reportDir) {
      fs.mkdirSync(reportDir, { recursive: true });
      const name = page === '/' ? 'home' : page.slice(1).replace(/\W+/g, '-');
      fs.writeFileSync(path.join(reportDir, `${name}.json`), run.stdout);
    }
    const report = JSON.parse(run.stdout) as {
      categories: Record<
        string,
        { score: number | null; auditRefs: { id: string; weight: number }[] }
      >;
      audits: Record<
        string,
        { score: number | null; numericValue?: number; displayValue?: string; title: string }
      >;
    };
    const score = (key: string) => Math.round((report.categories[key]?.score ?? 0) * 100);
    const lcp = (report.audits['largest-contentful-paint']?.numericValue ?? 0) / 1000;
    console.log(
      `${page.padEnd(8)} performance ${score('performance')}  accessibility ${score('accessibility')}  ` +
        `best practices ${score('best-practices')}  SEO ${score('seo')}  LCP ${lcp.toFixed(1)} s`,
    );
    // What cost points: every weighted audit below a full score, with its figure if it has one.
    for (const [key, category] of Object.entries(report.categories)) {
      for (const ref of category.auditRefs) {
        const audit = report.audits[ref.id];
        if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
        const figure = audit.displayValue ? ` (${audit.displayValue})` : '';
        console.log(`           ${key}: ${audit.title}${figure} score ${audit.score.toFixed(2)}`);
      }
    }
  }
  await repeatVisit('/browse');
} finally {
  await site.close();
}

/**
 * A repeat visit: one Chromium profile kept across Lighthouse runs (`--disable-storage-reset`),
 * so the service worker installed by the first visits serves the app's scripts and styles from
 * its precache. Two visits warm it up; the third is measured (mobile, default throttling).
 */
async function repeatVisit(page: string) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'cultureshare-repeat-'));
  const debugPort = port + 1;
  const browser = spawn(
    chromiumPath,
    [
      ...chromeFlags.split(' '),
      `--user-data-dir=${profile}`,
      `--remote-debugging-port=${debugPort}`,
    ],
    { stdio: 'ignore' },
  );
  try {
    await waitFor(`http://127.0.0.1:${debugPort}/json/version`);
    const visit = () => {
      const run = spawnSync(
        'npx',
        [
          'lighthouse',
          `${site.origin}${page}`,
          '--output=json',
          '--quiet',
          `--port=${debugPort}`,
          '--disable-storage-reset',
          '--only-categories=performance',
        ],
        { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
      );
      if (run.status !== 0) throw new Error(`lighthouse failed on ${page}: ${run.stderr}`);
      const report = JSON.parse(run.stdout) as {
        audits: Record<string, { numericValue?: number }>;
      };
      const seconds = (id: string) => (report.audits[id]?.numericValue ?? 0) / 1000;
      return { fcp: seconds('first-contentful-paint'), lcp: seconds('largest-contentful-paint') };
    };
    const first = visit();
    visit();
    const repeat = visit();
    console.log(
      `${page.padEnd(8)} repeat visit: FCP ${repeat.fcp.toFixed(1)} s  LCP ${repeat.lcp.toFixed(1)} s ` +
        `(first visit in the same profile: FCP ${first.fcp.toFixed(1)} s  LCP ${first.lcp.toFixed(1)} s)`,
    );
  } finally {
    browser.kill('SIGTERM');
    await new Promise((r) => browser.on('exit', r));
    fs.rmSync(profile, { recursive: true, force: true });
  }
}
