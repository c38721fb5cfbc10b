import type { Locator } from '@playwright/test';
import { appReady, expect, test } from './fixtures';
import { seedScene } from './scene';

/*
 * A toast never covers the conversation's composer: an error after pressing Send leaves the
 * message box and Send in reach, on a wide screen and on a phone.
 */

async function box(target: Locator) {
  await expect(target).toBeVisible({ timeout: 30_000 });
  return (await target.boundingBox())!;
}

const overlap = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 360, height: 780 },
]) {
  test(`an error toast leaves the composer and Send uncovered at ${viewport.width} px`, async ({
    page,
    browser,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const scene = await seedScene(
      browser,
      request,
      {
        members: [{ key: 'owner' }, { key: 'me' }],
        listings: [
          { key: 'kefir', owner: 'owner', fields: { title: 'Kefir grains for the toast test' } },
        ],
        steps: [
          { do: 'ask', from: 'me', listing: 'kefir', text: 'Hello! Are the grains still there?' },
        ],
      },
      {},
      { me: page },
    );
    const owner = scene.members.owner.context;
    const ownerId = scene.members.owner.id;
    const starterId = scene.listings.kefir!;
    await page.goto(`/messages?starter=${starterId}&with=${ownerId}`);
    await appReady(page);
    await expect(page.getByText('Hello! Are the grains still there?').last()).toBeVisible();
    // The owner takes the listing down meanwhile: the next message is refused with a toast.
    expect((await owner.request.delete(`/api/starters/${starterId}`)).ok()).toBe(true);
    await scene.close();
    const composer = page.getByPlaceholder('Type your message...');
    await composer.click();
    await composer.pressSequentially('Could I come on Saturday?');
    const send = page.getByRole('button', { name: 'Send message' });
    await send.click();
    const toast = page.getByRole('region', { name: /^Notifications/ }).getByRole('listitem');
    const toastBox = await box(toast);
    expect(overlap(toastBox, await box(send))).toBe(false);
    expect(overlap(toastBox, await box(composer))).toBe(false);
  });
}
