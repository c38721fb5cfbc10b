import fs from 'node:fs';
import crypto from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from '@playwright/test';
import {
  atDesktopWidth,
  expect,
  expectAcrossWindow,
  expectNoAxeViolationsInEveryState,
  linkFromMail,
  shareStarter,
  signUpAndIn,
  test,
  waitForMail,
} from './fixtures';

/** Chromium's built-in virtual authenticator (CDP `WebAuthn`): a platform passkey that says yes. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return cdp;
}

const tag = () => crypto.randomBytes(3).toString('hex');

test('a member adds a passkey in the account settings, signs out, and signs in with it', async ({
  page,
}) => {
  await addVirtualAuthenticator(page);
  const member = await signUpAndIn(page.request);
  await page.goto('/settings');
  await page.getByLabel('Name for a new passkey').fill('Kitchen laptop');
  await page.getByRole('button', { name: 'Add a Passkey' }).click();
  // The same step asks for the current password, by keyboard: focus starts in the field.
  const prove = page.getByRole('dialog', { name: 'Is it you?' });
  await expect(prove.getByLabel('Current password')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(prove.getByText('Enter your current password to add a passkey.')).toBeVisible();
  await page.keyboard.type('not-my-password-1');
  await page.keyboard.press('Enter');
  await expect(prove.getByText('Your current password is not right')).toBeVisible();
  await prove.getByLabel('Current password').fill(member.password);
  await page.keyboard.press('Enter');
  await expect(prove).toBeHidden();
  const list = page.getByRole('list', { name: 'Your passkeys' });
  await expect(list.getByText('Kitchen laptop')).toBeVisible();

  // Renamed, by keyboard.
  await page.getByRole('button', { name: 'Rename Kitchen laptop' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename passkey' });
  await rename.getByLabel('Name').fill('Work laptop');
  await rename.getByLabel('Name').press('Enter');
  await expect(list.getByText('Work laptop')).toBeVisible();

  await page.goto('/profile');
  await page.getByRole('link', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL('/');
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);

  await page.goto('/login');
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).toHaveURL('/');
  const me = await page.request.get('/api/auth/user');
  expect(me.status()).toBe(200);
  expect((await me.json()).email).toBe(member.email);
});

test('a member deletes their account, signs in within the grace period and finds everything back', async ({
  page,
  request,
}) => {
  const member = await signUpAndIn(page.request);
  const title = `Leaving rye ${tag()}`;
  const starterId = await shareStarter(page.request, title);

  await page.goto('/settings');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete my account' });
  // Gentler ways first: fewer emails opens the mail settings.
  await dialog.getByRole('link', { name: 'Get fewer emails' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Notifications' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByRole('button', { name: 'Pause my listings' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Continue to delete' }).click();
  await dialog.getByLabel('Your password').fill(member.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByText(/Sign in again within 14 days/).first()).toBeVisible();

  // Signed out, and the listing is gone for everyone at once.
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  expect((await request.get(`/api/starters/${starterId}`)).status()).toBe(404);
  await waitForMail(member.email, /^Your CultureShare account is deleted/);

  // Back within the grace period: everything as it was.
  await page.goto('/login');
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL('/');
  expect((await request.get(`/api/starters/${starterId}`)).status()).toBe(200);
  await page.goto(`/starter/${starterId}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await waitForMail(member.email, /^Welcome back to CultureShare/);
});

test('a member asks for their data and opens the zip from the mailed link', async ({ page }) => {
  const member = await signUpAndIn(page.request);
  const title = `Exported kefir ${tag()}`;
  await shareStarter(page.request, title);

  await page.goto('/settings');
  await page.getByRole('button', { name: 'Download my data' }).click();
  await expect(page.getByText(/We're preparing your data/)).toBeVisible();
  const mail = await waitForMail(member.email, /^Your CultureShare data is ready/, 30_000);
  const token = linkFromMail(mail, '/data-export');
  await page.goto(`/data-export?token=${token}`);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^cultureshare-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(fs.readFileSync((await download.path())!)));
  const data = JSON.parse(strFromU8(files['cultureshare-data.json']!));
  expect(data.profile.email).toBe(member.email);
  expect(data.listings.map((l: { title: string }) => l.title)).toContain(title);

  // The link works once.
  await page.getByRole('button', { name: 'Download my data' }).click();
  await expect(page.getByText(/expired or was already used/)).toBeVisible();
});

// At 360 px; the 1280 px layout of each page is measured in the same page (decision 155).
test("the profile's passkeys, data and leaving, the passkey sign-in and the export page are axe-clean", async ({
  page,
}) => {
  // Three states in two colour schemes on three pages: slow on a busy machine.
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 360, height: 900 });
  await addVirtualAuthenticator(page);
  const member = await signUpAndIn(page.request);
  await page.goto('/settings');
  await page.getByLabel('Name for a new passkey').fill('Phone');
  await page.getByRole('button', { name: 'Add a Passkey' }).click();
  await page
    .getByRole('dialog', { name: 'Is it you?' })
    .getByLabel('Current password')
    .fill(member.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('list', { name: 'Your passkeys' }).getByText('Phone')).toBeVisible();
  await expectNoAxeViolationsInEveryState(page, [
    {
      name: 'delete dialog',
      open: (p) => p.getByRole('button', { name: 'Delete my account' }).click(),
    },
    {
      name: 'delete dialog, confirming',
      open: async (p) => {
        await p.getByRole('button', { name: 'Delete my account' }).click();
        await p.getByRole('button', { name: 'Continue to delete' }).click();
      },
    },
    {
      name: 'rename dialog',
      open: (p) => p.getByRole('button', { name: 'Rename Phone' }).click(),
    },
    {
      name: 'password dialog of a second passkey',
      open: async (p) => {
        await p.getByLabel('Name for a new passkey').fill('Laptop');
        await p.getByRole('button', { name: 'Add a Passkey' }).click();
        await expect(p.getByRole('dialog', { name: 'Is it you?' })).toBeVisible();
      },
    },
  ]);
  await atDesktopWidth(page, async () => {
    await expectAcrossWindow(page.getByRole('list', { name: 'Your passkeys' }));
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await expectAcrossWindow(page.getByRole('alertdialog').or(page.getByRole('dialog')));
    await page.keyboard.press('Escape');
    await expect(page.getByRole('alertdialog').or(page.getByRole('dialog'))).toHaveCount(0);
  });
  await page.goto('/api/logout');
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Use a passkey' })).toBeVisible();
  await expectNoAxeViolationsInEveryState(page);
  await atDesktopWidth(page, () =>
    expectAcrossWindow(page.getByRole('button', { name: 'Use a passkey' })),
  );
  await page.goto('/data-export?token=not-a-real-token-but-long-enough');
  await expect(page.getByRole('button', { name: 'Download my data' })).toBeVisible();
  await expectNoAxeViolationsInEveryState(page);
  await atDesktopWidth(page, () =>
    expectAcrossWindow(page.getByRole('button', { name: 'Download my data' })),
  );
});
