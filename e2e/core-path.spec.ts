import type { Locator, Page } from '@playwright/test';
import {
  expect,
  expectNoAxeViolations,
  newMember,
  phonePhoto,
  shareStarter,
  signUpAndIn,
  test,
} from './fixtures';
import { seedScene } from './scene';

/*
 * The core path on a 360 × 780 phone: a place found as people name it, a search box in sight,
 * a starter page that says what it is above the fold, text links a finger can hit.
 */

test.use({ viewport: { width: 360, height: 780 } });

/** Wholly on the first screen, without scrolling. */
async function expectAboveTheFold(page: Page, target: Locator) {
  await expect(target).toBeVisible();
  const box = (await target.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(780);
}

async function expectFingerHigh(target: Locator) {
  await expect(target).toBeVisible();
  expect((await target.boundingBox())!.height).toBeGreaterThanOrEqual(44);
}

test('a starter page says it is free, with photo, title and main button on the first screen', async ({
  page,
  browser,
}) => {
  const giver = await browser.newContext();
  await signUpAndIn(giver.request, newMember());
  const id = await shareStarter(giver.request, 'Jun SCOBY from a happy jar', {
    image: phonePhoto(),
  });
  await giver.close();
  await signUpAndIn(page.request, newMember());

  await page.goto(`/starter/${id}`);
  const main = page.getByRole('main');
  await expectAboveTheFold(page, main.getByText('Free — shared by a neighbour'));
  await expectAboveTheFold(page, main.getByRole('img').first());
  await expectAboveTheFold(page, page.getByRole('heading', { level: 1 }));
  const message = main.getByRole('button', { name: 'Message Owner' });
  await expectAboveTheFold(page, message);
  // Nothing floats over it: the Share Starter button stays off this page.
  await expect(page.getByRole('link', { name: 'Share Starter' }).last()).toBeHidden();
  await expectFingerHigh(main.getByRole('link', { name: 'Back to Browse' }));
  await expectNoAxeViolations(page);
});

test('browse keeps its search box in sight and finds Portland, Oregon first', async ({ page }) => {
  await page.goto('/browse');
  await expectAboveTheFold(page, page.getByRole('searchbox', { name: 'Search' }));
  await page.getByRole('button', { name: /^Filters/ }).click();
  const place = page.getByRole('combobox', { name: 'Location' });
  await place.fill('Portland');
  await expect(page.getByRole('option').first()).toHaveText('Portland, Oregon, United States');
  await place.fill('Portland Oregon');
  await expect(page.getByRole('option').first()).toHaveText('Portland, Oregon, United States');
  await expectNoAxeViolations(page);
});

test('text links are a finger high', async ({ page, browser, request }) => {
  await page.goto('/login');
  await expectFingerHigh(page.getByRole('link', { name: 'Forgot password?' }));
  await page.goto('/no-such-page');
  await expectFingerHigh(page.getByRole('link', { name: 'Back to CultureShare' }));
  // A starter's page, as its owner sees it once a portion has reached a second kitchen: the way
  // back and the family tree.
  const scene = await seedScene(
    browser,
    request,
    {
      members: [
        { key: 'olive', firstName: 'Olive', lastName: 'Neighbour' },
        { key: 'arlo', firstName: 'Arlo', lastName: 'Neighbour' },
      ],
      listings: [
        { key: 'kefir', owner: 'olive', fields: { title: 'Kefir grains from a busy jar' } },
      ],
      steps: [
        { do: 'ask', from: 'arlo', listing: 'kefir', text: 'May I have some?' },
        { do: 'reply', listing: 'kefir', to: 'arlo', text: 'Of course, Saturday?' },
        { do: 'give', listing: 'kefir', to: 'arlo' },
        { do: 'confirm', listing: 'kefir', by: 'arlo' },
      ],
    },
    {},
    { olive: page },
  );
  await page.goto(`/starter/${scene.listings.kefir}`);
  const main = page.getByRole('main');
  await expectFingerHigh(main.getByRole('link', { name: 'Back to Browse' }));
  await expectFingerHigh(main.getByRole('link', { name: /^Family tree · \d+ kitchens? reached$/ }));
  await scene.close();
});

test('a one-word title leaves My Posts as wide as the screen, every tab in sight', async ({
  page,
}) => {
  await signUpAndIn(page.request, newMember());
  const title = `Kefir${'grains'.repeat(20)}`.slice(0, 120);
  await shareStarter(page.request, title);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: title }).first()).toBeVisible();
  expect(Number(await page.evaluate('document.documentElement.scrollWidth'))).toBe(360);
  // Every tab shows whole on the phone's screen, none hidden past its right edge.
  const tabs = page.getByRole('tablist').getByRole('tab');
  await expect(tabs).toHaveText(['My Starters', 'Activity', 'My Hand-overs', 'Notifications']);
  for (const tab of await tabs.all()) await expect(tab).toBeInViewport({ ratio: 1 });
});
