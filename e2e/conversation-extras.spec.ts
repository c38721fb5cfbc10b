import sharp from 'sharp';
import { seedScene } from './scene';
import {
  advanceServerClock,
  E2E_MODERATOR_EMAIL,
  expect,
  expectNoAxeViolations,
  test,
} from './fixtures';

const PHONE = { width: 360, height: 780 };
const WIDE = { width: 1280, height: 900 };

/** A photo as a phone takes it: a JPEG with camera details in it. */
async function jarPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: '#d9c7a0' } })
    .jpeg({ quality: 80 })
    .withExif({ IFD0: { Make: 'Google', Model: 'Pixel 8' } })
    .toBuffer();
}

test('a photo in a thread opens full size; a message is reported and the moderator reads it; a nudge once a day', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const title = `Kefir grains ${Date.now().toString(36)}`;
  const scene = await seedScene(browser, request, {
    members: [
      { key: 'owner', firstName: 'Olive' },
      { key: 'asker', firstName: 'Ash' },
      { key: 'stranger' },
      { key: 'moderator', email: E2E_MODERATOR_EMAIL },
    ],
    listings: [{ key: 'kefir', owner: 'owner', fields: { title } }],
    steps: [
      { do: 'ask', from: 'asker', listing: 'kefir', text: 'Hello! Are the grains still there?' },
    ],
  });
  const { owner, asker, stranger, moderator } = scene.members;
  const starterId = scene.listings.kefir!;
  await asker.page.setViewportSize(PHONE);
  await owner.page.setViewportSize(WIDE);
  await moderator.page.setViewportSize(WIDE);

  // --- the owner answers with a photo, by keyboard, at 1280 px
  const o = owner.page;
  await o.goto(`/messages?starter=${starterId}&with=${asker.id}`);
  const log = o.getByRole('log', { name: 'Messages' });
  await expect(log.getByText('Hello! Are the grains still there?')).toBeVisible();
  await o.getByTestId('message-photo-input').setInputFiles({
    name: 'jar.jpg',
    mimeType: 'image/jpeg',
    buffer: await jarPhoto(),
  });
  await expect(o.getByRole('list', { name: 'Photos to send' }).getByRole('img')).toHaveCount(1);
  await o.getByLabel('Message', { exact: true }).fill('Here they are, bubbling away in the jar.');
  await o.keyboard.press('Enter');
  const thumb = o.getByRole('button', { name: 'Open photo 1 of 1 full size' });
  await expect(thumb).toBeVisible();
  await expectNoAxeViolations(o);
  await thumb.focus();
  await o.keyboard.press('Enter');
  const viewer = o.getByRole('dialog', { name: 'Photo 1 of 1' });
  const full = viewer.getByRole('img');
  await expect(full).toHaveAttribute('src', /\/api\/messages\/photos\/[0-9a-f-]{36}\/full\.webp$/);
  await expect
    .poll(() => full.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
    .toBe(800);
  await expectNoAxeViolations(o);
  await o.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(thumb).toBeFocused();

  // Nobody outside the conversation can open it.
  const photoUrl = (await thumb.locator('img').getAttribute('src'))!;
  expect((await stranger.context.request.get(photoUrl)).status()).toBe(404);

  // --- the asker, on a 360 px phone, opens the photo and reports the message
  const a = asker.page;
  await a.goto(`/messages?starter=${starterId}&with=${owner.id}`);
  const phoneThumb = a.getByRole('button', { name: 'Open photo 1 of 1 full size' });
  await phoneThumb.click();
  await expect(a.getByRole('dialog', { name: 'Photo 1 of 1' }).getByRole('img')).toBeVisible();
  await expectNoAxeViolations(a);
  await a.keyboard.press('Escape');

  await a.getByRole('button', { name: /^Report message from Olive/ }).click();
  const report = a.getByRole('dialog', { name: 'Report Message' });
  await expect(report).toContainText('Here they are, bubbling away in the jar.');
  await report.getByText('Spam or Advertising').click();
  await report.getByRole('textbox').fill('Asks for money for a gift');
  await expectNoAxeViolations(a);
  await report.getByRole('button', { name: 'Submit Report' }).click();
  await expect(a.getByText('Report submitted', { exact: true })).toBeVisible();

  // --- the asker answers; a day without a reply later they may nudge, once that day
  await a.getByLabel('Message', { exact: true }).fill('No thank you, only gifts here.');
  await a.getByRole('button', { name: 'Send message' }).click();
  await expect(
    a.getByRole('log', { name: 'Messages' }).getByText('No thank you, only gifts here.'),
  ).toBeVisible();
  const nudge = a.getByRole('button', { name: 'Nudge' });
  await expect(nudge).toBeHidden();
  await advanceServerClock(a.request, 25 * 60 * 60);
  await a.reload();
  await expect(nudge).toBeVisible();
  await expectNoAxeViolations(a);
  await nudge.click();
  await expect(a.getByText('Nudge sent', { exact: true })).toBeVisible();
  await expect(nudge).toBeHidden();

  // --- the moderator reads the message in its conversation, with its photo
  const m = moderator.page;
  await m.goto('/moderation');
  const card = m
    .getByRole('list', { name: 'Pending Reports' })
    .getByRole('listitem')
    .filter({ hasText: 'Here they are, bubbling away in the jar.' });
  await expect(card).toContainText('Reported message from');
  await expect(card).toContainText('Asks for money for a gift');
  await expect(card.getByRole('list', { name: 'Messages before it' })).toContainText(
    'Are the grains still there?',
  );
  await expect(card.getByRole('list', { name: 'Messages after it' })).toContainText(
    'only gifts here',
  );
  const modPhoto = card.getByRole('link', { name: /Open photo 1 of 1 from .* full size/ });
  await expect(modPhoto).toBeVisible();
  expect(
    (await moderator.context.request.get((await modPhoto.getAttribute('href'))!)).status(),
  ).toBe(200);
  await expectNoAxeViolations(m);
  await m.setViewportSize(PHONE);
  await expect(card).toBeVisible();
  await expectNoAxeViolations(m);
  // Reviewed, so the dashboard is left as it was found for the specs after this one.
  await card.getByRole('button', { name: 'Mark as Reviewed' }).click();
  await expect(m.getByText('Report has been updated.', { exact: true })).toBeVisible();
  await expect(card).toHaveCount(0);

  await scene.close();
});
