/**
 * A phone's numbers (`npm run bench:phone`, builds first): `/`, `/browse`, a starter's page and
 * `/messages` (signed in as a demo member) loaded in Debian's Chromium at 360 px with the CPU
 * slowed 4× (`Emulation.setCPUThrottlingRate`) and Lighthouse's slow-4G profile as DevTools
 * applies it (562.5 ms round trip, 1.44 Mbit/s down, 675 kbit/s up), each from a cold cache with
 * the demo data. web-vitals runs in the page. Per page it prints, against the goals:
 * - LCP and CLS of a load left alone until the app works (CLS then includes the session below);
 * - the first tap: the page tapped as soon as its `load` event has fired, and the time from
 *   that event to what the tap does being on screen (a link's next page: its first paint);
 * - from the `load` event to the app marking the page as working (`data-app="ready"`), of the
 *   load left alone;
 * - INP over a scripted session of taps (and typing in a thread on `/messages`).
 * Medians of BENCH_PHONE_RUNS loads (default 3). Asserts nothing; the goals are LCP ≤ 2.5 s,
 * CLS ≤ 0.1, INP ≤ 200 ms. BENCH_PHONE_PAGES=/,/browse picks pages. CHROMIUM_PATH overrides
 * /usr/bin/chromium; the server listens on 127.0.0.1 only (E2E_PORT, default 4315).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/chromium';
import { DEMO_PASSWORD } from '../server/src/cli/demo-data';
import { startDemoSite } from './processes';

const port = Number(process.env.E2E_PORT ?? 4315);
const origin = `http://127.0.0.1:${port}`;
const runs = Number(process.env.BENCH_PHONE_RUNS ?? 3);
const GOALS = { lcp: 2500, cls: 0.1, inp: 200 };
/** Lighthouse's mobile "slow 4G", with the factors DevTools applies to it. */
const SLOW_4G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: ((1.6 * 1024 * 1024) / 8) * 0.9,
  uploadThroughput: ((750 * 1024) / 8) * 0.9,
};
const webVitals = fs.readFileSync(
  createRequire(import.meta.url)
    .resolve('web-vitals')
    .replace(/[^/]+$/, 'web-vitals.iife.js'),
  'utf8',
);

/**
 * In every page before its own scripts: web-vitals' figures as they change, a place for the
 * time the first tap's effect was seen (`window.__tap`), and when the app marked the page as
 * working (`window.__works`).
 */
const measure = `${webVitals}
window.__vitals = {};
for (const name of ['LCP', 'CLS', 'INP'])
  webVitals['on' + name]((m) => (window.__vitals[name] = m.value), { reportAllChanges: true });
window.__tap = {};
new MutationObserver((changes, observer) => {
  if (document.documentElement.dataset.app !== 'ready') return;
  window.__works = performance.now();
  observer.disconnect();
}).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-app'] });`;

interface Visit {
  path: string;
  /** Signed in as a demo member. */
  member?: boolean;
  /** The control tapped at load, and what shows its effect (checked in the page each frame). */
  firstTap: { tap: (page: Page) => Promise<void>; effect: string };
  /** Taps and typing after the app works: INP's session. */
  session: (page: Page) => Promise<void>;
}

async function phone(browser: Browser, member: boolean): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: origin,
    viewport: { width: 360, height: 780 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  });
  if (member) {
    const login = await context.request.post('/api/auth/login', {
      data: { email: 'maya@cultureshare.test', password: DEMO_PASSWORD },
    });
    if (!login.ok()) throw new Error(`sign-in failed: ${login.status()}`);
  }
  await context.addInitScript(measure);
  return context;
}

async function slowed(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
}

const appWorks = (page: Page) =>
  page.waitForSelector('html[data-app="ready"]', { state: 'attached', timeout: 60_000 });

/** LCP and CLS of a load left alone, then INP (and CLS) over the session. */
async function vitals(browser: Browser, visit: Visit) {
  const context = await phone(browser, !!visit.member);
  const page = await context.newPage();
  await slowed(page);
  await page.goto(visit.path, { waitUntil: 'load', timeout: 120_000 });
  await appWorks(page);
  const works = Number(
    await page.evaluate(
      "window.__works - performance.getEntriesByType('navigation')[0].loadEventStart",
    ),
  );
  await page.waitForTimeout(1000);
  const lcp = Number(await page.evaluate('window.__vitals.LCP ?? NaN'));
  await visit.session(page);
  await page.waitForTimeout(500);
  const after = (await page.evaluate('window.__vitals')) as { CLS?: number; INP?: number };
  await context.close();
  return { lcp, cls: after.CLS ?? 0, inp: after.INP ?? 0, works };
}

/**
 * When the tap's effect was first on screen (ms since the epoch): seen by the watch on the
 * page tapped, or, when the tap loaded another page (a link followed before the app works), that
 * page's first paint. Infinity if neither comes within a minute.
 */
async function effectSeen(page: Page): Promise<number> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      // The watched page says when it saw the effect; a page loaded by the tap has no watch.
      const at = await page.evaluate(`(() => {
        if (window.__tap.watching) return window.__tap.seen ?? null;
        const paint = performance.getEntriesByName('first-contentful-paint')[0];
        return paint ? performance.timeOrigin + paint.startTime : null;
      })()`);
      if (typeof at === 'number') return at;
    } catch {
      // Between two pages: no document to ask yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Infinity;
}

/** The page tapped as soon as it has loaded: ms from its `load` event to the tap's effect on screen. */
async function firstTap(browser: Browser, visit: Visit) {
  const context = await phone(browser, !!visit.member);
  const page = await context.newPage();
  await slowed(page);
  await page.goto(visit.path, { waitUntil: 'load', timeout: 120_000 });
  // Watches for the effect each frame from before the tap.
  // (A string: the bench runs through tsx, whose helpers a function passed to the page lacks.)
  const loadedAt = Number(
    await page.evaluate(`(() => {
      window.__tap.watching = true;
      const check = () => {
        if (${visit.firstTap.effect}) window.__tap.seen = performance.timeOrigin + performance.now();
        else requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
      return performance.timeOrigin + performance.getEntriesByType('navigation')[0].loadEventStart;
    })()`),
  );
  await visit.firstTap.tap(page);
  const ms = (await effectSeen(page)) - loadedAt;
  await context.close();
  return ms;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

const site = await startDemoSite(port);
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const list = (await (await fetch(`${origin}/api/starters?limit=1`)).json()) as {
    starters: { id: number }[];
  };
  const starterId = list.starters[0]!.id;
  const tapRole = (role: 'button' | 'link', name: RegExp) => (page: Page) =>
    page.getByRole(role, { name }).first().tap();
  const visits: Visit[] = [
    {
      path: '/',
      // The hero's way to the listings: a link, so it works before the app does.
      firstTap: { tap: tapRole('link', /^Browse Starters$/), effect: "location.pathname !== '/'" },
      session: async (page) => {
        await page
          .getByRole('link', { name: /^Browse Starters$/ })
          .first()
          .tap();
        await page.getByRole('heading', { name: 'Available Starters' }).waitFor();
        await page.getByRole('button', { name: /Dairy/ }).tap();
        await page.goBack();
      },
    },
    {
      path: '/browse',
      firstTap: {
        tap: tapRole('button', /Grain Ferments/),
        // Its button shown pressed ("All Categories" was, and comes first).
        effect: `[...document.querySelectorAll('[aria-pressed="true"]')].some((b) => b.textContent.includes('Grain'))`,
      },
      session: async (page) => {
        await page.getByRole('button', { name: /Grain Ferments/ }).tap();
        await page.getByRole('button', { name: /Dairy/ }).tap();
        await page.getByRole('button', { name: /All Categories/ }).tap();
        await page.getByRole('button', { name: /Tea & Beverages/ }).tap();
      },
    },
    {
      path: `/starter/${starterId}`,
      firstTap: {
        tap: tapRole('button', /Sign In to Message/),
        effect: `document.querySelector('[role="dialog"]') !== null`,
      },
      session: async (page) => {
        await page.getByRole('button', { name: /Sign In to Message/ }).tap();
        await page.getByRole('dialog').waitFor();
        await page.keyboard.press('Escape');
      },
    },
    {
      path: '/messages',
      member: true,
      firstTap: {
        tap: async (page) => page.locator('main a[href*="with="]').first().tap(),
        effect: "new URLSearchParams(location.search).has('with')",
      },
      session: async (page) => {
        await page.locator('main a[href*="with="]').first().tap();
        await page.getByRole('textbox').first().waitFor();
        await page.getByRole('textbox').first().tap();
        await page.keyboard.type('Thank you', { delay: 80 });
      },
    },
  ];
  const only = process.env.BENCH_PHONE_PAGES?.split(',');
  const fmt = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : String(ms));
  const goal = (ok: boolean) => (ok ? 'met' : 'NOT met');
  console.log(
    `360 px, CPU 4× slower, slow 4G; medians of ${runs} cold loads (goals LCP ≤ 2.5 s, CLS ≤ 0.1, INP ≤ 200 ms)`,
  );
  for (const visit of visits) {
    const name = visit.path.startsWith('/starter/') ? '/starter/:id' : visit.path;
    if (only && !only.includes(name)) continue;
    const seen = {
      lcp: [] as number[],
      cls: [] as number[],
      inp: [] as number[],
      works: [] as number[],
    };
    const taps: number[] = [];
    for (let i = 0; i < runs; i++) {
      const v = await vitals(browser, visit);
      seen.lcp.push(v.lcp);
      seen.cls.push(v.cls);
      seen.inp.push(v.inp);
      seen.works.push(v.works);
      taps.push(await firstTap(browser, visit));
    }
    const lcp = median(seen.lcp);
    const cls = median(seen.cls);
    const inp = median(seen.inp);
    const tap = median(taps);
    console.log(
      `${name.padEnd(13)} LCP ${fmt(lcp)} (${goal(lcp <= GOALS.lcp)})  CLS ${cls.toFixed(3)} ` +
        `(${goal(cls <= GOALS.cls)})  INP ${Math.round(inp)} ms (${goal(inp <= GOALS.inp)})  ` +
        `load → first tap's effect ${fmt(tap)}  load → app works ${fmt(median(seen.works))}` +
        `  [runs: LCP ${seen.lcp.map(fmt).join(', ')}; tap ${taps.map(fmt).join(', ')}]`,
    );
  }
} finally {
  await browser.close();
  await site.close();
}
