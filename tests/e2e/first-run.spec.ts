import { expect, test } from '@playwright/test';
import { audit } from './axe.js';
import { ADMIN, snap, watchPageErrors } from './helpers.js';

test('a fresh node asks for the first administrator, then signs them in', async ({ page, request }) => {
  const problems = watchPageErrors(page);
  const home = await request.get('/');
  expect(home.headers()['content-security-policy']).toContain("default-src 'self'");
  expect(home.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(home.headers()['x-frame-options']).toBe('DENY');
  expect(home.headers()['x-content-type-options']).toBe('nosniff');

  await page.goto('/');
  await expect(page).toHaveURL(/#\/setup$/);
  await expect(page.getByRole('heading', { name: 'Welcome to VendPoint' })).toBeVisible();
  await snap(page, 'first-run-setup');
  // The setup page shows only on a fresh node, so its accessibility audit is here
  // (accessibility.spec.ts audits every other page).
  expect(await audit(page, 'setup')).toEqual([]);

  // Checked in the page first: a mismatched confirmation never reaches the node.
  await page.getByLabel('Administrator username').fill(ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByLabel('Password again').fill('something else entirely');
  await page.getByRole('button', { name: 'Create administrator and sign in' }).click();
  await expect(page.getByTestId('alert')).toHaveText('The two passwords are not the same.');
  expect(await audit(page, 'setup refused')).toEqual([]);

  // On a phone the long button label wraps inside the button instead of running past it.
  await page.setViewportSize({ width: 390, height: 844 });
  const create = page.getByRole('button', { name: 'Create administrator and sign in' });
  expect(await create.evaluate((b) => b.scrollWidth <= b.clientWidth)).toBe(true);
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByLabel('Password again').fill(ADMIN.password);
  await page.getByLabel('Sells for merchant').selectOption('DEMO');
  await page.getByRole('button', { name: 'Create administrator and sign in' }).click();
  await expect(page.getByRole('heading', { name: 'What is the customer buying?' })).toBeVisible();
  await expect(page.getByTestId('env-stripe')).toContainText('TEST MODE');
  await expect(page.getByTestId('merchant-name')).toHaveText('Demo Merchant');
  await snap(page, 'sell-tiles');

  // Setup is a one-time door: once a user exists it stays shut, even for a direct API call.
  const again = await request.post('/console/setup', {
    data: { username: 'intruder', password: 'long enough password', merchant_code: 'DEMO' },
  });
  expect(again.status()).toBe(403);
  expect(problems).toEqual([]);
});
