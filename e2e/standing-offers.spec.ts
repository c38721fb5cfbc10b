import type { Browser, BrowserContext, Page } from '@playwright/test';
import {
  expect,
  expectNoAxeViolations,
  newMember,
  setUpStandingOffer,
  signUpAndIn,
  test,
} from './fixtures';

interface Member {
  id: string;
  name: string;
  context: BrowserContext;
  page: Page;
}

async function join(browser: Browser, firstName: string): Promise<Member> {
  const context = await browser.newContext();
  await signUpAndIn(context.request, newMember({ firstName, lastName: 'Neighbour' }));
  const res = await context.request.get('/api/auth/user');
  expect(res.ok()).toBe(true);
  const me = (await res.json()) as { id: string; username: string | null };
  return { id: me.id, name: me.username || firstName, context, page: await context.newPage() };
}

test('a standing offer: set up, join the line, a round, accept, a reservation', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const giver = await join(browser, 'Gia');
  const member = await join(browser, 'Milo');
  try {
    const title = `Water kefir grains ${Date.now()}`;
    const created = await giver.context.request.post('/api/starters', {
      multipart: {
        title,
        description: 'Sugary kefir grains that grow every week; plenty to share.',
        category: 'dairy',
        subcategory: 'kefir',
        starterType: 'Water kefir grains',
        location: 'Leeds, UK',
        portions: '1',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const starterId = ((await created.json()) as { id: number }).id;

    // The giver sets up a standing offer from the starter's page.
    const g = giver.page;
    const giverSection = await setUpStandingOffer(g, starterId, expectNoAxeViolations);
    await expect(
      giverSection.getByText(/1 portion every 7 days · longest waiting first/),
    ).toBeVisible();

    // A member joins the line and sees their place.
    const m = member.page;
    await m.goto(`/starter/${starterId}`);
    const memberSection = m.getByRole('region', { name: 'Standing offer' });
    await expectNoAxeViolations(m);
    await memberSection.getByRole('button', { name: 'Join the waitlist' }).click();
    await expect(memberSection.getByText("You're 1st in line")).toBeVisible();

    // The giver offers a round now; the member is offered the portion.
    await g.reload();
    await expect(giverSection.getByText('1 member waiting')).toBeVisible();
    await giverSection.getByRole('button', { name: 'Offer a round now' }).click();
    await expect(giverSection.getByText('waiting for an answer')).toBeVisible();
    await expectNoAxeViolations(g);

    await m.reload();
    const offer = memberSection.getByRole('region', { name: 'Your offer' });
    await expect(offer).toContainText('It’s your turn');
    await expect(offer).toContainText('Answer by');
    await expectNoAxeViolations(m);
    await offer.getByRole('button', { name: 'Accept' }).click();
    await expect(offer).toBeHidden();
    await expect(m.getByText('1 portion reserved')).toBeVisible();

    // The reservation is the hand-over's: the member's bar shows it, the giver can give it.
    await m.goto(`/messages?starter=${starterId}&with=${giver.id}`);
    const bar = m.getByRole('region', { name: 'Hand-over' });
    await expect(bar).toContainText('Reserved for you');
    await expect(
      m.getByRole('log', { name: 'Messages' }).getByText('Accepted the standing offer'),
    ).toBeVisible();
    await expectNoAxeViolations(m);

    await g.goto(`/messages?starter=${starterId}&with=${member.id}`);
    const giverBar = g.getByRole('region', { name: 'Hand-over' });
    await expect(giverBar.getByRole('button', { name: 'Mark given' })).toBeVisible();
  } finally {
    await giver.context.close();
    await member.context.close();
  }
});
