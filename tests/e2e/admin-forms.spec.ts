import { expect, test } from '@playwright/test';
import { login, watchPageErrors } from './helpers.js';
import { openAdminPage, shot } from './admin-helpers.js';

/**
 * Forms say what is missing beside the field, in the console's words, instead of the browser's
 * "Please fill out this field" bubble (which also stopped the console's own checks from running).
 */
test('empty or malformed admin forms explain themselves beside the field', async ({ page }) => {
  const problems = watchPageErrors(page);
  await login(page);
  await page.getByTestId('nav-admin').click();

  await openAdminPage(page, 'Merchants', 'Merchants');
  await page.getByTestId('new-merchant').click();
  await page.getByRole('button', { name: 'Create merchant and issue credentials' }).click();
  await expect(page.getByTestId('m-code-error')).toHaveText('Enter a merchant code, e.g. ACME.');
  await expect(page.getByTestId('m-name-error')).toContainText('Enter the business name');
  await page.getByLabel('Merchant code').fill('my shop');
  await page.getByLabel('Business name').fill('My Shop');
  await page.getByRole('button', { name: 'Create merchant and issue credentials' }).click();
  await expect(page.getByTestId('m-code-error')).toContainText('No spaces or other signs');
  await expect(page.getByTestId('m-name-error')).toHaveCount(0);
  await expect(page.getByTestId('secret-reveal')).toHaveCount(0);
  await shot(page, 'merchant-form-errors');

  await openAdminPage(page, 'Webhooks', 'Webhooks');
  await page.getByTestId('webhook-add').getByRole('button', { name: 'Add endpoint' }).click();
  await expect(page.getByTestId('hook-url-error')).toContainText("Enter the endpoint's URL");
  await page.getByLabel('URL').fill('example.com/hooks');
  await page.getByTestId('webhook-add').getByRole('button', { name: 'Add endpoint' }).click();
  await expect(page.getByTestId('hook-url-error')).toContainText('must start with https://');

  await openAdminPage(page, 'Users & cash-up', 'Users & cash-up');
  await page.getByTestId('add-user').click();
  await page.getByRole('button', { name: 'Create user' }).click();
  await expect(page.getByTestId('nu-name-error')).toContainText('username must be 3 to 32');
  expect(problems).toEqual([]);
});
