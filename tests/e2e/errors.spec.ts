import { expect, test } from '@playwright/test';
import {
  adminApi,
  cli,
  login,
  openPage,
  snap,
  unique,
  watchPageErrors,
  sellAirtimeFromTiles,
} from './helpers.js';

test('insufficient balance: a small test wallet refuses a larger sale with a sentence and keeps its money', async ({
  page,
  request,
}) => {
  const problems = watchPageErrors(page);
  const code = `SHOP${unique()}`.slice(0, 20);
  cli(['merchant', 'create', '--code', code, '--name', 'Corner Shop']);
  expect(cli(['wallet', 'fund', '--code', code, '--env', 'test', '--amount', '200'])).toMatchObject({
    balance: '200.00',
  });

  // An agent of that merchant, made by the admin through the console API.
  const headers = await adminApi(request);
  const agent = { username: `agent${unique()}`.toLowerCase(), password: 'agent password 123' };
  const created = await request.post('/console/users', {
    headers,
    data: { ...agent, role: 'agent', merchant_code: code },
  });
  expect(created.status()).toBe(201);

  await login(page, agent);
  await expect(page.getByTestId('merchant-name')).toHaveText('Corner Shop');
  await sellAirtimeFromTiles(page, '07011112222', '500');
  await expect(page.getByTestId('sell-error')).toHaveText(
    "Nothing was charged: the merchant's wallet does not hold enough for this sale. An admin funds it on Admin → Wallets.",
  );
  await snap(page, 'insufficient-balance');

  // Nothing was charged or stored.
  await page.getByRole('link', { name: 'Wallet' }).click();
  await expect(page.getByTestId('wallet-test').getByTestId('wallet-balance')).toHaveText('₦200.00');
  await expect(page.getByTestId('ledger-row')).toHaveCount(1);
  await page.getByRole('link', { name: 'History' }).click();
  await expect(page.getByTestId('empty')).toContainText('No sales yet');

  // An agent is not an admin: the user list is closed to them.
  const asAgent = await page.request.get('/console/users');
  expect(asAgent.status()).toBe(403);
  expect(problems).toEqual([]);
});

test('live mode is unmistakable; a live sale DEMO cannot route or pay is refused with a sentence, nothing charged', async ({
  page,
}) => {
  const problems = watchPageErrors(page);
  await login(page);
  await page.getByTestId('env-badge').getByRole('radio', { name: 'LIVE' }).click();
  // Going live is asked in the page (an accessible alert dialog), not through a native box.
  const ask = page.getByRole('alertdialog', { name: 'Switch to LIVE?' });
  await expect(ask).toContainText('Sales will be real and spend real money.');
  await ask.getByRole('button', { name: 'Switch to LIVE' }).click();
  await expect(ask).toHaveCount(0);
  await expect(page.getByTestId('env-stripe')).toHaveText('LIVE — real sales, real money');
  // The airtime tile may be greyed (no live route yet): the form itself still refuses in words.
  await openPage(page, '/#/sell/airtime');
  await expect(page.getByText('LIVE sale', { exact: true })).toBeVisible();
  await page.getByLabel('Customer phone number').fill('08031234567');
  await page.getByLabel('Amount (₦)').fill('100');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('confirm')).toContainText('This is a LIVE sale');
  await page.getByTestId('confirm-sell').click();
  // Another test on this node may add a live route: then DEMO's empty live wallet refuses it.
  await expect(page.getByTestId('sell-error')).toHaveText(
    /^(No provider is set up to sell airtime in live; an admin can add one|No provider is configured for live airtime MTN; nothing was charged|Nothing was charged: the merchant's wallet does not hold enough for this sale\. An admin funds it on Admin → Wallets)\.$/,
  );
  await snap(page, 'live-no-provider');
  await page.getByRole('link', { name: 'Wallet' }).click();
  await expect(page.getByTestId('wallet-live').getByTestId('wallet-balance')).toHaveText('₦0.00');
  await expect(page.getByTestId('empty')).toContainText('No entries yet');
  expect(problems).toEqual([]);
});
