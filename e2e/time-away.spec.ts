import {
  PHONE,
  appReady,
  expect,
  expectNoAxeViolations,
  newMember,
  shareStarter,
  signUpAndIn,
  test,
} from './fixtures';

test('a member sets time away on their profile; another member sees "Away until …" on their listing', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const giver = await browser.newContext({ viewport: PHONE });
  const member = await browser.newContext({ viewport: PHONE });
  try {
    await signUpAndIn(giver.request, newMember({ firstName: 'Ada' }));
    const title = `Holiday sourdough ${Date.now()}`;
    const starterId = await shareStarter(giver.request, title);

    // The giver sets the day they are back, from the profile's Notifications tab.
    const page = await giver.newPage();
    await page.goto('/profile');
    await appReady(page);
    await page.getByRole('tab', { name: 'Notifications' }).click();
    const back = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('Back on').fill(back);
    await page.getByRole('button', { name: 'Set away' }).click();
    await expect(page.getByText(/^You're away until /)).toBeVisible();
    await expect(page.getByRole('button', { name: "I'm back" })).toBeVisible();
    await expectNoAxeViolations(page);

    // Another member sees it on the listing.
    await signUpAndIn(member.request, newMember({ firstName: 'Ben' }));
    const other = await member.newPage();
    await other.goto(`/starter/${starterId}`);
    await appReady(other);
    await expect(other.getByText(/^Away until /)).toBeVisible();
    await expectNoAxeViolations(other);
  } finally {
    await member.close();
    await giver.close();
  }
});
