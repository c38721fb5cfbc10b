import {
  E2E_MODERATOR_EMAIL,
  expect,
  expectNoAxeViolations,
  newMember,
  signUpAndIn,
  test,
} from './fixtures';

test('a member signs up, signs in, edits the profile and signs out — by keyboard alone', async ({
  page,
}) => {
  const member = newMember();
  const username = `kefir_${member.lastName.toLowerCase()}`;

  // Sign-up: every validation message of spec §5 first, then a real account.
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('First Name').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByText('Last name is required')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(page.getByText('You must agree to the terms')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel('First Name').focus();
  await page.keyboard.type(member.firstName);
  await page.keyboard.press('Tab');
  await page.keyboard.type(member.lastName);
  await page.keyboard.press('Tab');
  await page.keyboard.type(member.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(member.password);
  await page.keyboard.press('Tab');
  await page.keyboard.type(`${member.password}-typo`);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('checkbox')).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('Enter');
  await expect(page.getByText("Passwords don't match")).toBeVisible();

  await page.getByLabel('Confirm Password').focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(member.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Account created successfully!', { exact: true })).toBeVisible();
  await expect(
    page.getByText('You can now log in with your credentials.', { exact: true }),
  ).toBeVisible();

  // Sign-in: a wrong password first, then the right one.
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await expectNoAxeViolations(page);
  // The form starts with the address just used to sign up.
  await expect(page.getByLabel('Email')).toHaveValue(member.email);
  await page.getByLabel('Email').focus();
  await page.keyboard.press('Tab');
  await page.keyboard.type('not-my-password');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Sign in failed', { exact: true })).toBeVisible();
  await expect(page.getByText('Invalid email or password', { exact: true })).toBeVisible();
  await page.getByLabel('Password').focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(member.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Welcome back!', { exact: true })).toBeVisible();
  const account = page.getByRole('button', { name: `Account menu for ${member.firstName}` });
  await expect(account).toBeVisible();

  // Profile: open it from the avatar menu, then edit it.
  await account.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Moderation' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Profile' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: member.firstName })).toBeVisible();
  await expect(page.getByText(/^Joined less than a minute ago$/)).toBeVisible();
  await expect(page.getByText('Not set')).toHaveCount(3);
  await expect(page.getByText('Activity', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Edit Profile' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Username')).toBeFocused();
  await expect(page.getByLabel('Location')).toHaveAttribute('placeholder', 'City, State/Country');
  await expect(page.getByLabel('Contact Info')).toHaveAttribute(
    'placeholder',
    'Email or phone (optional)',
  );
  await page.keyboard.press('Enter');
  await expect(page.getByText('Username is required')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.type(username);
  await page.keyboard.press('Tab');
  await page.keyboard.type('Portland, Oregon');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Ask in messages');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Your profile has been updated.', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeFocused();
  await expect(page.getByRole('heading', { name: username })).toBeVisible();
  await expect(page.getByText('Portland, Oregon', { exact: true })).toBeVisible();
  await expect(page.getByText('Ask in messages', { exact: true })).toBeVisible();
  // The header's avatar menu now names the member by username.
  await expect(page.getByRole('button', { name: `Account menu for ${username}` })).toBeVisible();

  // Activity tab, by arrow key.
  await page.getByRole('tab', { name: 'My Starters' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Activity' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByText('Activity Coming Soon')).toBeVisible();

  // Sign out from the profile; the old session is gone for good.
  await page.getByRole('link', { name: 'Sign Out' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Join Community' })).toBeVisible();
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  await page.goto('/profile');
  await expect(page.getByText('You need to sign in to view your profile.')).toBeVisible();
});

test('a taken username is explained under the field', async ({ page, browser }) => {
  const first = await browser.newContext();
  const taken = `miso_${Date.now().toString(36)}`;
  try {
    await signUpAndIn(first.request);
    const res = await first.request.patch('/api/users/profile', {
      data: { username: taken, location: '', contactInfo: '' },
    });
    expect(res.ok()).toBe(true);
  } finally {
    await first.close();
  }

  await signUpAndIn(page.request);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByLabel('Username').fill(taken.toUpperCase());
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('#profile-username-error')).toHaveText(
    'That username is already taken',
  );
  await expect(page.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);
});

test('the moderator sees the Mod badge, the Moderation entry and the Moderator badge, then signs out', async ({
  page,
}) => {
  await signUpAndIn(page.request, newMember({ email: E2E_MODERATOR_EMAIL }));
  await page.goto('/profile');
  await expect(page.getByText('Moderator', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: /Account menu for/ }).click();
  await expect(page.getByRole('menu').getByText('Mod', { exact: true })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Moderation' })).toBeVisible();

  // Sign Out from the avatar menu, by keyboard.
  await page.getByRole('menuitem', { name: 'Sign Out' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Join Community' })).toBeVisible();
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
});

test('small screens get a round Share Starter button', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signUpAndIn(page.request);
  await page.goto('/profile');
  const share = page.getByRole('link', { name: 'Share Starter' });
  await expect(share).toBeVisible();
  // It steps aside where words or a control lie under it; at the page's end it rests clear.
  await page.evaluate(() => {
    const w = globalThis as unknown as {
      scrollTo(x: number, y: number): void;
      document: { body: { scrollHeight: number } };
    };
    w.scrollTo(0, w.document.body.scrollHeight);
  });
  await expect(share).not.toHaveAttribute('data-aside');
  await expectNoAxeViolations(page);
  // Nothing in the header spills past the screen's edge.
  expect(await page.locator('html').evaluate((html) => html.scrollWidth)).toBeLessThanOrEqual(360);
  const box = (await share.boundingBox())!;
  expect(Math.round(box.width)).toBe(Math.round(box.height));
  // It floats in the bottom corner of the screen, not in the header.
  expect(box.y + box.height).toBeGreaterThan(740 - 40);
  expect(box.x + box.width).toBeGreaterThan(360 - 40);
  await share.click();
  await expect(page).toHaveURL(/\/post$/);
});
