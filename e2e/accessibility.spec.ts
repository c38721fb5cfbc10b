import type { Page, Request } from '@playwright/test';
import {
  E2E_MODERATOR_EMAIL,
  expect,
  expectNoAxeViolationsInEveryState,
  test,
  type AxeState,
} from './fixtures';
import { reviewScene } from './review-scene';
import { seedScene } from './scene';

/*
 * axe, once per route and state, in light and in dark colour scheme (decision 170), at
 * Playwright's default 1280 × 720. Journeys scan only what they newly open on the way (a
 * dialog, a form filled in, a page at 360 px); a route or state scanned here is not scanned
 * again in a journey.
 */

/** Opens one answer of the help centre; clicking its question again closes it. */
const helpAnswer: AxeState = {
  name: 'one answer open',
  open: (p) => p.locator('details summary').first().click(),
  close: (p) => p.locator('details summary').first().click(),
};

/** Ticks the join page's terms box, which enables its button; clicking again unticks it. */
const termsTicked: AxeState = {
  name: 'terms ticked',
  open: async (p) => {
    await p.getByRole('checkbox', { name: /I have read and agree/ }).click();
    await expect(p.getByRole('button', { name: 'I Agree - Create Account' })).toBeEnabled();
  },
  close: (p) => p.getByRole('checkbox', { name: /I have read and agree/ }).click(),
};

test('signed out: every public route', async ({ page, browser, request }) => {
  // Twenty routes, each scanned by axe in every state in light and dark.
  test.setTimeout(480_000);
  const scene = await seedScene(browser, request, {
    members: [{ key: 'owner' }],
    listings: [{ key: 'yogurt', owner: 'owner', fields: { title: 'Axe yogurt' } }],
  });
  await scene.close();
  const id = scene.listings.yogurt!;
  const requests = watchRequests(page);
  const states: Record<string, AxeState[]> = {
    [`/starter/${id}`]: [
      {
        name: 'sign-in dialog',
        open: (p) => p.getByRole('button', { name: 'Sign In to Message' }).click(),
      },
    ],
    '/help': [helpAnswer],
    '/join': [termsTicked],
  };
  for (const path of [
    '/',
    '/browse',
    '/browse?sort=closest',
    `/starter/${id}`,
    '/starter/',
    '/starter/999999',
    '/post',
    '/messages',
    '/profile',
    '/moderation',
    '/moderation/log',
    '/rules',
    '/safety',
    '/contact',
    '/help',
    '/privacy',
    '/join',
    '/login',
    '/signup',
    '/nowhere',
  ]) {
    await page.goto(path);
    // A visitor's page comes from the server with its data, and what it still loads when the
    // app works (the app's code for toasts, the public log's entries) comes at once. Only the
    // pages showing listings load more later (their dialogs' code, when the page is idle):
    // there the network is waited for as it falls idle (500 ms without a request). Anywhere
    // else it is waited for until nothing has started or ended for 100 ms, and whatever is
    // asked for while the page is then scanned fails the test, so a route that starts loading
    // later is never scanned half-loaded unnoticed.
    const loadsMore = /^\/(starter\/|browse)/.test(path);
    if (loadsMore) await page.waitForLoadState('networkidle');
    else await requests.settled();
    await expectNoAxeViolationsInEveryState(page, states[path] ?? []);
    if (!loadsMore)
      expect(requests.late(), `${path} was still loading while it was scanned`).toEqual([]);
  }
});

/**
 * Watches what `page` asks the server for, but pictures and fonts (what could change what axe
 * reads: data, code, styles, a new page). `settled()` waits until nothing has started or
 * ended for a tenth of a second (the app's code for its toasts comes just after it works);
 * what is asked for from then on is late, and `late()` lists it.
 */
function watchRequests(page: Page) {
  const inFlight = new Set<Request>();
  /** Requests started or ended so far. */
  let events = 0;
  let late: string[] | undefined;
  page.on('request', (request) => {
    if (['image', 'font'].includes(request.resourceType())) return;
    inFlight.add(request);
    events += 1;
    late?.push(request.url());
  });
  const ended = (request: Request) => {
    if (inFlight.delete(request)) events += 1;
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    settled: async () => {
      for (let before = -1; inFlight.size > 0 || events !== before;) {
        before = events;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      late = [];
    },
    late: () => {
      const seen = late ?? [];
      late = undefined;
      return seen;
    },
  };
}

test('signed in: menus and dialogs open', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const scene = await seedScene(browser, request, {
    members: [{ key: 'owner' }, { key: 'me' }],
    listings: [
      { key: 'theirs', owner: 'owner', fields: { title: 'Axe kombucha' } },
      { key: 'mine', owner: 'me', fields: { title: 'Axe sourdough' } },
    ],
  });
  const { theirs, mine } = scene.listings;
  const page = scene.members.me.page;

  const avatarMenu = {
    name: 'avatar menu',
    open: (p: Page) => p.getByRole('button', { name: /^Account menu/ }).click(),
  };
  await page.goto('/browse');
  await page.waitForLoadState('networkidle');
  await expectNoAxeViolationsInEveryState(page, [
    avatarMenu,
    {
      name: 'card menu',
      open: (p) => p.getByRole('button', { name: 'Actions for Axe kombucha' }).click(),
    },
    {
      name: 'message dialog',
      open: (p) => p.getByRole('button', { name: 'Message Owner: Axe kombucha' }).click(),
    },
  ]);
  await page.goto(`/starter/${theirs}`);
  await page.waitForLoadState('networkidle');
  await expectNoAxeViolationsInEveryState(page, [
    {
      name: 'report dialog',
      open: (p) => p.getByRole('button', { name: 'Report Post' }).click(),
    },
  ]);
  await page.goto(`/starter/${mine}`);
  await page.waitForLoadState('networkidle');
  await expectNoAxeViolationsInEveryState(page, [
    {
      name: 'delete confirmation',
      open: async (p) => {
        await p.getByRole('button', { name: 'Actions for Axe sourdough' }).click();
        await p.getByRole('menuitem', { name: 'Delete' }).click();
      },
    },
  ]);
  // A member's empty notification centre, and the dashboard they are denied.
  for (const path of ['/post', '/profile', '/messages', '/notifications', '/moderation']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolationsInEveryState(page, [avatarMenu]);
  }
  await scene.close();
});

test('moderator: the dashboard with a report and its confirmation', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const scene = await seedScene(browser, request, {
    members: [
      { key: 'owner' },
      { key: 'reporter' },
      { key: 'moderator', email: E2E_MODERATOR_EMAIL },
    ],
    listings: [
      { key: 'a', owner: 'owner', fields: { title: 'Axe reported one' } },
      { key: 'b', owner: 'owner', fields: { title: 'Axe reported two' } },
    ],
  });
  const { reporter, moderator } = scene.members;
  for (const starterId of Object.values(scene.listings)) {
    const res = await reporter.context.request.post('/api/reports', {
      data: { starterId, reason: 'spam' },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
  const page = moderator.page;
  await page.goto('/moderation');
  await expect(page.getByRole('button', { name: 'Remove Starter' }).first()).toBeVisible();
  await expectNoAxeViolationsInEveryState(page, [
    {
      name: 'remove confirmation',
      open: (p) => p.getByRole('button', { name: 'Remove Starter' }).first().click(),
    },
    {
      name: 'stewards tab',
      open: async (p) => {
        await p.getByRole('tab', { name: 'Stewards' }).click();
        await expect(p.getByRole('button', { name: 'Appoint steward' })).toBeVisible();
      },
      close: (p) => p.getByRole('tab', { name: /^Reports/ }).click(),
    },
  ]);
  // Reviewed, so the dashboard is left as it was found for the specs after this one.
  const list = page.getByRole('list', { name: 'Pending Reports' });
  const ours = list.getByRole('listitem').filter({ hasText: /Axe reported (one|two)/ });
  for (let left = 2; left > 0; left--) {
    await ours.first().getByRole('button', { name: 'Mark as Reviewed' }).click();
    await expect(ours).toHaveCount(left - 1);
  }
  await scene.close();
});

test('trusted member: the review page with one item, then empty', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const title = `Axe held kefir ${Date.now().toString(36)}`;
  const { scene, reviewers } = await reviewScene(browser, request, {
    title,
    reviewers: 1,
    // Far from the other specs' listings, so no other held item reaches this reviewer's queue.
    place: 'Hobart, Australia',
    viewport: { width: 1280, height: 720 },
  });
  const page = reviewers[0]!.page;
  await page.goto('/review');
  const card = page.getByRole('listitem').filter({ hasText: title });
  await expect(card.getByRole('button', { name: `Hide: ${title}` })).toBeVisible();
  await expectNoAxeViolationsInEveryState(page);
  // Judged, it leaves this reviewer's queue: the page says nothing waits.
  await card.getByRole('button', { name: `Release: ${title}` }).click();
  await expect(page.getByText('Nothing waits for review near you.')).toBeVisible();
  await expectNoAxeViolationsInEveryState(page);
  await scene.close();
});
