import {
  expect,
  expectNoAxeViolations,
  linkFromMail,
  newMember,
  signUpAndIn,
  test,
  waitForMail,
} from './fixtures';

const WIDTHS = [360, 1280];

test('a member sees where they are signed in and signs the other browser out', async ({
  page,
  browser,
}) => {
  const member = await signUpAndIn(page.request);
  // The same member on a second device.
  const other = await browser.newContext();
  try {
    const login = await other.request.post('/api/auth/login', {
      data: { email: member.email, password: member.password },
    });
    expect(login.ok()).toBe(true);
    const otherPage = await other.newPage();
    await otherPage.goto('/settings');

    await page.goto('/settings');
    const section = page.getByRole('region', { name: "Where you're signed in" });
    await expect(section.getByRole('listitem')).toHaveCount(2);
    await expect(section.getByText('This device')).toHaveCount(1);
    await expect(section.getByText(/Chrome on Linux/).first()).toBeVisible();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await section.scrollIntoViewIfNeeded();
      await expectNoAxeViolations(page);
    }

    // Sign out the row that is not this device.
    const otherRow = section.getByRole('listitem').filter({ hasNotText: 'This device' });
    await otherRow.getByRole('button', { name: /^Sign out / }).click();
    await expect(section.getByRole('listitem')).toHaveCount(1);
    await expect(section.getByRole('button', { name: 'Sign Out All Other Devices' })).toBeHidden();

    // The other browser is signed out; this one is not.
    expect((await other.request.get('/api/auth/user')).status()).toBe(401);
    expect((await page.request.get('/api/auth/user')).status()).toBe(200);
    await otherPage.reload();
    await expect(
      otherPage.getByText('You need to sign in to change your account settings.'),
    ).toBeVisible();
  } finally {
    await other.close();
  }
});

test('signing out all other devices keeps only this one', async ({ page, browser }) => {
  const member = await signUpAndIn(page.request);
  const others = await Promise.all([browser.newContext(), browser.newContext()]);
  try {
    for (const ctx of others) {
      await ctx.request.post('/api/auth/login', {
        data: { email: member.email, password: member.password },
      });
    }
    await page.goto('/settings');
    const section = page.getByRole('region', { name: "Where you're signed in" });
    await expect(section.getByRole('listitem')).toHaveCount(3);
    await section.getByRole('button', { name: 'Sign Out All Other Devices' }).click();
    await expect(section.getByRole('listitem')).toHaveCount(1);
    for (const ctx of others) expect((await ctx.request.get('/api/auth/user')).status()).toBe(401);
  } finally {
    await Promise.all(others.map((ctx) => ctx.close()));
  }
});

test('a new address is confirmed only with the button that names the account', async ({ page }) => {
  const member = await signUpAndIn(page.request);
  const next = newMember().email;
  const asked = await page.request.post('/api/users/email', {
    data: { email: next, currentPassword: member.password },
  });
  expect(asked.status()).toBe(202);
  const mail = await waitForMail(next, /^Confirm your new email address$/);
  await page.goto(`/confirm-email?token=${linkFromMail(mail, '/confirm-email')}`);
  const button = page.getByRole('button', {
    name: `Confirm this address for ${member.firstName}`,
  });
  await expect(button).toBeVisible();
  await expect(page.getByText(next)).toBeVisible();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoAxeViolations(page);
  }
  // Opening the page changed nothing.
  expect((await (await page.request.get('/api/auth/user')).json()).email).toBe(member.email);
  await button.click();
  await expect(page.getByText('Thanks! Your email address is confirmed.')).toBeVisible();
  await expectNoAxeViolations(page);
  expect((await (await page.request.get('/api/auth/user')).json()).email).toBe(next);
});
