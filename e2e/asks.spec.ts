import crypto from 'node:crypto';
import type { Page } from '@playwright/test';
import {
  atDesktopWidth,
  expect,
  expectAcrossWindow,
  expectNoAxeViolations,
  newMember,
  PHONE,
  shareStarter,
  signUpAndIn,
  test,
} from './fixtures';

/*
 * Asks: a browse question that finds nothing offers "Ask for it", pre-filled; the ask shows in
 * browse's "Asked for" view; another member answers "I can help" and the conversation opens.
 */

const PORTLAND = 'Portland, Oregon, United States';

/** Types the start of a place and picks it from the list. */
async function pickPlace(page: Page, typed: string, name: string) {
  const box = page.getByRole('combobox', { name: 'Location' });
  await box.fill(typed);
  const option = page.getByRole('option', { name });
  await expect(option).toBeVisible();
  await option.click();
  await expect(box).toHaveValue(name);
}

test('asks at 360 px: ask for it from an empty browse, then "I can help"', async ({ browser }) => {
  test.setTimeout(180_000);
  const word = `ask${crypto.randomBytes(3).toString('hex')}`;
  const askerContext = await browser.newContext({ viewport: PHONE });
  await signUpAndIn(askerContext.request, newMember({ firstName: 'Asha' }));
  const page = await askerContext.newPage();

  await page.goto(`/browse?search=${word}`);
  await expect(page.getByText('No starters found')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Ask for it' }).click();
  await expect(page).toHaveURL(new RegExp(`/asks/new\\?search=${word}`));
  await expect(page.getByRole('heading', { name: 'Ask for a Starter' })).toBeVisible();
  await expect(page.getByLabel('Words (optional)')).toHaveValue(word);
  await page.getByLabel('Category').selectOption('dairy');
  await page.getByLabel('Starter type').selectOption('kefir');
  await pickPlace(page, 'Portland, Or', PORTLAND);
  await page.getByLabel('Note (optional)').fill('Mine died while I was away');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Post Ask' }).click();
  await expect(page).toHaveURL(/\/asks\/\d+$/);
  const askUrl = page.url();
  const heading = page.getByRole('heading', { name: `Kefir grains — ${word}` });
  await expect(heading).toBeVisible();
  await expectNoAxeViolations(page);
  await atDesktopWidth(page, () => expectAcrossWindow(heading));

  await page.goto(`/browse?view=asks&search=${word}`);
  await expect(page.getByRole('link', { name: 'Asked for' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByRole('link', { name: `Kefir grains — ${word}` })).toBeVisible();
  await expectNoAxeViolations(page);

  const helperContext = await browser.newContext({ viewport: PHONE });
  await signUpAndIn(helperContext.request, newMember({ firstName: 'Hal' }));
  await shareStarter(helperContext.request, `Spare kefir ${word}`);
  const helper = await helperContext.newPage();
  await helper.goto(askUrl);
  await expect(helper.getByLabel('Your listing to offer')).toBeVisible();
  await expectNoAxeViolations(helper);
  await atDesktopWidth(helper, () =>
    expectAcrossWindow(helper.getByRole('button', { name: 'I can help' })),
  );
  await helper.getByRole('button', { name: 'I can help' }).click();
  await expect(helper).toHaveURL(/\/messages\?starter=\d+&with=/);
  await expect(
    helper
      .getByRole('log', { name: 'Messages' })
      .getByText('I saw you are looking for Kefir grains'),
  ).toBeVisible();

  await askerContext.close();
  await helperContext.close();
});

test('an ask at 360 px hears of a new listing near it, and its giver sees who asked', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const word = `jun${crypto.randomBytes(3).toString('hex')}`;
  const phone = { width: 360, height: 780 };
  const askerContext = await browser.newContext({ viewport: phone });
  await signUpAndIn(askerContext.request, newMember({ firstName: 'Maya' }));
  const page = await askerContext.newPage();
  // The form itself is walked above; here the ask is posted as it sends it.
  const posted = await askerContext.request.post('/api/asks', {
    data: { category: 'dairy', subcategory: 'kefir', search: word, location: PORTLAND },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const askPath = `/asks/${((await posted.json()) as { id: number }).id}`;
  await page.goto(askPath);
  await expect(page.getByRole('heading', { name: `Kefir grains — ${word}` })).toBeVisible();

  // Later, a neighbour shares what was asked for; the ask's bell rings on its own.
  const giverContext = await browser.newContext({ viewport: phone });
  await signUpAndIn(giverContext.request, newMember({ firstName: 'Gil' }));
  const title = `Kefir grains ${word}`;
  const listing = await shareStarter(giverContext.request, title);
  await expect(page.getByRole('link', { name: /^Notifications, \d+ unread$/ })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('link', { name: /^Notifications/ }).click();
  await page.getByText(`New for your ask: ${title}`).click();
  await expect(page).toHaveURL(new RegExp(`/starter/${listing}$`));
  await expect(page.getByRole('heading', { name: title })).toBeVisible();

  const giver = await giverContext.newPage();
  await giver.goto(`/starter/${listing}`);
  const asked = giver.getByRole('link', { name: 'Maya asked for this' });
  await expect(asked).toBeVisible();
  await expectNoAxeViolations(giver);
  await asked.click();
  await expect(giver).toHaveURL(new RegExp(`${askPath}$`));

  await askerContext.close();
  await giverContext.close();
});
