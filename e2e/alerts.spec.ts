import crypto from 'node:crypto';
import {
  expect,
  expectNoAxeViolations,
  newMember,
  shareStarter,
  signUpAndIn,
  test,
  waitForMail,
} from './fixtures';

/*
 * Alerts: a member asks to be told about kefir within 25 km of Leeds, immediately; a listing in
 * Leeds reaches their bell and their inbox, the mail leads to the listing and its link stops
 * that alert; a listing in London reaches neither.
 */

/** Zones without summer time, by their offset from UTC in hours. */
const ZONES: Record<number, string> = {
  [-11]: 'Pacific/Pago_Pago',
  [-10]: 'Pacific/Honolulu',
  [-9]: 'Pacific/Gambier',
  [-8]: 'Pacific/Pitcairn',
  [-7]: 'America/Phoenix',
  [-6]: 'America/Regina',
  [-5]: 'America/Bogota',
  [-4]: 'America/La_Paz',
  [-3]: 'America/Argentina/Buenos_Aires',
  [-2]: 'America/Noronha',
  [-1]: 'Atlantic/Cape_Verde',
  0: 'Africa/Abidjan',
  1: 'Africa/Lagos',
  2: 'Africa/Johannesburg',
  3: 'Europe/Moscow',
  4: 'Asia/Dubai',
  5: 'Asia/Karachi',
  6: 'Asia/Dhaka',
  7: 'Asia/Bangkok',
  8: 'Asia/Shanghai',
  9: 'Asia/Tokyo',
  10: 'Australia/Brisbane',
  11: 'Pacific/Noumea',
  12: 'Pacific/Tarawa',
};

/**
 * A time zone where the server's clock now reads about noon: no ring goes out at night in the
 * member's time (22:00–07:00), and specs move the server clock, so the hour is not known ahead.
 */
async function noonZone(request: import('@playwright/test').APIRequestContext) {
  const res = await request.get('/api/test/clock');
  const now = new Date(((await res.json()) as { now: string }).now);
  let offset = (12 - now.getUTCHours() + 24) % 24;
  if (offset > 12) offset -= 24;
  return ZONES[offset] ?? 'Pacific/Pago_Pago';
}

// A phone in Britain enters the radius in km; a desktop in the US in miles (16 mi is 25.7 km).
for (const [label, viewport, locale, radiusLabel, radius] of [
  ['360', { width: 360, height: 780 }, 'en-GB', 'Within (km)', '25'],
  ['1280', { width: 1280, height: 900 }, 'en-US', 'Within (mi)', '16'],
] as const) {
  test(`alerts at ${label} px: a kefir listing in Leeds reaches the bell and the inbox`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const word = `alert${crypto.randomBytes(3).toString('hex')}`;
    const seeker = newMember({ firstName: 'Sasha' });
    const context = await browser.newContext({
      viewport,
      locale,
      timezoneId: await noonZone(request),
    });
    await signUpAndIn(context.request, seeker);
    const page = await context.newPage();

    await page.goto(`/browse?search=${word}&category=dairy&subcategory=kefir`);
    await page.getByRole('button', { name: 'Tell me when new ones appear' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tell Me When New Ones Appear' });
    await expect(dialog.getByLabel('Words')).toHaveValue(word);
    await dialog.getByLabel('Place').fill('Leeds, United Kingdom');
    await dialog.getByLabel(radiusLabel).fill(radius);
    await dialog.getByLabel('How often').selectOption('immediate');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Save Alert' }).click();
    await expect(dialog).toBeHidden();

    const giver = await browser.newContext();
    await signUpAndIn(giver.request, newMember({ firstName: 'Gil' }));
    await shareStarter(giver.request, `London kefir ${word}`, {
      location: 'London, United Kingdom',
    });
    const leeds = await shareStarter(giver.request, `Leeds kefir ${word}`, {
      location: 'Leeds, United Kingdom',
    });

    // The bell rings live with the match, and only the Leeds one.
    await expect(page.getByRole('link', { name: /^Notifications, \d+ unread$/ })).toBeVisible({
      timeout: 30_000,
    });
    await page.getByRole('link', { name: /^Notifications/ }).click();
    await expect(page.getByText(`New for your alert: Leeds kefir ${word}`)).toBeVisible();
    await expect(page.getByText(`London kefir ${word}`)).toHaveCount(0);
    await expectNoAxeViolations(page);

    const mail = await waitForMail(
      seeker.email,
      new RegExp(`^New on CultureShare: Leeds kefir ${word}`),
      30_000,
    );
    const listingLink = mail.text?.match(/https?:\/\/[^\s]+\/starter\/(\d+)/);
    expect(Number(listingLink?.[1])).toBe(leeds);
    await page.goto(new URL(listingLink![0]).pathname);
    await expect(page.getByRole('heading', { name: `Leeds kefir ${word}` })).toBeVisible();

    const stopLink = mail.text?.match(/https?:\/\/[^\s]+(\/alerts\/stop\/[^\s]+)/);
    expect(stopLink).toBeTruthy();
    await page.goto(stopLink![1]!);
    await expect(page.getByRole('heading', { name: 'Stop This Alert?' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Stop This Alert' }).click();
    await expect(page.getByRole('heading', { name: 'Alert Stopped' })).toBeVisible();
    const left = await context.request.get('/api/alerts');
    expect(((await left.json()) as { alerts: unknown[] }).alerts).toHaveLength(0);

    await giver.close();
    await context.close();
  });
}
