import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { expectSuccessfulReceipt, login, snap, watchPageErrors } from './helpers.js';

/** A phone number no other test uses, so the search finds exactly this test's sale. */
const PHONE = '09061234599';

test('history: search by phone, open the detail, reprint, export CSV; wallet: balance and ledger', async ({
  page,
}) => {
  const problems = watchPageErrors(page);
  await login(page);
  await page.keyboard.press('a');
  await page.getByLabel('Customer phone number').fill(PHONE);
  await page.getByLabel('Amount (₦)').fill('250');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  const receipt = await expectSuccessfulReceipt(page);
  const reference = (await receipt.getByTestId('receipt-reference').innerText()).trim();

  await page.keyboard.press('Alt+h');
  await expect(page.getByRole('heading', { name: 'Sales history' })).toBeVisible();
  await page.getByLabel('Phone, meter or reference').fill(PHONE);
  await expect(page.getByTestId('history-count')).toHaveText(/^1 sale · page 1 of 1$/);
  await expect(page.getByTestId('history-row')).toContainText('₦250.00');
  await page.getByLabel('Status').selectOption('failed');
  await expect(page.getByTestId('empty')).toContainText('No sale matches these filters');
  await page.getByLabel('Status').selectOption('success');
  await page.getByLabel('Product').selectOption('airtime');
  await expect(page.getByTestId('history-row')).toHaveCount(1);
  await snap(page, 'history-search');

  const download = page.waitForEvent('download');
  await page.getByTestId('export-csv').click();
  const csv = readFileSync((await (await download).path())!, 'utf8');
  const lines = csv.trim().split('\n');
  expect(lines[0]).toContain('reference');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(reference);

  await page.getByTestId('history-row').click();
  await expect(page.getByTestId('receipt').getByTestId('receipt-reference')).toHaveText(reference);
  // Reprint: the same receipt, through the print path (Electron's bridge when present).
  await page.evaluate(() => {
    const w = window as unknown as { vendpoint: unknown; printed?: unknown };
    w.vendpoint = { printReceipt: async (o: unknown) => ((w.printed = o), { ok: true }) };
  });
  await page.getByTestId('paper-58').click();
  await page.keyboard.press('p');
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { printed?: unknown }).printed))
    .toEqual({ pageSize: 'thermal-58mm' });
  // A failure of the desktop printer is told to the agent, not swallowed.
  await page.evaluate(() => {
    (window as unknown as { vendpoint: unknown }).vendpoint = {
      printReceipt: async () => ({ ok: false, reason: 'No printer named "XP-58"' }),
    };
  });
  await page.getByTestId('print').click();
  await expect(page.getByTestId('alert')).toHaveText(
    'The receipt could not be printed: No printer named "XP-58".',
  );
  await snap(page, 'history-detail');

  await page.keyboard.press('Alt+w');
  await expect(page.getByTestId('wallet-test').getByTestId('wallet-balance')).toHaveText(/^₦[\d,]+\.\d{2}$/);
  await expect(page.getByTestId('wallet-live').getByTestId('wallet-balance')).toHaveText('₦0.00');
  // The ledger names the product and the reference's first block, not the raw code and UUID.
  await expect(page.getByTestId('ledger-table')).toContainText(
    `Airtime · ${reference.slice(-8).toUpperCase()}`,
  );
  await expect(page.getByTestId('ledger-table')).toContainText('-₦250.00');
  await snap(page, 'wallet');
  expect(problems).toEqual([]);
});
