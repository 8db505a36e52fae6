import { expect, test } from '@playwright/test';
import { login, snap, watchPageErrors, sellAirtimeFromTiles, receiptReference } from './helpers.js';
import { expectResultInView, laidOutLines } from './admin-helpers.js';

/** A phone number no other test uses, so the search finds exactly this test's sale. */
const PHONE = '09061234577';

test('an admin reverses a completed sale from Sales history: in-app dialog, once, ledger shows the reversal', async ({
  page,
}) => {
  const problems = watchPageErrors(page);
  await login(page);
  await sellAirtimeFromTiles(page, PHONE, '175', 'Enter');
  const reference = await receiptReference(page);

  await page.keyboard.press('Alt+h');
  await expect(page.getByRole('heading', { name: 'Sales history' })).toBeVisible();
  await page.getByLabel('Phone, meter, reference or item').fill(PHONE);
  const row = page.getByTestId('history-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('status-badge')).toHaveText('Successful');
  // With Reverse and Open taking room, the customer's number still reads on one line, down to
  // a narrow window (the table squeezes its columns) and on a phone (each sale a card).
  const phone = row.locator('.h-customer');
  for (const width of [1280, 640, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(row.getByTestId('reverse-sale')).toBeVisible();
    expect(await laidOutLines(phone), `at ${width} px`).toEqual(['0906 123 4577']);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/e2e-shots/history-admin-390x844.png' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: 'test-results/e2e-shots/history-admin-1280x800.png' });

  // Cancelling the dialog changes nothing.
  await row.getByTestId('reverse-sale').click();
  let ask = page.getByRole('alertdialog', { name: /^Reverse sale / });
  // The dialog names the sale, so the admin reverses the row they meant.
  await expect(ask).toContainText(`Reverse sale ${reference.slice(-8).toUpperCase()}: Airtime ·`);
  await expect(ask).toContainText('· ₦175.00');
  await expect(ask).toContainText('₦175.00 goes back to the wallet, once');
  // The reason is published to the merchant, so the dialog does not call it the audit log's.
  await expect(ask).toContainText('with your reason as “Reversed: …”');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toHaveCount(0);
  await expect(row.getByTestId('status-badge')).toHaveText('Successful');

  await row.getByTestId('reverse-sale').click();
  ask = page.getByRole('alertdialog', { name: /^Reverse sale / });
  await ask
    .getByLabel('Why is it reversed? (the merchant sees it)')
    .fill('provider confirmed it never delivered');
  await ask.getByRole('button', { name: 'Reverse sale' }).click();
  await expect(ask).toHaveCount(0);
  await expect(page.getByTestId('reverse-notice')).toHaveText(
    'Sale reversed: ₦175.00 credited back to the wallet.',
  );
  // The Reverse button went with the sale's state: the notice has the focus, not the page.
  await expectResultInView(page, page.getByTestId('reverse-notice'));
  await expect(page.getByTestId('reverse-notice')).toBeFocused();
  await expect(row.getByTestId('status-badge')).toHaveText('Reversed');
  // A reversed sale offers no second reversal.
  await expect(row.getByTestId('reverse-sale')).toHaveCount(0);
  await page.getByLabel('Status').selectOption('reversed');
  await expect(page.getByTestId('history-row')).toHaveCount(1);
  await snap(page, 'history-reversed');

  // The sale page says what happened, not "failed".
  await row.getByRole('link', { name: 'Open' }).click();
  await expect(page.getByTestId('sale-status')).toContainText('Sale reversed — REFUNDED');
  await expect(page.getByTestId('reversed-reason')).toHaveText('Provider confirmed it never delivered.');
  await expect(page.getByTestId('reversed-refund')).toContainText('credited back ₦175.00');
  // The slip keeps the provider's reference, which a dispute with the provider quotes.
  await expect(page.getByTestId('receipt')).toContainText(/Provider ref\.\s*SIM/);
  // The customer's slip says the money is owed back, not that it went back.
  await expect(page.getByTestId('receipt').getByTestId('receipt-status')).toHaveText('Reversed — refund due');

  // The node refuses a second reversal whatever the page shows.
  const csrf = await page.evaluate(async () => {
    const r = await fetch('/console/session');
    return ((await r.json()) as { csrf_token: string }).csrf_token;
  });
  const again = await page.request.post(`/console/admin/purchases/${reference}/reverse`, {
    headers: { 'x-csrf-token': csrf },
    data: { reason: 'second try' },
  });
  expect(again.status()).toBe(409);
  expect(((await again.json()) as { message: string }).message).toMatch(/already reversed/);

  await page.keyboard.press('Alt+w');
  const ledger = page.getByTestId('ledger-table');
  await expect(ledger).toContainText('Reversal');
  await expect(ledger.getByTestId('ledger-row').filter({ hasText: 'Reversal' })).toHaveCount(1);
  await expect(ledger.getByTestId('ledger-row').filter({ hasText: 'Reversal' })).toContainText('+₦175.00');
  expect(problems).toEqual([]);
});
