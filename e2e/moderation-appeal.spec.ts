import type { Browser, Page } from '@playwright/test';
import {
  atDesktopWidth,
  E2E_MODERATOR_EMAIL,
  type E2EMember,
  expect as baseExpect,
  expectAcrossWindow,
  expectNoAxeViolationsInEveryState,
  keepScreenshot,
  newMember,
  PHONE,
  phonePhoto,
  shareStarter,
  signUpAndIn,
  test,
  waitForMail,
} from './fixtures';

// Eight servers share two cores while these run: a page may take a while to answer.
const expect = baseExpect.configure({ timeout: 60_000 });

// The journey runs at 360 px; the 1280 px layout is measured in the same pages (decision 155).
async function person(browser: Browser, member: E2EMember = newMember()) {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await signUpAndIn(context.request, member);
  return { member, context, page, request: context.request };
}

const shot = (page: Page, name: string) => keepScreenshot(page, `mod-${name}`, { fullPage: true });

test('a removal names its rule, the owner appeals, the reporter hears the outcome', async ({
  browser,
}) => {
  test.setTimeout(420_000);
  const owner = await person(browser);
  const reporter = await person(browser);
  const moderator = await person(browser, newMember({ email: E2E_MODERATOR_EMAIL }));
  const title = `Jar of grains ${Date.now().toString(36)}`;

  // --- the owner shares a starter with a photo
  const starterId = await shareStarter(owner.request, title, {
    description: 'Lively grains, fed daily with whole milk. Five euros a jar.',
    image: phonePhoto(),
  });

  // --- a member reports it
  await reporter.page.goto(`/starter/${starterId}`);
  await reporter.page.getByRole('button', { name: 'Report Post' }).click();
  const report = reporter.page.getByRole('dialog', { name: 'Report Post' });
  await report.getByRole('radio', { name: /^Violates Community Rules/ }).check();
  await report.getByLabel('Additional Details').fill('Asks five euros a jar');
  await report.getByRole('button', { name: 'Submit Report' }).click();
  await expect(reporter.page.getByText('Report submitted', { exact: true })).toBeVisible();

  // --- the moderator sees the photo, a link to the listing and what each action means
  const mod = moderator.page;
  await mod.goto('/moderation');
  const card = mod
    .getByRole('list', { name: 'Pending Reports' })
    .getByRole('listitem')
    .filter({ hasText: title });
  const photo = card.getByRole('img', { name: title });
  await expect(photo).toBeVisible();
  await expect
    .poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
  await expect(card.getByRole('link', { name: `Open Listing: ${title}` })).toHaveAttribute(
    'href',
    `/starter/${starterId}`,
  );
  await expect(card.getByText(/you looked and no rule is broken/)).toBeVisible();
  await expect(card.getByText(/settled without removing the starter/)).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await shot(mod, 'report-card-360');
  const remove = card.getByRole('button', { name: 'Remove Starter' });
  await atDesktopWidth(mod, async () => {
    await expectAcrossWindow(card);
    await expectAcrossWindow(photo);
    await card.scrollIntoViewIfNeeded();
    await shot(mod, 'report-card-1280');
    await remove.click();
    await expectAcrossWindow(mod.getByRole('alertdialog', { name: 'Remove Starter' }));
    await mod.keyboard.press('Escape');
    await expect(mod.getByRole('alertdialog')).toHaveCount(0);
  });
  await expectNoAxeViolationsInEveryState(mod, [
    { name: 'remove dialog', open: () => remove.click() },
  ]);

  // --- removing asks for a rule
  await remove.click();
  const dialog = mod.getByRole('alertdialog', { name: 'Remove Starter' });
  await dialog.getByRole('button', { name: 'Remove Starter' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please choose the rule it breaks');
  await dialog.getByRole('radio', { name: 'Rule 2: Free Items Only' }).click();
  await dialog.getByLabel('Note for the owner (optional)').fill('No prices, please.');
  await shot(mod, 'remove-dialog-360');
  await dialog.getByRole('button', { name: 'Remove Starter' }).click();
  await expect(mod.getByText('Report has been updated.', { exact: true })).toBeVisible();
  await expect(card).toHaveCount(0);

  // --- the reporter hears the outcome; others no longer see the listing
  const outcome = await waitForMail(reporter.member.email, /^The listing you reported was removed/);
  expect(outcome.text).toContain(
    `A moderator removed “${title}” because it breaks Rule 2: Free Items Only.`,
  );
  await reporter.page.goto(`/starter/${starterId}`);
  await expect(
    reporter.page.getByRole('heading', { name: 'This starter is no longer available' }),
  ).toBeVisible();

  // --- the owner is told by mail and on the listing, and appeals
  const removed = await waitForMail(owner.member.email, /was removed$/);
  expect(removed.text).toContain('it breaks Rule 2: Free Items Only');
  expect(removed.text).toContain('Appeal This Removal');
  expect(removed.text).toContain(`/starter/${starterId}`);
  const o = owner.page;
  await o.goto(`/starter/${starterId}`);
  const notice = o.getByRole('region', { name: 'A Moderator Removed This Listing' });
  await expect(notice).toContainText('Rule 2: Free Items Only');
  await expect(notice).toContainText('The moderator added: No prices, please.');
  await expectNoAxeViolationsInEveryState(o);
  await notice.scrollIntoViewIfNeeded();
  await shot(o, 'owner-page-360');
  await keepScreenshot(notice, 'mod-owner-notice-360');
  await atDesktopWidth(o, async () => {
    await expectAcrossWindow(notice);
    await expectAcrossWindow(notice.getByRole('button', { name: 'Appeal This Removal' }));
    await shot(o, 'owner-page-1280');
  });
  await notice.getByLabel('Your Appeal').fill('The five euros was the jar deposit; I took it out.');
  await notice.getByRole('button', { name: 'Appeal This Removal' }).click();
  await expect(notice.getByText(/^Appeal sent/)).toBeVisible();
  await expect(notice.getByRole('button', { name: 'Appeal This Removal' })).toHaveCount(0);

  // --- the moderator finds the appeal in the queue and restores the listing
  await mod.getByRole('tab', { name: 'Appeals' }).click();
  const appeal = mod
    .getByRole('list', { name: 'Open Appeals' })
    .getByRole('listitem')
    .filter({ hasText: title });
  await expect(appeal).toContainText('The five euros was the jar deposit; I took it out.');
  await expect(appeal).toContainText('Rule 2: Free Items Only');
  await expectNoAxeViolationsInEveryState(mod);
  await keepScreenshot(appeal, 'mod-appeal-360');
  await atDesktopWidth(mod, async () => {
    await expectAcrossWindow(appeal);
    await keepScreenshot(appeal, 'mod-appeal-1280');
  });
  await appeal.getByRole('button', { name: 'Restore Starter' }).click();
  await expect(
    mod.getByText('The starter is listed again and its owner has been told.', { exact: true }),
  ).toBeVisible();
  await expect(appeal).toHaveCount(0);
  await mod.getByRole('tab', { name: 'Audit Log' }).click();
  await expect(mod.getByText(`restored the starter “${title}” on appeal`)).toBeVisible();

  // --- the owner hears back, and the listing is public again
  await waitForMail(owner.member.email, /is back$/);
  await reporter.page.goto(`/starter/${starterId}`);
  await expect(reporter.page.getByRole('heading', { name: title })).toBeVisible();

  await owner.context.close();
  await reporter.context.close();
  await moderator.context.close();
});
