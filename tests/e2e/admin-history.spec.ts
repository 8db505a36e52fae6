import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import {
  adminApi,
  cli,
  expectSuccessfulReceipt,
  login,
  openPage,
  unique,
  watchPageErrors,
  sellAirtimeFromTiles,
  receiptReference,
} from './helpers.js';

/** A phone number no other test uses, so the search finds exactly this test's sale. */
const PHONE = '09061234588';

/** Sells test airtime from the tiles and waits for the receipt; returns its reference. */
async function sellAirtime(page: Page, phone: string, amount: string): Promise<string> {
  await openPage(page, '/#/sell');
  await sellAirtimeFromTiles(page, phone, amount);
  return receiptReference(page);
}

test('an admin picks another merchant in History, opens, requeries and reverses its sale; an agent has no picker', async ({
  page,
  request,
}) => {
  const problems = watchPageErrors(page);
  const code = `MH${unique()}`.slice(0, 20);
  const name = `Market Hall ${code.slice(-5)}`;
  cli(['merchant', 'create', '--code', code, '--name', name]);
  cli(['wallet', 'fund', '--code', code, '--env', 'test', '--amount', '20000']);
  const agent = { username: `mh${unique()}`.toLowerCase().slice(0, 30), password: 'agent password 123' };
  const created = await request.post('/console/users', {
    headers: await adminApi(request),
    data: { ...agent, role: 'agent', merchant_code: code },
  });
  expect(created.status()).toBe(201);

  // The agent sells; its History names its own merchant and offers no choice.
  await login(page, agent);
  const reference = await sellAirtime(page, PHONE, '240');
  await page.keyboard.press('Alt+h');
  await expect(page.getByTestId('history-whose')).toHaveText(`Test sales of ${name}, newest first.`);
  await expect(page.getByTestId('merchant-picker')).toHaveCount(0);
  await page.context().clearCookies();

  // The admin's History starts at their own merchant, where this sale is not.
  await login(page);
  await page.keyboard.press('Alt+h');
  await expect(page.getByRole('heading', { name: 'Sales history' })).toBeVisible();
  const picker = page.getByLabel('Sales of merchant');
  await expect(picker).toHaveValue('DEMO');
  await page.getByLabel('Phone, meter, reference or item').fill(PHONE);
  await expect(page.getByText('No sale to 0906 123 4588')).toBeVisible();

  await picker.selectOption(code);
  await expect(page.getByTestId('history-whose')).toHaveText(`Test sales of ${name}, newest first.`);
  const row = page.getByTestId('history-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('0906 123 4588');
  // The export is started for the merchant chosen, and its file holds that merchant's sale.
  const startedFor = page.waitForRequest((r) => r.url().includes('/console/purchases/exports?'));
  const download = page.waitForEvent('download');
  await page.getByTestId('export-csv').click();
  expect((await startedFor).url()).toContain(`merchant_code=${code}`);
  expect(readFileSync((await (await download).path())!, 'utf8')).toContain(reference);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(picker).toBeVisible();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBe(0);
  await page.screenshot({ path: 'test-results/e2e-shots/history-merchant-picker-390x844.png' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: 'test-results/e2e-shots/history-merchant-picker-1280x800.png' });

  // The sale's own page opens (it names the merchant), and an admin's Requery asks the provider.
  await row.getByRole('link', { name: 'Open' }).click();
  const receipt = await expectSuccessfulReceipt(page);
  await expect(receipt.getByTestId('receipt-reference')).toHaveText(reference);
  await page.goBack();
  await expect(page.getByTestId('history-whose')).toHaveText(`Test sales of ${name}, newest first.`);

  await row.getByTestId('reverse-sale').click();
  const ask = page.getByRole('alertdialog', { name: /^Reverse sale / });
  await ask.getByLabel('Why is it reversed? (the merchant sees it)').fill('customer never got the airtime');
  await ask.getByRole('button', { name: 'Reverse sale' }).click();
  await expect(page.getByTestId('reverse-notice')).toHaveText(
    'Sale reversed: ₦240.00 credited back to the wallet.',
  );
  await expect(row.getByTestId('status-badge')).toHaveText('Reversed');

  // Choosing their own merchant again shows its sales, as before.
  await picker.selectOption('DEMO');
  await expect(page.getByTestId('history-whose')).toContainText('Test sales of ');
  await expect(page.getByTestId('history-whose')).not.toContainText(name);
  expect(problems).toEqual([]);
});
