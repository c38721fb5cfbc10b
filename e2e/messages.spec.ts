import type { APIRequestContext, Page } from '@playwright/test';
import {
  expect,
  expectNoAxeViolations,
  newMember,
  shareStarter,
  signUpAndIn,
  test,
} from './fixtures';

// Live messages run with the installed app's worker, as a returning member's do (decision 105).
test.use({ serviceWorkers: 'allow' });

interface Me {
  id: string;
}

async function signUp(request: APIRequestContext, firstName: string): Promise<Me> {
  await signUpAndIn(request, newMember({ firstName }));
  const res = await request.get('/api/auth/user');
  expect(res.ok()).toBe(true);
  return (await res.json()) as Me;
}

const SOURDOUGH = {
  description: 'A lively rye starter, fed twice a day and ready to share.',
  category: 'grain',
  subcategory: 'sourdough',
  starterType: 'Sourdough starter',
};

/** The header's Messages link; its name carries the unread total when there is one. */
const headerMessages = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Messages/ });

test('two members arrange a pickup with live messages and unread counts', async ({ browser }) => {
  const ownerContext = await browser.newContext();
  const askerContext = await browser.newContext();
  try {
    const owner = await signUp(ownerContext.request, 'Olive');
    await signUp(askerContext.request, 'Arlo');
    const title = `Rye sourdough ${Date.now()}`;
    const starterId = await shareStarter(ownerContext.request, title, SOURDOUGH);

    const ownerPage = await ownerContext.newPage();
    await ownerPage.goto('/messages');
    await expect(ownerPage.getByText('No conversations yet')).toBeVisible();
    await expect(ownerPage.getByText('Start by messaging a starter owner')).toBeVisible();
    await expect(ownerPage.getByText('Select a conversation to start messaging')).toBeVisible();
    await expectNoAxeViolations(ownerPage);

    // The asker writes from the starter's card through the Message Owner dialog.
    const askerPage = await askerContext.newPage();
    await askerPage.goto('/browse');
    await askerPage
      .locator('article', { hasText: title })
      .getByRole('button', { name: 'Message Owner' })
      .click();
    const dialog = askerPage.getByRole('dialog');
    await expect(dialog.getByText(title)).toBeVisible();
    await expect(dialog.getByText('0/500')).toBeVisible();
    await dialog.getByLabel('Message').fill('Hi! Could I pick some up on Saturday morning?');
    await expect(dialog.getByText('45/500')).toBeVisible();
    await expectNoAxeViolations(askerPage);
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await expect(askerPage.getByText('Message sent!', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();

    // It reaches the owner's open page without a reload: list, unread count and header badge.
    const conversation = ownerPage.getByRole('link', { name: new RegExp(title) });
    await expect(conversation).toContainText('Could I pick some up on Saturday morning?');
    await expect(conversation).toContainText('1 unread');
    await expect(headerMessages(ownerPage)).toHaveAccessibleName(/1 unread/);

    await conversation.click();
    const ownerLog = ownerPage.getByRole('log', { name: 'Messages' });
    await expect(ownerLog.getByText('Hi! Could I pick some up on Saturday morning?')).toBeVisible();
    // Opening the thread reads it: the counts fall.
    await expect(headerMessages(ownerPage)).toHaveAccessibleName(/^Messages$/);
    await expect(conversation).not.toContainText('unread');
    await expectNoAxeViolations(ownerPage);

    const ownerInput = ownerPage.getByPlaceholder('Type your message...');
    await expect(ownerPage.getByRole('button', { name: 'Send message' })).toBeDisabled();
    await ownerInput.fill('Of course! Bring a clean jar, 10am suits me.');
    await ownerInput.press('Enter');
    await expect(ownerInput).toHaveValue('');
    const sent = ownerLog.getByText('Of course! Bring a clean jar, 10am suits me.');
    await expect(sent).toBeVisible();
    await expect(
      ownerLog.locator('li').filter({ hasText: 'Of course! Bring a clean jar, 10am suits me.' }),
    ).toHaveClass(/items-end/);

    // The reply reaches the asker live, wherever they are.
    await expect(headerMessages(askerPage)).toHaveAccessibleName(/1 unread/);
    await headerMessages(askerPage).click();
    const askerConversation = askerPage.getByRole('link', { name: new RegExp(title) });
    await expect(askerConversation).toContainText('1 unread');
    await askerConversation.click();
    const askerLog = askerPage.getByRole('log', { name: 'Messages' });
    await expect(askerLog.getByText('Of course! Bring a clean jar, 10am suits me.')).toBeVisible();
    await expect(headerMessages(askerPage)).toHaveAccessibleName(/^Messages$/);
    await expectNoAxeViolations(askerPage);

    // Both threads open: a new message shows up on the other side at once, and stays read.
    const askerInput = askerPage.getByPlaceholder('Type your message...');
    await askerInput.fill('Great, see you Saturday!');
    await askerPage.getByRole('button', { name: 'Send message' }).click();
    await expect(ownerLog.getByText('Great, see you Saturday!')).toBeVisible();
    await expect(headerMessages(ownerPage)).toHaveAccessibleName(/^Messages$/);
    const ownerSide = await ownerPage.request.get('/api/messages/unread-count');
    expect(await ownerSide.json()).toEqual({ count: 0 });

    // The owner's URL names the thread: a reload keeps it.
    await ownerPage.reload();
    await expect(
      ownerPage.getByRole('log', { name: 'Messages' }).getByText('Great, see you Saturday!'),
    ).toBeVisible();
    expect(ownerPage.url()).toContain(`starter=${starterId}`);
    expect(owner.id).toBeTruthy();
  } finally {
    await ownerContext.close();
    await askerContext.close();
  }
});

test('on a phone the list and the thread are separate views', async ({ browser }) => {
  const ownerContext = await browser.newContext();
  const askerContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
  try {
    const owner = await signUp(ownerContext.request, 'Pia');
    await signUp(askerContext.request, 'Quinn');
    const title = `Kombucha SCOBY ${Date.now()}`;
    const starterId = await shareStarter(ownerContext.request, title, SOURDOUGH);
    const sent = await askerContext.request.post('/api/messages', {
      data: { starterId, receiverId: owner.id, content: 'Is the SCOBY still available?' },
    });
    expect(sent.status()).toBe(201);

    const page = await askerContext.newPage();
    await page.goto('/messages');
    const conversation = page.getByRole('link', { name: new RegExp(title) });
    await expect(conversation).toBeVisible();
    await expect(page.getByText('Select a conversation to start messaging')).toBeHidden();
    await expectNoAxeViolations(page);

    await conversation.click();
    await expect(page.getByRole('log', { name: 'Messages' })).toContainText(
      'Is the SCOBY still available?',
    );
    await expect(conversation).toBeHidden();
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Back to conversations' }).click();
    await expect(conversation).toBeVisible();
    await expect(page.getByRole('log', { name: 'Messages' })).toBeHidden();
  } finally {
    await ownerContext.close();
    await askerContext.close();
  }
});
