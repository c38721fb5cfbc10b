import {
  expect,
  expectNoAxeViolations,
  newMember,
  shareStarter,
  signUpAndIn,
  test,
} from './fixtures';

/** Back, as the browser's button does it. */
const back = (page: import('@playwright/test').Page) =>
  page.evaluate(() => {
    (globalThis as unknown as { history: { back(): void } }).history.back();
  });

const scrollY = (page: import('@playwright/test').Page) =>
  page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY);

test('Back from a form with typed text asks first, and keeping on loses nothing', async ({
  page,
}) => {
  await signUpAndIn(page.request, newMember());
  await page.goto('/browse');
  await page.getByRole('link', { name: 'Share Starter' }).first().click();
  await expect(page.getByRole('heading', { name: 'Share a Starter' })).toBeVisible();
  await page.getByLabel('Title').fill('Lively kefir grains');

  await back(page);
  const ask = page.getByRole('alertdialog', { name: 'Leave this page?' });
  await expect(ask).toBeVisible();
  await expect(page).toHaveURL(/\/post$/);
  await expectNoAxeViolations(page);
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(ask).toBeHidden();
  await expect(page).toHaveURL(/\/post$/);
  await expect(page.getByLabel('Title')).toHaveValue('Lively kefir grains');

  await back(page);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/browse$/);
  await expect(page.getByRole('heading', { name: 'Share a Starter' })).toBeHidden();
});

test('a page loaded afresh opens at its top after another was scrolled in the same tab; a reload keeps its place', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await page.goto('/help');
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await expect.poll(() => scrollY(page)).toBeGreaterThan(600);

  // Typed into the address bar: a whole new load, not a move inside the app.
  await page.goto('/rules');
  // Once the app works, it has put back whatever place it kept for this load.
  await expect(page.locator('html[data-app="ready"]')).toHaveCount(1);
  await expect.poll(() => scrollY(page)).toBe(0);

  await page.goto('/help');
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await expect.poll(() => scrollY(page)).toBeGreaterThan(600);
  const before = await scrollY(page);
  await page.reload();
  await expect.poll(() => scrollY(page)).toBe(before);
});

test('a new page opens at its top, and Back returns to where the last one was scrolled', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await page.goto('/help');
  const rules = page.getByRole('contentinfo').getByRole('link', { name: 'Community Rules' });
  await rules.scrollIntoViewIfNeeded();
  await expect.poll(() => scrollY(page)).toBeGreaterThan(600);
  const left = await scrollY(page);

  await rules.click();
  await expect(page).toHaveURL(/\/rules$/);
  await expect.poll(() => scrollY(page)).toBe(0);

  await back(page);
  await expect(page).toHaveURL(/\/help$/);
  await expect.poll(() => scrollY(page)).toBe(left);
});

test('a card opened while the search is still being typed stays open', async ({ page }) => {
  const word = `curd${Date.now().toString(36)}`;
  const title = `Yogurt culture ${word}`;
  await signUpAndIn(page.request, newMember());
  await shareStarter(page.request, title);
  // The card's page is slow to arrive (a phone's network): its code is held until released.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/starter-detail-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.clock.install();
  await page.goto('/browse');
  // The member's own listing is the newest: it is on the first page before the search applies.
  const card = page.getByRole('article').filter({ hasText: word });
  await expect(card).toBeVisible();
  await page.getByLabel('Search').fill(word);
  await card.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/starter\/\d+$/);
  // The typing pauses while the card's page is on its way: the search is not written then.
  await page.clock.runFor(2_000);
  release();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/starter\/\d+$/);
});
