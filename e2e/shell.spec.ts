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
