import { PHONE, appReady, expect, expectNoAxeViolations, test } from './fixtures';
import { seedScene } from './scene';

test('a member saves a listing, finds it under Saved, hides it from browse and brings it back from the profile', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const title = `Saveable kombucha ${Date.now()}`;
  const scene = await seedScene(
    browser,
    request,
    {
      members: [
        { key: 'giver', firstName: 'Gia' },
        { key: 'member', firstName: 'Sami' },
      ],
      listings: [{ key: 'kombucha', owner: 'giver', fields: { title } }],
    },
    { viewport: PHONE },
  );
  const member = scene.members.member.context;
  try {
    const starterId = scene.listings.kombucha!;
    const inBrowse = async () => {
      const res = await member.request.get(`/api/starters?search=${encodeURIComponent(title)}`);
      return ((await res.json()) as { starters: { id: number }[] }).starters.map((s) => s.id);
    };

    // Save from the starter page.
    const page = scene.members.member.page;
    await page.goto(`/starter/${starterId}`);
    await appReady(page);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Saved — remove' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expectNoAxeViolations(page);

    // It is under Saved on the profile.
    await page.goto('/profile');
    await appReady(page);
    const saved = page.getByRole('list', { name: 'Saved' });
    await expect(saved.getByRole('link', { name: title })).toBeVisible();
    await expectNoAxeViolations(page);

    // Hide it: a toast offers to undo, and it is gone from this member's browse.
    await page.goto(`/starter/${starterId}`);
    await appReady(page);
    expect(await inBrowse()).toContain(starterId);
    await page.getByRole('button', { name: 'Hide', exact: true }).click();
    // The toast itself, not its copy read out by the live region.
    const toasts = page.getByRole('region', { name: 'Notifications (F8)' });
    await expect(toasts.getByText(`${title} is hidden.`)).toBeVisible();
    await expect(page).toHaveURL(/\/browse/);
    expect(await inBrowse()).not.toContain(starterId);
    await expect(page.getByRole('link', { name: title })).toHaveCount(0);

    // Undo from the profile, by keyboard.
    await page.goto('/profile');
    await appReady(page);
    const hidden = page.getByRole('list', { name: 'Hidden' });
    await expect(hidden.getByRole('link', { name: title })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Saved' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await hidden.getByRole('button', { name: `Show ${title} again` }).focus();
    await page.keyboard.press('Enter');
    await expect(hidden).toHaveCount(0);
    expect(await inBrowse()).toContain(starterId);
  } finally {
    await scene.close();
  }
});
