import type { APIRequestContext } from '@playwright/test';
import {
  appReady,
  expect,
  expectNoAxeViolations,
  newMember,
  PHONE,
  signUpAndIn,
  test,
} from './fixtures';
import { codesIn } from './jar-codes';

/** The recipient records receiving a jar of the giver's starter, by one of its labels. */
async function receivedHere(giver: APIRequestContext, recipient: APIRequestContext, id: number) {
  const pdf = await giver.get(`/api/starters/${id}/labels.pdf?count=1`);
  expect(pdf.status()).toBe(200);
  const [code] = codesIn(await pdf.body());
  const res = await recipient.post(`/api/labels/${code}/receive`);
  expect(res.status(), await res.text()).toBe(200);
}

test('a received culture died: the reason, the family’s nearest holders, asking a keeper', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const giver = await browser.newContext({ viewport: PHONE });
  const keeper = await browser.newContext({ viewport: PHONE });
  const member = await browser.newContext({ viewport: PHONE });
  try {
    await signUpAndIn(giver.request, newMember({ firstName: 'Greta' }));
    const title = `Died kefir ${Date.now()}`;
    const shared = await giver.request.post('/api/starters', {
      multipart: {
        title,
        description: 'Lively grains, fed daily with whole milk and ready to share.',
        category: 'dairy',
        subcategory: 'kefir',
        starterType: 'Kefir grains',
        location: 'Portland, Oregon',
        portions: '3',
      },
    });
    expect(shared.status(), await shared.text()).toBe(201);
    const starterId = ((await shared.json()) as { id: number }).id;
    await signUpAndIn(keeper.request, newMember({ firstName: 'Kim' }));
    await signUpAndIn(member.request, newMember({ firstName: 'Rosa' }));
    const rosa = `rosa${Date.now().toString(36)}`;
    const placed = await member.request.patch('/api/users/profile', {
      data: { username: rosa, location: 'Portland, OR' },
    });
    expect(placed.status(), await placed.text()).toBe(200);
    for (const ctx of [keeper, member]) await receivedHere(giver.request, ctx.request, starterId);

    // The keeper says so on the family tree.
    const tree = await keeper.newPage();
    await tree.goto(`/starter/${starterId}/family`);
    await appReady(tree);
    const toggle = tree.getByRole('button', { name: 'I keep a fridge copy of this family' });
    await toggle.focus();
    await tree.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(tree.getByRole('region', { name: 'Backup keepers' })).toContainText('Kim');
    await expectNoAxeViolations(tree);

    // Rosa's culture died: from her hand-overs, by keyboard.
    const page = await member.newPage();
    await page.goto('/profile');
    await appReady(page);
    await page.getByRole('tab', { name: 'My Hand-overs' }).click();
    const received = page.getByRole('region', { name: 'Received' });
    await received.getByRole('button', { name: 'It died' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `${title} died` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('radio', { name: 'Mould' }).check();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Find a backup' }).focus();
    await page.keyboard.press('Enter');

    // The open listing first, then the keeper; never Rosa herself.
    const holders = dialog.getByRole('listitem');
    await expect(holders).toHaveCount(2);
    await expect(holders.nth(0)).toContainText('Greta');
    await expect(holders.nth(0)).toContainText('Open listing');
    await expect(holders.nth(0)).toContainText('Under 1 mi away'); // an en-US browser: miles
    await expect(holders.nth(1)).toContainText('Kim');
    await expect(holders.nth(1)).toContainText('Backup keeper');
    await expect(dialog).not.toContainText('Rosa');
    await expectNoAxeViolations(page);

    // Asking the keeper, once: the button says so.
    await dialog.getByRole('button', { name: 'Ask Kim' }).click();
    await expect(page.getByText('Kim has been asked.', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Ask Kim' })).toHaveText('Asked');
    await expect(dialog.getByRole('button', { name: 'Ask Kim' })).toBeDisabled();

    // Kim says no on the family tree with one tap, no reason asked; Rosa is told in the bell.
    await tree.reload();
    await appReady(tree);
    const keepers = tree.getByRole('region', { name: 'Backup keepers' });
    await expect(keepers).toContainText(`${rosa} asked you for a portion of your backup.`);
    await keepers.getByRole('button', { name: `Say no to ${rosa}` }).focus();
    await tree.keyboard.press('Enter');
    await expect(keepers.getByRole('status')).toHaveText(
      `You said no; ${rosa} has been told kindly.`,
    );
    await expect(tree.getByRole('dialog')).toHaveCount(0);
    await expectNoAxeViolations(tree);
    const bell = (await (await member.request.get('/api/notifications')).json()) as {
      notifications: Array<{ kind: string; title: string }>;
    };
    expect(bell.notifications.find((n) => n.kind === 'backup_declined')?.title).toMatch(
      /^Kim can’t spare a portion of .+ this time$/,
    );

    // Asking the giver opens the conversation about her listing.
    await dialog.getByRole('button', { name: 'Ask Greta' }).click();
    await expect(page).toHaveURL(new RegExp(`/messages\\?starter=${starterId}&with=`));
  } finally {
    for (const c of [giver, keeper, member]) await c.close();
  }
});
