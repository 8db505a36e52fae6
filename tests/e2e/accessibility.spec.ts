import { expect, test } from '@playwright/test';
import { audit, report, settle, type Finding } from './axe.js';
import { expectSuccessfulReceipt, login, openPage } from './helpers.js';

test('the sign-in page and the agent pages pass axe', async ({ page }) => {
  // axe reads every page of the walk in turn: on a loaded machine that outlasts the default 60 s.
  test.slow();
  const findings: Finding[] = [];
  await openPage(page, '/#/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  findings.push(...(await audit(page, 'sign-in')));
  // The refused sign-in shows its alert: that state is read too.
  await page.getByLabel('Username').fill('nobody');
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('alert')).toBeVisible();
  findings.push(...(await audit(page, 'sign-in refused')));

  await login(page);
  findings.push(...(await audit(page, 'sell tiles')));
  for (const path of ['airtime', 'data', 'electricity', 'cable', 'betting', 'giftcards', 'esim']) {
    await openPage(page, `/#/sell/${path}`);
    await settle(page);
    findings.push(...(await audit(page, `sell ${path}`)));
  }

  await openPage(page, '/#/sell/airtime');
  await page.getByLabel('Customer phone number').fill('08031234567');
  await page.getByLabel('Amount (₦)').fill('500');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('confirm-total')).toHaveText('₦500.00');
  findings.push(...(await audit(page, 'sell airtime confirm')));
  await page.keyboard.press('Enter');
  await expectSuccessfulReceipt(page);
  findings.push(...(await audit(page, 'receipt')));

  // Fields with their errors shown, after a refused Continue.
  await openPage(page, '/#/sell/airtime');
  await page.getByRole('button', { name: /^Continue/ }).click();
  await expect(page.getByTestId('phone-error')).toBeVisible();
  findings.push(...(await audit(page, 'sell airtime errors')));
  await openPage(page, '/#/sell/electricity');
  await page.getByRole('button', { name: /^Verify customer/ }).click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  findings.push(...(await audit(page, 'sell electricity errors')));

  // A question in the console's own dialog.
  await openPage(page, '/#/sell');
  await page.getByRole('radio', { name: 'LIVE' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Switch to LIVE?' })).toBeVisible();
  findings.push(...(await audit(page, 'switch to LIVE dialog')));
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  for (const path of ['history', 'wallet']) {
    await openPage(page, `/#/${path}`);
    await settle(page);
    findings.push(...(await audit(page, path)));
  }
  expect(report(findings)).toBe('');
});

test('every admin page and its forms pass axe', async ({ page }) => {
  // axe reads every page of the walk in turn: on a loaded machine that outlasts the default 60 s.
  test.slow();
  const findings: Finding[] = [];
  await login(page);
  const pages = [
    '',
    'merchants',
    'merchants/DEMO',
    'wallets',
    'webhooks',
    'pricing',
    'upstreams',
    'catalogs',
    'attention',
    'users',
    'users/1/cashup',
    'reports',
    'reconciliation',
    'settings',
  ];
  for (const path of pages) {
    await openPage(page, `/#/admin/${path}`);
    await settle(page);
    findings.push(...(await audit(page, `admin/${path}`)));
  }
  // The forms the pages open, with their errors shown.
  await openPage(page, '/#/admin/merchants');
  await page.getByRole('button', { name: 'New merchant' }).click();
  await page.getByRole('button', { name: 'Create merchant and issue credentials' }).click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  findings.push(...(await audit(page, 'admin/merchants new, refused')));
  await openPage(page, '/#/admin/users');
  await page.getByTestId('add-user').click();
  await page.getByRole('button', { name: 'Create user' }).click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  findings.push(...(await audit(page, 'admin/users new, refused')));
  await openPage(page, '/#/admin/webhooks');
  await page.getByRole('button', { name: 'Add endpoint' }).first().click();
  findings.push(...(await audit(page, 'admin/webhooks add')));
  expect(report(findings)).toBe('');
});

test('on a phone (390 px) the sell pages and the folded admin menu pass axe', async ({ page }) => {
  // axe reads every page of the walk in turn: on a loaded machine that outlasts the default 60 s.
  test.slow();
  const findings: Finding[] = [];
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page);
  findings.push(...(await audit(page, 'phone: sell tiles')));
  await openPage(page, '/#/sell/airtime');
  await settle(page);
  findings.push(...(await audit(page, 'phone: sell airtime')));
  await openPage(page, '/#/admin');
  await settle(page);
  findings.push(...(await audit(page, 'phone: admin dashboard')));
  expect(report(findings)).toBe('');
});

test('a field refused on Continue is read with its error, where the focus lands', async ({ page }) => {
  await login(page);
  await openPage(page, '/#/sell/airtime');
  await page.getByLabel('Customer phone number').fill('08031234567');
  await page.getByRole('button', { name: /^Continue/ }).click();
  const amount = page.getByLabel('Amount (₦)');
  await expect(amount).toBeFocused();
  const amountError = amount.locator('xpath=..').locator('.field-error');
  await expect(amountError).toBeVisible();
  await expect(amount).toHaveAccessibleDescription((await amountError.textContent())!.trim());

  // A bill's amount is read with its range and, once refused, its error.
  await openPage(page, '/#/sell/electricity');
  await page.getByLabel('Distribution company').selectOption('EKEDC');
  await page.getByLabel('Meter number').fill('10000000001');
  await page.getByTestId('bill-next').click();
  await expect(page.getByTestId('verified-customer')).toBeVisible();
  await page.getByLabel('Amount (₦)').fill('400');
  await page.getByTestId('bill-next').click();
  await expect(page.getByLabel('Amount (₦)')).toHaveAccessibleDescription(
    'From ₦500.00 to ₦500,000.00 The amount must be from ₦500.00 to ₦500,000.00.',
  );

  await openPage(page, '/#/admin/merchants');
  await page.getByRole('button', { name: 'New merchant' }).click();
  await page.getByRole('button', { name: 'Create merchant and issue credentials' }).click();
  await expect(page.getByLabel('Merchant code')).toHaveAccessibleDescription(
    `${await page.getByTestId('m-code-error').textContent()} 2–20 letters (stored as capitals), digits or _; integrators send it as merchant_code.`,
  );
  await expect(page.getByLabel('Business name')).toHaveAccessibleDescription(
    `${await page.getByTestId('m-name-error').textContent()} Printed on receipts and reports.`,
  );

  await openPage(page, '/#/admin/webhooks');
  await page.getByRole('button', { name: 'Add endpoint' }).first().click();
  await page.getByLabel('URL').fill('not a url');
  await page.getByRole('button', { name: 'Add endpoint' }).last().click();
  await expect(page.getByTestId('hook-url-error')).toBeVisible();
  await expect(page.getByLabel('URL')).toHaveAccessibleDescription(
    (await page.getByTestId('hook-url-error').textContent())!.trim(),
  );
});

test('a choice refused on Continue (network, plan, gift card, provider) is read with its group', async ({
  page,
}) => {
  await login(page);
  await openPage(page, '/#/sell/airtime');
  await page.getByRole('button', { name: /^Continue/ }).click();
  await expect(page.getByRole('radiogroup', { name: 'Network' })).toHaveAccessibleDescription(
    'Choose the network.',
  );
  // Named once: no group around the radiogroup repeats "Network" before it.
  await expect(page.getByRole('group', { name: 'Network' })).toHaveCount(0);

  // The phone is right, the plan missing: the focus goes into the plans, which say why.
  await openPage(page, '/#/sell/data');
  await page.getByLabel('Customer phone number').fill('08031234567');
  const dataPlans = page.getByRole('radiogroup', { name: 'Data plans' });
  await expect(dataPlans.getByRole('radio').first()).toBeVisible();
  await page.getByRole('button', { name: /^Continue/ }).click();
  await expect(dataPlans).toHaveAccessibleDescription('Choose a data plan.');
  await expect(dataPlans.getByRole('radio').first()).toBeFocused();

  await openPage(page, '/#/sell/esim');
  await settle(page);
  await page.getByRole('button', { name: /^Continue/ }).click();
  await expect(page.getByRole('radiogroup', { name: 'eSIM plans' })).toHaveAccessibleDescription(
    'Choose a plan.',
  );

  await openPage(page, '/#/sell/giftcards');
  await settle(page);
  await page.getByTestId('giftcard-next').click();
  const cards = page.getByRole('radiogroup', { name: 'Gift cards' });
  await expect(cards).toHaveAccessibleDescription('Choose a gift card.');
  await expect(cards.getByRole('radio', { disabled: false }).first()).toBeFocused();

  await openPage(page, '/#/sell/cable');
  await settle(page);
  await page.getByTestId('bill-next').click();
  await expect(page.getByLabel('Provider')).toHaveAccessibleDescription('Choose the provider.');
});

test('the admin forms read each refusal with the field or group it is about', async ({ page }) => {
  await login(page);
  // Users → Add user with no environment ticked: the "May sell in" group says why.
  await openPage(page, '/#/admin/users');
  await page.getByTestId('add-user').click();
  const form = page.getByTestId('user-form');
  await form.getByLabel('Username').fill(`a11y${Date.now()}`.slice(0, 20));
  await form.getByLabel('Password').fill('a long enough password');
  await form.getByRole('checkbox', { name: 'Test' }).uncheck();
  await form.getByRole('button', { name: 'Create user' }).click();
  await expect(form.getByRole('group', { name: 'May sell in' })).toHaveAccessibleDescription(
    (await page.getByTestId('nu-envs-error').textContent())!.trim(),
  );
  await form.getByRole('button', { name: 'Cancel' }).click();

  // Users → Edit: a limit that is no amount, then a short password, each read with its field.
  const editor = page.locator('form[aria-label^="Edit "]');
  await page.getByRole('button', { name: 'Edit' }).first().click();
  await editor.getByLabel('Daily sales limit (₦)').fill('lots');
  await editor.getByRole('button', { name: 'Save' }).click();
  const editError = editor.locator('.field-error');
  await expect(editError).toBeVisible();
  const limit = editor.getByLabel('Daily sales limit (₦)');
  await expect(limit).toHaveAccessibleDescription((await editError.textContent())!.trim());
  await expect(limit).toHaveAttribute('aria-invalid', 'true');
  await limit.fill('');
  await editor.getByLabel('New password').fill('short');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByLabel('New password')).toHaveAccessibleDescription(/at least \d+ characters/);
  await expect(limit).not.toHaveAttribute('aria-invalid', 'true');
  await editor.getByRole('button', { name: 'Cancel' }).click();

  // Pricing: the term out of bounds is read with the term field.
  await openPage(page, '/#/admin/pricing');
  await page.getByLabel('Term (%)').fill('-50.01');
  await page.getByRole('button', { name: 'Save term' }).click();
  await expect(page.getByLabel('Term (%)')).toHaveAccessibleDescription(/^Enter a percentage from -50 to 50/);

  // A list's add field (a merchant's report e-mails) is read with its problem; the SMTP URL with its hint.
  await openPage(page, '/#/admin/merchants/DEMO');
  const emails = page.getByTestId('report-emails');
  const addEmail = emails.getByRole('textbox');
  await addEmail.fill('not an address');
  await addEmail.press('Enter');
  await expect(emails.locator('.field-error')).toBeVisible();
  await expect(addEmail).toHaveAccessibleDescription(
    (await emails.locator('.field-error').textContent())!.trim(),
  );
  await addEmail.fill('');
  await openPage(page, '/#/admin/settings');
  await expect(page.getByLabel('New SMTP URL')).toHaveAccessibleDescription(
    /^Leave empty to keep the stored one/,
  );

  // Wallets → Fund: amount and reason (through AppField) are read with their errors.
  await openPage(page, '/#/admin/wallets?env=test');
  await page.getByTestId('fund-submit').click();
  for (const [label, testid] of [
    ['Amount (₦)', 'fund-amount-error'],
    ['Reason', 'fund-reason-error'],
  ]) {
    await expect(
      page.getByTestId('fund-form').getByLabel(label, { exact: true }),
    ).toHaveAccessibleDescription((await page.getByTestId(testid).textContent())!.trim());
  }
});
