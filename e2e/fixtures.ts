import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import PostalMime from 'postal-mime';
import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import axe, { type AxeResults } from 'axe-core';

import { E2E_PASSWORD } from './e2e-members';
import { e2ePort, startE2EServer, type E2EServer } from './server';

export { E2E_MODERATOR_EMAIL, E2E_PASSWORD } from './e2e-members';

/** The WCAG 2.1 A and AA rules every scan checks. */
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Which of axe's rules a scan runs: by tag, or by name. */
type AxeRunOnly = { type: 'tag' | 'rule'; values: string[] };

/**
 * The rules whose answer a colour scheme can change. The dark scheme changes colours alone (the
 * custom properties in client/src/index.css), so a page's structure, names and roles read the
 * same in both: the light scan runs every rule, the dark one these.
 */
const COLOUR_RULES = axe
  .getRules(['cat.color'])
  .map((rule) => rule.ruleId)
  // AAA, which the site does not claim.
  .filter((id) => id !== 'color-contrast-enhanced');

/**
 * Runs axe on the page as it is now, inside the page itself (the site has no frames, so axe's
 * default way, a partial run per frame merged in a blank page opened for it, finds the same at
 * the cost of a page and a second copy of axe per scan). axe is put in once per document.
 */
async function axeScan(page: Page, only: AxeRunOnly): Promise<AxeResults> {
  // What a person sees once it has settled: a tab's colours mid-transition after a click, or a
  // menu fading in, are not the page's contrast.
  await animationsFinished(page);
  // In the page (the tests' types have no DOM): whether this document already has axe.
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(axe.source);
  const options = { runOnly: only, resultTypes: ['violations'] };
  return page.evaluate(`axe.run(document, ${JSON.stringify(options)})`) as Promise<AxeResults>;
}

/** Fails the test when axe finds any WCAG A/AA violation on the page as it is now. */
export async function expectNoAxeViolations(page: Page) {
  const results = await axeScan(page, { type: 'tag', values: WCAG });
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .slice(0, 3)
        .map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`)
        .join(', ')}`,
  );
  expect(summary, 'axe violations').toEqual([]);
}

/**
 * Waits until every animation on the page that ends has ended (spinners run forever and are
 * left alone). Styles are recalculated first, so an animation a click has just started counts.
 */
export async function animationsFinished(page: Page) {
  await page.evaluate(async () => {
    // The specs compile without the DOM's types: the little of it used here, by hand.
    const browser = globalThis as unknown as {
      requestAnimationFrame(callback: () => void): void;
      document: {
        getAnimations(): Array<{
          playState: string;
          effect: { getComputedTiming(): { endTime?: number | string } } | null;
        }>;
      };
    };
    await new Promise<void>((resolve) => browser.requestAnimationFrame(resolve));
    // Their play state is asked, not their `finished` promise: Chromium can leave that promise
    // unsettled for good after a colour transition has ended (the post form's choices, styled
    // through `:has()`, on a switch to dark). Ten seconds at most.
    const running = () =>
      browser.document
        .getAnimations()
        .some(
          (a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity,
        );
    for (let waited = 0; running() && waited < 10_000; waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
  });
}

/** A state of a page worth its own scan: a menu or dialog opened, then closed again. */
export interface AxeState {
  name: string;
  open: (page: Page) => Promise<void>;
  /** Defaults to Escape, which closes every menu and dialog here. */
  close?: (page: Page) => Promise<void>;
}

/**
 * Scans the page as it is, then with each menu and dialog of `states` open, in light (every
 * rule) and in dark colour scheme (the colour rules). Violations are named with the scheme and
 * state they were found in.
 */
export async function expectNoAxeViolationsInEveryState(page: Page, states: AxeState[] = []) {
  const found: string[] = [];
  const scan = async (colorScheme: 'light' | 'dark', state?: string) => {
    const where = state ? `${colorScheme}, ${state}` : colorScheme;
    const results = await axeScan(
      page,
      colorScheme === 'dark'
        ? { type: 'rule', values: COLOUR_RULES }
        : { type: 'tag', values: [...WCAG, 'best-practice'] },
    );
    for (const v of results.violations)
      found.push(
        `[${where}] ${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
      );
  };
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await scan(colorScheme);
    for (const state of states) {
      await state.open(page);
      await scan(colorScheme, state.name);
      await (state.close ?? ((p: Page) => p.keyboard.press('Escape')))(page);
      await expect(
        page.locator('[role="menu"], [role="dialog"], [role="alertdialog"]'),
      ).toHaveCount(0);
    }
  }
  await page.emulateMedia({ colorScheme: null });
  // Soft: one run lists the violations of every route and state, not just the first.
  expect.soft(found, 'axe violations').toEqual([]);
}

export interface E2EMember {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** A fresh member's details; `email` may be fixed (the moderator). */
export function newMember(overrides: Partial<E2EMember> = {}): E2EMember {
  const tag = crypto.randomBytes(4).toString('hex');
  return {
    email: `member-${tag}@e2e.test`,
    password: E2E_PASSWORD,
    firstName: 'Fern',
    lastName: `Tester${tag.slice(0, 3)}`,
    ...overrides,
  };
}

/**
 * Makes a member who has confirmed their address and signs them in, in one call to the test
 * server's seeding route (POST /api/test/members, TEST_CLOCK=1 only; decision 128). With
 * `page.request` the page's browser context gets the session cookie, so the page is then
 * signed in. An address that has an account (the moderator, made before the server started)
 * is confirmed and signed in with its password. The real sign-up, the mailed confirmation and
 * the reset have their own tests (join, mail, languages and accounts specs).
 */
export async function signUpAndIn(request: APIRequestContext, member: E2EMember = newMember()) {
  const made = await request.post('/api/test/members', {
    data: {
      email: member.email,
      password: member.password,
      firstName: member.firstName,
      lastName: member.lastName,
    },
  });
  if (!made.ok()) throw new Error(`making a member failed: ${made.status()} ${await made.text()}`);
  return member;
}

/** This worker's server (the worker fixture below sets it before any test runs). */
let server: E2EServer | undefined;

/** Saved mails never change once in place: each is read and parsed once per worker. */
const parsedMails = new Map<string, Awaited<ReturnType<typeof PostalMime.parse>>>();
async function parsedMail(file: string) {
  let mail = parsedMails.get(file);
  if (!mail) {
    mail = await PostalMime.parse(fs.readFileSync(file));
    parsedMails.set(file, mail);
  }
  return mail;
}

/**
 * The newest mail to `to` whose subject matches. The browser tests' server has no SMTP_URL,
 * so its mails are .eml files under DATA_DIR/mail: this worker's server's folder.
 */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 20_000) {
  if (!server) throw new Error('no browser-test server has started in this worker');
  const dir = path.join(server.dataDir, 'mail');
  const until = Date.now() + timeoutMs;
  for (;;) {
    // Only whole mails: the server writes each aside (.partial) and renames it into place.
    const files = fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((f) => f.endsWith('.eml'))
          .sort()
          .reverse()
      : [];
    for (const file of files) {
      const mail = await parsedMail(path.join(dir, file));
      const addressed = mail.to?.some((a) => a.address?.toLowerCase() === to.toLowerCase());
      if (addressed && subject.test(mail.subject ?? '')) return mail;
    }
    if (Date.now() > until) throw new Error(`no mail "${subject}" to ${to} arrived`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The token of the link to `pathname` in a mail's text part. */
export function linkFromMail(mail: { text?: string }, pathname: string): string {
  const match = mail.text?.match(new RegExp(`${pathname}\\?token=([A-Za-z0-9_-]+)`));
  if (!match) throw new Error(`no ${pathname} link in the mail`);
  return match[1]!;
}

/** The worker's server clock (TEST_CLOCK=1): ahead of the real time once a spec has moved it. */
export async function serverNow(request: APIRequestContext): Promise<Date> {
  const res = await request.get('/api/test/clock');
  if (!res.ok()) throw new Error(`reading the clock failed: ${res.status()} ${await res.text()}`);
  return new Date(((await res.json()) as { now: string }).now);
}

/**
 * Moves the browser tests' server clock forward (TEST_CLOCK=1, e2e/server.ts): what would come
 * due after a day is due at once. Time only moves forward, for every later spec of this worker
 * too (each worker has its own server, so other workers' clocks stay where they are).
 */
export async function advanceServerClock(request: APIRequestContext, seconds: number) {
  const res = await request.post('/api/test/clock', { data: { advanceSeconds: seconds } });
  if (!res.ok()) throw new Error(`moving the clock failed: ${res.status()} ${await res.text()}`);
  return new Date(((await res.json()) as { now: string }).now);
}

/**
 * Each worker starts its own server (e2e/server.ts) on port E2E_PORT + its index, with an empty
 * data folder, and every page, context and `request` of its tests goes there (`baseURL`).
 */
export const test = base.extend<object, { e2eServer: E2EServer }>({
  e2eServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern
    async ({}, use, workerInfo) => {
      // On a busy two-core machine, with the other workers' servers starting beside it, a
      // start can take minutes.
      server = await startE2EServer(e2ePort(workerInfo.parallelIndex), 280_000);
      try {
        await use(server);
      } finally {
        await server.stop();
        server = undefined;
      }
    },
    { scope: 'worker', auto: true, timeout: 300_000 },
  ],
  baseURL: async ({ e2eServer }, use) => {
    await use(e2eServer.baseURL);
  },
  // Contexts and pages a test opens itself wait for the app the same way as `page` does.
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        // Without scripts the app never takes a page over: nothing to wait for.
        return options?.javaScriptEnabled === false ? context : contextWaitsForApp(context);
      };
      const newPage = browser.newPage.bind(browser);
      browser.newPage = async (options) => {
        const page = await newPage(options);
        return options?.javaScriptEnabled === false ? page : waitsForApp(page);
      };
      await use(browser);
    },
    { scope: 'worker' },
  ],
  page: async ({ page }, use) => {
    await use(waitsForApp(page));
  },
});

/**
 * A person taps a page once it works; a script is quicker than the app's takeover of the
 * server's HTML, so an app page's `goto` waits for the app to mark the page ready. (Pages
 * without the app — the offline page, a bare API answer — are not waited for.)
 */
const waiting = new WeakSet<Page>();
function waitsForApp(page: Page): Page {
  if (waiting.has(page)) return page;
  waiting.add(page);
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (options?.waitUntil !== 'commit') await appReady(page);
    return response;
  };
  return page;
}

function contextWaitsForApp(context: BrowserContext): BrowserContext {
  const newPage = context.newPage.bind(context);
  context.newPage = async () => waitsForApp(await newPage());
  return context;
}

interface PageDocument {
  getElementById(id: string): unknown;
  documentElement: { dataset: Record<string, string | undefined> };
}

/** Waits until the app has taken the page over, when the page is one of the app's. */
export async function appReady(page: Page) {
  await page.waitForFunction(
    () => {
      // In the page (the tests' types have no DOM); a function, as the site's CSP forbids eval.
      const doc = (globalThis as unknown as { document: PageDocument }).document;
      return !doc.getElementById('root') || doc.documentElement.dataset.app === 'ready';
    },
    null,
    { timeout: 60_000 },
  );
}
export { expect };

const KEFIR = {
  description: 'Lively grains, fed daily with whole milk and ready to share.',
  category: 'dairy',
  subcategory: 'kefir',
  starterType: 'Kefir grains',
  location: 'Portland, Oregon',
};

/** A phone's photo of a jar (e2e/fixtures/phone-photo.jpg), as a form's file field. */
export const phonePhoto = () => ({
  name: 'jar.jpg',
  mimeType: 'image/jpeg',
  buffer: fs.readFileSync(path.join(import.meta.dirname, 'fixtures', 'phone-photo.jpg')),
});

/**
 * The signed-in member of `request` shares a starter (kefir grains unless `fields` say
 * otherwise), with a photo if `fields` hold one.
 */
export async function shareStarter(
  request: APIRequestContext,
  title: string,
  fields: Partial<typeof KEFIR> & {
    originStory?: string;
    image?: ReturnType<typeof phonePhoto>;
  } = {},
): Promise<number> {
  const res = await request.post('/api/starters', { multipart: { ...KEFIR, ...fields, title } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/**
 * The giver, on their starter's page, sets up a standing offer of one portion every 7 days,
 * 48 hours to answer, longest waiting first; `check` runs on the filled form before it starts.
 */
export async function setUpStandingOffer(
  page: Page,
  starterId: number,
  check: (page: Page) => Promise<void> = async () => {},
) {
  await page.goto(`/starter/${starterId}`);
  const section = page.getByRole('region', { name: 'Standing offer' });
  await section.getByRole('button', { name: 'Set up a standing offer' }).click();
  await section.getByLabel('Portions per round').fill('1');
  await section.getByLabel('A round every … days').fill('7');
  await section.getByLabel('Hours to answer an offer').fill('48');
  await section.getByRole('radio', { name: 'Longest waiting first' }).click();
  await check(page);
  await section.getByRole('button', { name: 'Start the standing offer' }).click();
  await expect(section.getByText('0 members waiting')).toBeVisible();
  return section;
}

/**
 * With E2E_SHOTS=<folder>, keeps a picture of the page (or of one element) as it is now, named
 * `name`.png, for a person to look at; without it, does nothing. No test reads these.
 */
export async function keepScreenshot(
  target: Page | Locator,
  name: string,
  { fullPage = false }: { fullPage?: boolean } = {},
) {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await ('goto' in target
    ? target.screenshot({ path: file, fullPage })
    : target.screenshot({ path: file }));
}

/** The phone width journeys run at, and the desktop width their layout is also checked at. */
export const PHONE = { width: 360, height: 780 };
export const DESKTOP = { width: 1280, height: 900 };

/**
 * A journey runs once, at 360 px; its desktop layout is checked in the same page (decision
 * 155): the page is widened to 1280 px, must be no wider than the window, and `check` measures
 * what the layout should be there. The page gets its former size back afterwards.
 */
export async function atDesktopWidth(
  page: Page,
  check: (page: Page) => Promise<void> = async () => {},
) {
  const before = page.viewportSize() ?? PHONE;
  await page.setViewportSize(DESKTOP);
  try {
    await expect
      .poll(() => page.evaluate('document.documentElement.scrollWidth').then(Number))
      .toBeLessThanOrEqual(DESKTOP.width);
    await check(page);
  } finally {
    await page.setViewportSize(before);
  }
}

/** Fails unless the element is shown and lies wholly across the window's width. */
export async function expectAcrossWindow(locator: Locator) {
  await expect(locator).toBeVisible();
  const box = (await locator.boundingBox())!;
  const width = locator.page().viewportSize()!.width;
  expect(box.x, 'left edge').toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, 'right edge').toBeLessThanOrEqual(width + 0.5);
}
