import { expect as baseExpect, expectNoAxeViolationsInEveryState, test } from './fixtures';
import { reviewScene } from './review-scene';

// Several servers share two cores while these run: a page may take a while to answer.
const expect = baseExpect.configure({ timeout: 60_000 });

test('at 360 px: two trusted members near a held listing release it by keyboard', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const title = `Held kefir ${Date.now().toString(36)}`;
  const { scene, reviewers } = await reviewScene(browser, request, { title, reviewers: 2 });
  const done = ['Thank you. It waits for another reviewer.', 'Released.'];
  for (const [i, reviewer] of reviewers.entries()) {
    const page = reviewer.page;
    await page.goto('/review');
    const card = page.getByRole('listitem').filter({ hasText: title });
    await expect(card.getByText('Held listing')).toBeVisible();
    if (i === 0) await expectNoAxeViolationsInEveryState(page);
    const release = card.getByRole('button', { name: `Release: ${title}` });
    await release.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText(done[i]!).first()).toBeVisible();
    await expect(card).toHaveCount(0);
  }
  await scene.close();
});
