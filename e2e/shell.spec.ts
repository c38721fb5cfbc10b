import { expect, test } from './fixtures';

test('the landing page carries the strict CSP and breaks none of it', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on(
    'console',
    (msg) => /Content.Security.Policy/i.test(msg.text()) && errors.push(msg.text()),
  );
  const response = await page.goto('/');
  const csp = response!.headers()['content-security-policy'];
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain('unsafe-eval');
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  await expect(page.getByRole('link', { name: 'CultureShare home' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText(/add the page to the router/)).toBeVisible();
});

test('the header and footer link the site together', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Join Community' })).toBeVisible();
  const footer = page.getByRole('contentinfo');
  for (const name of [
    'Community Rules',
    'Safety Guidelines',
    'Help Center',
    'Contact Us',
    'Privacy Policy',
  ]) {
    await expect(footer.getByRole('link', { name })).toBeVisible();
  }
  await expect(footer).toContainText('© 2025');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Browse' })
    .click();
  await expect(page).toHaveURL(/\/browse$/);
});
