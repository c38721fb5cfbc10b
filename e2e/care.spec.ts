import crypto from 'node:crypto';
import {
  expect,
  expectNoAxeViolationsInEveryState,
  newMember,
  signUpAndIn,
  test,
} from './fixtures';

// A browser in Britain: the care card starts in grams and °C (a US one in ounces and °F).
test.use({ locale: 'en-GB' });

/** The day `days` ago as a date input takes it. */
function daysAgo(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() - days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

test('an active sourdough travels with its care card, the giver’s notes and its freshness', async ({
  page,
}) => {
  await signUpAndIn(page.request, newMember());
  const word = `rye${crypto.randomBytes(3).toString('hex')}`;
  const title = `Rye sourdough ${word}`;
  const notes = `I feed it dark rye at 8 am and 8 pm. ${word}`;

  await page.goto('/post');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Category').selectOption('grain');
  await page.getByLabel('Starter Type').selectOption('sourdough');
  await page
    .getByLabel('Description', { exact: true })
    .fill(`A lively rye starter that doubles in six hours. ${word}`);
  await page.getByLabel('Location').fill('Leeds, UK');
  await page.getByText('More Details (optional)').click();
  await expect(page.getByRole('radio', { name: 'Active (alive and feeding)' })).toBeChecked();
  await page.getByLabel('Last fed (optional)').fill(daysAgo(2));
  await page.getByLabel('Your care notes (optional)').fill(notes);
  await expectNoAxeViolationsInEveryState(page);
  await page.getByRole('button', { name: 'Post Starter' }).click();
  await expect(page).toHaveURL(/\/starter\/\d+$/);

  // The browse card says how fresh it is.
  await page.goto('/browse');
  await page.getByLabel('Search').fill(word);
  const card = page.getByRole('article').filter({ hasText: title });
  await expect(card.getByText('Fed 2 days ago')).toBeVisible();

  await card.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(page.getByText('Fed 2 days ago')).toBeVisible();

  const care = page.getByRole('region', { name: 'Sourdough starter' });
  await expect(care.getByText('From the giver:')).toBeVisible();
  await expect(care.getByText(notes)).toBeVisible();
  await expect(care.getByText('50 g').first()).toBeVisible();
  await expect(care.getByText('21–27 °C').first()).toBeVisible();
  await expectNoAxeViolationsInEveryState(page);

  // Imperial, remembered on the next visit.
  await care.getByRole('button', { name: 'Imperial' }).click();
  await expect(care.getByText('1.8 oz').first()).toBeVisible();
  await expect(care.getByText('70–81 °F').first()).toBeVisible();
  await expect(care.getByText('50 g')).toHaveCount(0);
  await expectNoAxeViolationsInEveryState(page);
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Sourdough starter' }).getByText('1.8 oz').first(),
  ).toBeVisible();

  // The owner says they fed it today.
  await page.getByRole('button', { name: 'Fed today' }).click();
  await expect(page.getByText('Fed today — thank you')).toBeVisible();
  await expect(page.getByText('Fed today', { exact: true }).first()).toBeVisible();
});
