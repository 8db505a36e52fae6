import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  expectSuccessfulReceipt,
  login,
  receiptPdf,
  snap,
  snapPhoneAndDesk,
  watchPageErrors,
} from './helpers.js';

/** The names of a summary's or receipt's lines (its <dt>s), in order. */
const labelsOf = (lines: Locator) => lines.locator('dt').allInnerTexts();
const confirmLabels = (page: Page) => labelsOf(page.getByTestId('confirm'));

test('electricity: a wrong meter fails verify with the biller reason and charges nothing', async ({
  page,
}) => {
  const problems = watchPageErrors(page);
  await login(page);
  await page.keyboard.press('e');
  await page.getByLabel('Distribution company').selectOption('Ikeja Electric');
  const meter = page.getByLabel('Meter number');
  // No length is promised that the node does not check: the biller judges the number.
  await expect(meter).toHaveAttribute('placeholder', 'From the meter, its card or the bill');
  await meter.fill('12345');
  const verify = page.waitForResponse((r) => r.url().endsWith('/console/verify'));
  await page.getByTestId('bill-next').click();
  expect((await verify).status()).toBe(400);
  // The biller's refusal is said beside the meter field, which takes the focus to be retyped.
  await expect(page.getByTestId('customer-refused')).toContainText(
    'Invalid meter number: 12345 is not a prepaid meter of Ikeja Electric',
  );
  await expect(meter).toBeFocused();
  await expect(meter).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('verify-error')).toHaveCount(0);
  await snap(page, 'electricity-meter-refused');
  // Typing again clears it.
  await meter.fill('10000000009');
  await expect(page.getByTestId('customer-refused')).toHaveCount(0);
  const again = page.waitForResponse((r) => r.url().endsWith('/console/verify'));
  await page.keyboard.press('Enter');
  expect((await again).status()).toBe(400);
  await expect(page.getByTestId('customer-refused')).toContainText(
    'Invalid meter number: 10000000009 is not a prepaid meter of Ikeja Electric',
  );
  await expect(page.getByTestId('verified-customer')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Continue/ })).toHaveCount(0);
  await snap(page, 'electricity-verify-failure');
  expect(problems).toEqual([]);
});

test('electricity: verify shows name, address and limits; the token prints large in groups of four with units', async ({
  page,
}) => {
  const problems = watchPageErrors(page);
  await login(page);
  await page.keyboard.press('e');
  await page.getByLabel('Distribution company').selectOption('EKEDC');
  await page.getByLabel('Meter number').fill('10000000001');
  await page.getByTestId('bill-next').click();
  const customer = page.getByTestId('verified-customer');
  await expect(customer.getByTestId('verified-customer_name')).toHaveText('TEST CUSTOMER');
  await expect(customer.getByTestId('verified-customer_address')).toHaveText('12 Test Close, Ikeja, Lagos');
  await expect(customer.getByTestId('verified-limits')).toHaveText('₦500.00 to ₦500,000.00');
  // The API's lower-case type reads as a word.
  await expect(customer.getByTestId('verified-meter_type')).toHaveText('Prepaid');

  await page.getByLabel('Amount (₦)').fill('400');
  await page.getByTestId('bill-next').click();
  await expect(page.getByText('The amount must be from ₦500.00 to ₦500,000.00.')).toBeVisible();
  await page.getByLabel('Amount (₦)').fill('5000');
  await page.getByLabel('Customer phone (optional)').fill('08031234567');
  await snap(page, 'electricity-verified');
  await page.getByTestId('bill-next').click();
  await expect(page.getByTestId('confirm-total')).toHaveText('₦5,000.00');
  // The form's names for its fields, on the confirm step and the receipt alike.
  expect(await confirmLabels(page)).toEqual(
    expect.arrayContaining(['Distribution company', 'Meter number', 'Plan']),
  );
  await snapPhoneAndDesk(page, 'electricity-confirm');
  await page.getByTestId('confirm-sell').click();

  const receipt = await expectSuccessfulReceipt(page);
  await expect(receipt.getByTestId('receipt-token')).toHaveText('1234 5678 9012 3456 7890');
  expect(await labelsOf(receipt)).toEqual(
    expect.arrayContaining(['Distribution company', 'Meter number', 'Plan']),
  );
  expect(await labelsOf(receipt)).not.toContain('Provider');
  await expect(receipt.getByTestId('receipt-units')).toHaveText('Units: 23.9 kWh');
  const size = await receipt
    .getByTestId('receipt-token')
    .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  const body = await receipt
    .getByTestId('receipt-reference')
    .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  expect(size).toBeGreaterThan(body * 1.4);
  await snap(page, 'electricity-receipt');
  // On a phone the receipt preview is a screen down: the panel shows the token where the agent looks first.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.getByTestId('status-token')).toHaveText('1234 5678 9012 3456 7890');
  await expect(page.getByTestId('status-token')).toBeInViewport();
  await page.screenshot({ path: 'test-results/e2e-shots/electricity-sale-390.png' });
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await receiptPdf(page, 'electricity', '58')).toBeCloseTo(58, 0);
  expect(await receiptPdf(page, 'electricity', '80')).toBeCloseTo(80, 0);
  expect(await receiptPdf(page, 'electricity', 'a4')).toBeCloseTo(210, 0);
  expect(problems).toEqual([]);
});

test('cable TV: the bouquet fixes the amount; verify shows the current bouquet', async ({ page }) => {
  const problems = watchPageErrors(page);
  await login(page);
  await page.keyboard.press('c');
  await page.getByLabel('Provider').selectOption('GOTV');
  const bouquet = page.getByLabel('Bouquet');
  const firstPlan = await bouquet.locator('option:not([disabled])').first().textContent();
  await bouquet.selectOption({ index: 1 });
  await page.getByLabel('Smartcard / IUC number').fill('10000000020');
  await page.getByTestId('bill-next').click();
  await expect(page.getByTestId('verified-current_bouquet')).toHaveText('GOtv Jolli');
  // The due date reads as every other date in the console ("4 Dec 2026"), not "2026-12-04".
  await expect(page.getByTestId('verified-due_date')).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
  await page.getByTestId('bill-next').click();
  const price = firstPlan!.split(' — ')[1].trim();
  await expect(page.getByTestId('confirm-total')).toHaveText(price);
  expect(await confirmLabels(page)).toEqual(
    expect.arrayContaining(['Provider', 'Bouquet', 'Smartcard / IUC number']),
  );
  await snapPhoneAndDesk(page, 'cable-confirm');
  await page.getByTestId('confirm-sell').click();
  const receipt = await expectSuccessfulReceipt(page);
  await expect(receipt.getByTestId('receipt-amount')).toHaveText(price);
  expect(await labelsOf(receipt)).toEqual(
    expect.arrayContaining(['Provider', 'Bouquet', 'Smartcard / IUC number']),
  );
  expect(await labelsOf(receipt)).not.toContain('Plan');
  // The provider as customers write it, not the API's code.
  await expect(receipt).toContainText('ProviderGOtv');
  await expect(receipt).not.toContainText('GOTV');
  await snap(page, 'cable-receipt');
  expect(await receiptPdf(page, 'cable', '80')).toBeCloseTo(80, 0);
  expect(problems).toEqual([]);
});

test('cable TV renewal: verifying first offers the current bouquet at its fixed price', async ({ page }) => {
  const problems = watchPageErrors(page);
  await login(page);
  await page.keyboard.press('c');
  await page.getByLabel('Provider').selectOption('STARTIMES');
  await page.getByLabel('Smartcard / IUC number').fill('10000000030');
  await page.getByTestId('bill-next').click();
  await expect(page.getByTestId('verified-current_bouquet')).toHaveText('StarTimes Classic (Dish) Monthly');
  await expect(page.getByTestId('renewing-current')).toBeVisible();
  await expect(page.getByLabel('Bouquet')).toHaveValue(/\d+/);
  await expect(page.locator('output#bill-amount')).toHaveText('₦6,800.00');
  await expect(page.locator('input#bill-amount')).toHaveCount(0);
  await page.getByTestId('bill-next').click();
  await expect(page.getByTestId('confirm-total')).toHaveText('₦6,800.00');
  await snap(page, 'cable-renewal-confirm');
  expect(problems).toEqual([]);
});

test('betting: verify shows the customer username; the customer phone is required', async ({ page }) => {
  const problems = watchPageErrors(page);
  await login(page);
  await page.keyboard.press('b');
  await page.getByLabel('Betting platform').selectOption('SPORTYBET');
  // A filled-in ID that cannot be one says what is wrong with it, not "Enter the customer ID".
  await page.getByLabel('Customer ID').fill('TEST BET 001');
  await page.getByTestId('bill-next').click();
  await expect(
    page.getByText('The customer ID has only letters, digits and dashes, without spaces.'),
  ).toBeVisible();
  // The biller's refusal names the platform as people write it, not its API code.
  await page.getByLabel('Customer ID').fill('TESTBET002');
  await page.getByTestId('bill-next').click();
  await expect(page.getByTestId('customer-refused')).toContainText(
    'Invalid SportyBet customer id TESTBET002',
  );
  // The test simulator takes its test id in any case, as typed.
  await page.getByLabel('Customer ID').fill('testbet001');
  await page.getByTestId('bill-next').click();
  await expect(page.getByTestId('verified-customer_username')).toHaveText('testpunter');
  await page.getByLabel('Amount (₦)').fill('2000');
  // Enter in the amount: the focus goes to the field to fix, the required phone.
  await page.getByLabel('Amount (₦)').press('Enter');
  await expect(page.getByText("Enter the customer's 11-digit phone number.")).toBeVisible();
  await expect(page.getByLabel('Customer phone')).toBeFocused();
  await snap(page, 'betting-phone-required');
  // A number no network can top up is said as such, as on the airtime form.
  await page.keyboard.type('0800 123 4567');
  await page.keyboard.press('Enter');
  await expect(page.getByText('0700, 0800 and 0900 numbers are not mobile lines')).toBeVisible();
  await page.getByLabel('Customer phone').fill('08123456789');
  await page.getByTestId('bill-next').click();
  await expect(page.getByTestId('confirm')).toContainText('testpunter');
  expect(await confirmLabels(page)).toEqual(expect.arrayContaining(['Betting platform', 'Customer ID']));
  await page.getByTestId('confirm-sell').click();
  const receipt = await expectSuccessfulReceipt(page);
  await expect(receipt).toContainText('testpunter');
  expect(await labelsOf(receipt)).toEqual(expect.arrayContaining(['Betting platform', 'Customer ID']));
  await expect(receipt.getByTestId('receipt-amount')).toHaveText('₦2,000.00');
  await snap(page, 'betting-receipt');
  expect(await receiptPdf(page, 'betting', '58')).toBeCloseTo(58, 0);
  expect(problems).toEqual([]);
});

/** The renewal button names a bouquet and its price: on a phone it wraps inside the form. */
test('cable TV at 390 px: the renewal button stays inside its card', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page);
  await page.keyboard.press('c');
  await page.getByLabel('Provider').selectOption('DSTV');
  await page.getByLabel('Smartcard / IUC number').fill('10000000010');
  await page.getByTestId('bill-next').click();
  await expect(page.getByTestId('renewing-current')).toBeVisible();
  // The verified name keeps one line: on a phone each label sits above its value.
  const lines = await page
    .getByTestId('verified-customer_name')
    .evaluate((el) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight));
  expect(lines).toBeLessThan(1.5);
  // Another bouquet chosen: the button offering the current one appears.
  const bouquet = page.getByLabel('Bouquet');
  const other = await bouquet
    .locator('option')
    .evaluateAll(
      (os, current) =>
        (os as HTMLOptionElement[]).find((o) => !o.disabled && o.value && o.value !== current)!.value,
      await bouquet.inputValue(),
    );
  await bouquet.selectOption(other);
  const renew = page.getByTestId('renew-current');
  await expect(renew).toBeVisible();
  const form = await renew.evaluate((el) => el.closest('form')!.getBoundingClientRect().right);
  const box = (await renew.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(form);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/e2e-shots/cable-renew-390.png' });
});

/**
 * A postpaid bill's confirm step has the longest labels ("Distribution company") and a large
 * total: on a phone the labels wrap and every value, the total included, stays inside the summary.
 */
test('electricity at 390 px: the confirm step keeps every value inside its summary', async ({ page }) => {
  const problems = watchPageErrors(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page);
  await page.keyboard.press('e');
  await page.getByLabel('Distribution company').selectOption('Ikeja Electric');
  await page.getByText('Postpaid', { exact: true }).click();
  await page.getByLabel('Meter number').fill('10000000002');
  await page.getByTestId('bill-next').click();
  await expect(page.getByTestId('verified-customer')).toBeVisible();
  await page.getByLabel('Amount (₦)').fill('250,000');
  await page.getByTestId('bill-next').click();
  await expect(page.getByTestId('confirm-total')).toHaveText('₦250,000.00');
  const past = await page.getByTestId('confirm').evaluate((form) => {
    const summary = form.querySelector('.summary')!;
    const edge = summary.getBoundingClientRect().right - parseFloat(getComputedStyle(summary).paddingRight);
    return Array.from(summary.querySelectorAll('dd'))
      .filter((dd) => dd.getBoundingClientRect().right > edge + 0.5 || dd.scrollWidth > dd.clientWidth)
      .map((dd) => dd.textContent);
  });
  expect(past, 'values past the summary edge').toEqual([]);
  // A short label keeps its line; only a long one ("Distribution company") wraps.
  const meterLabel = page.getByTestId('confirm').locator('dt', { hasText: 'Meter number' });
  const lines = await meterLabel.evaluate(
    (el) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight),
  );
  expect(lines).toBeLessThan(1.5);
  await page.screenshot({ path: 'test-results/e2e-shots/electricity-confirm-390.png', fullPage: true });
  expect(problems).toEqual([]);
});
