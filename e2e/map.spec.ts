import crypto from 'node:crypto';
import type { Page } from '@playwright/test';
import {
  atDesktopWidth,
  expect,
  expectNoAxeViolationsInEveryState,
  keepScreenshot,
  newMember,
  PHONE,
  shareStarter,
  signUpAndIn,
  test,
} from './fixtures';

/*
 * Browse on a map: switch to it, pan, open a cluster, open a starter from its preview, filter;
 * with every host but the site itself blocked, at a phone's width; the desktop's layout is
 * measured in the same page.
 */

let word: string;
const titles: Record<string, string> = {};

test.beforeAll(async ({ browser }) => {
  word = `map${crypto.randomBytes(3).toString('hex')}`;
  const giver = await browser.newContext();
  await signUpAndIn(giver.request, newMember());
  const share = async (key: string, title: string, fields: Parameters<typeof shareStarter>[2]) => {
    titles[key] = `${title} ${word}`;
    await shareStarter(giver.request, titles[key], fields);
  };
  await share('kefir1', 'Portland milk kefir', { location: 'Portland, Oregon' });
  await share('kefir2', 'Portland water kefir', { location: 'Portland, Oregon' });
  await share('kefir3', 'Portland yogurt kefir', { location: 'Portland, Oregon' });
  await share('sourdough', 'Portland sourdough', {
    location: 'Portland, Oregon',
    category: 'grain',
    subcategory: 'sourdough',
    starterType: 'Sourdough starter',
  });
  await share('gresham', 'Gresham kefir', { location: 'Gresham, Oregon' });
  await share('seattle', 'Seattle kefir', { location: 'Seattle, Washington' });
  await giver.close();
});

/** The list of what is in view, beside or below the map. */
const inView = (page: Page) => page.getByRole('region', { name: 'In this view' });

/**
 * Pans the map by keyboard, as Leaflet offers: each Shift+arrow moves it 240 px; the next
 * press waits until the map has settled and written its new place into the address.
 */
async function pan(page: Page, key: 'ArrowLeft' | 'ArrowRight', times: number) {
  const map = page.getByRole('region', { name: /Map of starters/ });
  await map.focus();
  for (let i = 0; i < times; i++) {
    const before = page.url();
    await map.press(`Shift+${key}`);
    await expect(page).not.toHaveURL(before);
  }
}

test('at 360 px a visitor browses on the map with only the site reachable', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const site = new URL(baseURL!).host;
  const elsewhere: string[] = [];
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.host === site || url.protocol === 'data:' || url.protocol === 'blob:') {
      return route.continue();
    }
    elsewhere.push(url.href);
    return route.abort();
  });
  await page.setViewportSize(PHONE);

  // A link that looks east of Portland (Idaho), and the List | Map switch.
  await page.goto(`/browse?search=${word}&at=7/47/-114`);
  await expect(page.getByRole('listitem').filter({ hasText: titles.seattle! })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'List or map' })
    .getByRole('link', { name: 'Map' })
    .click();
  await expect(page).toHaveURL(/view=map/);
  await expect(page.getByRole('region', { name: /Map of starters/ })).toBeVisible();
  // The map's first answer (its code and the view's query) can take a while on a busy machine.
  await expect(inView(page).getByText('No starters here')).toBeVisible({ timeout: 60_000 });

  // Pan west: Portland's five come into view as a cluster, Seattle's one on its own.
  await pan(page, 'ArrowLeft', 3);
  await expect(inView(page).getByText('6 starters', { exact: true })).toBeVisible();
  await expect(inView(page).getByRole('link', { name: titles.seattle })).toBeVisible();
  const cluster = page.locator('.starter-map-cluster', { hasText: '5' });
  await expect(cluster).toBeVisible();
  await keepScreenshot(page, 'map-360-clusters');

  // Open the cluster: the map zooms in until its starters stand one by one.
  await cluster.click();
  for (const key of ['kefir1', 'kefir2', 'kefir3', 'sourdough', 'gresham']) {
    await expect(inView(page).getByRole('link', { name: titles[key] })).toBeVisible();
  }
  // The three at Portland's centre are spread apart, each its own target.
  const points = page.locator('.starter-map-point');
  await expect(points).toHaveCount(5);
  const boxes = await Promise.all(
    ['kefir1', 'kefir2', 'kefir3'].map((k) =>
      page.locator(`.starter-map-point[title="${titles[k]}"]`).boundingBox(),
    ),
  );
  const centres = boxes.map((b) => [b!.x + b!.width / 2, b!.y + b!.height / 2] as const);
  for (let i = 0; i < centres.length; i++) {
    for (let j = i + 1; j < centres.length; j++) {
      const [a, b] = [centres[i]!, centres[j]!];
      expect(Math.hypot(a[0] - b[0], a[1] - b[1])).toBeGreaterThanOrEqual(20);
    }
  }

  // Place names stand clear of the markers, Gresham's too, which stands where its starter
  // does, and of each other.
  const names = page.locator('.starter-map-label span');
  await expect(names.filter({ hasText: /^Gresham$/ })).toBeVisible();
  type Box = { x: number; y: number; width: number; height: number };
  const meet = (a: Box, b: Box) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  const overlapping = async () => {
    const boxes = async (l: typeof names) =>
      (await Promise.all((await l.all()).map((e) => e.boundingBox()))).filter((b) => b !== null);
    const [markers, shown] = [await boxes(points), await boxes(names)];
    return shown.filter(
      (n, i) => markers.some((m) => meet(m, n)) || shown.some((o, j) => j !== i && meet(o, n)),
    ).length;
  };
  await expect.poll(overlapping).toBe(0);

  // A tap shows the starter's card; its link opens the starter.
  await page.locator(`.starter-map-point[title="${titles.kefir2}"]`).click();
  const preview = page.getByRole('region', { name: 'Selected starter' });
  await expect(preview.getByText(titles.kefir2!)).toBeVisible();
  await keepScreenshot(page, 'map-360-preview');
  await expectNoAxeViolationsInEveryState(page);
  await preview.getByRole('link', { name: 'View starter' }).click();
  await expect(page).toHaveURL(/\/starter\/\d+/);
  await expect(page.getByRole('heading', { name: titles.kefir2 })).toBeVisible();

  // Back on the map, a category narrows it to that category's starters.
  await page.goBack();
  await expect(page).toHaveURL(/view=map/);
  await expect(inView(page).getByRole('link', { name: titles.gresham })).toBeVisible();
  await page.getByRole('button', { name: /Grain Ferments/ }).click();
  await expect(page).toHaveURL(/category=grain/);
  await expect(page).toHaveURL(/view=map/);
  await expect(inView(page).getByText('1 starter', { exact: true })).toBeVisible();
  await expect(inView(page).getByRole('link', { name: titles.sourdough })).toBeVisible();
  await expect(inView(page).getByRole('link', { name: titles.gresham })).toHaveCount(0);
  await keepScreenshot(page, 'map-360-filtered', { fullPage: true });

  // And back to the list, filters kept.
  await page
    .getByRole('navigation', { name: 'List or map' })
    .getByRole('link', { name: 'List' })
    .click();
  await expect(page).not.toHaveURL(/view=map/);
  await expect(page.getByRole('listitem').filter({ hasText: titles.sourdough! })).toBeVisible();

  // A map opened on a chosen place, with no view in the address, starts at that place.
  await page.goto(
    `/browse?view=map&search=${word}&near=${encodeURIComponent('Portland, Oregon, United States')}&radiusKm=25`,
  );
  await expect(inView(page).getByRole('link', { name: titles.gresham })).toBeVisible();
  await expect(page).toHaveURL(/at=9%2F45\.5/);

  // The map asks for its view widened to whole tiles (small pans then share one answer); the
  // list names only what the map shows. A view whose west edge stands just east of Portland
  // and Seattle, inside the tile that holds them: the answer has all six, the list none.
  const map = await page.getByRole('region', { name: /Map of starters/ }).boundingBox();
  const centre = -121.6 + ((map!.width / 2) * 360) / (256 * 2 ** 7);
  const answered = page.waitForResponse(
    (r) => r.url().includes('/api/starters/map?') && r.url().includes('zoom=7'),
  );
  await page.goto(`/browse?view=map&search=${word}&at=7/47/${centre.toFixed(4)}`);
  expect((await (await answered).json()).total).toBe(6);
  await expect(inView(page).getByText('No starters here')).toBeVisible();
  await expect(inView(page).getByRole('link')).toHaveCount(0);

  // On the phone the list stands below the map; at a desktop's width beside it.
  const onPhone = (await page.getByRole('region', { name: /Map of starters/ }).boundingBox())!;
  expect((await inView(page).boundingBox())!.y).toBeGreaterThanOrEqual(
    onPhone.y + onPhone.height - 1,
  );
  await atDesktopWidth(page, async () => {
    const map = (await page.getByRole('region', { name: /Map of starters/ }).boundingBox())!;
    const list = (await inView(page).boundingBox())!;
    expect(list.y, 'the list starts beside the map').toBeLessThan(map.y + map.height);
    expect(list.x >= map.x + map.width - 1 || list.x + list.width <= map.x + 1).toBe(true);
  });
  expect(elsewhere).toEqual([]);
});
