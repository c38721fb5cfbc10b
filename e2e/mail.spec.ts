import {
  expect,
  expectNoAxeViolations,
  keepScreenshot,
  linkFromMail,
  newMember,
  signUpAndIn,
  test,
  waitForMail,
} from './fixtures';

test('a new member confirms their address from the mail and the banner goes away', async ({
  page,
}) => {
  const member = newMember();
  await page.request.post('/api/auth/signup', { data: member });
  await page.request.post('/api/auth/login', {
    data: { email: member.email, password: member.password },
  });
  await page.goto('/');
  const banner = page.getByRole('complementary', { name: 'Confirm your email address' });
  await expect(banner).toBeVisible();
  await expectNoAxeViolations(page);
  await banner.getByRole('button', { name: 'Send a new link' }).click();
  await expect(
    page.getByText(`We've sent a new confirmation link to ${member.email}.`).first(),
  ).toBeVisible();

  const mail = await waitForMail(member.email, /^Confirm your email address$/);
  await page.goto(`/confirm-email?token=${linkFromMail(mail, '/confirm-email')}`);
  await page.getByRole('button', { name: `Confirm this address for ${member.firstName}` }).click();
  await expect(page.getByText(/Your email address is confirmed/)).toBeVisible();
  await expectNoAxeViolations(page);
  await expect(banner).toBeHidden();
});

test('a member who forgot the password resets it from the mail; the old one stops working', async ({
  page,
  browser,
}) => {
  const member = newMember();
  await page.request.post('/api/auth/signup', { data: member });
  // Another device stays signed in with the old password until the reset.
  const other = await browser.newContext();
  await other.request.post('/api/auth/login', {
    data: { email: member.email, password: member.password },
  });

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expectNoAxeViolations(page);
  await page.getByLabel('Email').fill(member.email);
  await page.getByRole('button', { name: 'Email Me a Link' }).click();
  await expect(page.getByText(/we've emailed it a link/)).toBeVisible();

  const mail = await waitForMail(member.email, /^Reset your CultureShare password$/);
  await page.goto(`/reset-password?token=${linkFromMail(mail, '/reset-password')}`);
  await expectNoAxeViolations(page);
  await page.getByLabel('New password', { exact: true }).fill('fresh-kombucha-scoby-7');
  await page.getByLabel('Confirm new password').fill('fresh-kombucha-scoby-7');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page).toHaveURL(/\/login$/);

  expect((await other.request.get('/api/auth/user')).status()).toBe(401);
  await other.close();
  const old = await page.request.post('/api/auth/login', {
    data: { email: member.email, password: member.password },
  });
  expect(old.status()).toBe(401);
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password').fill('fresh-kombucha-scoby-7');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a member changes how they hear of messages in the Notifications tab', async ({ page }) => {
  await signUpAndIn(page.request);
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Notifications' }).click();
  const messages = page.getByRole('radiogroup', { name: /^Messages/ });
  await expect(messages).toBeVisible();
  await expectNoAxeViolations(page);
  await messages.getByRole('radio', { name: 'Off' }).click();
  await expect(page.getByText('Messages: off.').first()).toBeVisible();
  await keepScreenshot(page, 'notify-notifications', { fullPage: true });
  const settings = await page.request.get('/api/users/mail-settings');
  expect(await settings.json()).toMatchObject({ messages: 'off', checkins: 'immediately' });
});

test('a member away from the site is mailed about a message once; one click stops it', async ({
  browser,
}) => {
  const owner = await browser.newContext();
  const asker = await browser.newContext();
  try {
    const maya = await signUpAndIn(owner.request, newMember({ firstName: 'Maya' }));
    const mayaId = ((await (await owner.request.get('/api/auth/user')).json()) as { id: string })
      .id;
    await signUpAndIn(asker.request, newMember({ firstName: 'Omar' }));
    const created = await owner.request.post('/api/starters', {
      multipart: {
        title: 'Milk kefir grains',
        description: 'Healthy grains fed daily with whole milk, ready to share.',
        category: 'dairy',
        subcategory: 'kefir',
        starterType: 'Kefir grains',
        location: 'Portland, Oregon',
      },
    });
    expect(created.status()).toBe(201);
    const starterId = ((await created.json()) as { id: number }).id;
    const send = (content: string) =>
      asker.request.post('/api/messages', {
        data: { starterId, receiverId: mayaId, content },
      });
    expect((await send('Hi! <b>Still</b> available?')).status()).toBe(201);
    await send('I could come by on Saturday.');

    const mail = await waitForMail(maya.email, /new messages? from Omar/);
    expect(mail.subject).toBe('2 new messages from Omar about Milk kefir grains');
    expect(mail.html).toContain('&lt;b&gt;Still&lt;/b&gt;');
    const unsubscribe = mail.headers.find((h) => h.key === 'list-unsubscribe')!.value;
    // One-click, as a mail provider does it: no cookie.
    const anonymous = await browser.newContext();
    const oneClick = await anonymous.request.post(
      unsubscribe.slice(1, -1).replace(/^https?:\/\/[^/]+/, ''),
      {
        form: { 'List-Unsubscribe': 'One-Click' },
      },
    );
    expect(oneClick.status()).toBe(200);
    await anonymous.close();
    // The one kind only.
    expect(await (await owner.request.get('/api/users/mail-settings')).json()).toMatchObject({
      messages: 'off',
      reservations: 'immediately',
      checkins: 'immediately',
    });
  } finally {
    await owner.close();
    await asker.close();
  }
});
