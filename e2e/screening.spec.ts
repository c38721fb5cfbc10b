import type { Browser } from '@playwright/test';
import {
  advanceServerClock,
  atDesktopWidth,
  expectAcrossWindow,
  PHONE,
  E2E_MODERATOR_EMAIL,
  expect as baseExpect,
  expectNoAxeViolationsInEveryState,
  newMember,
  shareStarter,
  signUpAndIn,
  test,
  type E2EMember,
} from './fixtures';

// Eight servers share two cores while these run: a page may take a while to answer.
const expect = baseExpect.configure({ timeout: 60_000 });

async function person(browser: Browser, member: E2EMember = newMember()) {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await signUpAndIn(context.request, member);
  const me = (await (await context.request.get('/api/auth/user')).json()) as { id: string };
  return { member, context, page, request: context.request, id: me.id };
}

test('at 360 px: a scam is held until a moderator releases it; a warned message shows its banner', async ({
  browser,
}) => {
  test.setTimeout(420_000);
  const tag = Date.now().toString(36);
  const owner = await person(browser);
  const asker = await person(browser);
  const neighbour = await person(browser);
  const moderator = await person(browser, newMember({ email: E2E_MODERATOR_EMAIL }));
  const title = `Kefir grains ${tag}`;
  const starterId = await shareStarter(owner.request, title);
  const scam = `Hello ${tag}, I will pay $50 by PayPal and my courier will collect it.`;

  // --- a new member sends a scam: it is held, and they are told so
  await asker.page.goto(`/starter/${starterId}`);
  await asker.page.getByRole('button', { name: 'Message Owner' }).click();
  const dialog = asker.page.getByRole('dialog');
  await dialog.getByLabel('Message').fill(scam);
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(asker.page.getByText('Held for review', { exact: true })).toBeVisible();

  await asker.page.goto(`/messages?starter=${starterId}&with=${owner.id}`);
  const askerLog = asker.page.getByRole('log', { name: 'Messages' });
  await expect(askerLog.getByText(scam)).toBeVisible();
  await expect(askerLog.getByText('Held for review')).toBeVisible();
  await expectNoAxeViolationsInEveryState(asker.page);

  // --- the owner sees nothing of it
  await owner.page.goto('/messages');
  await expect(owner.page.getByText('No conversations yet')).toBeVisible();
  const ownerThread = await owner.request.get(
    `/api/messages/starter/${starterId}?with=${asker.id}`,
  );
  expect(await ownerThread.json()).toEqual([]);

  // --- the moderator reads it in the Held tab and releases it, by keyboard
  const mod = moderator.page;
  await mod.goto('/moderation');
  await mod.getByRole('tab', { name: 'Held' }).click();
  const card = mod
    .getByRole('list', { name: 'Held messages' })
    .getByRole('listitem')
    .filter({ hasText: scam });
  await expect(card.getByText('Money')).toBeVisible();
  await expect(card.getByText('Paid delivery and couriers')).toBeVisible();
  await expect(card.getByText('This was the first message.')).toBeVisible();
  await expect(card.getByText(/Screened with the stricter set/)).toBeVisible();
  await expectNoAxeViolationsInEveryState(mod);
  // At a desktop's width the card keeps its message and its buttons in the window.
  await atDesktopWidth(mod, async () => {
    await expectAcrossWindow(card);
    await expectAcrossWindow(card.getByRole('button', { name: 'Release' }));
  });
  const release = card.getByRole('button', { name: 'Release' });
  await release.focus();
  await mod.keyboard.press('Enter');
  await expect(mod.getByText(/^Released: it reaches .* in a minute\.$/).first()).toBeVisible();
  await expect(card).toHaveCount(0);
  // It is delivered once the minute to undo it has passed.
  await advanceServerClock(moderator.request, 61);
  await expect
    .poll(async () => {
      const res = await owner.request.get(`/api/messages/starter/${starterId}?with=${asker.id}`);
      return ((await res.json()) as unknown[]).length;
    })
    .toBe(1);

  // --- now the owner gets it, with the facts about a first-time sender
  await owner.page.goto(`/messages?starter=${starterId}&with=${asker.id}`);
  const ownerLog = owner.page.getByRole('log', { name: 'Messages' });
  await expect(ownerLog.getByText(scam)).toBeVisible();
  await expect(
    owner.page
      .getByRole('region', { name: 'About this member' })
      .getByText('Joined CultureShare today'),
  ).toBeVisible();

  // --- a message with a health claim is delivered with a quiet banner
  const claim = `Hi ${tag}! My kombucha cures everything, could I have some of your grains?`;
  const sent = await neighbour.request.post('/api/messages', {
    data: { starterId, receiverId: owner.id, content: claim },
  });
  expect(sent.status()).toBe(201);
  await owner.page.goto(`/messages?starter=${starterId}&with=${neighbour.id}`);
  await expect(owner.page.getByRole('log', { name: 'Messages' }).getByText(claim)).toBeVisible();
  const banner = owner.page.getByText(
    'This message makes a health claim. Cultures are food, not medicine.',
  );
  await expect(banner).toBeVisible();
  await expectNoAxeViolationsInEveryState(owner.page);
  await atDesktopWidth(owner.page, () => expectAcrossWindow(banner));

  // --- the Rules tab shows the figures on the corpus and the rules, and is axe-clean
  await mod.goto('/moderation');
  await mod.getByRole('tab', { name: 'Rules' }).click();
  await expect(mod.getByText('Scams held or warned')).toBeVisible();
  await expect(mod.getByRole('button', { name: 'Save Money' })).toBeVisible();
  await expectNoAxeViolationsInEveryState(mod);

  for (const p of [owner, asker, neighbour, moderator]) await p.context.close();
});
