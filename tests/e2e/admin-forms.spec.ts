import { expect, test, type Page } from '@playwright/test';
import { cli, login, unique, watchPageErrors } from './helpers.js';
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

/**
 * Edits to a merchant's profile and live access that are not saved are not thrown away by a
 * click elsewhere: the page says so, and leaving asks first.
 */
test('leaving a merchant page with unsaved edits asks first', async ({ page }) => {
  const problems = watchPageErrors(page);
  page.on('dialog', (d) => problems.push(`native dialog: ${d.message()}`));
  const code = `UNSAVED${unique()}`.slice(0, 20);
  cli(['merchant', 'create', '--code', code, '--name', 'Corner Shop']);
  await login(page);
  await page.goto(`/#/admin/merchants/${code}`);
  const name = page.getByLabel('Business name');
  await expect(name).toHaveValue('Corner Shop');
  await expect(page.getByTestId('merchant-unsaved')).toBeHidden();

  await name.fill('Corner Shop Ikeja');
  await expect(page.getByTestId('merchant-unsaved')).toHaveText('Unsaved changes');
  await openMenuEntry(page, 'Wallets');
  const ask = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(ask).toContainText("Your changes to Corner Shop's profile and live access are not saved");
  await shot(page, 'admin-merchant-unsaved-leave');
  await ask.getByRole('button', { name: 'Stay and save' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Corner Shop' })).toBeVisible();
  await expect(name).toHaveValue('Corner Shop Ikeja');

  // Saved, the page is left without a question.
  await page.getByTestId('save-merchant').click();
  await expect(page.getByTestId('merchant-saved')).toHaveText('Saved.');
  await expect(page.getByTestId('merchant-unsaved')).toBeHidden();
  await openMenuEntry(page, 'Wallets');
  await expect(page.getByRole('heading', { level: 1, name: 'Wallets' })).toBeVisible();

  // Changed back and forth is no change; a real change thrown away on purpose is gone.
  await page.goto(`/#/admin/merchants/${code}`);
  await expect(name).toHaveValue('Corner Shop Ikeja');
  await name.fill('Elsewhere');
  await name.fill('Corner Shop Ikeja');
  await expect(page.getByTestId('merchant-unsaved')).toBeHidden();
  await page.getByRole('checkbox', { name: 'Electricity' }).check();
  await expect(page.getByTestId('merchant-unsaved')).toBeVisible();
  await openMenuEntry(page, 'Wallets');
  await ask.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Wallets' })).toBeVisible();
  await page.goto(`/#/admin/merchants/${code}`);
  await expect(name).toHaveValue('Corner Shop Ikeja');
  await expect(page.getByRole('checkbox', { name: 'Electricity' })).not.toBeChecked();
  expect(problems).toEqual([]);
});

async function openMenuEntry(page: Page, link: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: link }).click();
}

/** The report settings form keeps the same guard: typed and not saved, leaving asks first. */
test('leaving the settings page with unsaved report settings asks first', async ({ page }) => {
  const problems = watchPageErrors(page);
  page.on('dialog', (d) => problems.push(`native dialog: ${d.message()}`));
  await login(page);
  await page.goto('/#/admin/settings');
  const from = page.getByLabel('From', { exact: true });
  const maxMb = page.getByLabel('Attach CSV up to (MB)');
  const unsaved = page.getByTestId('report-settings-unsaved');
  await expect(page.getByTestId('report-settings')).toBeVisible();
  const storedFrom = await from.inputValue();
  const storedMb = await maxMb.inputValue();
  await expect(unsaved).toBeHidden();

  // The same number written another way is no change.
  await maxMb.fill(`${storedMb}.0`);
  await expect(unsaved).toBeHidden();
  await maxMb.fill(storedMb);

  await from.fill('reports@corner-shop.example');
  await expect(unsaved).toHaveText('Unsaved changes');
  await openMenuEntry(page, 'Wallets');
  const ask = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(ask).toContainText('Your changes to the report settings are not saved');
  await shot(page, 'admin-settings-unsaved-leave');
  await ask.getByRole('button', { name: 'Stay and save' }).click();
  await expect(from).toHaveValue('reports@corner-shop.example');

  // Typed back to what is stored: nothing to ask.
  await from.fill(storedFrom);
  await expect(unsaved).toBeHidden();
  await openMenuEntry(page, 'Wallets');
  await expect(page.getByRole('heading', { level: 1, name: 'Wallets' })).toBeVisible();

  // Thrown away on purpose: the stored value is still the one shown.
  await page.goto('/#/admin/settings');
  await from.fill('thrown-away@corner-shop.example');
  await openMenuEntry(page, 'Wallets');
  await ask.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Wallets' })).toBeVisible();
  await page.goto('/#/admin/settings');
  await expect(from).toHaveValue(storedFrom);
  expect(problems).toEqual([]);
});

/** A value the node would refuse is said beside its field, where the eye is, and nothing is sent. */
test('report settings: an invalid size or day count is marked beside its field', async ({ page }) => {
  const problems = watchPageErrors(page);
  await login(page);
  await page.goto('/#/admin/settings');
  await expect(page.getByTestId('report-settings')).toBeVisible();
  const maxMb = page.getByLabel('Attach CSV up to (MB)');
  const lookback = page.getByLabel('Catch up missed days (days)');
  const stored = await maxMb.inputValue();
  let sent = 0;
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().includes('/console/report-settings')) sent += 1;
  });
  await maxMb.fill('abc');
  await lookback.fill('61');
  await page.getByTestId('save-report-settings').click();
  await expect(page.getByTestId('s-max-error')).toHaveText(
    'A size in MB, such as 10 or 2.5 (0: never attach)',
  );
  await expect(page.getByTestId('s-look-error')).toHaveText('A whole number of days from 1 to 60');
  await expect(page.getByTestId('s-max-error')).toBeInViewport();
  await expect(maxMb).toHaveAttribute('aria-invalid', 'true');
  await shot(page, 'admin-settings-invalid-field');
  expect(sent).toBe(0);
  // A decimal size is a size: saved, and read back as typed.
  await maxMb.fill('2.5');
  await lookback.fill('7');
  await page.getByTestId('save-report-settings').click();
  await expect(page.getByTestId('report-settings-unsaved')).toBeHidden();
  await expect(page.getByTestId('s-max-error')).toHaveCount(0);
  await expect(maxMb).toHaveValue('2.5');
  expect(sent).toBe(1);
  await maxMb.fill(stored);
  await page.getByTestId('save-report-settings').click();
  await expect(page.getByTestId('report-settings-unsaved')).toBeHidden();
  expect(problems).toEqual([]);
});

/** A half-typed upstream is not lost to a click on the menu either; Cancel closes it on purpose. */
test('leaving the upstreams page with a half-typed upstream asks first', async ({ page }) => {
  const problems = watchPageErrors(page);
  page.on('dialog', (d) => problems.push(`native dialog: ${d.message()}`));
  await login(page);
  await page.goto('/#/admin/upstreams');
  await page.getByTestId('add-upstream').click();
  // Opened and untouched: nothing to lose, nothing asked.
  await openMenuEntry(page, 'Wallets');
  await expect(page.getByRole('heading', { level: 1, name: 'Wallets' })).toBeVisible();

  await page.goto('/#/admin/upstreams');
  await page.getByTestId('add-upstream').click();
  await page.getByLabel('Name', { exact: true }).fill('provider-b');
  await openMenuEntry(page, 'Wallets');
  const ask = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(ask).toContainText('Your changes to the new upstream are not saved');
  await ask.getByRole('button', { name: 'Stay and save' }).click();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('provider-b');

  await page.getByRole('button', { name: 'Cancel' }).click();
  await openMenuEntry(page, 'Wallets');
  await expect(page.getByRole('heading', { level: 1, name: 'Wallets' })).toBeVisible();
  expect(problems).toEqual([]);
});

/**
 * A user's edit and a half-added user keep their edits too. One question covers both forms,
 * and signing out asks before the session ends, so staying keeps a form that can still be saved.
 */
test('the users page asks once before unsaved user edits are lost, sign out included', async ({ page }) => {
  const problems = watchPageErrors(page);
  page.on('dialog', (d) => problems.push(`native dialog: ${d.message()}`));
  const name = `keep${unique()}`.toLowerCase().slice(0, 20);
  await login(page);
  await page.goto('/#/admin/users');
  await page.getByTestId('add-user').click();
  await page.getByLabel('Username').fill(name);
  await page.getByLabel('Password').fill('a long enough password');
  await page.getByRole('button', { name: 'Create user' }).click();
  const row = page.getByTestId(`user-${name}`);
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: 'Edit' }).click();
  const limit = page.getByLabel('Daily sales limit (₦)');
  const unsaved = page.getByTestId(`user-unsaved-${name}`);
  await expect(unsaved).toBeHidden();
  await limit.fill('50,000');
  await expect(unsaved).toHaveText('Unsaved changes');
  await openMenuEntry(page, 'Wallets');
  const ask = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(ask).toContainText(`Your changes to user ${name} are not saved`);
  await ask.getByRole('button', { name: 'Stay and save' }).click();
  await expect(limit).toHaveValue('50,000');
  await limit.fill('');
  await expect(unsaved).toBeHidden();

  // Both forms changed: one question names both, and leaving asks nothing more.
  await limit.fill('20000');
  await page.getByTestId('add-user').click();
  await page.getByTestId('user-form').getByLabel('Username').fill('half-typed');
  await openMenuEntry(page, 'Wallets');
  await expect(ask).toContainText(`Your changes to the new user and user ${name} are not saved`);
  await shot(page, 'admin-users-unsaved-leave');
  await ask.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Wallets' })).toBeVisible();
  await expect(ask).toBeHidden();

  // Sign out asks first; staying keeps the session and the typed form.
  await page.goto('/#/admin/users');
  await page.getByTestId('add-user').click();
  await page.getByTestId('user-form').getByLabel('Username').fill('half-typed');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(ask).toContainText('Your changes to the new user are not saved');
  await ask.getByRole('button', { name: 'Stay and save' }).click();
  await expect(page.getByTestId('user-form').getByLabel('Username')).toHaveValue('half-typed');
  await expect(row).toContainText('none');
  await page.getByTestId('user-form').getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(ask).toBeHidden();
  expect(problems).toEqual([]);
});
