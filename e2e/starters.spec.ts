import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import exifr from 'exifr';
import { expect, expectNoAxeViolations, newMember, signUpAndIn, test } from './fixtures';

// The main path runs with the installed app's worker, as a returning member's does (decision 105).
test.use({ serviceWorkers: 'allow' });

const PHONE_PHOTO = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'fixtures',
  'phone-photo.jpg',
);

test('a member shares a phone photo starter, finds it, claims it and deletes it', async ({
  page,
}) => {
  const member = await signUpAndIn(page.request, newMember());
  const word = `zest${crypto.randomBytes(3).toString('hex')}`;
  const title = `Lively kefir grains ${word}`;

  // The photo really carries a GPS position before upload.
  expect((await exifr.gps(PHONE_PHOTO))?.latitude).toBeGreaterThan(45);

  await page.goto('/post');
  await expect(page.getByRole('heading', { name: 'Share a Starter' })).toBeVisible();
  await expect(page.getByLabel('Starter Type')).toBeDisabled();
  await expectNoAxeViolations(page);

  // Spec §5 messages on an empty submit.
  await page.getByRole('button', { name: 'Post Starter' }).click();
  await expect(page.getByText('Title is required')).toBeVisible();
  await expect(page.getByText('Location is required')).toBeVisible();

  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Category').selectOption('dairy');
  await page.getByLabel('Starter Type').selectOption('kefir');
  const specific = page.getByLabel('Specific Type (if different from above)');
  await expect(specific).toHaveValue('Kefir grains');
  await page
    .getByLabel('Description', { exact: true })
    .fill(`Plump grains, fed whole milk every morning. Secret word: ${word}.`);
  await page.getByLabel('Location').fill('Portland, Oregon');

  // Too big is refused before any upload.
  await page.getByLabel('Photo').setInputFiles({
    name: 'huge.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
  });
  await expect(page.getByText('Photo must be 5MB or smaller')).toBeVisible();

  await page.getByLabel('Photo').setInputFiles(PHONE_PHOTO);
  await expect(page.getByRole('img', { name: 'Your starter, as it will be shown' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Post Starter' }).click();

  // Posted, the giver lands on the new listing (decision 142).
  // (The photo is resized and stripped on the server: slow on a loaded machine.)
  await expect(page).toHaveURL(/\/starter\/\d+$/, { timeout: 60_000 });
  await expect(
    page.getByText('Your starter has been posted successfully.', { exact: true }),
  ).toBeVisible();

  // Find it by category…
  await page.goto('/browse');
  await page.getByRole('button', { name: 'Dairy Ferments' }).click();
  await expect(page).toHaveURL(/category=dairy/);
  await expect(page.getByLabel('Starter Type')).toHaveValue('all');
  const card = page.getByRole('article').filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(card.getByText(member.firstName)).toBeVisible();
  await expect(card.getByText('Portland, Oregon')).toBeVisible();
  await expectNoAxeViolations(page);

  // …and by a word of its description.
  await page.getByRole('button', { name: 'All Categories' }).click();
  await page.getByLabel('Search').fill(word);
  await expect(page).toHaveURL(new RegExp(`search=${word}`));
  await expect(page.getByText('1 result(s)')).toBeVisible();
  await expect(card).toBeVisible();

  // The photo shown has lost its GPS position and every other EXIF field.
  const img = card.getByRole('img', { name: title });
  await expect(img).toBeVisible();
  await expect
    .poll(() => img.evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth))
    .toBeGreaterThan(0);
  const photo = await page.request.get((await img.getAttribute('src'))!);
  expect(photo.headers()['content-type']).toBe('image/webp');
  expect(photo.headers()['content-security-policy']).toBe('sandbox');
  const bytes = await photo.body();
  expect(await exifr.parse(bytes, true).catch(() => undefined)).toBeUndefined();

  // Back and forward keep the filters.
  await page.goBack();
  await expect(page.getByLabel('Search')).toHaveValue('');
  await page.goForward();
  await expect(page.getByLabel('Search')).toHaveValue(word);

  // Open its page.
  await card.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/starter\/\d+$/);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(title));
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', title);
  await expect(page.getByRole('heading', { name: 'Shared by' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Message Owner' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Mark it claimed.
  await page.getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Mark as Claimed' }).click();
  await expect(page.getByText('Starter updated successfully.', { exact: true })).toBeVisible();
  await expect(page.getByText('This starter has been claimed')).toBeVisible();
  await expect(page.getByText('✅ Claimed')).toBeVisible();

  // It is listed on the profile's My Starters tab, claimed.
  const detailUrl = page.url();
  await page.goto('/profile');
  const mine = page.getByRole('article').filter({ hasText: title });
  await expect(mine.getByText('✅ Claimed')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add New Starter' })).toBeVisible();
  await page.goto(detailUrl);

  // Delete it.
  await page.getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(page.getByText('Are you sure you want to delete this starter?')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/browse$/);
  await expect(page.getByText('Starter deleted successfully.', { exact: true })).toBeVisible();
  expect((await page.request.get(photo.url())).status()).toBe(404);

  await page.goto('/profile');
  await expect(page.getByText('No starters posted yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Post Your First Starter' })).toHaveAttribute(
    'href',
    '/post',
  );
  await expectNoAxeViolations(page);
});

test('visitors browse and see the signed-out states', async ({ page, browser }) => {
  const owner = await browser.newContext();
  const ownerPage = await owner.newPage();
  await signUpAndIn(ownerPage.request, newMember());
  const word = `brine${crypto.randomBytes(3).toString('hex')}`;
  const created = await ownerPage.request.post('/api/starters', {
    multipart: {
      title: `Sourdough ${word}`,
      description: 'A rye sourdough starter that doubles in four hours.',
      category: 'grain',
      subcategory: 'sourdough',
      starterType: 'Sourdough starter',
      location: 'Seattle, WA',
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  await owner.close();

  await page.goto(`/browse?search=${word}`);
  const card = page.getByRole('article').filter({ hasText: word });
  // A link to sign in that comes back to the starter with its message dialog open.
  await expect(card.getByRole('link', { name: /^Sign In to Message/ })).toHaveAttribute(
    'href',
    `/login?next=${encodeURIComponent(`/starter/${id}?dialog=message`)}`,
  );
  await expect(card.getByRole('button', { name: /Actions for/ })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The owner's record arrives after the page: held until the button has been measured, it
  // must not push the button from under a finger when it lands.
  let releaseSummary = () => {};
  const summaryHeld = new Promise<void>((resolve) => (releaseSummary = resolve));
  await page.route('**/api/users/*/summary', async (route) => {
    await summaryHeld;
    await route.continue();
  });
  await page.goto(`/starter/${id}`);
  await expect(page.getByRole('heading', { name: `Sourdough ${word}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Report Post' })).toHaveCount(0);
  const ask = page.getByRole('button', { name: 'Sign In to Message' });
  const askAt = await ask.boundingBox();
  releaseSummary();
  await expect(page.getByRole('group', { name: 'Reliability' })).toBeVisible();
  expect(await ask.boundingBox()).toEqual(askAt);
  await page.unroute('**/api/users/*/summary');
  await ask.click();
  await expect(page.getByRole('dialog').getByText('Sign In Required')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/browse?search=nothing-matches-this-at-all');
  await expect(page.getByText('No starters found')).toBeVisible();
  await expect(page.getByText('Try adjusting your filters or search terms')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto('/starter/abc');
  await expect(page.getByRole('heading', { name: 'Invalid starter ID' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Browse' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto('/starter/99999999');
  await expect(
    page.getByRole('heading', { name: 'This starter is no longer available' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Browse' })).toHaveAttribute(
    'href',
    '/browse',
  );

  await page.goto('/post');
  await expect(page.getByText('You need to sign in to post a starter.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse Starters' })).toBeVisible();
});
