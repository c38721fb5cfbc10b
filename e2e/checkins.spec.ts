import type { Page } from '@playwright/test';
import {
  advanceServerClock,
  expect,
  expectNoAxeViolations,
  expectNoAxeViolationsInEveryState,
  test,
} from './fixtures';
import { seedScene } from './scene';

/** With E2E_SHOTS=<dir>, keeps screenshots of the way, at the page's size and at 360 px. */
async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  await page.screenshot({ path: `${dir}/${name}-1280.png` });
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 360, height: 740 });
  await page.screenshot({ path: `${dir}/${name}-360.png` });
  await page.setViewportSize(size);
}

test('a member who received a culture answers "Thriving" and is invited to share some', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  // Olive shares rye sourdough; Fern asks, Olive gives, Fern confirms it arrived.
  const title = `Rye sourdough ${Date.now()}`;
  const scene = await seedScene(browser, request, {
    members: [
      { key: 'olive', firstName: 'Olive', lastName: 'Neighbour' },
      { key: 'fern', firstName: 'Fern', lastName: 'Neighbour' },
    ],
    listings: [
      {
        key: 'rye',
        owner: 'olive',
        fields: {
          title,
          description: 'A lively rye starter, fed twice a day and ready to share.',
          category: 'grain',
          subcategory: 'sourdough',
          starterType: 'Sourdough starter',
          location: 'Leeds, UK',
        },
      },
    ],
    steps: [
      { do: 'ask', from: 'fern', listing: 'rye', text: 'May I have some rye starter?' },
      { do: 'give', listing: 'rye', to: 'fern' },
      { do: 'confirm', listing: 'rye', by: 'fern' },
    ],
  });
  const { olive, fern } = scene.members;
  const starterId = scene.listings.rye!;
  const handoverId = scene.made[2]!;
  try {
    // Nothing is asked the same day; a day later (the server's clock moved on) Fern's pages
    // ask under the header.
    expect(await (await fern.context.request.get('/api/checkins')).json()).toEqual([]);
    await advanceServerClock(fern.context.request, 24 * 60 * 60);
    const page = fern.page;
    await page.goto('/browse');
    const banner = page.getByRole('complementary', { name: 'Check-ins' });
    await expect(banner).toBeVisible();
    const card = banner.getByRole('article', { name: new RegExp(`Did ${title} wake up\\?`) });
    await expect(card).toContainText('Day 1 check-in');
    await expect(card.getByRole('link', { name: `Ask ${olive.name}` })).toHaveAttribute(
      'href',
      `/messages?starter=${starterId}&with=${olive.id}`,
    );
    await expectNoAxeViolationsInEveryState(page);
    await shot(page, 'checkin');

    await card.getByRole('button', { name: 'Thriving' }).click();
    const share = card.getByRole('link', { name: 'Share some of yours' });
    await expect(share).toHaveAttribute('href', `/post?from=${handoverId}`);
    await expectNoAxeViolations(page);
    await shot(page, 'checkin-thriving');

    // Olive sees how her culture is doing, in the thread with Fern.
    const thread = await olive.context.request.get(
      `/api/messages/starter/${starterId}?with=${fern.id}`,
    );
    const lines = (await thread.json()) as Array<{ kind: string; content: string }>;
    expect(lines.filter((m) => m.kind === 'system').map((m) => m.content)).toContain(
      `${fern.name} says the culture is thriving`,
    );

    await share.click();
    await expect(page).toHaveURL(`/post?from=${handoverId}`);
    // Answered: nothing more is asked today.
    const due = await fern.context.request.get('/api/checkins');
    expect(await due.json()).toEqual([]);
  } finally {
    await scene.close();
  }
});
