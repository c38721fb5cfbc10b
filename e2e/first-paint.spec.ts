import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { expect, newMember, phonePhoto, shareStarter, signUpAndIn, test } from './fixtures';
import { E2E_SERVER_ENV } from './server';

/** Console errors and API calls of everything the page does from here on. */
function watch(page: Page) {
  const errors: string[] = [];
  const apiCalls: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/photos/')) {
      apiCalls.push(`${r.method()} ${url.pathname}`);
    }
  });
  return { errors, apiCalls };
}

/** A member shares a starter with a photo; the word in its title, which finds only it. */
async function shareWithPhoto(browser: Browser): Promise<string> {
  const word = `paint${crypto.randomBytes(3).toString('hex')}`;
  const member = await browser.newContext();
  await signUpAndIn(member.request, newMember());
  await shareStarter(member.request, `Sourdough starter ${word}`, {
    description: 'A lively rye sourdough, fed twice a day and ready to share.',
    category: 'grain',
    subcategory: 'sourdough',
    starterType: 'Sourdough',
    image: phonePhoto(),
  });
  await member.close();
  return word;
}

test('a visitor opens the landing page without a console error or a sign-in check', async ({
  page,
}) => {
  const seen = watch(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Share the Culture' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Join' }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(seen.errors).toEqual([]);
  // Who is signed in and the site's settings came with the page.
  expect(seen.apiCalls).toEqual([]);
  expect(await page.getAttribute('html', 'lang')).toBe('en');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /starter/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/$/);
});

test('browse paints its first page from the page itself, first photo eager and sized', async ({
  page,
  browser,
}) => {
  const word = await shareWithPhoto(browser);

  const seen = watch(page);
  await page.goto(`/browse?search=${word}`);
  const card = page.getByRole('listitem').filter({ hasText: word });
  await expect(card.getByRole('heading', { name: `Sourdough starter ${word}` })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(seen.errors).toEqual([]);
  // Neither the list nor the sign-in check was asked for: both came inside the page.
  expect(seen.apiCalls).toEqual([]);

  const img = card.getByRole('img', { name: `Sourdough starter ${word}` });
  await expect(img).toHaveAttribute('loading', 'eager');
  await expect(img).toHaveAttribute('fetchpriority', 'high');
  await expect(img).toHaveAttribute('srcset', /thumb\.webp 480w, .*full\.webp 1600w/);
  await expect(img).toHaveAttribute('sizes', /100vw/);
  // The page asked for that photo before any script ran.
  await expect(page.locator('head link[rel="preload"][as="image"]')).toHaveAttribute(
    'imagesrcset',
    (await img.getAttribute('srcset'))!,
  );

  // Changing a filter asks the API as before.
  const list = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/starters');
  await page.getByRole('button', { name: /Grain Ferments/ }).click();
  expect((await list).status()).toBe(200);
});

test('a signed-in member gets their own page, not a shared one', async ({ page }) => {
  await signUpAndIn(page.request, newMember());
  const seen = watch(page);
  const res = await page.goto('/browse');
  expect(res?.headers()['cache-control']).toBe('private, no-store');
  await expect(page.getByRole('link', { name: /Share Starter/ }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(seen.apiCalls).not.toContain('GET /api/auth/user');
  expect(seen.errors).toEqual([]);
});

test('browse and the landing page arrive rendered, and the app takes them over as they are', async ({
  browser,
}) => {
  // Without scripts at all, the pages are there to read.
  const noScripts = await browser.newContext({ javaScriptEnabled: false });
  const still = await noScripts.newPage();
  await still.goto('/browse');
  await expect(still.getByRole('heading', { name: 'Available Starters', level: 1 })).toBeVisible();
  await expect(still.getByRole('button', { name: /Grain Ferments/ })).toBeVisible();
  await still.goto('/');
  await expect(still.getByRole('heading', { name: 'Share the Culture' })).toBeVisible();
  await noScripts.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  const seen = watch(page);
  // The app's script is held back until the page the server sent has been marked.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/index-*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/browse', { waitUntil: 'commit' });
  const heading = page.getByRole('heading', { name: 'Available Starters', level: 1 });
  await heading.evaluate((h) => (h.dataset.fromServer = 'yes'));
  release();

  // Once the app has taken the page over, a category filter works in place. (A click before
  // that lands on plain HTML and does nothing, as on any page sent rendered: hence the retry.)
  await expect(async () => {
    await page.getByRole('button', { name: /Grain Ferments/ }).click();
    await expect(page).toHaveURL(/category=grain/, { timeout: 1000 });
  }).toPass();
  await expect(page.getByRole('button', { name: /Grain Ferments/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // The heading is still the element the server sent: taken over, not drawn again.
  await expect(page.locator('h1[data-from-server="yes"]')).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  expect(seen.errors).toEqual([]);
  await context.close();
});

test("a visitor's page paints before the app's scripts are asked for; a tap asks at once and counts", async ({
  page,
  browser,
}) => {
  // The page the server sent is read first: the app's scripts follow its first paint.
  await page.goto('/browse');
  const order = await page.evaluate(() => ({
    painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    scripts: performance
      .getEntriesByType('resource')
      .filter((r) => /\/assets\/[^/]+\.js$/.test(new URL(r.name).pathname))
      .map((r) => r.startTime),
  }));
  expect(order.painted).toBeDefined();
  expect(order.scripts.length).toBeGreaterThan(0);
  expect(Math.min(...order.scripts)).toBeGreaterThan(order.painted!);

  // While its photo is still coming the page has not loaded, and with time stopped the app's
  // fallback never fires: the app waits until a button is tapped, then starts at once, and the
  // tap, which landed on the page before the app, is held and pressed again (decision 122).
  const word = await shareWithPhoto(browser);
  const context = await browser.newContext();
  const held = await context.newPage();
  await held.clock.install({ time: new Date('2026-06-01T10:00:00Z') });
  await held.clock.pauseAt(new Date('2026-06-01T10:00:01Z'));
  await held.route('**/api/photos/**', () => {
    // never answered
  });
  const asked: string[] = [];
  held.on('request', (r) => {
    if (/\/assets\/[^/]+\.js$/.test(r.url())) asked.push(r.url());
  });
  await held.goto(`/browse?search=${word}`, { waitUntil: 'commit' });
  await expect(held.getByRole('heading', { name: 'Available Starters', level: 1 })).toBeVisible();
  // Its modules may be fetched, at low priority, once it has painted; the app is not run.
  expect(asked.filter((url) => /\/assets\/index-[^/]+\.js$/.test(url))).toEqual([]);
  const entry = held.waitForRequest(/\/assets\/index-[^/]+\.js$/);
  await held.getByRole('button', { name: /Grain Ferments/ }).click();
  await entry;
  await held.clock.resume();
  await expect(held.locator('html[data-app="ready"]')).toHaveCount(1);
  await expect(held).toHaveURL(/category=grain/);
  await expect(held.getByRole('button', { name: /Grain Ferments/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await context.close();
});

test('the texts the app reads before it first renders come named by the page, in Spanish too', async ({
  page,
}) => {
  // The build's own list of its chunks: which files hold the catalogues (and dates) of a language.
  const manifest = JSON.parse(
    fs.readFileSync(`${E2E_SERVER_ENV.CLIENT_DIST}/.vite/manifest.json`, 'utf8'),
  ) as Record<string, { file: string }>;
  const textFiles = Object.entries(manifest)
    .filter(([key]) => /\/locales\/(en|es)\/|date-fns\/locale\/es\.js$/.test(key))
    .map(([, chunk]) => `/${chunk.file}`);
  // A page sent rendered (boot.js names its modules) and one the app paints (preload links).
  for (const path of ['/browse?lang=es', '/login?lang=es']) {
    const response = await page.goto(path);
    const named = new Set((await response!.text()).match(/\/assets\/[^" ]+\.js/g));
    const loaded = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((r) => new URL(r.name).pathname),
    );
    const texts = loaded.filter((file) => textFiles.includes(file));
    // Spanish and English (the fallback) were read; none was a round trip after the entry.
    expect(texts.length, path).toBeGreaterThan(10);
    expect(
      texts.filter((file) => !named.has(file)),
      path,
    ).toEqual([]);
  }
});

test('browse sorted nearest first is taken over as sent, without a hydration error', async ({
  browser,
}) => {
  // Visitors' 'Closest to me', with and without a place: the server's page and the app's first
  // render must agree (React error #418 otherwise).
  for (const url of [
    '/browse?sort=closest',
    '/browse?near=Milwaukie%2C+Oregon%2C+United+States&radiusKm=10',
  ]) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const seen = watch(page);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/index-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(url, { waitUntil: 'commit' });
    const heading = page.getByRole('heading', { name: 'Available Starters', level: 1 });
    await heading.evaluate((h) => (h.dataset.fromServer = 'yes'));
    release();
    await expect(async () => {
      await page.getByRole('button', { name: /Grain Ferments/ }).click();
      await expect(page).toHaveURL(/category=grain/, { timeout: 1000 });
    }).toPass();
    await expect(page.locator('h1[data-from-server="yes"]')).toHaveCount(1);
    await page.waitForLoadState('networkidle');
    expect(seen.errors, url).toEqual([]);
    await context.close();
  }
});
