import { expect, test } from '@playwright/test';
import { login, openPage, unique, watchPageErrors } from './helpers.js';
import { expectResultInView } from './admin-helpers.js';

test('Save report settings: the result shows on screen with the focus, not at the top of the page', async ({
  page,
}) => {
  const problems = watchPageErrors(page);
  await page.setViewportSize({ width: 1280, height: 600 });
  await login(page);
  await openPage(page, '/#/admin/settings');
  const from = page.getByLabel('From', { exact: true });
  await from.fill(`reports-${unique().toLowerCase()}@corner-shop.example`);
  const save = page.getByRole('button', { name: 'Save report settings' });
  await save.scrollIntoViewIfNeeded();
  await save.click();
  const notice = page.getByTestId('alert').filter({ hasText: 'Report settings saved' });
  await expectResultInView(page, notice);
  await expect(notice).toBeFocused();
  expect(problems).toEqual([]);
});

test('new merchant, Revoke and Rotate: the shown-once panel or the notice is on screen with the focus', async ({
  page,
}) => {
  const problems = watchPageErrors(page);
  const code = `FOC${unique()}`.slice(0, 20);
  await login(page);
  await openPage(page, '/#/admin/merchants');
  await page.getByTestId('new-merchant').click();
  await page.getByLabel('Merchant code').fill(code);
  await page.getByLabel('Business name').fill('Focus Stores');
  await page.getByRole('button', { name: 'Create merchant and issue credentials' }).click();
  const heading = page.getByRole('heading', { name: `New credentials for ${code}` });
  await expectResultInView(page, heading);
  await expect(heading).toBeFocused();
  await page.getByTestId('secrets-done').click();

  await openPage(page, `/#/admin/merchants/${code}`);
  await page.setViewportSize({ width: 1280, height: 500 });
  await page.getByRole('heading', { name: 'API credentials' }).scrollIntoViewIfNeeded();
  await page.getByTestId('rotate-test').locator('xpath=following-sibling::button').click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
  const revoked = page.getByTestId('alert').filter({ hasText: 'The test credentials are revoked.' });
  await expectResultInView(page, revoked);

  await page.getByTestId('rotate-live').scrollIntoViewIfNeeded();
  await page.getByTestId('rotate-live').click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Rotate' }).click();
  await expectResultInView(page, page.getByRole('heading', { name: `New credentials for ${code}` }));
  await page.getByTestId('secrets-done').click();
  expect(problems).toEqual([]);
});

test('New merchant puts the focus in the code, shown in capitals as it is typed', async ({ page }) => {
  const problems = watchPageErrors(page);
  await login(page);
  await openPage(page, '/#/admin/merchants');
  await page.getByTestId('new-merchant').click();
  const codeField = page.getByLabel('Merchant code');
  await expect(codeField).toBeFocused();
  await page.keyboard.type('ac_1x');
  await expect(codeField).toHaveValue('AC_1X');
  // A letter typed in the middle stays where it was typed.
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.type('y');
  await expect(codeField).toHaveValue('AC_1YX');
  await page.getByRole('button', { name: 'Cancel' }).click();
  expect(problems).toEqual([]);
});
