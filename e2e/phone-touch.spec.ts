import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { animationsFinished, expect, expectNoAxeViolations, test } from './fixtures';
import { seedScene } from './scene';

/** Half of the 44 px a fingertip needs, less a pixel: the points tried are inside the square. */
const HALF = 21;

/**
 * Taps the square of 44 × 44 px around the middle of each control (its centre and edges)
 * with `elementFromPoint`, which sees padding and pseudo-element hit areas as the
 * control: each point must land on the control itself or something inside it. Returns the
 * points that missed, named, so one run lists every control too small to tap.
 */
async function tapMisses(page: Page, name: string, control: Locator): Promise<string[]> {
  await expect(control, name).toBeVisible();
  // Scrolled and measured in one task: a page still settling cannot move it in between.
  const missed = await control.evaluate((el, half) => {
    // The specs compile without the DOM's types: the little of it used here, by hand.
    type Box = { x: number; y: number; width: number; height: number };
    type Node = {
      contains(other: unknown): boolean;
      getBoundingClientRect(): Box;
      scrollIntoView(options: { block: string; inline: string }): void;
    };
    const doc = (
      globalThis as unknown as {
        document: {
          elementFromPoint(x: number, y: number): (Node & { outerHTML: string }) | null;
        };
      }
    ).document;
    const target = el as unknown as Node;
    target.scrollIntoView({ block: 'center', inline: 'center' });
    const box = target.getBoundingClientRect();
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    const misses: string[] = [];
    // The centre and the middle of each edge: hit testing follows rounded corners, which a
    // fingertip does not notice.
    const points = [
      [0, 0],
      [-half, 0],
      [half, 0],
      [0, -half],
      [0, half],
    ] as const;
    for (const [dx, dy] of points) {
      const hit = doc.elementFromPoint(cx + dx, cy + dy);
      if (!hit || !target.contains(hit))
        misses.push(`(${dx}, ${dy}) hit ${hit ? hit.outerHTML.slice(0, 80) : 'nothing'}`);
    }
    return misses;
  }, HALF);
  return missed.length ? [`${name}: ${missed.join('; ')}`] : [];
}

/** The page's full width (e2e code has no DOM types: the browser evaluates a string). */
async function pageWidth(page: Page) {
  return Number(await page.evaluate('document.documentElement.scrollWidth'));
}

/** Before/after pictures: SHOTS=before|after saves them to /tmp/shots/polish-*.png. */
async function shot(page: Page, name: string) {
  const phase = process.env.SHOTS;
  if (!phase) return;
  fs.mkdirSync('/tmp/shots', { recursive: true });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await animationsFinished(page);
    await page.screenshot({ path: `/tmp/shots/polish-${name}-${colorScheme}-${phase}.png` });
  }
  await page.emulateMedia({ colorScheme: null });
}

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('signed out: header buttons, logo, chips, footer links and checkboxes take 44 × 44 px taps', async ({
    page,
  }) => {
    const misses: string[] = [];
    await page.goto('/browse');
    const banner = page.getByRole('banner');
    misses.push(
      ...(await tapMisses(page, 'logo', banner.getByRole('link', { name: 'CultureShare home' }))),
    );
    misses.push(
      ...(await tapMisses(page, 'Browse link', banner.getByRole('link', { name: 'Browse' }))),
    );
    misses.push(
      ...(await tapMisses(page, 'Sign In', banner.getByRole('link', { name: 'Sign In' }))),
    );
    misses.push(
      ...(await tapMisses(
        page,
        'Join Community',
        banner.getByRole('link', { name: 'Join Community' }),
      )),
    );
    const chips = page.getByRole('group', { name: 'Categories' }).getByRole('button');
    misses.push(...(await tapMisses(page, 'All Categories chip', chips.first())));
    misses.push(...(await tapMisses(page, 'Dairy chip', chips.nth(1))));
    const footer = page.getByRole('navigation', { name: 'Footer' });
    for (const link of ['Community Rules', 'Safety Guidelines', 'Privacy Policy'])
      misses.push(
        ...(await tapMisses(page, `footer ${link}`, footer.getByRole('link', { name: link }))),
      );
    await shot(page, 'browse-signed-out');

    await page.goto('/join');
    misses.push(...(await tapMisses(page, 'join checkbox', page.getByRole('checkbox'))));
    await page.goto('/signup');
    misses.push(...(await tapMisses(page, 'signup checkbox', page.getByRole('checkbox'))));
    expect(misses).toEqual([]);
  });

  test('signed in: avatar and card menus, their items, pagination, dialog and toast close, tabs and the unit toggle take 44 × 44 px taps', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    // Thirteen of theirs and one of mine: two pages, the newest two on the first.
    const scene = await seedScene(
      browser,
      request,
      {
        members: [{ key: 'other' }, { key: 'me' }],
        listings: [
          ...Array.from({ length: 12 }, (_, i) => ({
            key: `${i}`,
            owner: 'other',
            fields: { title: `Tap-size sourdough ${i}` },
          })),
          { key: 'theirs', owner: 'other', fields: { title: 'Tap-size kombucha' } },
          { key: 'mine', owner: 'me', fields: { title: 'Tap-size yogurt' } },
        ],
      },
      {},
      { me: page },
    );
    await scene.close();
    const theirs = scene.listings.theirs!;

    const misses: string[] = [];
    await page.goto('/browse');
    const banner = page.getByRole('banner');
    misses.push(
      ...(await tapMisses(page, 'Messages link', banner.getByRole('link', { name: /^Messages/ }))),
    );
    const avatar = page.getByRole('button', { name: /^Account menu/ });
    misses.push(...(await tapMisses(page, 'avatar menu', avatar)));
    await avatar.click();
    for (const item of await page.getByRole('menuitem').all())
      misses.push(...(await tapMisses(page, `avatar item ${await item.innerText()}`, item)));
    await page.keyboard.press('Escape');

    const cardMenu = page.getByRole('button', { name: 'Actions for Tap-size yogurt' });
    misses.push(...(await tapMisses(page, 'card menu', cardMenu)));
    await cardMenu.click();
    for (const item of await page.getByRole('menuitem').all())
      misses.push(...(await tapMisses(page, `card item ${await item.innerText()}`, item)));
    await page.keyboard.press('Escape');

    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    // A disabled button (Previous on page 1) takes no taps at all.
    for (const button of await pagination.locator('button:enabled').all())
      misses.push(
        ...(await tapMisses(
          page,
          `pagination ${(await button.getAttribute('aria-label')) ?? (await button.innerText())}`,
          button,
        )),
      );
    await shot(page, 'browse-signed-in');

    await page.getByRole('button', { name: 'Message Owner: Tap-size kombucha' }).click();
    const dialog = page.getByRole('dialog', { name: 'Message Starter Owner' });
    await animationsFinished(page);
    misses.push(
      ...(await tapMisses(page, 'dialog close', dialog.getByRole('button', { name: 'Close' }))),
    );
    await shot(page, 'message-dialog');
    await page.keyboard.press('Escape');

    // An error toast: the server refuses to mark the starter claimed.
    await page.route('**/api/starters/*', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({
            status: 409,
            json: { message: 'Failed to update starter', code: 'conflict' },
          })
        : route.fallback(),
    );
    await page.getByRole('button', { name: 'Actions for Tap-size yogurt' }).click();
    await page.getByRole('menuitem', { name: 'Mark as Claimed' }).click();
    const toast = page.getByRole('listitem').filter({ hasText: 'Failed to update starter' });
    await expect(toast).toBeVisible();
    // Hovered, the toast stays while it is measured and scanned.
    await toast.hover();
    misses.push(
      ...(await tapMisses(page, 'toast close', toast.getByRole('button', { name: 'Close' }))),
    );
    await page.emulateMedia({ colorScheme: 'dark' });
    await animationsFinished(page);
    await shot(page, 'error-toast');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectNoAxeViolations(page);
    await page.unroute('**/api/starters/*');

    await page.goto(`/starter/${theirs}`);
    const units = page.getByRole('group', { name: 'Units' });
    for (const name of ['Metric', 'Imperial'])
      misses.push(...(await tapMisses(page, `unit ${name}`, units.getByRole('button', { name }))));
    misses.push(
      ...(await tapMisses(
        page,
        'care card Safety Guidelines',
        page.getByRole('region').getByRole('link', { name: 'Safety Guidelines' }),
      )),
    );

    await page.goto('/profile');
    for (const tab of await page.getByRole('tab').all())
      misses.push(...(await tapMisses(page, `tab ${await tab.innerText()}`, tab)));
    expect(misses).toEqual([]);
  });

  test('a 30-letter username keeps the open avatar menu inside the screen', async ({
    page,
    browser,
    request,
  }) => {
    await seedScene(browser, request, { members: [{ key: 'me' }] }, {}, { me: page });
    const username = `${'W'.repeat(22)}${Math.random().toString(16).slice(2, 10)}`.slice(0, 30);
    expect(username).toHaveLength(30);
    const saved = await page.request.patch('/api/users/profile', { data: { username } });
    expect(saved.ok(), await saved.text()).toBe(true);
    await page.goto('/browse');
    await page.getByRole('button', { name: /^Account menu/ }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByText(username)).toBeVisible();
    await animationsFinished(page);
    await shot(page, 'long-username-menu');
    const box = (await menu.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    expect(await pageWidth(page)).toBe(360);
  });

  test('deleting from a card menu on /profile moves focus to the next card', async ({
    page,
    browser,
    request,
  }) => {
    const listings = ['A', 'B', 'C'].map((t) => ({
      key: t,
      owner: 'me',
      fields: { title: `Focus kefir ${t}` },
    }));
    await seedScene(browser, request, { members: [{ key: 'me' }], listings }, {}, { me: page });
    await page.goto('/profile');
    // Newest first: C, B, A. B goes; A takes its place.
    await page.getByRole('button', { name: 'Actions for Focus kefir B' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByRole('link', { name: 'Focus kefir B' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Focus kefir A' })).toBeFocused();
    // The card took its menu with it, and still the spec's toast says it is done.
    await expect(page.getByText('Starter deleted successfully.', { exact: true })).toBeVisible();

    // The last one left: focus goes to "Add New Starter".
    for (const title of ['Focus kefir A', 'Focus kefir C']) {
      await page.getByRole('button', { name: `Actions for ${title}` }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await page
        .getByRole('alertdialog', { name: 'Delete' })
        .getByRole('button', { name: 'Delete' })
        .click();
      await expect(page.getByRole('link', { name: title })).toHaveCount(0);
    }
    await expect(page.getByRole('link', { name: 'Add New Starter' })).toBeFocused();
  });

  test('a claimed listing asks neither for a feed nor for a standing offer', async ({
    page,
    browser,
    request,
  }) => {
    const scene = await seedScene(
      browser,
      request,
      {
        members: [{ key: 'me' }],
        listings: [{ key: 'kefir', owner: 'me', fields: { title: 'Claimed kefir' } }],
      },
      {},
      { me: page },
    );
    const id = scene.listings.kefir!;
    await page.goto(`/starter/${id}`);
    // Before: an active culture of one's own offers both.
    await expect(page.getByRole('button', { name: /Fed today/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Standing offer' })).toBeVisible();
    const claimed = await page.request.patch(`/api/starters/${id}`, { data: { isClaimed: true } });
    expect(claimed.ok(), await claimed.text()).toBe(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Claimed kefir' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Fed today/ })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Standing offer' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Milk kefir grains' })).toBeVisible();
  });
});
