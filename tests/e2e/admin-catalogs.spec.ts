import { expect, test } from '@playwright/test';
import { login, watchPageErrors } from './helpers.js';
import { openAdminPage, shot } from './admin-helpers.js';

/**
 * The Catalogs page names networks, bill providers and eSIM countries as people write them (as
 * receipts and History do), in its table and its filter, while the filter still finds the
 * node's own codes.
 */
test('Catalogs shows Glo, Betting · Bet9ja and United Kingdom, never GLO, BETTING · BET9JA or GB', async ({
  page,
}) => {
  const problems = watchPageErrors(page);
  await login(page);
  await page.getByTestId('nav-admin').click();
  await openAdminPage(page, 'Catalogs', 'Catalogs');
  const table = page.getByTestId('catalog-table');
  const group = page.locator('#cat-group');
  // The table's second column: the network, provider or country of each row.
  const groups = async () => [...new Set(await table.locator('tbody tr td:nth-child(2)').allInnerTexts())];

  await expect(group.locator('option')).toContainText(['All', '9mobile', 'Airtel', 'Glo', 'MTN']);
  await group.selectOption({ label: 'Glo' });
  await expect.poll(groups).toEqual(['Glo']);

  await page.getByText('Bills', { exact: true }).click();
  await expect(group.locator('option', { hasText: 'Betting · Bet9ja' })).toHaveCount(1);
  await group.selectOption({ label: 'Betting · Bet9ja' });
  await expect.poll(groups).toEqual(['Betting · Bet9ja']);
  await shot(page, 'admin-catalogs-bills');

  // Details in words, as the rest of the admin pages say them: never range, prepaid or out_of_stock.
  const details = async () => [...new Set(await table.locator('tbody tr td:nth-child(3)').allInnerTexts())];
  await group.selectOption({ label: 'Electricity · AEDC' });
  await expect
    .poll(details)
    .toEqual(['Amount in a range · Prepaid meter', 'Amount in a range · Postpaid meter']);
  await page.getByText('Gift cards', { exact: true }).click();
  await page.locator('#cat-search').fill('Nintendo eShop GBP');
  await expect.poll(details).toEqual(['United Kingdom · Gaming · Out of stock']);

  await page.getByText('eSIM', { exact: true }).click();
  await group.selectOption({ label: 'United Kingdom' });
  await expect.poll(groups).toEqual(['United Kingdom']);
  await expect(group.locator('option', { hasText: /^GB$/ })).toHaveCount(0);
  expect(problems).toEqual([]);
});
