import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import {
  E2E_MODERATOR_EMAIL,
  expect,
  expectNoAxeViolations,
  newMember,
  shareStarter,
  signUpAndIn,
  test,
  type E2EMember,
} from './fixtures';

interface Person {
  member: E2EMember;
  context: BrowserContext;
  page: Page;
  request: APIRequestContext;
}

/** A member in their own browser, signed up and in. */
async function person(browser: Browser, member: E2EMember = newMember()): Promise<Person> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUpAndIn(context.request, member);
  return { member, context, page, request: context.request };
}

/** The detail page offers 'Report Post' as a button. */
async function reportFromDetailPage(page: Page, starterId: number, title: string) {
  await page.goto(`/starter/${starterId}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await page.getByRole('button', { name: 'Report Post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report Post' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** A card on /browse offers it in its three-dot menu. */
async function reportFromBrowseCard(page: Page, title: string) {
  await page.goto('/browse');
  await page.getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Report Post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report Post' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('a member reports a starter; a moderator reviews it, removes another and suspends its owner', async ({
  browser,
}) => {
  const owner = await person(browser);
  const reporter = await person(browser);
  const bystander = await person(browser);
  const moderator = await person(browser, newMember({ email: E2E_MODERATOR_EMAIL }));

  const tag = Date.now().toString(36);
  const firstTitle = `Kefir grains ${tag}`;
  const secondTitle = `Suspicious kefir ${tag}`;
  const firstId = await shareStarter(owner.request, firstTitle);
  const secondId = await shareStarter(owner.request, secondTitle);

  // --- the member reports the first starter through the dialog
  let dialog = await reportFromDetailPage(reporter.page, firstId, firstTitle);
  await expect(
    dialog.getByText('False reports may result in account restrictions.', { exact: false }),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Submit Report' }).click();
  await expect(dialog.getByText('Please select a reason')).toBeVisible();
  await dialog.getByRole('radio', { name: /^Other/ }).check();
  await expect(dialog.getByLabel('Additional Details (Required)')).toBeVisible();
  await expectNoAxeViolations(reporter.page);
  await dialog.getByRole('button', { name: 'Submit Report' }).click();
  await expect(dialog.getByText('Please describe the issue')).toBeVisible();
  await dialog.getByLabel('Additional Details (Required)').fill('Asks for money in the photo');
  await dialog.getByRole('button', { name: 'Submit Report' }).click();
  await expect(reporter.page.getByText('Report submitted', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  // --- and the second one from its card on /browse, for a safety reason
  dialog = await reportFromBrowseCard(reporter.page, secondTitle);
  await dialog.getByRole('radio', { name: /^Safety Concerns/ }).check();
  await dialog.getByLabel('Additional Details').fill('Pink spots on the grains');
  await dialog.getByRole('button', { name: 'Submit Report' }).click();
  await expect(reporter.page.getByText('Report submitted', { exact: true })).toBeVisible();

  // --- the moderator sees both under Pending and marks the first as reviewed
  const mod = moderator.page;
  await mod.goto('/moderation');
  await expect(mod.getByRole('tab', { name: 'Reports' })).toBeVisible();
  const pending = mod.getByRole('list', { name: 'Pending Reports' });
  const firstCard = pending.getByRole('listitem').filter({ hasText: firstTitle });
  await expect(firstCard).toContainText('Asks for money in the photo');
  await expect(firstCard).toContainText('Other');
  await expectNoAxeViolations(mod);
  await firstCard.getByRole('button', { name: 'Mark as Reviewed' }).click();
  await expect(mod.getByText('Report has been updated.', { exact: true })).toBeVisible();
  await expect(firstCard).toHaveCount(0);

  await mod.getByLabel('Status').selectOption({ label: 'Reviewed Reports' });
  const reviewedCard = mod
    .getByRole('list', { name: 'Reviewed Reports' })
    .getByRole('listitem')
    .filter({ hasText: firstTitle });
  await expect(reviewedCard).toContainText('Reviewed');
  await expect(reviewedCard.getByRole('button', { name: 'Mark as Reviewed' })).toHaveCount(0);

  // --- removes the second starter
  await mod.getByLabel('Status').selectOption({ label: 'Pending Reports' });
  const secondCard = mod
    .getByRole('list', { name: 'Pending Reports' })
    .getByRole('listitem')
    .filter({ hasText: secondTitle });
  await expect(secondCard).toContainText('Pink spots on the grains');
  await secondCard.getByRole('button', { name: 'Remove Starter' }).click();
  // Removing asks first, like the owner's Delete, and for the rule it breaks.
  const confirmRemoval = mod.getByRole('alertdialog', { name: 'Remove Starter' });
  await confirmRemoval.getByRole('radio', { name: 'Rule 1: Safety & Quality' }).click();
  await confirmRemoval.getByRole('button', { name: 'Remove Starter' }).click();
  await expect(mod.getByText('Report has been updated.', { exact: true })).toBeVisible();
  await expect(secondCard).toHaveCount(0);
  await expect(mod.getByText('All caught up! No pending reports to review.')).toBeVisible();

  // It is gone from /browse for everyone else.
  await bystander.page.goto('/browse');
  await expect(bystander.page.getByRole('heading', { name: 'Available Starters' })).toBeVisible();
  await expect(bystander.page.getByText(firstTitle)).toBeVisible();
  await expect(bystander.page.getByText(secondTitle)).toHaveCount(0);
  expect((await bystander.request.get(`/api/starters/${secondId}`)).status()).toBe(404);

  // --- suspends its owner from the resolved report
  await mod.getByLabel('Status').selectOption({ label: 'Resolved Reports' });
  const resolvedCard = mod
    .getByRole('list', { name: 'Resolved Reports' })
    .getByRole('listitem')
    .filter({ hasText: secondTitle });
  await expect(resolvedCard).toContainText('Removed');
  await resolvedCard.getByRole('button', { name: 'Suspend or Ban Owner' }).click();
  const sanction = mod.getByRole('dialog', { name: /^Sanction / });
  await sanction.getByLabel('Suspend for').selectOption({ label: '7 days' });
  await sanction.getByLabel('Reason').fill('Shared a contaminated culture');
  await expectNoAxeViolations(mod);
  await sanction.getByRole('button', { name: 'Suspend Member' }).click();
  await expect(sanction).toBeHidden();
  await expect(resolvedCard).toContainText('Suspended until');

  // The owner is signed out at once…
  expect((await owner.request.get('/api/auth/user')).status()).toBe(401);
  await owner.page.goto('/profile');
  await expect(owner.page.getByRole('heading', { name: 'Sign In Required' })).toBeVisible();
  // …and cannot sign in again; the message says why and until when.
  const again = await owner.request.post('/api/auth/login', {
    data: { email: owner.member.email, password: owner.member.password },
  });
  expect(again.ok()).toBe(false);
  const refusal = (await again.json()).message as string;
  expect(refusal).toMatch(/suspended until/i);
  expect(refusal).toContain('Shared a contaminated culture');
  // Nor can they report anything.
  expect(
    (
      await owner.request.post('/api/reports', {
        data: { starterId: firstId, reason: 'spam' },
      })
    ).status(),
  ).toBe(401);

  // --- the statistics, sanctions and audit log tell the story
  await mod.getByRole('tab', { name: 'Statistics' }).click();
  await expect(mod.getByText('Total')).toBeVisible();
  await expectNoAxeViolations(mod);
  await mod.getByRole('tab', { name: 'Sanctions' }).click();
  const active = mod.getByRole('list', { name: 'Sanctions' }).getByRole('listitem');
  await expect(active.filter({ hasText: 'Shared a contaminated culture' })).toContainText(
    'Suspended',
  );
  await expectNoAxeViolations(mod);
  await mod.getByRole('tab', { name: 'Audit Log' }).click();
  const log = mod.getByRole('list', { name: 'Moderator actions, newest first' });
  await expect(log.getByRole('listitem').nth(0)).toContainText('suspended');
  await expect(log.getByRole('listitem').nth(0)).toContainText(
    'Why: Shared a contaminated culture',
  );
  await expect(log).toContainText(`removed the starter “${secondTitle}”`);
  await expect(log).toContainText('as reviewed');
  await expectNoAxeViolations(mod);

  for (const p of [owner, reporter, bystander, moderator]) await p.context.close();
});

test('the moderation dashboard fits a 360 px screen', async ({ browser }) => {
  const moderator = await person(browser, newMember({ email: E2E_MODERATOR_EMAIL }));
  await moderator.page.setViewportSize({ width: 360, height: 740 });
  await moderator.page.goto('/moderation');
  await expect(moderator.page.getByRole('heading', { name: 'Moderation Dashboard' })).toBeVisible();
  // Runs in the page (e2e code is typed without the DOM library): nothing in the page's main
  // content may reach past the right edge of the screen.
  const overflow = await moderator.page.evaluate(() => {
    type El = { getBoundingClientRect(): { right: number } };
    const doc = (
      globalThis as unknown as {
        document: {
          documentElement: { clientWidth: number };
          querySelectorAll(s: string): Iterable<El>;
        };
      }
    ).document;
    let right = 0;
    for (const el of doc.querySelectorAll('main *')) {
      right = Math.max(right, el.getBoundingClientRect().right);
    }
    return right - doc.documentElement.clientWidth;
  });
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(moderator.page);
  await moderator.context.close();
});
