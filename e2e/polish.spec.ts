import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { E2E_MODERATOR_EMAIL, expect, newMember, test } from './fixtures';
import { seedScene } from './scene';

const LONG_WORD = 'x'.repeat(400);

/** The page's full width (e2e code has no DOM types: the browser evaluates a string). */
async function pageWidth(page: Page) {
  return Number(await page.evaluate('document.documentElement.scrollWidth'));
}

async function expectFocusOn(page: Page, locator: ReturnType<Page['locator']>) {
  await expect(locator).toBeFocused();
  expect(await page.evaluate('document.activeElement !== document.body')).toBe(true);
}

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('a 400-letter word leaves /browse and the starter page as wide as the screen', async ({
    page,
    browser,
    request,
  }) => {
    const scene = await seedScene(
      browser,
      request,
      {
        members: [{ key: 'owner' }, { key: 'me' }],
        listings: [
          {
            key: 'long',
            owner: 'owner',
            fields: { title: `Kefir ${'y'.repeat(80)}`, description: `See ${LONG_WORD}` },
          },
        ],
      },
      {},
      { me: page },
    );
    await scene.close();
    const id = scene.listings.long!;

    await page.goto('/browse');
    await expect(page.getByRole('heading', { name: /^Kefir y+$/ })).toBeVisible();
    expect(await pageWidth(page)).toBe(360);

    await page.goto(`/starter/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await pageWidth(page)).toBe(360);
    const box = await page.getByRole('button', { name: /^Message Owner/ }).boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
  });

  test('results come first: filters fold behind a button, pagination fits', async ({ page }) => {
    // The search box stays in sight outside the folded filters; the button says how many of
    // the folded ones are set.
    await page.goto('/browse?search=kefir');
    await expect(page.getByRole('searchbox')).toBeVisible();
    const toggle = page.getByRole('button', { name: /^Filters/ });
    await expect(toggle).toBeVisible();
    await expect(page.getByLabel('Location')).toBeHidden();
    await toggle.click();
    await expect(page.getByLabel('Location')).toBeVisible();
    expect(await pageWidth(page)).toBe(360);
  });
});

test('focus returns to the trigger after each dialog closes (Escape, Cancel, send)', async ({
  page,
  browser,
  request,
}) => {
  const scene = await seedScene(
    browser,
    request,
    {
      members: [{ key: 'owner' }, { key: 'me' }],
      listings: [{ key: 'kefir', owner: 'owner', fields: { title: 'Focus-return water kefir' } }],
    },
    {},
    { me: page },
  );
  await scene.close();
  const id = scene.listings.kefir!;
  await page.goto(`/starter/${id}`);

  const message = page.getByRole('button', { name: /^Message Owner/ });
  const dialog = page.getByRole('dialog', { name: 'Message Starter Owner' });
  // Escape
  await message.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expectFocusOn(page, message);
  // Cancel, with a draft that is kept for next time
  await message.click();
  await dialog.getByLabel('Message').fill('Could I pick up on Saturday?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expectFocusOn(page, message);
  await message.click();
  await expect(dialog.getByLabel('Message')).toHaveValue('Could I pick up on Saturday?');
  // Send
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(dialog).toBeHidden();
  await expectFocusOn(page, message);
  // The title is announced once: no description repeating it.
  await message.click();
  expect(await dialog.getAttribute('aria-describedby')).toBeNull();
  await expect(dialog.getByLabel('Message')).toHaveValue('');
  await page.keyboard.press('Escape');

  const report = page.getByRole('button', { name: 'Report Post' });
  await report.click();
  await page.keyboard.press('Escape');
  await expectFocusOn(page, report);
  await report.click();
  await page
    .getByRole('dialog', { name: 'Report Post' })
    .getByRole('button', { name: 'Cancel' })
    .click();
  await expectFocusOn(page, report);
});

test('the delete confirmation gives focus back to the menu button', async ({
  page,
  browser,
  request,
}) => {
  const title = 'Focus-return sourdough';
  const scene = await seedScene(
    browser,
    request,
    { members: [{ key: 'me' }], listings: [{ key: 'mine', owner: 'me', fields: { title } }] },
    {},
    { me: page },
  );
  const id = scene.listings.mine!;
  await page.goto(`/starter/${id}`);
  const menu = page.getByRole('button', { name: `Actions for ${title}` });
  await menu.click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expectFocusOn(page, menu);
});

/** A member signed in on `page` with thirteen listings titled `title` and their number. */
function thirteenListings(browser: Browser, request: APIRequestContext, page: Page, title: string) {
  return seedScene(
    browser,
    request,
    {
      members: [{ key: 'me' }],
      listings: Array.from({ length: 13 }, (_, i) => ({
        key: `${i}`,
        owner: 'me',
        fields: { title: `${title} ${i}` },
      })),
    },
    {},
    { me: page },
  );
}

test('paging moves focus to the results heading', async ({ page, browser, request }) => {
  await thirteenListings(browser, request, page, 'Paging starter');
  await page.goto('/browse');
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expectFocusOn(page, page.getByRole('heading', { name: 'Available Starters' }));
});

test('signing in from the /post prompt lands back on /post', async ({ page }) => {
  const member = newMember();
  await page.request.post('/api/auth/signup', {
    data: {
      email: member.email,
      password: member.password,
      firstName: member.firstName,
      lastName: member.lastName,
    },
  });
  await page.goto('/post');
  // The prompt's own link (the header's Sign In carries no way back).
  await expect(page.getByRole('heading', { name: 'Sign In Required' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign In' }).last().click();
  await expect(page).toHaveURL(/\/login\?next=%2Fpost$/);
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/post$/);
  await expect(page.getByRole('heading', { name: 'Share a Starter' })).toBeVisible();
  // Signed in, the sign-in pages are not offered again.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Join', exact: true })).toHaveCount(0);
});

test('a moderator confirms Remove Starter, and focus stays inside the list after actions', async ({
  page,
  browser,
  request,
}) => {
  // Titles of their own: the worker's server keeps other tests' reports, a retry's too.
  const tag = Date.now().toString(36);
  const title = (key: string) => `Moderated kefir ${tag} ${key}`;
  const scene = await seedScene(
    browser,
    request,
    {
      members: [
        { key: 'owner' },
        { key: 'reporter' },
        { key: 'moderator', email: E2E_MODERATOR_EMAIL },
      ],
      listings: ['A', 'B', 'C'].map((key) => ({
        key,
        owner: 'owner',
        fields: { title: title(key) },
      })),
    },
    {},
    { moderator: page },
  );
  for (const starterId of Object.values(scene.listings)) {
    const res = await scene.members.reporter.context.request.post('/api/reports', {
      data: { starterId, reason: 'spam', description: 'Selling it.' },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
  await scene.close();

  await page.goto('/moderation');
  const list = page.getByRole('list', { name: 'Pending Reports' });
  const card = (key: string) => list.getByRole('listitem').filter({ hasText: title(key) });
  await expect(card('A').getByRole('button', { name: 'Mark as Reviewed' })).toBeVisible();

  // The reviewed report leaves the list, and focus stays in it.
  await card('A').getByRole('button', { name: 'Mark as Reviewed' }).click();
  await expect(card('A')).toHaveCount(0);
  await expect(list.locator(':focus')).toHaveCount(1);

  const remove = card('B').getByRole('button', { name: 'Remove Starter' });
  await remove.click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove Starter' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expectFocusOn(page, remove);
  await remove.click();
  await confirm.getByRole('radio', { name: 'Rule 1: Safety & Quality' }).click();
  await confirm.getByRole('button', { name: 'Remove Starter' }).click();
  await expect(confirm).toBeHidden();
  await expect(list.locator(':focus')).toHaveCount(1);
});

test('Back to Browse returns to the filters and page the member came from', async ({
  page,
  browser,
  request,
}) => {
  await thirteenListings(browser, request, page, 'Return trip kefir');
  await page.goto('/browse?search=Return+trip&page=2');
  await page.getByRole('link', { name: 'Return trip kefir 0' }).click();
  await expect(page).toHaveURL(/\/starter\/\d+$/);
  await page.getByRole('link', { name: 'Back to Browse' }).click();
  await expect(page).toHaveURL(/\/browse\?search=Return\+trip&page=2$/);
});
