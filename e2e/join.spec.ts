import {
  atDesktopWidth,
  expect,
  expectAcrossWindow,
  expectNoAxeViolations,
  keepScreenshot,
  newMember,
  PHONE,
  shareStarter,
  signUpAndIn,
  test,
  waitForMail,
} from './fixtures';

/** The path and query of the confirmation link in a mail (the token first, then the way back). */
function confirmationPath(mail: { text?: string }): string {
  const match = mail.text?.match(/\/confirm-email\?token=[A-Za-z0-9_-]+(?:&next=[^\s)"]+)?/);
  if (!match) throw new Error('no /confirm-email link in the mail');
  return match[0];
}

// The journey runs at 360 px; the 1280 px layout is measured in the same pages (decision 155).
test.describe('joining from a starter on a phone', () => {
  test.use({ viewport: PHONE });

  test('a visitor joins from "Sign In to Message" and lands back in the message box', async ({
    page,
    request,
  }) => {
    // Five pages, two mails and an axe check at each step: slow on a busy machine.
    test.setTimeout(150_000);
    const shot = (name: string) => keepScreenshot(page, `join-${name}`);
    await signUpAndIn(request);
    const title = `Rye sourdough ${Date.now()}`;
    const id = await shareStarter(request, title);
    const back = `/starter/${id}?dialog=message`;

    // A visitor opens the starter and asks to message its owner.
    await page.goto(`/starter/${id}`);
    await page.getByRole('button', { name: 'Sign In to Message' }).click();
    const prompt = page.getByRole('dialog', { name: 'Sign In Required' });
    await expect(prompt.getByRole('link', { name: 'Sign In' })).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent(back)}`,
    );
    // No provider is set up here: nothing leads through /api/login.
    await expect(prompt.locator('a[href^="/api/login"]')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await shot('1-sign-in-required');
    await atDesktopWidth(page, () => expectAcrossWindow(prompt));
    await prompt.getByRole('link', { name: 'Create Account' }).click();

    // /join: focus on the page's heading after the move, not on <body>.
    await expect(page).toHaveURL(`/join?next=${encodeURIComponent(back)}`);
    await expect(page.getByRole('heading', { name: 'Join the Community' })).toBeFocused();
    await page.getByRole('checkbox', { name: /I have read and agree/ }).click();
    await page.getByRole('button', { name: 'I Agree - Create Account' }).click();

    // /signup: the terms just agreed to are ticked already.
    await expect(page).toHaveURL(`/signup?next=${encodeURIComponent(back)}`);
    await expect(page.getByRole('heading', { name: 'Create Account' })).toBeFocused();
    await expect(page.getByRole('checkbox', { name: /I agree to the/ })).toBeChecked();
    await expectNoAxeViolations(page);
    await shot('2-signup-ticked');
    await atDesktopWidth(page, async () => {
      await expectAcrossWindow(page.getByLabel('Email'));
      await expectAcrossWindow(page.getByRole('button', { name: 'Create Account' }));
    });
    const member = newMember();
    await page.getByLabel('First Name').fill(member.firstName);
    await page.getByLabel('Last Name').fill(member.lastName);
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByLabel('Confirm Password').fill(member.password);
    await page.getByRole('button', { name: 'Create Account' }).click();

    // /login, as the spec has it, saying where the link went (the address is not in the URL).
    await expect(page).toHaveURL(`/login?next=${encodeURIComponent(back)}`);
    await expect(
      page.getByText(`We've emailed ${member.email} a link to confirm your account`),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeFocused();
    await expectNoAxeViolations(page);
    await shot('3-login-emailed');

    // The mailed link, opened in the same browser, confirms and leads back through /login.
    const mail = await waitForMail(member.email, /^Confirm your/);
    const link = confirmationPath(mail);
    expect(new URL(link, 'http://x').searchParams.get('next')).toBe(back);
    await page.goto(link);
    await page
      .getByRole('button', { name: `Confirm this address for ${member.firstName}` })
      .click();
    await expect(page.getByText('Thanks! Your email address is confirmed.')).toBeVisible();
    await expectNoAxeViolations(page);
    await shot('4-confirmed');
    await page.getByRole('link', { name: 'Sign In to Continue' }).click();
    await expect(page).toHaveURL(`/login?next=${encodeURIComponent(back)}`);
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password').fill(member.password);
    await page.getByRole('button', { name: 'Sign In' }).click();

    // Back on the starter, the message dialog open and the message box ready for typing.
    await expect(page).toHaveURL(new RegExp(`/starter/${id}`));
    const dialog = page.getByRole('dialog', { name: 'Message Starter Owner' });
    await expect(dialog).toContainText(title);
    const box = dialog.getByRole('textbox', { name: 'Message' });
    await expect(box).toBeFocused();
    await expect(dialog.getByRole('button', { name: /^Block/ })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await shot('5-back-in-dialog');
    await atDesktopWidth(page, async () => {
      await expectAcrossWindow(dialog);
      await expect(box).toBeFocused();
    });
    await page.keyboard.type('Hello! Could I pick some up on Saturday morning?');
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Message sent!').first()).toBeVisible();
  });
});

test('route changes put focus on the new page heading; the first load does not', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto('/help');
  await expect(page.locator('body')).toBeFocused();
  await page.goto('/join');
  await page.getByRole('link', { name: 'Community Rules' }).first().click();
  await expect(page).toHaveURL('/rules');
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
});

test('a member who has not confirmed yet is told before typing, with a link to resend', async ({
  page,
  request,
}) => {
  await page.setViewportSize(PHONE);
  await signUpAndIn(request);
  const id = await shareStarter(request, `Unconfirmed ask ${Date.now()}`);
  const member = newMember();
  await page.request.post('/api/auth/signup', { data: member });
  await page.request.post('/api/auth/login', {
    data: { email: member.email, password: member.password },
  });
  await page.goto(`/starter/${id}`);
  await page.getByRole('button', { name: 'Message Owner' }).click();
  const dialog = page.getByRole('dialog', { name: 'Message Starter Owner' });
  await expect(dialog).toContainText('Confirm your email to send messages — Resend the link');
  await expect(dialog.getByRole('textbox', { name: 'Message' })).toBeDisabled();
  await expectNoAxeViolations(page);
  await keepScreenshot(page, 'join-6-unconfirmed');
  await dialog.getByRole('button', { name: 'Resend the link' }).click();
  await expect(page.getByText('Success!').first()).toBeVisible();
});
