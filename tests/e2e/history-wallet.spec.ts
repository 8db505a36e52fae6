import { expect, test, type Page } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  adminApi,
  cli,
  expectSuccessfulReceipt,
  login,
  openPage,
  SHOTS_DIR,
  signOut,
  snap,
  snapPhoneAndDesk,
  unique,
  watchPageErrors,
  sellAirtimeFromTiles,
  receiptReference,
} from './helpers.js';
import { csrfOf, v1, type Pair } from './admin-helpers.js';

/** A phone number no other test uses, so the search finds exactly this test's sale. */
const PHONE = '09061234599';

test('history: search by phone, open the detail, reprint, export CSV; wallet: balance and ledger', async ({
  page,
}) => {
  const problems = watchPageErrors(page);
  await login(page);
  await sellAirtimeFromTiles(page, PHONE, '250', 'Enter');
  const reference = await receiptReference(page);

  await page.keyboard.press('Alt+h');
  await expect(page.getByRole('heading', { name: 'Sales history' })).toBeVisible();
  await page.getByLabel('Phone, meter, reference or item').fill(PHONE);
  await expect(page.getByTestId('history-count')).toHaveText(/^1 sale · page 1 of 1$/);
  await expect(page.getByTestId('history-row')).toContainText('₦250.00');
  await page.getByLabel('Status').selectOption('failed');
  await expect(page.getByTestId('empty')).toContainText('No sale to 0906 123 4599');
  await page.getByLabel('Status').selectOption('success');
  await page.getByLabel('Product').selectOption('airtime');
  await expect(page.getByTestId('history-row')).toHaveCount(1);
  await snap(page, 'history-search');

  const download = page.waitForEvent('download');
  await page.getByTestId('export-csv').click();
  const csv = readFileSync((await (await download).path())!, 'utf8');
  // A byte-order mark first, so Excel reads the file as UTF-8.
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const lines = csv.trim().split('\n');
  expect(lines[0]).toContain('reference');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(reference);

  await page.getByTestId('history-row').click();
  await expect(page.getByTestId('receipt').getByTestId('receipt-reference')).toHaveText(reference);
  // The sale's page is History's: its tab stays the highlighted one, and only it.
  const tabs = page.getByRole('navigation', { name: 'Main' }).getByRole('link');
  await expect(tabs.filter({ hasText: 'History' })).toHaveClass(/\bnav-current\b/);
  await expect(page.getByRole('navigation', { name: 'Main' }).locator('.nav-current')).toHaveCount(1);
  await page.locator('.app-header').screenshot({ path: join(SHOTS_DIR, 'sale-from-history-top-bar.png') });
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

/** An agent of a merchant of their own, so its History holds exactly the sales a test makes. */
async function ownDesk(request: import('@playwright/test').APIRequestContext) {
  const code = `HIST${unique()}`.slice(0, 20);
  const { test } = cli(['merchant', 'create', '--code', code, '--name', 'History Stores']) as { test: Pair };
  cli(['wallet', 'fund', '--code', code, '--env', 'test', '--amount', '20000']);
  const agent = { username: `hist${unique()}`.toLowerCase().slice(0, 30), password: 'agent password 123' };
  const created = await (
    await request.post('/console/users', {
      headers: await adminApi(request),
      data: { ...agent, role: 'agent', merchant_code: code },
    })
  ).status();
  expect(created).toBe(201);
  return { ...agent, code, test };
}

/** Sells test airtime from the tiles and waits for the sale page. */
async function sellAirtime(page: Page, phone: string, amount: string) {
  await openPage(page, '/#/sell');
  await sellAirtimeFromTiles(page, phone, amount);
  await expect(page.getByTestId('sale-status')).toBeVisible();
}

/** How far the page scrolls sideways: 0 when everything fits the window. */
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('history at 390 px: each sale fits the screen with its time, product, amount and status', async ({
  page,
  request,
}) => {
  const problems = watchPageErrors(page);
  const agent = await ownDesk(request);
  await login(page, agent);
  await sellAirtime(page, '0803 123 4567', '1,500.50');
  await expectSuccessfulReceipt(page);
  await sellAirtime(page, '0803 000 0001', '300');
  await expect(page.getByTestId('sale-status')).toContainText('Sale failed', { timeout: 20_000 });
  // Data: the list names the plan, not only the network.
  await openPage(page, '/#/sell');
  await page.getByTestId('tile-data').click();
  await page.getByLabel('Customer phone number').fill('0805 123 4567');
  await page.getByLabel('Find a plan').fill('1GB');
  await page.getByTestId('data-plans').locator('label').first().click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByTestId('confirm-sell').click();
  const plan = (
    await (await expectSuccessfulReceipt(page)).locator('dt:text-is("Plan") + dd').innerText()
  ).trim();

  await page.setViewportSize({ width: 390, height: 844 });
  await openPage(page, '/#/history');
  const rows = page.getByTestId('history-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: '0805 123 4567' }).locator('.h-product')).toContainText(plan);
  await expect.poll(() => sideways(page), { message: 'History scrolls sideways' }).toBe(0);
  // The filters stay inside their card.
  const card = (await page.locator('section.card').boundingBox())!;
  for (const field of ['Phone, meter, reference or item', 'Product', 'Status', 'From', 'To']) {
    const box = (await page.getByLabel(field).boundingBox())!;
    expect(box.x + box.width, field).toBeLessThanOrEqual(card.x + card.width);
  }
  // Every cell the agent reads is whole and on the screen.
  const failed = rows.filter({ hasText: '0803 000 0001' });
  for (const [cell, text] of [
    ['.h-time', /\d{2}:\d{2}:\d{2}/],
    ['.h-product', /Airtime\s*MTN/],
    ['.h-amount', '₦300.00'],
    ['.h-status', 'Failed'],
  ] as const) {
    const td = failed.locator(cell);
    await expect(td).toHaveText(text);
    const box = (await td.boundingBox())!;
    expect(box.x, cell).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, cell).toBeLessThanOrEqual(390);
    expect(await td.evaluate((el) => el.scrollWidth <= el.clientWidth), `${cell} is cut`).toBe(true);
  }
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: join(SHOTS_DIR, 'history-390x844.png'), fullPage: true });

  // A till's 1024 px window keeps the table, with nothing scrolling sideways either.
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(page.getByRole('columnheader', { name: /Amount/ })).toBeVisible();
  await expect.poll(() => sideways(page)).toBe(0);
  await page.screenshot({ path: join(SHOTS_DIR, 'history-1024x768.png'), fullPage: true });

  // The date fields show the browser's own format (mm/dd/yyyy in en-US): the days chosen are
  // said in words under them, so 01/11 cannot be read the wrong way round.
  await page.getByLabel('From').fill('2026-11-01');
  await expect(page.getByTestId('history-range')).toHaveText('Sales from 1 Nov 2026 on.');
  await page.getByLabel('To').fill('2026-11-05');
  await expect(page.getByTestId('history-range')).toHaveText('Sales from 1 Nov 2026 to 5 Nov 2026.');
  await page.getByLabel('To').fill('2026-11-01');
  await expect(page.getByTestId('history-range')).toHaveText('Sales on 1 Nov 2026.');
  await page.getByLabel('From').fill('2026-11-03');
  await expect(page.getByTestId('history-range')).toContainText('is after To 1 Nov 2026');
  expect(problems).toEqual([]);
});

test("history finds a customer's number sent in either form, and searches every field on one click", async ({
  page,
  request,
  baseURL,
}) => {
  const problems = watchPageErrors(page);
  const agent = await ownDesk(request);
  // An integrator sends the number in either form; another sale's reference holds its digits.
  for (const [msisdn, key] of [
    ['2348031234567', `intl-${unique()}`],
    ['08031234567', `local-${unique()}`],
    ['08039990000', `ref-08031234567-${unique()}`],
  ]) {
    const sale = await v1(baseURL!, agent.test, 'POST', '/v1/transactions', {
      merchant_code: agent.code,
      product: 'airtime',
      network: 'mtn',
      customer_msisdn: msisdn,
      amount: '100',
      client_request_id: key,
    });
    expect(sale.status, JSON.stringify(sale.json)).toBe(200);
  }
  await login(page, agent);
  await openPage(page, '/#/history');
  const rows = page.getByTestId('history-row');
  await expect(rows).toHaveCount(3);
  const scope = page.getByTestId('history-search-scope');
  await page.getByLabel('Phone, meter, reference or item').fill('+234 803 123 4567');
  await expect(scope).toHaveText(
    /^\s*Sales to 0803 123 4567, in either form \(0… or 234…\)\.\s*Search every field/,
  );
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: '0803 999 0000' })).toHaveCount(0);
  await expect(page.getByTestId('history-count')).toHaveText(/^2 sales · page 1 of 1$/);
  await snapPhoneAndDesk(page, 'history-phone-search');

  // One click: the digits looked for in every field, as before (the 0… form as typed, and the
  // reference that holds them); one more, back to the number's sales.
  await page.getByTestId('search-every-field').click();
  await expect(scope).toContainText('Every field searched for 0803 123 4567 as text.');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: '0803 999 0000' })).toHaveCount(1);
  await snapPhoneAndDesk(page, 'history-phone-every-field');
  await page.getByTestId('search-as-phone').click();
  await expect(scope).toContainText('Sales to 0803 123 4567');
  await expect(rows.filter({ hasText: '0803 999 0000' })).toHaveCount(0);
  await expect(rows).toHaveCount(2);

  // Part of a number is text, as before: no line about a number.
  await page.getByLabel('Phone, meter, reference or item').fill('803 123');
  await expect(rows).toHaveCount(3);
  await expect(scope).toHaveCount(0);
  expect(problems).toEqual([]);
});

test("history finds the sale a receipt's reference or a request id names, and searches every field on one click", async ({
  page,
  request,
  baseURL,
}) => {
  const problems = watchPageErrors(page);
  const agent = await ownDesk(request);
  const order = `order-${unique()}`;
  let reference = '';
  // A second request id holds the first one whole.
  for (const key of [order, `${order}0`]) {
    const sale = await v1(baseURL!, agent.test, 'POST', '/v1/transactions', {
      merchant_code: agent.code,
      product: 'airtime',
      network: 'mtn',
      customer_msisdn: '08031234567',
      amount: '100',
      client_request_id: key,
    });
    expect(sale.status, JSON.stringify(sale.json)).toBe(200);
    if (key === order) reference = sale.json.data.internal_reference;
  }
  await login(page, agent);
  await openPage(page, '/#/history');
  const rows = page.getByTestId('history-row');
  await expect(rows).toHaveCount(2);
  const scope = page.getByTestId('history-search-scope');
  const search = page.getByLabel('Phone, meter, reference or item');

  await search.fill(reference.toUpperCase());
  await expect(scope).toContainText(`The sale with reference ${reference.toUpperCase()}.`);
  await expect(rows).toHaveCount(1);
  await expect(page.getByTestId('history-count')).toHaveText(/^1 sale · page 1 of 1$/);
  await snapPhoneAndDesk(page, 'history-reference-search');

  await search.fill(order);
  await expect(scope).toContainText(`The sale with request id ${order}.`);
  await expect(rows).toHaveCount(1);
  // One click: every field searched for the text, which finds the longer request id too.
  await page.getByTestId('search-every-field').click();
  await expect(scope).toContainText(`Every field searched for ${order} as text.`);
  await expect(rows).toHaveCount(2);
  await page.getByTestId('search-as-phone').click();
  await expect(scope).toContainText(`The sale with request id ${order}.`);
  await expect(rows).toHaveCount(1);

  // Part of a reference is text, as before: no line about it.
  await search.fill(reference.slice(0, 8));
  await expect(rows).toHaveCount(1);
  await expect(scope).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('history tells a sale that failed after pending (money to give back) from one nobody paid for', async ({
  page,
  request,
}) => {
  const problems = watchPageErrors(page);
  const agent = await ownDesk(request);
  await login(page, agent);
  // Test number ...0003: pending, then failed at its first check.
  await sellAirtime(page, '0803 000 0003', '250');
  const status = page.getByTestId('sale-status');
  await expect(async () => {
    if (await page.getByTestId('requery').isVisible()) await page.getByTestId('requery').click();
    await expect(status).toContainText('Sale failed after pending — GIVE THE MONEY BACK', { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await sellAirtime(page, '0803 000 0001', '300');
  await expect(status).toContainText('Sale failed — NOT CHARGED', { timeout: 20_000 });

  await openPage(page, '/#/history');
  const rows = page.getByTestId('history-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: '0803 000 0003' }).getByTestId('status-badge')).toHaveText(
    'Failed — refund customer',
  );
  await expect(rows.filter({ hasText: '0803 000 0001' }).getByTestId('status-badge')).toHaveText('Failed');
  await snap(page, 'history-failed-after-pending');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => sideways(page)).toBe(0);
  await page.screenshot({
    path: join(SHOTS_DIR, 'history-failed-after-pending-390x844.png'),
    fullPage: true,
  });
  expect(problems).toEqual([]);
});

test('history follows its pending sales by itself: failed after pending turns "Failed — refund customer"', async ({
  page,
  request,
}) => {
  // It waits for the simulator's pending sales to settle by themselves: about 21 s when quiet.
  test.slow();
  const problems = watchPageErrors(page);
  const agent = await ownDesk(request);
  await login(page, agent);
  await page.setViewportSize({ width: 390, height: 844 });
  // Test numbers ...0003 (pending, then failed at its first check about 10 s later) and ...0002
  // (pending, then successful), sold through the page's own session while History is open.
  const headers = await csrfOf(page.request);
  for (const [phone, network] of [
    ['08130000003', 'mtn'],
    ['09050000002', 'glo'],
  ]) {
    const sold = await page.request.post('/console/sell', {
      headers,
      data: {
        product: 'airtime',
        network,
        customer_msisdn: phone,
        amount: '400',
        client_request_id: `h2-${unique()}`,
      },
    });
    expect(sold.status()).toBe(200);
  }
  await openPage(page, '/#/history');
  await page.getByLabel('Product').selectOption('airtime');
  const rows = page.getByTestId('history-row');
  const failing = rows.filter({ hasText: '0813 000 0003' });
  const succeeding = rows.filter({ hasText: '0905 000 0002' });
  await expect(failing.getByTestId('status-badge')).toHaveText('Pending');
  await expect(succeeding.getByTestId('status-badge')).toHaveText('Pending');
  // A keyboard agent waits on the row's Requery button; nobody presses it.
  await failing.getByRole('button', { name: 'Requery' }).focus();
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: join(SHOTS_DIR, 'history-following-390x844.png'), fullPage: true });

  await expect(failing.getByTestId('status-badge')).toHaveText('Failed — refund customer', {
    timeout: 40_000,
  });
  await expect(succeeding.getByTestId('status-badge')).toHaveText('Successful', { timeout: 40_000 });
  // In place: the filter, the rows and the focus (now on the same row's Open link) stay.
  await expect(page.getByLabel('Product')).toHaveValue('airtime');
  await expect(rows).toHaveCount(2);
  await expect(failing.getByRole('button', { name: 'Requery' })).toHaveCount(0);
  await expect(failing.getByRole('link', { name: 'Open' })).toBeFocused();
  await expect.poll(() => sideways(page)).toBe(0);
  await page.screenshot({ path: join(SHOTS_DIR, 'history-followed-390x844.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: join(SHOTS_DIR, 'history-followed-1280x800.png'), fullPage: true });
  expect(problems).toEqual([]);
});

/** Each ledger row's Amount and balance cells: whole, and inside the window and their card. */
async function ledgerMoneyCells(page: Page, rowTestid: string, width: number) {
  const rows = page.getByTestId(rowTestid);
  const n = await rows.count();
  expect(n).toBeGreaterThan(0);
  for (let i = 0; i < n; i++) {
    for (const cell of ['.l-amount', '.l-balance']) {
      const td = rows.nth(i).locator(cell);
      await expect(td).toBeVisible();
      const box = (await td.boundingBox())!;
      expect(box.x, cell).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, cell).toBeLessThanOrEqual(width);
      expect(await td.evaluate((el) => el.scrollWidth <= el.clientWidth), `${cell} is cut`).toBe(true);
    }
  }
  // The table no longer scrolls inside its card: nothing is hidden to the right.
  expect(
    await page.locator('.table-wrap').evaluate((el) => el.scrollWidth - el.clientWidth),
    `${width}: the ledger scrolls sideways in its card`,
  ).toBe(0);
}

test('wallet ledger at 390 px: every entry shows its amount and the balance after it, on the agent and the admin pages', async ({
  page,
  request,
}) => {
  const problems = watchPageErrors(page);
  const desk = await ownDesk(request);
  // A balance in the millions: the widest figure a desk sees.
  cli(['wallet', 'fund', '--code', desk.code, '--env', 'test', '--amount', '2480000']);
  await login(page, desk);
  const headers = await csrfOf(page.request);
  // A sale, and one that fails at once (its debit, then its refund).
  for (const phone of ['08031234567', '08030000001']) {
    const sold = await page.request.post('/console/sell', {
      headers,
      data: {
        product: 'airtime',
        network: 'mtn',
        customer_msisdn: phone,
        amount: '1250.50',
        client_request_id: `m1-${unique()}`,
      },
    });
    expect(sold.status()).toBe(200);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await openPage(page, '/#/wallet');
  const rows = page.getByTestId('ledger-row');
  await expect(rows).toHaveCount(5);
  await expect(rows.first().locator('.l-kind')).toHaveText('Refund');
  // Money in carries its plus as money out its minus, so the direction reads at a glance.
  await expect(rows.first().locator('.l-amount')).toHaveText('+₦1,250.50');
  await expect(rows.first().locator('.l-balance')).toHaveText(/^Balance after ₦2,498,749\.50$/);
  await expect(rows.nth(1).locator('.l-amount')).toHaveText('-₦1,250.50');
  await expect.poll(() => sideways(page), { message: 'the wallet scrolls sideways' }).toBe(0);
  await ledgerMoneyCells(page, 'ledger-row', 390);
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: join(SHOTS_DIR, 'wallet-390x844.png'), fullPage: true });
  // A wide window keeps the table: its headers name the figures, the cells hold only them.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('columnheader', { name: 'Balance after' })).toBeVisible();
  expect(await rows.first().locator('.l-balance').innerText()).toBe('₦2,498,749.50');
  await page.screenshot({ path: join(SHOTS_DIR, 'wallet-1280x800.png'), fullPage: true });

  // The admin's Wallets page shows the same ledger, the same way.
  await signOut(page);
  await login(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await openPage(page, `/#/admin/wallets?code=${desk.code}&env=test`);
  const adminRows = page.getByTestId('admin-ledger-row');
  await expect(adminRows).toHaveCount(5);
  await expect(adminRows.first().locator('.l-balance')).toHaveText(/^Running balance ₦2,498,749\.50$/);
  await expect(adminRows.first().locator('.l-amount')).toHaveText('+₦1,250.50');
  await expect(adminRows.nth(1).locator('.l-amount')).toHaveText('-₦1,250.50');
  await expect.poll(() => sideways(page), { message: 'Admin → Wallets scrolls sideways' }).toBe(0);
  await ledgerMoneyCells(page, 'admin-ledger-row', 390);
  await page.screenshot({ path: join(SHOTS_DIR, 'admin-wallet-390x844.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('columnheader', { name: 'Running balance' })).toBeVisible();
  await page.screenshot({ path: join(SHOTS_DIR, 'admin-wallet-1280x800.png'), fullPage: true });
  expect(problems).toEqual([]);
});

/**
 * Between a phone and a desk the ledger is a card per entry wherever its card is narrower than its
 * table needs (about 735 px for a balance in the tens of millions), whatever the window's width:
 * Admin → Wallets' table scrolled sideways in its card from 601 to 960 px (180 px at 601, under
 * the admin menu; 15 at 960, beside it), the agent's Wallet page from 601 to 849.
 */
test('wallet ledger from 601 to 1280 px: nothing scrolls sideways in its card, on the agent and the admin pages', async ({
  page,
  request,
}) => {
  const problems = watchPageErrors(page);
  const desk = await ownDesk(request);
  cli(['wallet', 'fund', '--code', desk.code, '--env', 'test', '--amount', '99000000']);
  await login(page, desk);
  const headers = await csrfOf(page.request);
  const sold = await page.request.post('/console/sell', {
    headers,
    data: {
      product: 'airtime',
      network: 'mtn',
      customer_msisdn: '08031234567',
      amount: '1250.50',
      client_request_id: `m2-${unique()}`,
    },
  });
  expect(sold.status()).toBe(200);
  const widths = [601, 700, 800, 849, 900, 901, 910, 960, 1024, 1077, 1078, 1100, 1240, 1280];
  await openPage(page, '/#/wallet');
  await expect(page.getByTestId('ledger-row')).toHaveCount(3);
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 });
    await ledgerMoneyCells(page, 'ledger-row', width);
    expect(await sideways(page), `${width}: the wallet page scrolls sideways`).toBe(0);
  }
  await signOut(page);
  await login(page);
  await openPage(page, `/#/admin/wallets?code=${desk.code}&env=test`);
  await expect(page.getByTestId('admin-ledger-row')).toHaveCount(3);
  mkdirSync(SHOTS_DIR, { recursive: true });
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 });
    await ledgerMoneyCells(page, 'admin-ledger-row', width);
    expect(await sideways(page), `${width}: Admin → Wallets scrolls sideways`).toBe(0);
    if ([601, 960, 1100].includes(width))
      await page.screenshot({ path: join(SHOTS_DIR, `admin-wallet-ledger-${width}.png`), fullPage: true });
  }
  // The page at a desk's width keeps the table, its headers naming the figures.
  await expect(page.getByRole('columnheader', { name: 'Running balance' })).toBeVisible();
  expect(problems).toEqual([]);
});

/**
 * Admin → Wallets opens on the wallet of the environment the console is in, as the dashboard and
 * Reports do (it opened on Live while the console was in Test); a link naming one opens on it.
 */
test('Admin → Wallets opens on the environment the console is in, or on the one its link names', async ({
  page,
}) => {
  const problems = watchPageErrors(page);
  const wallet = page.getByRole('radiogroup', { name: 'Wallet' });
  const fundHeading = page.getByTestId('fund-form').getByRole('heading', { level: 2 });
  await login(page);
  await openPage(page, '/#/admin/wallets');
  await expect(wallet.getByRole('radio', { name: 'Test' })).toBeChecked();
  await expect(fundHeading).toHaveText('Fund or adjust the test wallet of DEMO');
  await snapPhoneAndDesk(page, 'admin-wallets-test-mode');
  // The balance's label sits over its figure: at its right end on a desk, at its left on a phone.
  const balance = page.getByTestId('wallet-balance');
  const edges = () =>
    balance.evaluate((el) => {
      // Where the words are, not their boxes (as wide as the block whatever the alignment).
      const text = (selector: string) => {
        const range = document.createRange();
        range.selectNodeContents(el.querySelector(selector)!);
        return range.getBoundingClientRect();
      };
      const [label, value] = [text('.admin-kpi-label'), text('.admin-kpi-value')];
      return { left: Math.round(label.left - value.left), right: Math.round(label.right - value.right) };
    });
  await expect(balance).toContainText('₦');
  expect((await edges()).right, 'desk: right edges').toBe(0);
  await page.setViewportSize({ width: 390, height: 844 });
  expect((await edges()).left, 'phone: left edges').toBe(0);
  await page.setViewportSize({ width: 1280, height: 800 });
  // A link from another page (the page is not reopened by a change of its own query).
  await openPage(page, '/#/admin');
  await openPage(page, '/#/admin/wallets?env=live');
  await expect(wallet.getByRole('radio', { name: 'Live' })).toBeChecked();

  // The console in LIVE (this session only): the page opens on the live wallet.
  await page.getByTestId('env-badge').getByRole('radio', { name: 'LIVE' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Switch to LIVE' }).click();
  await expect(page.getByTestId('env-stripe')).toHaveText('LIVE — real sales, real money');
  await openPage(page, '/#/admin/wallets');
  await expect(wallet.getByRole('radio', { name: 'Live' })).toBeChecked();
  await expect(fundHeading).toHaveText('Fund or adjust the live wallet of DEMO');
  await openPage(page, '/#/admin');
  await openPage(page, '/#/admin/wallets?env=test');
  await expect(wallet.getByRole('radio', { name: 'Test' })).toBeChecked();
  expect(problems).toEqual([]);
});
