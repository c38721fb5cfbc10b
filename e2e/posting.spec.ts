import crypto from 'node:crypto';
import type { Page } from '@playwright/test';
import {
  expect,
  expectNoAxeViolations,
  newMember,
  shareStarter,
  signUpAndIn,
  test,
} from './fixtures';

/**
 * Posting and the giver's own space on a phone (decision 142): the photo first, the member's
 * place filled in, the optional parts folded; posted, the giver lands on the listing with a
 * Share button; My Posts opens on the member's listings, and the account has its own page.
 */
test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

const pageWidth = (page: Page) =>
  page.evaluate('document.documentElement.scrollWidth').then(Number);

/** A signed-in member who lives in Leeds (their profile says so). */
async function memberInLeeds(page: Page) {
  await signUpAndIn(page.request, newMember());
  const saved = await page.request.patch('/api/users/profile', {
    data: { username: `fern${crypto.randomBytes(3).toString('hex')}`, location: 'Leeds, UK' },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
}

/** This browser cannot share (as desktop Chromium on Linux): the Share button copies instead. */
async function withoutWebShare(page: Page) {
  await page.addInitScript('delete Navigator.prototype.share; delete navigator.share;');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
}

test('a giver posts from a phone: photo first, their place filled in, and lands on the listing to share it', async ({
  page,
}) => {
  await memberInLeeds(page);
  await withoutWebShare(page);
  const title = `Lively kefir ${crypto.randomBytes(3).toString('hex')}`;

  await page.goto('/post');
  await expect(page.getByRole('heading', { name: 'Share a Starter' })).toBeVisible();
  // The photo comes first, then what every listing needs.
  const labels = await page.locator('main form label').allInnerTexts();
  const at = (text: string) => labels.findIndex((l) => l.trim().startsWith(text));
  expect(at('Photo')).toBeGreaterThanOrEqual(0);
  expect(at('Photo')).toBeLessThan(at('Title'));
  expect(at('Title')).toBeLessThan(at('Description'));
  // The member's place from their profile.
  await expect(page.getByLabel('Location')).toHaveValue('Leeds, UK');
  // The optional parts are folded; the disclosure opens and closes from the keyboard.
  const lastFed = page.getByLabel('Last fed (optional)');
  await expect(lastFed).toBeHidden();
  const more = page.locator('main summary', { hasText: 'More Details (optional)' });
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(lastFed).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(lastFed).toBeHidden();
  expect(await pageWidth(page)).toBe(360);
  await expectNoAxeViolations(page);

  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Category').selectOption('dairy');
  await page.getByLabel('Starter Type', { exact: true }).selectOption('kefir');
  await page.getByLabel('Description').fill('Plump grains, fed whole milk every morning.');
  await page.getByRole('button', { name: 'Post Starter' }).click();

  // The new listing's page, with the place from the profile and a Share button.
  await expect(page).toHaveURL(/\/starter\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByText('Leeds, UK').first()).toBeVisible();
  const listing = page.url();
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(page.getByText('Link copied', { exact: true })).toBeVisible();
  expect(await page.evaluate('navigator.clipboard.readText()')).toBe(listing);
  await expectNoAxeViolations(page);

  // The listing's menu shares too.
  await page.evaluate("navigator.clipboard.writeText('')");
  await page.getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Share', exact: true }).click();
  await expect.poll(() => page.evaluate('navigator.clipboard.readText()')).toBe(listing);
});

test('a post that fails keeps everything typed, through a reload', async ({ page }) => {
  await memberInLeeds(page);
  await page.goto('/post');
  await page.getByLabel('Title').fill('Rye sourdough, fed daily');
  await page.getByLabel('Category').selectOption('grain');
  await page.getByLabel('Starter Type', { exact: true }).selectOption('sourdough');
  await page.getByLabel('Description').fill('A lively rye starter that doubles in six hours.');
  await page.getByLabel('Location').fill('Otley, UK');

  await page.route('**/api/starters', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 503, json: { message: 'The site is busy. Please try again.' } })
      : route.fallback(),
  );
  await page.getByRole('button', { name: 'Post Starter' }).click();
  await expect(page.getByText('The site is busy. Please try again.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/post$/);

  // Even a reload (the browser's own question answered "Leave") brings it all back.
  page.once('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await expect(page.getByLabel('Title')).toHaveValue('Rye sourdough, fed daily');
  await expect(page.getByLabel('Category')).toHaveValue('grain');
  await expect(page.getByLabel('Starter Type', { exact: true })).toHaveValue('sourdough');
  await expect(page.getByLabel('Description')).toHaveValue(
    'A lively rye starter that doubles in six hours.',
  );
  await expect(page.getByLabel('Location')).toHaveValue('Otley, UK');

  await page.unroute('**/api/starters');
  await page.getByRole('button', { name: 'Post Starter' }).click();
  await expect(page).toHaveURL(/\/starter\/\d+$/);
  // Posted, the draft is gone: the next post starts from the profile's place again.
  await page.goto('/post');
  await expect(page.getByLabel('Title')).toHaveValue('');
  await expect(page.getByLabel('Location')).toHaveValue('Leeds, UK');
});

test('My Posts opens on the listings, the account has its own page, and a one-word title keeps both 360 px wide', async ({
  page,
}) => {
  await memberInLeeds(page);
  const title = `Sourdough${'starter'.repeat(14)}`.slice(0, 100);
  await shareStarter(page.request, title);

  await page.goto('/profile');
  await expect(page.getByRole('tab', { name: 'My Starters' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const listing = page.getByRole('heading', { name: title }).first();
  await expect(listing).toBeVisible();
  // The listing comes before the member's details and edit button.
  const listingTop = (await listing.boundingBox())!.y;
  const editTop = (await page.getByRole('button', { name: 'Edit Profile' }).boundingBox())!.y;
  expect(listingTop).toBeLessThan(editTop);
  // No account settings here any more.
  await expect(page.getByRole('heading', { name: 'Change password' })).toHaveCount(0);
  expect(await pageWidth(page)).toBe(360);
  // The member's short name stays on one line: the settings link goes below it rather than
  // squeezing it a few letters wide.
  const name = page.getByRole('heading', { level: 1 });
  expect((await name.boundingBox())!.height).toBeLessThan(48);
  await expectNoAxeViolations(page);

  // The account settings are a link away, from the profile and from the account menu.
  await page.getByRole('link', { name: 'Account Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'Account Settings', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
  await expect(page.getByRole('region', { name: "Where you're signed in" })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download my data' })).toBeVisible();
  expect(await pageWidth(page)).toBe(360);
  await expectNoAxeViolations(page);

  await page.goto('/browse');
  await page.getByRole('button', { name: /Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Account Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);

  // An older link to the profile's passkeys leads to the same part of the new page.
  await page.goto('/profile#passkeys');
  await expect(page).toHaveURL(/\/settings#passkeys$/);
  await expect(page.getByRole('button', { name: 'Add a Passkey' })).toBeVisible();
});
