import type { APIRequestContext, Browser } from '@playwright/test';
import {
  atDesktopWidth,
  expect,
  expectAcrossWindow,
  expectNoAxeViolations,
  PHONE,
  test,
} from './fixtures';
import { FULL_BROWSER } from './chromium';
import { seedScene } from './scene';

// Push on this device needs the installed app's worker (decision 105).
test.use({ serviceWorkers: 'allow' });

/** The bell in the header and the notification centre behind it, rung live. */

/** An owner with a kefir listing `title` and a member who has asked for some, both at 360 px. */
function askedFor(browser: Browser, request: APIRequestContext, title: string) {
  return seedScene(
    browser,
    request,
    {
      members: [
        { key: 'owner', firstName: 'Olive', lastName: 'Bell' },
        { key: 'member', firstName: 'Fern', lastName: 'Bell' },
      ],
      listings: [{ key: 'kefir', owner: 'owner', fields: { title } }],
      steps: [{ do: 'ask', from: 'member', listing: 'kefir', text: 'May I have some?' }],
    },
    { viewport: PHONE },
  );
}

// Each journey runs at 360 px; the 1280 px layout is measured in the same page (decision 155).
test("a reservation rings the member's bell live, and the centre opens, reads and links", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const title = 'Bell kefir';
  const scene = await askedFor(browser, request, title);
  const { owner, member } = scene.members;
  try {
    const starterId = scene.listings.kefir!;

    const page = member.page;
    await page.goto('/browse');
    const bell = page.getByRole('link', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName('Notifications');

    // The owner reserves a portion: the member's bell counts it without a reload.
    const reserved = await owner.context.request.post(`/api/starters/${starterId}/reservations`, {
      data: { memberId: member.id },
    });
    expect(reserved.status(), await reserved.text()).toBe(201);
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 30_000 });
    await expect(page.getByTestId('notification-count')).toHaveText('1');
    // In the desktop header too: the bell and its count are shown in the window.
    await atDesktopWidth(page, async () => {
      await expectAcrossWindow(bell);
      await expectAcrossWindow(page.getByTestId('notification-count'));
    });

    // By keyboard: the bell is a link in the header's tab order.
    await bell.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    const item = page.getByRole('link', { name: new RegExp(`reserved ${title} for you`) });
    await expect(item).toBeVisible();
    await expect(item).toHaveAttribute(
      'href',
      `/messages?starter=${starterId}&with=${encodeURIComponent(owner.id)}`,
    );
    // Opening the list marked it read.
    await expect(bell).toHaveAccessibleName('Notifications', { timeout: 15_000 });
    await expect(page.getByRole('link', { name: 'Choose which also come by email' })).toBeVisible();
    await expectNoAxeViolations(page);
    await atDesktopWidth(page, async () => {
      await expectAcrossWindow(item);
    });

    await item.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/messages\\?starter=${starterId}`));
    await expect(
      page.getByRole('log', { name: 'Messages' }).getByText('Reserved for you'),
    ).toBeVisible();
  } finally {
    await scene.close();
  }
});

test("a reservation announced while the bell's first count is on its way still rings it", async ({
  browser,
  request,
}) => {
  const scene = await askedFor(browser, request, 'Bell kefir in flight');
  const { owner, member } = scene.members;
  try {
    const starterId = scene.listings.kefir!;

    // The bell's first count is answered by the server at once, but reaches the page only
    // after the reservation and its live event have.
    const page = member.page;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let countAsked = false;
    await page.route('**/api/notifications?limit=1', async (route) => {
      if (countAsked) return route.continue();
      countAsked = true;
      const response = await route.fetch();
      await held;
      await route.fulfill({ response });
    });
    await page.goto('/browse');
    await expect.poll(() => countAsked).toBe(true);
    await expect(page.getByRole('link', { name: /^Notifications/ })).toBeVisible();

    // The live event refetches the Messages badge too: a request for it after the reservation
    // was asked for is the sign the event landed (the page's first one came before).
    let reserving = false;
    const announced = page.waitForRequest(
      (sent) => reserving && sent.url().endsWith('/api/messages/unread-count'),
    );
    reserving = true;
    const reserved = await owner.context.request.post(`/api/starters/${starterId}/reservations`, {
      data: { memberId: member.id },
    });
    expect(reserved.status(), await reserved.text()).toBe(201);
    await announced;
    release();

    await expect(page.getByRole('link', { name: /^Notifications/ })).toHaveAccessibleName(
      'Notifications, 1 unread',
    );
  } finally {
    await scene.close();
  }
});

// The headless shell denies the notification permission before anyone asks: this one runs on
// the full browser.
test(
  'the centre offers push on this device, and asks only when the member presses it',
  { tag: FULL_BROWSER },
  async ({ browser, request }) => {
    const scene = await seedScene(
      browser,
      request,
      { members: [{ key: 'pia', firstName: 'Pia', lastName: 'Bell' }] },
      { viewport: PHONE },
    );
    const member = scene.members.pia;
    try {
      const page = member.page;
      await page.goto('/notifications');
      const push = page.getByRole('region', { name: 'Push Notifications' });
      const device = push.getByRole('switch', { name: /^Notify me on this device/ });
      await expect(device).not.toBeChecked();
      await expect(push.getByRole('link', { name: 'Choose what is pushed' })).toHaveAttribute(
        'href',
        '/profile?tab=notifications',
      );
      await expectNoAxeViolations(page);
      await atDesktopWidth(page, async () => {
        await expectAcrossWindow(push);
        await expectAcrossWindow(device);
      });
      // Loading the page asked nothing and subscribed nothing.
      expect(await page.evaluate('Notification.permission')).toBe('default');
      const before = await member.context.request.get('/api/push/subscriptions');
      expect(await before.json()).toEqual([]);

      // By keyboard. The browser here refuses the permission, and the member is told how to
      // allow it; the switch stays off.
      await device.focus();
      await page.keyboard.press('Space');
      const toasts = page.getByRole('region', { name: 'Notifications (F8)' });
      await expect(
        toasts.getByText('Notifications are blocked for this site. Allow them in your browser', {
          exact: false,
        }),
      ).toBeVisible();
      await expect(device).not.toBeChecked();
      await expectNoAxeViolations(page);
    } finally {
      await scene.close();
    }
  },
);
