import type { APIRequestContext, Browser, Page } from '@playwright/test';
import {
  advanceServerClock,
  expect,
  expectNoAxeViolations,
  expectNoAxeViolationsInEveryState,
  newMember,
  signUpAndIn,
  test,
} from './fixtures';

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

interface Member {
  id: string;
  name: string;
  request: APIRequestContext;
}

async function join(browser: Browser, firstName: string) {
  const context = await browser.newContext();
  await signUpAndIn(context.request, newMember({ firstName, lastName: 'Neighbour' }));
  const res = await context.request.get('/api/auth/user');
  expect(res.ok()).toBe(true);
  const me = (await res.json()) as { id: string; username: string | null };
  const member: Member = { id: me.id, name: me.username || firstName, request: context.request };
  return { member, context };
}

async function ok(res: Awaited<ReturnType<APIRequestContext['post']>>) {
  expect(res.ok(), await res.text()).toBe(true);
  return res.status() === 204 ? undefined : ((await res.json()) as { id: number });
}

test('a member who received a culture answers "Thriving" and is invited to share some', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const olive = await join(browser, 'Olive');
  const fern = await join(browser, 'Fern');
  try {
    // Olive shares rye sourdough; Fern asks, Olive gives, Fern confirms it arrived.
    const title = `Rye sourdough ${Date.now()}`;
    const created = await ok(
      await olive.member.request.post('/api/starters', {
        multipart: {
          title,
          description: 'A lively rye starter, fed twice a day and ready to share.',
          category: 'grain',
          subcategory: 'sourdough',
          starterType: 'Sourdough starter',
          location: 'Leeds, UK',
        },
      }),
    );
    const starterId = created!.id;
    await ok(
      await fern.member.request.post('/api/messages', {
        data: { starterId, receiverId: olive.member.id, content: 'May I have some rye starter?' },
      }),
    );
    const handover = await ok(
      await olive.member.request.post(`/api/starters/${starterId}/handovers`, {
        data: { memberId: fern.member.id },
      }),
    );
    const handoverId = handover!.id;
    await ok(
      await fern.member.request.post(`/api/handovers/${handoverId}/confirm`, {
        data: { received: true },
      }),
    );

    // Nothing is asked the same day; a day later (the server's clock moved on) Fern's pages
    // ask under the header.
    expect(await (await fern.member.request.get('/api/checkins')).json()).toEqual([]);
    await advanceServerClock(fern.member.request, 24 * 60 * 60);
    const page = await fern.context.newPage();
    await page.goto('/browse');
    const banner = page.getByRole('complementary', { name: 'Check-ins' });
    await expect(banner).toBeVisible();
    const card = banner.getByRole('article', { name: new RegExp(`Did ${title} wake up\\?`) });
    await expect(card).toContainText('Day 1 check-in');
    await expect(card.getByRole('link', { name: `Ask ${olive.member.name}` })).toHaveAttribute(
      'href',
      `/messages?starter=${starterId}&with=${olive.member.id}`,
    );
    await expectNoAxeViolationsInEveryState(page);
    await shot(page, 'checkin');

    await card.getByRole('button', { name: 'Thriving' }).click();
    const share = card.getByRole('link', { name: 'Share some of yours' });
    await expect(share).toHaveAttribute('href', `/post?from=${handoverId}`);
    await expectNoAxeViolations(page);
    await shot(page, 'checkin-thriving');

    // Olive sees how her culture is doing, in the thread with Fern.
    const thread = await olive.member.request.get(
      `/api/messages/starter/${starterId}?with=${fern.member.id}`,
    );
    const lines = (await thread.json()) as Array<{ kind: string; content: string }>;
    expect(lines.filter((m) => m.kind === 'system').map((m) => m.content)).toContain(
      `${fern.member.name} says the culture is thriving`,
    );

    await share.click();
    await expect(page).toHaveURL(`/post?from=${handoverId}`);
    // Answered: nothing more is asked today.
    const due = await fern.member.request.get('/api/checkins');
    expect(await due.json()).toEqual([]);
  } finally {
    await olive.context.close();
    await fern.context.close();
  }
});
