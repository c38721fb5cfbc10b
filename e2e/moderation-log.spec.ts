import { expect, expectNoAxeViolations, PHONE, test } from './fixtures';

test('the public moderation log opens from the footer on a phone, by keyboard', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto('/');
  const link = page.getByRole('contentinfo').getByRole('link', { name: 'Moderation Log' });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/moderation\/log$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Moderation Log');
  await expect(page).toHaveTitle(/Moderation Log/);
  // The list, or the note that nothing was done yet, depending on what ran before.
  await expect(
    page
      .getByRole('list', { name: 'Moderation actions, newest first' })
      .or(page.getByText('Nothing has been done yet.')),
  ).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
  await expectNoAxeViolations(page);
});
