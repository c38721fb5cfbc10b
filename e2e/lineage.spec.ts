import type { Browser, BrowserContext, Page } from '@playwright/test';
import {
  advanceServerClock,
  expect,
  expectNoAxeViolations,
  newMember,
  signUpAndIn,
  test,
  appReady,
} from './fixtures';

interface Member {
  id: string;
  context: BrowserContext;
  page: Page;
}

async function join(browser: Browser, firstName: string): Promise<Member> {
  const context = await browser.newContext();
  await signUpAndIn(context.request, newMember({ firstName, lastName: 'Baker' }));
  const me = (await (await context.request.get('/api/auth/user')).json()) as { id: string };
  return { id: me.id, context, page: await context.newPage() };
}

async function myStarterId(member: Member, title: string): Promise<number> {
  const mine = (await (await member.context.request.get('/api/starters/my')).json()) as {
    id: number;
    title: string;
  }[];
  return mine.find((s) => s.title === title)!.id;
}

/** Nothing but the site itself answers: every other address is refused. */
async function offlineButTheSite(page: Page, baseURL: string) {
  const site = new URL(baseURL).origin;
  const refused: string[] = [];
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (new URL(url).origin === site) return route.continue();
    refused.push(url);
    return route.abort();
  });
  return refused;
}

test('a culture passed on: received, confirmed, checked in on, posted again from the hand-over, on the family tree and map', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const giver = await join(browser, 'Greta');
  const member = await join(browser, 'Milo');
  try {
    // The giver shares a sourdough starter, with an origin.
    const title = `Oregon Trail sourdough ${Date.now()}`;
    const post = giver.page;
    await post.goto('/post');
    await appReady(post);
    await post.getByLabel('Title').fill(title);
    await post.getByLabel('Category').selectOption('grain');
    await post.getByLabel('Starter Type', { exact: true }).selectOption('sourdough');
    await post.getByLabel('Description').fill('A lively white sourdough, fed every morning.');
    await post.getByLabel('Location').fill('Leeds, UK');
    await post.getByText('More Details (optional)').click();
    await post.getByLabel('Origin story').fill('Carried west on the Oregon Trail.');
    await post.getByLabel('Born (year)').fill('1847');
    const giversNotes = 'I feed it 50 g rye and 50 ml water at 8 every morning.';
    await post.getByLabel('Your care notes (optional)').fill(giversNotes);
    await post.getByRole('button', { name: 'Post Starter' }).click();
    await expect(post).toHaveURL(/\/starter\/\d+$/);
    const parentId = await myStarterId(giver, title);

    // The member asks; the giver reserves a portion and gives it; the member confirms.
    const asked = await member.context.request.post('/api/messages', {
      data: { starterId: parentId, receiverId: giver.id, content: 'May I have some?' },
    });
    expect(asked.status(), await asked.text()).toBe(201);
    const reserved = await giver.context.request.post(`/api/starters/${parentId}/reservations`, {
      data: { memberId: member.id },
    });
    expect(reserved.status(), await reserved.text()).toBe(201);
    const given = await giver.context.request.post(`/api/starters/${parentId}/handovers`, {
      data: { memberId: member.id },
    });
    expect(given.status(), await given.text()).toBe(201);
    const handoverId = ((await given.json()) as { id: number }).id;
    const confirmed = await member.context.request.post(`/api/handovers/${handoverId}/confirm`, {
      data: { received: true },
    });
    expect(confirmed.status(), await confirmed.text()).toBe(204);

    // A day later (the server's clock moved on) the member is asked whether it woke up, and
    // answers "Thriving".
    expect(await (await member.context.request.get('/api/checkins')).json()).toEqual([]);
    await advanceServerClock(member.context.request, 24 * 60 * 60);
    const form = member.page;
    await form.goto('/browse');
    const banner = form.getByRole('complementary', { name: 'Check-ins' });
    await expect(banner).toBeVisible();
    const checkin = banner.getByRole('article', { name: new RegExp(`Did ${title} wake up\\?`) });
    await checkin.getByRole('button', { name: 'Thriving' }).click();

    // Pay it forward: "Share some of yours" opens the form filled in from the hand-over.
    await checkin.getByRole('link', { name: 'Share some of yours' }).click();
    await expect(form).toHaveURL(`/post?from=${handoverId}`);
    await expect(form.getByText(`Passing on ${title}`)).toBeVisible();
    // The title starts from the culture's type; the giver's title described their own jar.
    await expect(form.getByLabel('Title')).toHaveValue('Sourdough starter');
    await expect(form.getByLabel('Category')).toHaveValue('grain');
    await expect(form.getByLabel('Starter Type', { exact: true })).toHaveValue('sourdough');
    await expect(form.getByLabel('Your care notes (optional)')).toHaveValue(giversNotes);
    const childTitle = `Milo's ${title}`;
    await form.getByLabel('Title').fill(childTitle);
    await form.getByLabel('Description').fill('Grown from Greta’s starter, now twice a day.');
    await form.getByLabel('Location').fill('York, UK');
    await expectNoAxeViolations(form);
    await form.getByRole('button', { name: 'Post Starter' }).click();
    // Passing a culture on lands on the new listing.
    await expect(form).toHaveURL(/\/starter\/\d+$/);
    const childId = await myStarterId(member, childTitle);

    // Someone else's hand-over opens the empty form, politely.
    await giver.page.goto(`/post?from=${handoverId}`);
    await expect(giver.page.getByText(/couldn’t find that hand-over/)).toBeVisible();
    await expect(giver.page.getByLabel('Title')).toHaveValue('');

    // The new listing names its parent and links to its family.
    const page = member.page;
    const refused = await offlineButTheSite(page, baseURL!);
    await page.goto(`/starter/${childId}`);
    await expect(page.getByText('Descends from')).toBeVisible();
    await expect(page.getByRole('link', { name: title, exact: true })).toHaveAttribute(
      'href',
      `/starter/${parentId}`,
    );
    // The care card for sourdough shows on the listing, with the notes that came with it.
    const care = page.getByRole('region').filter({ hasText: 'Care card' });
    await expect(care).toBeVisible();
    await expect(care.getByLabel('From the giver')).toContainText(giversNotes);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Family tree · 1 kitchen reached' }).click();

    // The family page: both generations, the tree, the figures, and the map, all offline.
    await expect(page).toHaveURL(`/starter/${childId}/family`);
    await expect(
      page.getByRole('heading', { level: 1, name: `Family tree of ${childTitle}` }),
    ).toBeVisible();
    const line = page.locator('section', { hasText: 'Back to the first sharer' });
    await expect(line.getByRole('listitem')).toHaveText([
      `Generation 1 · first sharer: ${title} · Leeds, UK`,
      `Generation 2: ${childTitle} · York, UK (this one)`,
    ]);
    await expect(page.getByText('Carried west on the Oregon Trail.')).toBeVisible();
    await expect(page.getByText('born 1847')).toBeVisible();
    const figures = page.locator('dl').first();
    // The first sharer's kitchen is where it started: one reached, as on the giver's summary.
    await expect(figures).toContainText('Kitchens reached:1');
    await expect(figures).toContainText('Generations:2');

    const map = page.getByRole('img', { name: /Map of the 2 places/ });
    await expect(map).toBeVisible();
    await expect(map.locator('path.family-map-land').first()).toBeAttached();
    expect(await map.locator('path.family-map-land').count()).toBeGreaterThan(0);
    await expect(map.locator('path.family-map-place')).toHaveCount(2);
    await expect(map.locator('path.family-map-link')).toHaveCount(1);
    await expect(map.locator('img')).toHaveCount(0);
    // The map takes no keyboard focus: Tab goes from the tree straight on past it.
    expect(await map.evaluate((el) => el.querySelectorAll('[tabindex], a, button').length)).toBe(0);
    // With E2E_SHOTS=<dir>, keeps a picture of the family page.
    if (process.env.E2E_SHOTS) {
      await page.screenshot({ path: `${process.env.E2E_SHOTS}/family.png`, fullPage: true });
    }
    const places = page.locator('h3', { hasText: 'Places' }).locator('+ ul');
    await expect(places.getByRole('listitem')).toHaveCount(2);
    await expectNoAxeViolations(page);

    // From the first sharer's side, the descendant shows in the tree.
    await page.goto(`/starter/${parentId}/family`);
    const tree = page.getByRole('navigation', { name: 'Descendants' });
    await expect(tree.getByRole('link', { name: childTitle })).toHaveAttribute(
      'href',
      `/starter/${childId}`,
    );
    await expect(page.locator('path.family-map-place')).toHaveCount(2);
    await expectNoAxeViolations(page);
    expect(refused).toEqual([]);

    // Kitchens reached shows on the giver's public summary.
    const summary = (await (
      await member.context.request.get(`/api/users/${giver.id}/summary`)
    ).json()) as { kitchensReached: number };
    expect(summary.kitchensReached).toBe(1);
  } finally {
    await giver.context.close();
    await member.context.close();
  }
});
