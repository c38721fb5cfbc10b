import type { APIRequestContext, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import {
  atDesktopWidth,
  expect,
  expectAcrossWindow,
  expectNoAxeViolations,
  keepScreenshot,
  PHONE,
  test,
} from './fixtures';
import { seedScene } from './scene';

/** A photo of one colour, as a phone might send it. */
async function colourPhoto(name: string, background: { r: number; g: number; b: number }) {
  const buffer = await sharp({ create: { width: 800, height: 600, channels: 3, background } })
    .jpeg()
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

// Each journey runs at 360 px; the 1280 px layout is measured in the same page (decision 155).

interface StarterJson {
  id: number;
  title: string;
  imagePath: string | null;
  photos: { id: string; imagePath: string }[];
}

async function starterJson(request: APIRequestContext, id: number): Promise<StarterJson> {
  return (await (await request.get(`/api/starters/${id}`)).json()) as StarterJson;
}

async function openOwnerMenu(page: Page, title: string) {
  await page.getByRole('button', { name: `Actions for ${title}` }).click();
}

/** The photo tiles fit the window, and their move buttons are big enough to tap. */
async function expectTiles(page: Page, tiles: Locator) {
  await expectAcrossWindow(tiles);
  const box = await page.getByRole('button', { name: 'Move photo 1 later' }).boundingBox();
  expect(box!.width).toBeGreaterThanOrEqual(44);
  expect(box!.height).toBeGreaterThanOrEqual(44);
}

/** Previous and Next sit on the photo's left and right edges, apart; the strip is 4:3. */
async function expectGallery(gallery: Locator) {
  await expectAcrossWindow(gallery);
  const photoBox = (await gallery.getByRole('img').first().boundingBox())!;
  const prevBox = (await gallery.getByRole('button', { name: 'Previous photo' }).boundingBox())!;
  const nextBox = (await gallery.getByRole('button', { name: 'Next photo' }).boundingBox())!;
  expect(prevBox.x - photoBox.x).toBeLessThan(24);
  expect(photoBox.x + photoBox.width - (nextBox.x + nextBox.width)).toBeLessThan(24);
  expect(prevBox.y).toBeGreaterThan(photoBox.y);
  expect(prevBox.y + prevBox.height).toBeLessThan(photoBox.y + photoBox.height);
  const strip = gallery.getByRole('group', { name: /swipe or use the arrow keys/ });
  const stripBox = (await strip.boundingBox())!;
  expect(Math.round((stripBox.width / stripBox.height) * 3)).toBe(4);
}

test("a member edits a listing's photos, and posts a claimed one again", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const title = `Kefir with photos, ${Date.now().toString(36)}`;
  const scene = await seedScene(
    browser,
    request,
    {
      members: [{ key: 'edda', firstName: 'Edda' }],
      listings: [{ key: 'kefir', owner: 'edda', fields: { title }, photos: 1 }],
    },
    { viewport: PHONE },
  );
  const { page, context } = scene.members.edda;
  try {
    const id = scene.listings.kefir!;
    const [green] = (await starterJson(context.request, id)).photos;

    // From the listing's owner menu to the edit page.
    await page.goto(`/starter/${id}`);
    await openOwnerMenu(page, title);
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await expect(page).toHaveURL(`/starter/${id}/edit`);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Starter' })).toBeVisible();
    await expect(page.getByLabel('Title')).toHaveValue(title);

    // Two more photos; the last one is moved to the front by keyboard.
    await page
      .getByLabel('Photo', { exact: true })
      .setInputFiles([
        await colourPhoto('red.jpg', { r: 200, g: 40, b: 40 }),
        await colourPhoto('blue.jpg', { r: 40, g: 60, b: 200 }),
      ]);
    const tiles = page.getByRole('list', { name: 'Your photos, the cover first' });
    await expect(tiles.getByRole('listitem')).toHaveCount(3);
    await page.getByRole('button', { name: 'Move photo 3 earlier' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Move photo 2 earlier' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Move photo 1 later' })).toBeFocused();
    await expectTiles(page, tiles);
    await page.getByLabel('Title').fill(`${title} (edited)`);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'edit-form-360', { fullPage: true });
    await atDesktopWidth(page, async () => {
      await expectTiles(page, tiles);
      await keepScreenshot(page, 'edit-form-1280', { fullPage: true });
    });
    await page.getByRole('button', { name: 'Save Changes' }).click();

    // Back on the listing: three photos, the blue one the cover.
    await expect(page).toHaveURL(`/starter/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${title} (edited)`);
    const edited = await starterJson(context.request, id);
    expect(edited.photos).toHaveLength(3);
    // green, red, blue with blue moved to the front: blue, green, red.
    expect(edited.photos[1]!.id).toBe(green!.id);
    expect(edited.imagePath).toBe(edited.photos[0]!.imagePath);
    const gallery = page.getByRole('region', { name: `Photos of ${title} (edited)` });
    await expect(gallery.getByRole('img')).toHaveCount(3);
    await expect(gallery.getByRole('img').first()).toHaveAttribute(
      'src',
      edited.photos[0]!.imagePath,
    );
    const cover = await page.request.get(edited.photos[0]!.imagePath);
    const { data } = await sharp(await cover.body())
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[2]).toBeGreaterThan(150); // blue

    // Previous and Next sit on the photo's left and right edges, at both widths.
    await expectGallery(gallery);
    await atDesktopWidth(page, async () => {
      await expectGallery(gallery);
      await keepScreenshot(page, 'edit-detail-1280');
    });

    // Next moves one photo on; a swipe (the strip scrolled by a finger) does too.
    await expect(gallery.getByRole('button', { name: 'Show photo 1 of 3' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await gallery.getByRole('button', { name: 'Next photo' }).click();
    await expect(gallery.getByRole('button', { name: 'Show photo 2 of 3' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    const strip = gallery.getByRole('group', { name: /swipe or use the arrow keys/ });
    // The Next button's smooth scroll settles before the finger takes over.
    await expect
      .poll(() => strip.evaluate((el) => Math.abs(el.scrollLeft - el.clientWidth)))
      .toBeLessThan(2);
    await strip.evaluate((el) => el.scrollBy({ left: el.clientWidth, behavior: 'instant' }));
    await expect(gallery.getByRole('button', { name: 'Show photo 3 of 3' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await expect(gallery.getByRole('button', { name: 'Next photo' })).toBeDisabled();
    await strip.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(gallery.getByRole('button', { name: 'Show photo 2 of 3' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'edit-detail-360');

    // Claimed, it can be posted again, filled in, photos included; that lands on the new one.
    await openOwnerMenu(page, `${title} (edited)`);
    await page.getByRole('menuitem', { name: 'Mark as Claimed' }).click();
    await expect(page.getByText('This starter has been claimed')).toBeVisible();
    await openOwnerMenu(page, `${title} (edited)`);
    await page.getByRole('menuitem', { name: 'Post Again' }).click();
    await expect(page).toHaveURL(`/post?again=${id}`);
    await expect(page.getByLabel('Title')).toHaveValue(`${title} (edited)`);
    await expect(page.getByLabel('Category')).toHaveValue('dairy');
    await expect(page.getByLabel('Location')).toHaveValue('Portland, Oregon');
    await expect(tiles.getByRole('listitem')).toHaveCount(3);
    await page.getByLabel('Title').fill(`${title} again`);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'edit-repost-360', { fullPage: true });
    await atDesktopWidth(page, async () => {
      await expectAcrossWindow(tiles);
      await keepScreenshot(page, 'edit-repost-1280', { fullPage: true });
    });
    await page.getByRole('button', { name: 'Post Starter' }).click();
    await expect(page).toHaveURL(/\/starter\/\d+$/);
    const againId = Number(page.url().split('/').pop());
    expect(againId).not.toBe(id);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${title} again`);
    expect((await starterJson(context.request, againId)).photos).toHaveLength(3);
  } finally {
    await scene.close();
  }
});

test('paying it forward is short and lands on the new listing', async ({ browser, request }) => {
  test.setTimeout(180_000);
  // Greta gave Milo a portion of her rye sourdough, and he has received it.
  const scene = await seedScene(
    browser,
    request,
    {
      members: [
        { key: 'giver', firstName: 'Greta' },
        { key: 'member', firstName: 'Milo' },
      ],
      listings: [
        {
          key: 'rye',
          owner: 'giver',
          fields: {
            title: `Rye sourdough, fed daily, ${Date.now().toString(36)}`,
            description: 'A lively rye sourdough, fed every morning.',
            category: 'grain',
            subcategory: 'sourdough',
            starterType: 'Rye sourdough',
            location: 'Leeds, UK',
            originStory: 'From a bakery in Tartu.',
          },
        },
      ],
      steps: [
        { do: 'ask', from: 'member', listing: 'rye', text: 'May I have some?' },
        { do: 'reserve', listing: 'rye', for: 'member' },
        { do: 'give', listing: 'rye', to: 'member' },
        { do: 'confirm', listing: 'rye', by: 'member' },
      ],
    },
    { viewport: PHONE },
  );
  const { member } = scene.members;
  try {
    const parentId = scene.listings.rye!;
    const handoverId = scene.made[2]!;
    // Milo's profile says where he lives.
    const profile = await member.context.request.patch('/api/users/profile', {
      data: { username: `milo_${Date.now().toString(36)}`, location: 'York, UK', contactInfo: '' },
    });
    expect(profile.ok(), await profile.text()).toBe(true);

    const page = member.page;
    await page.goto(`/post?from=${handoverId}`);
    await expect(page.getByText(/Passing on/)).toBeVisible();
    // Filled in: the culture's type as title (not the giver's words), the profile's place.
    await expect(page.getByLabel('Title')).toHaveValue('Rye sourdough');
    await expect(page.getByLabel('Location')).toHaveValue('York, UK');
    await expect(page.getByLabel(/Origin story/)).toHaveCount(0);
    // The photo comes first, and the form is short: under 1400 px tall on a phone, under
    // 1000 px at 1280 px.
    const expectShortForm = async (tallest: number) => {
      const photoTop = (await page.getByLabel('Photo', { exact: true }).boundingBox())!.y;
      const titleTop = (await page.getByLabel('Title').boundingBox())!.y;
      expect(photoTop).toBeLessThan(titleTop);
      const formHeight = (await page.locator('form').boundingBox())!.height;
      expect(formHeight).toBeLessThan(tallest);
    };
    await expectShortForm(1400);
    await atDesktopWidth(page, () => expectShortForm(1000));
    await page
      .getByLabel('Photo', { exact: true })
      .setInputFiles([await colourPhoto('jar.jpg', { r: 220, g: 190, b: 120 })]);
    await page.getByLabel('Description').fill('Grown from Greta’s starter, now twice a day.');
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'edit-pay-it-forward-360', { fullPage: true });
    await page.getByRole('button', { name: 'Post Starter' }).click();

    await expect(page).toHaveURL(/\/starter\/\d+$/);
    const childId = Number(page.url().split('/').pop());
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rye sourdough');
    const child = (await (await page.request.get(`/api/starters/${childId}`)).json()) as {
      parentId: number;
      location: string;
      imagePath: string | null;
    };
    expect(child).toMatchObject({ parentId, location: 'York, UK' });
    expect(child.imagePath).toBeTruthy();
    await expectNoAxeViolations(page);
    await keepScreenshot(page, 'edit-pay-it-forward-posted-360');
  } finally {
    await scene.close();
  }
});
