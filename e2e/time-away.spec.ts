import { PHONE, appReady, expect, expectNoAxeViolations, test } from './fixtures';
import { seedScene } from './scene';

test('a member sets time away on their profile; another member sees "Away until …" on their listing', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const title = `Holiday sourdough ${Date.now()}`;
  const scene = await seedScene(
    browser,
    request,
    {
      members: [
        { key: 'giver', firstName: 'Ada' },
        { key: 'member', firstName: 'Ben' },
      ],
      listings: [{ key: 'rye', owner: 'giver', fields: { title } }],
    },
    { viewport: PHONE },
  );
  try {
    const starterId = scene.listings.rye!;

    // The giver sets the day they are back, from the profile's Notifications tab.
    const page = scene.members.giver.page;
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
    const other = scene.members.member.page;
    await other.goto(`/starter/${starterId}`);
    await appReady(other);
    await expect(other.getByText(/^Away until /)).toBeVisible();
    await expectNoAxeViolations(other);
  } finally {
    await scene.close();
  }
});
