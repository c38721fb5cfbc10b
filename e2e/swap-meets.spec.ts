import { appReady, expect, expectNoAxeViolations, serverNow, test } from './fixtures';
import { codesIn } from './jar-codes';
import { seedScene } from './scene';

const PORTLAND = 'Portland, Oregon, United States';
const PHONE = { width: 360, height: 740 };

/**
 * "2026-12-05T10:00" a number of hours after `now` (the server's clock, which earlier specs may
 * have moved ahead), as a date-time box takes it (local time).
 */
function localIn(now: Date, hours: number): string {
  const d = new Date(now.getTime() + hours * 60 * 60 * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

test('a swap meet at 360 px: planned, found near its place, brought to; a jar scanned offline is sent once back online', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const listing = `Meet kefir ${Date.now()}`;
  const scene = await seedScene(
    browser,
    request,
    {
      members: [
        { key: 'giver', firstName: 'Greta' },
        { key: 'taker', firstName: 'Milo' },
      ],
      listings: [{ key: 'kefir', owner: 'giver', fields: { title: listing } }],
    },
    { viewport: PHONE },
  );
  const giver = scene.members.giver.context;
  const taker = scene.members.taker.context;
  try {
    const starterId = scene.listings.kefir!;

    // Plan it.
    const page = scene.members.giver.page;
    await page.goto('/meets/new');
    await appReady(page);
    const title = `Market swap ${Date.now()}`;
    await page.getByLabel('Title').fill(title);
    const place = page.getByRole('combobox', { name: 'Place' });
    await place.fill('Portland, Or');
    await page.getByRole('option', { name: PORTLAND }).click();
    await expect(place).toHaveValue(PORTLAND);
    const now = await serverNow(giver.request);
    await page.getByLabel('Starts').fill(localIn(now, 24));
    await page.getByLabel('Ends').fill(localIn(now, 27));
    await page.getByLabel(/What to know/).fill('By the fountain.');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Plan the meet' }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

    // Found near its place.
    await page.goto(`/meets?near=${encodeURIComponent(PORTLAND)}`);
    await appReady(page);
    await page.getByRole('link', { name: title }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

    // Bring a portion, by keyboard.
    await page.getByLabel('Listing').selectOption({ label: listing });
    await page.getByLabel('Portions').fill('1');
    await page.getByRole('button', { name: "Save what I'll bring" }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('link', { name: listing })).toBeVisible();
    await expectNoAxeViolations(page);

    // At the meet, without a connection: the scan waits on the phone, then goes.
    const pdf = await giver.request.get(`/api/starters/${starterId}/labels.pdf?count=1`);
    const [code] = codesIn(await pdf.body());
    const scan = scene.members.taker.page;
    await scan.goto(`/j/${code}`);
    await appReady(scan);
    // The page has all it draws (the care card's code too) before the connection goes.
    await expect(scan.getByRole('region', { name: /kefir/i })).toBeVisible();
    await taker.setOffline(true);
    await scan.getByRole('button', { name: 'I received this jar' }).click();
    await expect(
      scan.getByText('Saved on this phone: it will be sent when you are back online.'),
    ).toBeVisible();
    await expectNoAxeViolations(scan);
    await taker.setOffline(false);
    await expect(
      scan.getByText('Recorded: welcome to the family. Greta has been told.'),
    ).toBeVisible();
  } finally {
    await scene.close();
  }
});
