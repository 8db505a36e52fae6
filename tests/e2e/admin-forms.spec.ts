import { expect, test, type Page } from '@playwright/test';
import { cli, login, openPage, signOut, snapPhoneAndDesk, unique, watchPageErrors } from './helpers.js';
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
  await openPage(page, `/#/admin/merchants/${code}`);
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
  await openPage(page, `/#/admin/merchants/${code}`);
  await expect(name).toHaveValue('Corner Shop Ikeja');
  await name.fill('Elsewhere');
  await name.fill('Corner Shop Ikeja');
  await expect(page.getByTestId('merchant-unsaved')).toBeHidden();
  await page.getByRole('checkbox', { name: 'Electricity' }).check();
  await expect(page.getByTestId('merchant-unsaved')).toBeVisible();
  await openMenuEntry(page, 'Wallets');
  await ask.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Wallets' })).toBeVisible();
  await openPage(page, `/#/admin/merchants/${code}`);
  await expect(name).toHaveValue('Corner Shop Ikeja');
  await expect(page.getByRole('checkbox', { name: 'Electricity' })).not.toBeChecked();
  expect(problems).toEqual([]);
});

async function openMenuEntry(page: Page, link: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: link }).click();
}

/**
 * Secrets shown once (a new merchant's pairs, a rotated pair) are not lost to a click on the
 * menu: leaving asks first until the admin says they are stored, and "leave" drops them.
 */
test('leaving while new credentials are shown once asks first', async ({ page }) => {
  const problems = watchPageErrors(page);
  page.on('dialog', (d) => problems.push(`native dialog: ${d.message()}`));
  const code = `SHOWN${unique()}`.slice(0, 20);
  await login(page);
  await openPage(page, '/#/admin/merchants');
  await page.getByTestId('new-merchant').click();
  await page.getByLabel('Merchant code').fill(code);
  await page.getByLabel('Business name').fill('Shown Once Stores');
  await page.getByRole('button', { name: 'Create merchant and issue credentials' }).click();
  const reveal = page.getByTestId('secret-reveal');
  const liveSecret = page.getByTestId('secret-live-secret');
  await expect(liveSecret).toHaveText(/\S{20,}/);
  const secret = await liveSecret.textContent();

  await openMenuEntry(page, 'Wallets');
  const ask = page.getByRole('alertdialog', { name: 'Leave without storing the secrets?' });
  await expect(ask).toContainText(`The new test and live credentials of ${code} are shown this once`);
  await shot(page, 'admin-merchant-secrets-leave');
  await ask.getByRole('button', { name: 'Stay and copy them' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Merchants' })).toBeVisible();
  await expect(liveSecret).toHaveText(secret!);

  // Stored: the page is left without a question.
  await page.getByTestId('secrets-done').click();
  await expect(reveal).toHaveCount(0);
  await openMenuEntry(page, 'Wallets');
  await expect(page.getByRole('heading', { level: 1, name: 'Wallets' })).toBeVisible();

  // A rotated pair asks the same; leaving on purpose loses it, and coming back does not show it.
  await openPage(page, `/#/admin/merchants/${code}`);
  await page.getByTestId('rotate-test').click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Rotate' }).click();
  await expect(reveal).toContainText(`New credentials for ${code}`);
  await expect(page.getByTestId('secret-live-secret')).toHaveCount(0);
  await openMenuEntry(page, 'Wallets');
  await expect(ask).toContainText(`The new test credentials of ${code} are shown this once`);
  await ask.getByRole('button', { name: 'Leave and lose them' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Wallets' })).toBeVisible();
  await openPage(page, `/#/admin/merchants/${code}`);
  await expect(page.getByTestId('credentials-table')).toBeVisible();
  await expect(reveal).toHaveCount(0);
  expect(problems).toEqual([]);
});

/** The merchant page reads the merchant again after a rotation: what was typed and not saved stays. */
test("a merchant's unsaved edits survive a credential rotation on the same page", async ({ page }) => {
  const code = `KEEP${unique()}`.slice(0, 20);
  cli(['merchant', 'create', '--code', code, '--name', 'Keep Typing Stores']);
  await login(page);
  await openPage(page, `/#/admin/merchants/${code}`);
  const name = page.getByLabel('Business name');
  await expect(name).toHaveValue('Keep Typing Stores');
  await name.fill('Keep Typing Stores Ikeja');

  await page.getByTestId('rotate-test').click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Rotate' }).click();
  await expect(page.getByTestId('secret-reveal')).toContainText(`New credentials for ${code}`);
  await expect(name).toHaveValue('Keep Typing Stores Ikeja');
  await expect(page.getByTestId('merchant-unsaved')).toHaveText('Unsaved changes');

  await page.getByTestId('secrets-done').click();
  await page.getByTestId('save-merchant').click();
  await expect(page.getByTestId('merchant-unsaved')).toHaveCount(0);
  await openPage(page, `/#/admin/merchants/${code}`);
  await expect(name).toHaveValue('Keep Typing Stores Ikeja');
});

test('in a browser tab, a reload or a closed tab asks before shown-once credentials are lost', async ({
  page,
}) => {
  const code = `TAB${unique()}`.slice(0, 20);
  await login(page);
  await openPage(page, '/#/admin/merchants');
  await page.getByTestId('new-merchant').click();
  await page.getByLabel('Merchant code').fill(code);
  await page.getByLabel('Business name').fill('Tab Close Stores');
  await page.getByRole('button', { name: 'Create merchant and issue credentials' }).click();
  await expect(page.getByTestId('secret-live-secret')).toHaveText(/\S{20,}/);
  // The browser's own "Leave site?" (the console's dialog cannot run while the tab unloads).
  const asked = new Promise<string>((resolve) =>
    page.once('dialog', async (d) => {
      resolve(d.type());
      await d.dismiss();
    }),
  );
  await page.close({ runBeforeUnload: true });
  expect(await asked).toBe('beforeunload');
  // Staying keeps them on screen.
  await expect(page.getByTestId('secret-live-secret')).toHaveText(/\S{20,}/);
});

/** The report settings form keeps the same guard: typed and not saved, leaving asks first. */
test('leaving the settings page with unsaved report settings asks first', async ({ page }) => {
  const problems = watchPageErrors(page);
  page.on('dialog', (d) => problems.push(`native dialog: ${d.message()}`));
  await login(page);
  await openPage(page, '/#/admin/settings');
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

  // Thrown away on purpose: the stored value is still the one shown. The form is filled once
  // its stored values have loaded, or the load would overwrite what was typed.
  await openPage(page, '/#/admin/settings');
  await expect(from).toHaveValue(storedFrom);
  await from.fill('thrown-away@corner-shop.example');
  await openMenuEntry(page, 'Wallets');
  await ask.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Wallets' })).toBeVisible();
  await openPage(page, '/#/admin/settings');
  await expect(from).toHaveValue(storedFrom);
  expect(problems).toEqual([]);
});

/** The settings page shows what it last read at once and reads again: typing meanwhile is kept. */
test('what an admin types while the settings page reloads its values is kept, and still unsaved', async ({
  page,
}) => {
  await login(page);
  await openPage(page, '/#/admin/settings');
  const from = page.getByLabel('From', { exact: true });
  await expect(page.getByTestId('report-settings')).toBeVisible();
  const storedFrom = await from.inputValue();
  await openMenuEntry(page, 'Wallets');
  await expect(page.getByRole('heading', { level: 1, name: 'Wallets' })).toBeVisible();

  // The second visit's read is held back until the admin has typed.
  let release = () => {};
  const typed = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/console/report-settings', async (route) => {
    if (route.request().method() === 'GET') await typed;
    await route.continue();
  });
  const reread = page.waitForResponse(
    (r) => r.url().endsWith('/console/report-settings') && r.request().method() === 'GET',
  );
  await openPage(page, '/#/admin/settings');
  await expect(from).toHaveValue(storedFrom);
  await from.fill('typing@corner-shop.example');
  release();
  await reread;
  await expect(page.getByTestId('report-settings-unsaved')).toHaveText('Unsaved changes');
  await expect(from).toHaveValue('typing@corner-shop.example');

  await page.unroute('**/console/report-settings');
  await openMenuEntry(page, 'Wallets');
  await page
    .getByRole('alertdialog', { name: 'Leave without saving?' })
    .getByRole('button', { name: 'Leave without saving' })
    .click();
  await openPage(page, '/#/admin/settings');
  await expect(from).toHaveValue(storedFrom);
});

/** A value the node would refuse is said beside its field, where the eye is, and nothing is sent. */
test('report settings: an invalid size or day count is marked beside its field', async ({ page }) => {
  const problems = watchPageErrors(page);
  await login(page);
  await openPage(page, '/#/admin/settings');
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
  await openPage(page, '/#/admin/upstreams');
  await page.getByTestId('add-upstream').click();
  // Opened and untouched: nothing to lose, nothing asked.
  await openMenuEntry(page, 'Wallets');
  await expect(page.getByRole('heading', { level: 1, name: 'Wallets' })).toBeVisible();

  await openPage(page, '/#/admin/upstreams');
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
  await openPage(page, '/#/admin/users');
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
  await openPage(page, '/#/admin/users');
  await page.getByTestId('add-user').click();
  await page.getByTestId('user-form').getByLabel('Username').fill('half-typed');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(ask).toContainText('Your changes to the new user are not saved');
  await ask.getByRole('button', { name: 'Stay and save' }).click();
  await expect(page.getByTestId('user-form').getByLabel('Username')).toHaveValue('half-typed');
  await expect(row).toContainText('none');
  await page.getByTestId('user-form').getByRole('button', { name: 'Cancel' }).click();
  await signOut(page);
  await expect(ask).toBeHidden();
  expect(problems).toEqual([]);
});

/**
 * A cash-up closes a shift for good: an empty drawer (₦0.00) is a count like any other and is
 * confirmed like one; a count that is not an amount is refused beside the field, unsent.
 */
test('cash-up: a zero count is confirmed like any other, a wrong one is refused beside the field', async ({
  page,
}) => {
  const problems = watchPageErrors(page);
  page.on('dialog', (d) => problems.push(`native dialog: ${d.message()}`));
  const name = `drawer${unique()}`.toLowerCase().slice(0, 24);
  await login(page);
  await openPage(page, '/#/admin/users');
  await page.getByTestId('add-user').click();
  await page.getByLabel('Username').fill(name);
  await page.getByLabel('Password').fill('a long enough password');
  await page.getByRole('button', { name: 'Create user' }).click();
  await page.getByTestId(`cashup-${name}`).click();
  await expect(page.getByRole('heading', { level: 1, name: `Cash-up: ${name}` })).toBeVisible();
  let closes = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/cashups')) closes += 1;
  });
  const counted = page.getByLabel('Cash counted (₦)');
  const ask = page.getByRole('alertdialog', { name: 'Close the shift with ₦0.00 counted?' });

  await counted.fill('abc');
  await page.getByTestId('close-shift').click();
  await expect(page.getByTestId('cu-counted-error')).toHaveText(
    'Enter the cash counted in Naira, e.g. 25,000 (0 for an empty drawer), or leave it empty to close without a count.',
  );
  await expect(counted).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await shot(page, 'admin-cashup-invalid-count');

  await counted.fill('0');
  await page.getByTestId('close-shift').click();
  await expect(ask).toContainText('A closed shift cannot be reopened or counted again.');
  await expect(page.getByTestId('cu-counted-error')).toHaveCount(0);
  await shot(page, 'admin-cashup-zero-confirm');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toHaveCount(0);
  expect(closes).toBe(0);

  await counted.fill('0.00');
  await page.getByTestId('close-shift').click();
  await ask.getByRole('button', { name: 'Close and record' }).click();
  await expect(page.getByTestId('cashup-report')).toContainText(/Shift cash-up #\d+/);
  await expect(page.getByTestId('cashup-report')).toContainText('₦0.00');
  expect(closes).toBe(1);
  expect(problems).toEqual([]);
});

/**
 * Date fields that stop at a day (the last ended day, today) say so in the console's words
 * beside the field; the browser's own "Value must be … or earlier" bubble never shows.
 */
test('a day too late for reconciliation or reports is said beside the field, not in a browser bubble', async ({
  page,
}) => {
  const problems = watchPageErrors(page);
  let sent = 0;
  page.on('request', (r) => {
    if (/\/console\/admin\/(reconciliation\/run|reports\/)/.test(r.url())) sent += 1;
  });
  await login(page);
  await openPage(page, '/#/admin/reconciliation');
  const dayText = (day: string) =>
    page.evaluate(
      (d) =>
        new Intl.DateTimeFormat('en-GB', {
          timeZone: 'UTC',
          day: 'numeric',
          month: 'short',
          year: 'numeric',
        }).format(new Date(`${d}T00:00:00Z`)),
      day,
    );
  const lagos = (ms: number) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date(ms));
  const today = lagos(Date.now());
  const yesterday = lagos(Date.now() - 86_400_000);
  const tomorrow = lagos(Date.now() + 86_400_000);

  const run = page.getByTestId('reconcile-run');
  await expect(run).toHaveJSProperty('noValidate', true);
  await page.locator('#reconcile-date').fill(today);
  await page.getByRole('button', { name: 'Reconcile this day' }).click();
  await expect(page.getByTestId('reconcile-date-error')).toHaveText(
    `Only a day that has ended can be reconciled: choose ${await dayText(yesterday)} or earlier.`,
  );
  await expect(page.locator('#reconcile-date')).toHaveAttribute('aria-invalid', 'true');
  await shot(page, 'admin-reconciliation-day-too-late');
  await page.locator('#reconcile-date').fill(yesterday);
  await expect(page.getByTestId('reconcile-date-error')).toHaveCount(0);

  await openPage(page, '/#/admin/reports');
  await expect(page.getByTestId('report-show')).toHaveJSProperty('noValidate', true);
  await expect(page.getByTestId('report-run')).toHaveJSProperty('noValidate', true);
  await page.getByTestId('merchant-picker').first().selectOption('DEMO');
  await page.locator('#r-date').fill(tomorrow);
  await page.getByRole('button', { name: 'Show report' }).click();
  const notYet = `A day that has not begun has no report yet: choose ${await dayText(today)} or earlier.`;
  await expect(page.getByTestId('r-date-error')).toHaveText(notYet);
  await page.locator('#run-date').fill(tomorrow);
  await page.getByRole('button', { name: 'Run reports' }).click();
  await expect(page.getByTestId('run-date-error')).toHaveText(notYet);
  await shot(page, 'admin-reports-day-too-late');
  expect(sent).toBe(0);
  expect(problems).toEqual([]);
});

/** A refusal from the node is not left up once the form itself refuses something else. */
test('report settings: a server refusal goes away when the form refuses a new mistake itself', async ({
  page,
}) => {
  const problems = watchPageErrors(page);
  await login(page);
  await openPage(page, '/#/admin/settings');
  await expect(page.getByTestId('report-settings')).toBeVisible();
  const zone = page.getByLabel('Time zone');
  const maxMb = page.getByLabel('Attach CSV up to (MB)');
  const storedZone = await zone.inputValue();
  const storedMb = await maxMb.inputValue();
  const banner = page.locator('div.alert-error');

  // A time zone or a send time the node would refuse is said beside its field, before sending.
  await zone.fill('Mars/Olympus');
  await page.getByTestId('save-report-settings').click();
  await expect(page.getByTestId('s-tz-error')).toHaveText('An IANA time zone, such as Africa/Lagos');
  await expect(zone).toHaveAttribute('aria-invalid', 'true');
  await expect(banner).toHaveCount(0);
  await zone.fill(storedZone);
  const sendAt = page.getByLabel('Send at (local time)');
  const storedTime = await sendAt.inputValue();
  await sendAt.fill('25:00');
  await page.getByTestId('save-report-settings').click();
  await expect(page.getByTestId('s-time-error')).toHaveText(
    'A time HH:MM on the 24-hour clock, such as 07:00',
  );
  await expect(page.getByTestId('s-tz-error')).toHaveCount(0);
  await sendAt.fill(storedTime);
  // One only the node can refuse (an SMTP URL it cannot use) is said beside the button.
  await page.getByLabel('New SMTP URL').fill('ftp://mail.example');
  await page.getByTestId('save-report-settings').click();
  await expect(page.getByTestId('report-settings-error')).toBeVisible();
  await page.getByLabel('New SMTP URL').fill('');

  await maxMb.fill('-1');
  await page.getByTestId('save-report-settings').click();
  await expect(page.getByTestId('s-max-error')).toHaveText(
    'A size in MB, such as 10 or 2.5 (0: never attach)',
  );
  await expect(banner).toHaveCount(0);
  await expect(page.getByTestId('report-settings-error')).toHaveCount(0);
  await shot(page, 'admin-settings-refusal-cleared');
  await maxMb.fill(storedMb);
  expect(problems).toEqual([]);
});

/** Add user: every problem the node would find is said at once, beside its field, unsent. */
test('add user: a short password and every other problem are said at once, before sending', async ({
  page,
}) => {
  const problems = watchPageErrors(page);
  let creates = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/console/users')) creates += 1;
  });
  await login(page);
  await openPage(page, '/#/admin/users');
  await page.getByTestId('add-user').click();
  const form = page.getByTestId('user-form');
  await form.getByLabel('Username').fill('a');
  await form.getByLabel('Password').fill('short');
  await form.getByLabel('Daily sales limit (₦)').fill('1.555');
  await form.getByRole('checkbox', { name: 'Test' }).uncheck();
  await form.getByRole('button', { name: 'Create user' }).click();
  await expect(page.getByTestId('nu-name-error')).toHaveText(
    'The username must be 3 to 32 letters, digits, dots, dashes or underscores.',
  );
  await expect(page.getByTestId('nu-pass-error')).toHaveText(
    'The password must be at least 10 characters long.',
  );
  await expect(page.getByTestId('nu-limit-error')).toHaveText(
    'An amount in Naira has at most two decimals (the kobo), e.g. 1250.50.',
  );
  await expect(page.getByTestId('nu-envs-error')).toHaveText(
    'Tick at least one environment the user may sell in.',
  );
  await expect(form.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
  await shot(page, 'admin-add-user-errors');

  // Fixed but the password: only the password is said, still unsent.
  const name = `pw${unique()}`.toLowerCase().slice(0, 20);
  await form.getByLabel('Username').fill(name);
  await form.getByLabel('Daily sales limit (₦)').fill('');
  await form.getByRole('checkbox', { name: 'Test' }).check();
  await form.getByRole('button', { name: 'Create user' }).click();
  await expect(page.getByTestId('nu-pass-error')).toBeVisible();
  await expect(page.getByTestId('nu-name-error')).toHaveCount(0);
  await expect(page.getByTestId('nu-limit-error')).toHaveCount(0);
  expect(creates).toBe(0);

  await form.getByLabel('Password').fill('a long enough password');
  await form.getByRole('button', { name: 'Create user' }).click();
  await expect(page.getByTestId(`user-${name}`)).toBeVisible();
  expect(creates).toBe(1);
  expect(problems).toEqual([]);
});

test('fund a wallet: the amount and the reason are both said at once, before anything is asked or sent', async ({
  page,
}) => {
  const problems = watchPageErrors(page);
  let funds = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/wallets\/(test|live)\/fund$/.test(r.url())) funds += 1;
  });
  await login(page);
  // DEMO's test wallet: other specs on this node count on DEMO's live wallet staying empty.
  await openPage(page, '/#/admin/wallets?env=test');
  const form = page.getByTestId('fund-form');
  await form.getByLabel('Amount (₦)').fill('1.555');
  await form.getByLabel('Reason').fill('x');
  await page.getByTestId('fund-submit').click();
  await expect(page.getByTestId('fund-amount-error')).toHaveText(
    'An amount in Naira has at most two decimals (the kobo), e.g. 1250.50.',
  );
  await expect(page.getByTestId('fund-reason-error')).toHaveText(
    'Say why: the reason is kept in the ledger and the audit log.',
  );
  await expect(form.getByLabel('Amount (₦)')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('Reason')).toHaveAttribute('aria-invalid', 'true');
  // The focus is on the first field to fix.
  await expect(form.getByLabel('Amount (₦)')).toBeFocused();
  await snapPhoneAndDesk(page, 'admin-fund-errors');

  // Fixed but the reason: only the reason is said, nothing asked yet.
  await form.getByLabel('Amount (₦)').fill('1,250.50');
  await expect(page.getByTestId('fund-amount-error')).toHaveCount(0);
  await page.getByTestId('fund-submit').click();
  await expect(page.getByTestId('fund-reason-error')).toBeVisible();
  await expect(form.getByLabel('Reason')).toBeFocused();
  await expect(page.getByTestId('fund-confirmation')).toHaveCount(0);

  // A reason of 300 emoji is 300 characters, as the node counts it; 301 are one too many.
  await form.getByLabel('Reason').fill('🧾'.repeat(301));
  await expect(page.getByTestId('fund-reason-error')).toHaveText(
    'The reason must be at most 300 characters.',
  );
  await form.getByLabel('Reason').fill('🧾'.repeat(300));
  await page.getByTestId('fund-submit').click();
  await expect(page.getByTestId('fund-confirmation')).toBeVisible();
  await page.getByTestId('fund-confirm').click();
  await expect(page.getByTestId('admin-ledger-row').filter({ hasText: '🧾'.repeat(300) })).toHaveCount(1);
  expect(funds).toBe(1);
  expect(problems).toEqual([]);
});
