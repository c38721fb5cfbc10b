import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, newMember, signUpAndIn, test } from './fixtures';
import { seedScene } from './scene';

/** A title that is one long word: nothing to break it at but the card's own width. */
const ONE_WORD_TITLE = `Kefir${'grains'.repeat(20)}`.slice(0, 120);

/** The page's full width (e2e code has no DOM types: the browser evaluates a string). */
async function pageWidth(page: Page) {
  return Number(await page.evaluate('document.documentElement.scrollWidth'));
}

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('a card whose title is one 120-letter word leaves /browse as wide as the screen', async ({
    page,
    browser,
    request,
  }) => {
    expect(ONE_WORD_TITLE).toHaveLength(120);
    const scene = await seedScene(browser, request, {
      members: [{ key: 'owner' }],
      listings: [{ key: 'long', owner: 'owner', fields: { title: ONE_WORD_TITLE } }],
    });
    await scene.close();

    await page.goto('/browse');
    const title = page.getByRole('heading', { name: ONE_WORD_TITLE }).first();
    await expect(title).toBeVisible();
    expect(await pageWidth(page)).toBe(360);
    await expectNoAxeViolations(page);

    // The cards must not lean on the page-wide `overflow-wrap: anywhere` (index.css): without
    // it the results' grid items still shrink to the screen and the title still wraps.
    await page.addStyleTag({ content: 'body { overflow-wrap: normal; }' });
    expect(await pageWidth(page)).toBe(360);
    const box = await title.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
  });
});

test('the header’s Sign In comes back to the page it was pressed on', async ({ page, browser }) => {
  // An account made in another browser context, so this page starts signed out.
  const other = await browser.newContext();
  const member = await signUpAndIn(other.request, newMember());
  await other.close();

  await page.goto('/help?topic=starters');
  await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fhelp%3Ftopic%3Dstarters$/);
  await expectNoAxeViolations(page);
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/help\?topic=starters$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toHaveCount(0);
});
