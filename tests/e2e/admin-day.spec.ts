import { expect, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { login, unique, watchPageErrors } from './helpers.js';
import { csrfOf, openAdminPage, sellAirtimeAs, shot, v1, type Pair } from './admin-helpers.js';

/**
 * Issue 7, done when: an operator's day in the admin console, from onboarding a merchant to
 * taking a backup, with the integrator's side checked over /v1 with the issued credentials.
 */
test('an operator onboards, funds, prices, routes, resolves, cashes up and backs up', async ({
  page,
  baseURL,
  playwright,
}) => {
  test.setTimeout(180_000);
  const problems = watchPageErrors(page);
  // No native dialog may open: every question is asked in the page.
  page.on('dialog', (d) => {
    problems.push(`native dialog: ${d.message()}`);
    void d.dismiss();
  });
  const base = baseURL!;
  const code = `OP${unique()}`.slice(0, 20);
  const pairs: Record<'test' | 'live', Pair> = {
    test: { key: '', secret: '' },
    live: { key: '', secret: '' },
  };

  await login(page);
  await page.getByTestId('nav-admin').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  await test.step('onboard a merchant; its secrets are shown once', async () => {
    await openAdminPage(page, 'Merchants', 'Merchants');
    await page.getByTestId('new-merchant').click();
    await page.getByLabel('Merchant code').fill(code);
    await page.getByLabel('Business name').fill('Operator Day Stores');
    await page.getByRole('button', { name: 'Create merchant and issue credentials' }).click();
    await expect(page.getByTestId('secret-reveal')).toBeVisible();
    for (const env of ['test', 'live'] as const) {
      pairs[env] = {
        key: (await page.getByTestId(`secret-${env}-key`).textContent())!.trim(),
        secret: (await page.getByTestId(`secret-${env}-secret`).textContent())!.trim(),
      };
    }
    await expect(page.getByTestId(`merchant-row-${code}`)).toBeVisible();
    await shot(page, 'admin-merchants-new-secrets');
    await page.getByTestId('secrets-done').click();
    await expect(page.getByTestId('secret-reveal')).toHaveCount(0);
  });

  await test.step('the integrator calls /v1 with the issued credentials', async () => {
    const test1 = await v1(base, pairs.test, 'GET', '/v1/wallet/balance');
    expect(test1).toMatchObject({ status: 200, json: { total: '0.00' } });
    // Live calls come only from allowlisted IPs: none yet.
    expect((await v1(base, pairs.live, 'GET', '/v1/wallet/balance')).status).toBe(403);
  });

  await test.step('allowlist 127.0.0.1 for live and enable electricity', async () => {
    await page.getByTestId(`merchant-row-${code}`).click();
    await expect(page.getByRole('heading', { level: 1, name: /Operator Day Stores/ })).toBeVisible();
    await page.getByLabel('Add to Live IP allowlist').fill('10.0.0.300');
    await page.getByTestId('allow-ips').getByRole('button', { name: 'Add' }).click();
    await expect(page.getByTestId('allow-ips').getByRole('alert')).toContainText('not an IP address');
    await page.getByLabel('Add to Live IP allowlist').fill('127.0.0.1');
    await page.getByLabel('Add to Live IP allowlist').press('Enter');
    await page.getByLabel('Electricity').check();
    // Typed and not added with Enter: saving adds it rather than dropping it.
    await page.getByLabel('Add to Daily report recipients').fill('finance@operator.example');
    await page.getByTestId('save-merchant').click();
    await expect(page.getByTestId('merchant-saved')).toContainText('Saved.');
    await expect(page.getByRole('button', { name: 'Remove finance@operator.example' })).toBeVisible();
    await shot(page, 'admin-merchant-detail');
    expect((await v1(base, pairs.live, 'GET', '/v1/wallet/balance')).status).toBe(200);
  });

  await test.step('fund the live wallet with a reason; the ledger and CSV show it', async () => {
    await page.getByTestId('merchant-wallets').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Wallets' })).toBeVisible();
    await expect(page.getByTestId('merchant-picker')).toHaveValue(code);
    await page.getByLabel('Live', { exact: true }).check();
    // A minus is how people write "take out": the form says where that is done instead.
    await page.getByLabel('Amount (₦)').fill('-100');
    await page.getByTestId('fund-submit').click();
    await expect(page.getByTestId('fund-amount-error')).toContainText('A funding only adds money');
    await expect(page.getByTestId('fund-reason-error')).toContainText('Say why');
    await expect(page.getByLabel('Amount (₦)')).toBeFocused();
    await page.getByLabel('Amount (₦)').fill('10,000');
    await page.getByTestId('fund-submit').click();
    await expect(page.getByTestId('fund-amount-error')).toHaveCount(0);
    await expect(page.getByTestId('fund-reason-error')).toContainText('Say why');
    await expect(page.getByLabel('Reason')).toBeFocused();
    await page.getByLabel('Reason').fill('bank transfer 0042');
    await page.getByTestId('fund-submit').click();
    // Nothing moves before the amount is read back in words.
    await expect(page.getByTestId('fund-confirmation')).toContainText(
      `Credit ₦10,000.00 (ten thousand naira) to the live wallet of ${code}?`,
    );
    // Another wallet closes the confirmation: one click must never credit another merchant.
    await page.getByLabel('Test', { exact: true }).check();
    await expect(page.getByTestId('fund-confirmation')).toHaveCount(0);
    await page.getByTestId('merchant-picker').selectOption('DEMO');
    await expect(page.getByTestId('fund-confirmation')).toHaveCount(0);
    await expect(page.getByLabel('Amount (₦)')).toHaveValue('');
    await page.getByTestId('merchant-picker').selectOption(code);
    await page.getByLabel('Live', { exact: true }).check();
    await page.getByLabel('Amount (₦)').fill('10,000');
    await page.getByLabel('Reason').fill('bank transfer 0042');
    await page.getByTestId('fund-submit').click();
    await expect(page.getByTestId('fund-confirmation')).toContainText(
      `Credit ₦10,000.00 (ten thousand naira) to the live wallet of ${code}?`,
    );
    // The focus moves to the confirmation, so Enter (or a screen reader) lands on it.
    await expect(page.getByTestId('fund-confirm')).toBeFocused();
    await page.getByTestId('fund-confirm').click();
    await expect(page.getByText(`the live wallet of ${code} now holds ₦10,000.00`)).toBeVisible();
    await expect(page.getByTestId('wallet-balance')).toContainText('₦10,000.00');
    await expect(page.getByTestId('admin-ledger-row').first()).toContainText('bank transfer 0042');
    await page.getByTestId('verify-ledger').click();
    await expect(page.getByTestId('ledger-verification')).toContainText('Ledger verified');
    await shot(page, 'admin-wallets');
    expect((await v1(base, pairs.live, 'GET', '/v1/wallet/balance')).json.total).toBe('10000.00');
    const ledgerFile = page.waitForEvent('download');
    await page.getByTestId('ledger-csv').click();
    const ledgerCsv = readFileSync((await (await ledgerFile).path())!, 'utf8');
    expect(ledgerCsv).toMatch(/funding,10000\.00,10000\.00,,bank transfer 0042,user:admin/);
  });

  await test.step('price airtime at a 2.5% discount and check the debit', async () => {
    await openAdminPage(page, 'Pricing', 'Pricing');
    await page.getByTestId('merchant-picker').selectOption(code);
    await page.getByLabel('Product').selectOption('airtime');
    // Past the node's ±50 % bound: refused on the page, with the bound the node keeps.
    await page.getByLabel('Term (%)').fill('-50.01');
    await page.getByRole('button', { name: 'Save term' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Enter a percentage from -50 to 50' }),
    ).toBeVisible();
    await page.getByLabel('Term (%)').fill('-2.5');
    await page.getByRole('button', { name: 'Save term' }).click();
    await expect(page.getByTestId('pricing-rules')).toContainText('Discount -2.50%');
    // The table's example and the node's own quote come from one rule.
    await expect(page.getByTestId('pricing-rules')).toContainText('₦975.00');
    await page.getByRole('button', { name: 'Check the debit' }).click();
    await expect(page.getByTestId('price-quote')).toContainText('debits ₦975.00');
    await shot(page, 'admin-pricing');
    // A changed or bad amount takes the old quote away; a bad one says why.
    await page.getByLabel('Price check (₦)').fill('abc');
    await expect(page.getByTestId('price-quote')).toHaveCount(0);
    await page.getByRole('button', { name: 'Check the debit' }).click();
    await expect(page.getByTestId('price-check-problem')).toContainText('Enter the sale amount in Naira');
    await shot(page, 'admin-pricing-bad-amount');
    await page.getByLabel('Price check (₦)').fill('₦2,000');
    await expect(page.getByTestId('price-check-problem')).toHaveCount(0);
    await page.getByRole('button', { name: 'Check the debit' }).click();
    await expect(page.getByTestId('price-quote')).toContainText('debits ₦1,950.00');
  });

  const upstream = `slow${unique()}`.toLowerCase().slice(0, 30);
  await test.step('add a simulator upstream that leaves sales pending, routed for airtime', async () => {
    await openAdminPage(page, 'Upstreams & routes', 'Upstreams & routes');
    await page.getByTestId('add-upstream').click();
    await page.getByLabel('Simulator (demos)').check();
    await page.getByLabel('Name', { exact: true }).fill(upstream);
    await page.getByLabel('Pending rate (0–1)').fill('1');
    await page.getByLabel('Pending for (seconds)').fill('3600');
    await page.getByTestId('upstream-form').getByLabel('Airtime').check();
    await page.getByTestId('upstream-submit').click();
    const card = page.getByTestId(`upstream-${upstream}`);
    await expect(card).toContainText('100% of sales answer pending, stay pending 60 min');
    await card.getByTestId(`test-${upstream}`).click();
    await expect(card.getByTestId('connection-result')).toContainText('Connection works.');
    await expect(page.getByTestId('route-table')).toContainText(upstream);
    // Alone on its route: nothing to reorder, so no ↑/↓ (the next step adds a second).
    const alone = page.getByTestId('route-table').locator('tr', { hasText: upstream });
    await expect(alone.getByRole('button')).toHaveCount(0);
  });

  const chain = `chain${unique()}`.toLowerCase().slice(0, 30);
  await test.step('a vending-API upstream keeps its secret out of the page; test connection reads health and balance', async () => {
    // This very node, through the new merchant's test pair: two VendPoint nodes chain this way.
    await page.getByTestId('add-upstream').click();
    await page.getByLabel('Name', { exact: true }).fill(chain);
    await page.getByLabel('Base URL').fill(base);
    await page.getByLabel('Our merchant code there').fill(code);
    await page.getByLabel('API key').fill(pairs.test.key);
    await page.getByLabel('API secret').fill(pairs.test.secret);
    // Routed for airtime after the slow upstream (tried second): the next step reorders them.
    await page.getByTestId('upstream-form').getByLabel('Airtime').check();
    // A refused save keeps what was typed, the secret included, and says which field is wrong.
    await page.getByLabel('Alert below (₦)').fill('lots');
    await page.getByTestId('upstream-submit').click();
    await expect(page.getByTestId('upstream-form')).toContainText(
      'The low-balance alert must be a Naira amount like 50000.',
    );
    await expect(page.getByLabel('API secret')).toHaveValue(pairs.test.secret);
    await page.getByLabel('Alert below (₦)').fill('');
    // A provider that records sales late gets a longer not-found grace, in whole minutes.
    await page.getByLabel('No record means failed after (minutes)').fill('1');
    await page.getByTestId('upstream-submit').click();
    await expect(page.getByTestId('upstream-form')).toContainText('whole minutes from 2 to 1440');
    await page.getByLabel('No record means failed after (minutes)').fill('30');
    // The node refusing it (a name already taken) keeps the secret too.
    await page.getByLabel('Name', { exact: true }).fill(upstream);
    await page.getByTestId('upstream-submit').click();
    await expect(page.getByRole('alert')).toContainText(upstream);
    await expect(page.getByLabel('API secret')).toHaveValue(pairs.test.secret);
    await page.getByLabel('Name', { exact: true }).fill(chain);
    await page.getByTestId('upstream-submit').click();
    const card = page.getByTestId(`upstream-${chain}`);
    await expect(card).toContainText('stored, sealed; never shown');
    await expect(card.getByTestId(`grace-${chain}`)).toHaveText('30 minutes after the send');
    // Added with a VendPoint node's TEST key: said at once, in amber beside the green notice.
    await expect(page.getByRole('status').filter({ hasText: `Upstream ${chain} added.` })).toBeVisible();
    const addedWarning = page.getByTestId('alert-warning');
    await expect(addedWarning).toContainText("This is a VendPoint node's TEST key");
    await expect(addedWarning).toHaveClass(/alert-warn/);
    await card.getByTestId(`test-${chain}`).click();
    await expect(card.getByTestId('connection-result')).toContainText('Connection works.');
    await expect(card.getByTestId('connection-result')).toContainText('Balance: ₦0.00');
    // The connection works, but the key is the wrong one: the warning is not inside the green box.
    await expect(card.getByTestId('connection-result')).not.toContainText('TEST key');
    const tested = card.getByTestId('connection-warning');
    await expect(tested).toContainText("This is a VendPoint node's TEST key");
    await expect(tested).toHaveClass(/alert-warn/);
    // Said once on the page: the card's test result takes over from the notice at the top.
    await expect(addedWarning).toHaveCount(0);
    await shot(page, 'admin-upstream-test-key-warning');
    expect(await page.content()).not.toContain(pairs.test.secret);
    await shot(page, 'admin-upstreams');
  });

  const dead = `dead${unique()}`.toLowerCase().slice(0, 30);
  await test.step('an upstream that does not answer its test is not called "Healthy"', async () => {
    await page.getByTestId('add-upstream').click();
    await page.getByLabel('Name', { exact: true }).fill(dead);
    // Port 9 (discard): nothing listens there on the test machine. No routes: it gets no sales.
    await page.getByLabel('Base URL').fill('http://127.0.0.1:9');
    await page.getByLabel('Our merchant code there').fill('NOBODY');
    await page.getByLabel('API key').fill('vpk_live_nobody');
    await page.getByLabel('API secret').fill('not a real secret');
    await page.getByLabel('Alert below (₦)').fill('5000');
    await page.getByTestId('upstream-submit').click();
    const card = page.getByTestId(`upstream-${dead}`);
    // Its own alert shows on its card, not only in its Edit form.
    await expect(card.getByTestId(`alert-${dead}`)).toContainText('₦5,000.00');
    await card.getByTestId(`test-${dead}`).click();
    await expect(card.getByTestId('connection-result')).toContainText('Connection problem.');
    await expect(card.getByTestId(`test-failed-${dead}`)).toHaveText('Last test failed');
    await expect(card.getByTestId('circuit')).toHaveCount(0);
    // Read afresh, the page no longer holds its test's answer: the failed check the node
    // recorded still outranks "Healthy" (its circuit stays closed: it was sent no sale).
    await page.reload();
    await expect(card.getByTestId('circuit')).toHaveText('Last check failed');
  });

  await test.step('route order moves by keyboard and the focus stays on the moved upstream', async () => {
    const routes = page.getByTestId('route-table');
    const airtimeOrder = () =>
      routes.locator('tr', { hasText: upstream }).locator('.admin-chip').allTextContents();
    // Polled: the route table redraws once the upstream added above is in the overview.
    await expect.poll(async () => (await airtimeOrder()).slice(-2)).toEqual([upstream, chain]);
    await routes.getByRole('button', { name: `Try ${chain} earlier` }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await airtimeOrder()).slice(-2)).toEqual([chain, upstream]);
    // At the top its "earlier" button is disabled: the focus moves to its "later" one.
    await expect(routes.getByRole('button', { name: `Try ${chain} later` })).toBeFocused();
    await shot(page, 'admin-routes-moved');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await airtimeOrder()).slice(-2)).toEqual([upstream, chain]);
    await expect(routes.getByRole('button', { name: `Try ${chain} earlier` })).toBeFocused();
  });

  let reference = '';
  await test.step('a live sale stays pending; the admin flags it in the page (an in-app question)', async () => {
    const sale = await v1(base, pairs.live, 'POST', '/v1/transactions', {
      merchant_code: code,
      product: 'airtime',
      network: 'mtn',
      customer_msisdn: '08031234567',
      amount: '1000',
      client_request_id: `day-${unique()}`,
    });
    expect(sale.json.response_code).toBe('02');
    reference = sale.json.data.internal_reference;
    expect((await v1(base, pairs.live, 'GET', '/v1/wallet/balance')).json.total).toBe('9025.00');
    await openAdminPage(page, 'Needs attention', 'Needs attention');
    // Keyboard: the pending list is one tab stop; arrows move between rows.
    const row = page.getByTestId(`pending-${reference}`);
    await row.focus();
    await expect(row).toBeFocused();
    const flagCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith(`/attention/${reference}/flag`)) flagCalls.push(r.url());
    });
    await row.getByRole('button', { name: 'Flag' }).click();
    const ask = page.getByRole('alertdialog', { name: /^Flag / });
    // The question opens in its field with the suggestion selected: typing replaces it.
    const why = ask.getByLabel('Why does it need attention now?');
    await expect(why).toBeFocused();
    await page.keyboard.press('Backspace');
    await expect(why).toHaveValue('');
    // Enter sends; a blank or too short reason is refused beside the field, nothing sent.
    await page.keyboard.press('Enter');
    await expect(ask.getByTestId('dialog-input-error')).toHaveText(
      'Write the reason first: it cannot be left empty.',
    );
    await expect(why).toBeFocused();
    await page.keyboard.type('no');
    await expect(ask.getByTestId('dialog-input-error')).toHaveCount(0);
    await page.keyboard.press('Enter');
    await expect(ask.getByTestId('dialog-input-error')).toHaveText(
      'Say why in a few words (at least 3 characters).',
    );
    await shot(page, 'admin-attention-flag-short');
    expect(flagCalls).toEqual([]);
    await why.fill('customer says no airtime arrived');
    await shot(page, 'admin-attention-flag-dialog');
    await page.keyboard.press('Enter');
    await expect(ask).toHaveCount(0);
    expect(flagCalls).toHaveLength(1);
    await expect(page.getByTestId(`attention-${reference}`)).toBeVisible();
    // The flagged card says who flagged it and why, and reads the number as agents write it.
    await expect(page.getByTestId(`flag-reason-${reference}`)).toContainText(
      '“customer says no airtime arrived”',
    );
    await expect(page.getByTestId(`attention-${reference}`)).toContainText(/· 0\d{3} \d{3} \d{4} ·/);
  });

  await test.step('resolve it as failed: one refund, audited', async () => {
    await openAdminPage(page, 'Needs attention', 'Needs attention');
    const item = page.getByTestId(`attention-${reference}`);
    await expect(item).toContainText(upstream);
    await item.getByTestId('requery').click();
    await expect(page.getByText('Requeried: the provider still has no final answer.')).toBeVisible();
    await item.getByTestId('resolve').click();
    await item.getByLabel(/Not delivered/).check();
    await item.getByLabel('Reason (kept in the audit log)').fill('provider portal shows no such vend');
    await shot(page, 'admin-attention');
    await item.getByTestId('resolve-submit').click();
    // A refund by hand is asked once more, with what the provider last said; cancelling moves nothing.
    const refund = page.getByRole('alertdialog', { name: `Refund ₦975.00 to ${code}?` });
    await expect(refund).toContainText('The provider last said');
    await expect(refund).toContainText('requery it first');
    await shot(page, 'admin-attention-refund-confirm');
    await refund.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId(`attention-${reference}`)).toBeVisible();
    expect((await v1(base, pairs.live, 'GET', '/v1/wallet/balance')).json.total).toBe('9025.00');
    await item.getByTestId('resolve-submit').click();
    await refund.getByRole('button', { name: 'Refund it' }).click();
    await expect(page.getByText(`Resolved as failed: ₦975.00 refunded to ${code}.`)).toBeVisible();
    await expect(page.getByTestId(`attention-${reference}`)).toHaveCount(0);
    expect((await v1(base, pairs.live, 'GET', '/v1/wallet/balance')).json.total).toBe('10000.00');
  });

  const agent = { username: `desk${unique()}`.toLowerCase(), password: 'agent password one' };
  await test.step("an agent sells at the desk; the admin runs the shift's cash-up", async () => {
    await openAdminPage(page, 'Users & cash-up', 'Users & cash-up');
    await page.getByTestId('add-user').click();
    await expect(page.getByLabel('Username')).toBeFocused();
    await page.getByLabel('Username').fill(agent.username);
    await page.getByLabel('Password').fill(agent.password);
    await page.getByLabel('Daily sales limit (₦)').fill('50,000');
    await page.getByRole('button', { name: 'Create user' }).click();
    await expect(page.getByTestId(`user-${agent.username}`)).toContainText('₦50,000.00');

    const desk = await playwright.request.newContext({ baseURL: base });
    expect((await desk.post('/console/login', { data: agent })).status()).toBe(200);
    const headers = await csrfOf(desk);
    for (const amount of ['500', '1500']) await sellAirtimeAs(desk, headers, { amount, tag: 'desk' });
    // Test numbers: ...0003 is pending, then fails when asked again (the customer may have paid
    // meanwhile); ...0001 fails at once (nobody paid).
    const lateRef = await sellAirtimeAs(desk, headers, { phone: '08030000003', amount: '250', tag: 'desk' });
    await expect
      .poll(async () => {
        const r = await desk.post(`/console/purchases/${lateRef}/requery`, { headers, data: {} });
        return ((await r.json()) as { status: string; was_pending?: boolean }).was_pending;
      })
      .toBe(true);
    const atOnceRef = await sellAirtimeAs(desk, headers, {
      phone: '08030000001',
      amount: '300',
      tag: 'desk',
    });
    await expect
      .poll(
        async () =>
          ((await (await desk.get(`/console/purchases/${atOnceRef}`)).json()) as { status: string }).status,
      )
      .toBe('failed');
    await desk.dispose();
    // "Sold today" catches up in place, without leaving the page.
    await page.getByTestId('refresh-users').click();
    await expect(page.getByTestId(`user-${agent.username}`)).toContainText('₦2,000.00');

    await page.getByTestId(`cashup-${agent.username}`).click();
    await expect(page.getByRole('heading', { level: 1, name: `Cash-up: ${agent.username}` })).toBeVisible();
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(page.getByTestId('cashup-count')).toHaveText('2', { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    // Closing without a count is asked first; cancelling leaves the shift open.
    await page.getByTestId('close-shift').click();
    const ask = page.getByRole('alertdialog', { name: 'Close without counting the cash?' });
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(ask).toHaveCount(0);
    await expect(page.getByTestId('cashup-count')).toHaveText('2');
    await page.getByLabel('Cash counted (₦)').fill('1,954');
    await page.getByTestId('close-shift').click();
    // With a count it asks too: a closed shift cannot be reopened.
    const close = page.getByRole('alertdialog', { name: 'Close the shift with ₦1,954.00 counted?' });
    await close.getByRole('button', { name: 'Close and record' }).click();
    await expect(page.getByTestId('cashup-report')).toContainText(/Shift cash-up #\d+/);
    await expect(page.getByTestId('cashup-total')).toHaveText('₦2,000.00');
    // The sale that failed after pending is money owed back, apart from the one nobody paid for.
    await expect(page.getByTestId('cashup-failed-after-pending')).toHaveText(
      '1 sale, ₦250.00: the customer paid while it was pending; give it back to them (not part of the cash expected)',
    );
    await expect(page.getByTestId('cashup-failed')).toHaveText('1 sale, ₦300.00: no cash should be kept');
    // The difference says which way in words, with no minus sign beside them.
    await expect(page.getByTestId('cashup-difference')).toHaveText('₦46.00 short');
    await expect(page.getByTestId('cashup-report')).not.toContainText('(s)');
    await shot(page, 'admin-cashup');
    await page.emulateMedia({ media: 'print' });
    await page.screenshot({
      path: join('test-results', 'admin-shots', 'admin-cashup-print-1280x800.png'),
      fullPage: true,
    });
    await page.pdf({
      path: join('test-results', 'admin-shots', 'admin-cashup.pdf'),
      format: 'A4',
      printBackground: true,
    });
    await page.emulateMedia({ media: 'screen' });
  });

  await test.step('take a backup: a consistent SQLite file in the data directory', async () => {
    await page.getByRole('link', { name: 'Back to users' }).click();
    await openAdminPage(page, 'Settings & backup', 'Settings & backup');
    await page.getByTestId('backup-now').click();
    await expect(page.getByTestId('backup-result')).toContainText('checked (ok)');
    const path = (await page.getByTestId('backup-result').locator('code').textContent())!.trim();
    expect(path.startsWith(join(process.env.VENDPOINT_E2E_DATA_DIR!, 'backups'))).toBe(true);
    expect(existsSync(path)).toBe(true);
    const copy = new Database(path, { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(copy.prepare('SELECT name FROM merchants WHERE code = ?').pluck().get(code)).toBe(
        'Operator Day Stores',
      );
    } finally {
      copy.close();
    }
    // The audit log reads as words: sizes and amounts in units, not their storage keys.
    const audit = page.getByTestId('audit-table');
    const backupRow = audit.locator('tr', { hasText: 'backup.create' }).first();
    await expect(backupRow).toContainText(/size [\d.]+ kB/);
    await expect(backupRow).toContainText('Made a backup');
    await expect(audit).not.toContainText(/_kobo|_bytes|allowIps|[{}]/);
    await page.getByText('How to restore a backup').click();
    // The steps are the CLI's restore (it moves the -wal aside), not a copy by hand.
    await expect(page.getByTestId('restore-steps')).toContainText('npm run cli -- restore --data-dir');
    await shot(page, 'admin-settings');
  });

  await test.step('the remaining pages read well: catalogs, reports, dashboard', async () => {
    await openAdminPage(page, 'Catalogs', 'Catalogs');
    await page.getByTestId('sync-now').click();
    await expect(page.getByTestId('sync-result')).toBeVisible();
    await page.getByLabel('Search').fill('MTN');
    await expect(page.getByTestId('catalog-table')).toContainText('MTN');
    const first = page.getByTestId('catalog-table').locator('tbody tr').first();
    await first.getByRole('button', { name: 'Disable' }).click();
    await expect(first).toContainText('Disabled');
    await shot(page, 'admin-catalogs');
    await first.getByRole('button', { name: 'Enable' }).click();
    await expect(first).toContainText('Enabled');

    await openAdminPage(page, 'Reports', 'Reports');
    await page.getByTestId('merchant-picker').selectOption(code);
    // The page opens in the console's mode (TEST here), and offers no day after today.
    const envChoice = page.getByRole('combobox', { name: 'Environment' });
    await expect(envChoice).toHaveValue('test');
    await envChoice.selectOption('live');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date());
    await expect(page.getByTestId('report-show').getByLabel('Day')).toHaveAttribute('max', today);
    await page.getByTestId('report-show').getByLabel('Day').fill(today);
    await page.getByRole('button', { name: 'Show report' }).click();
    await expect(page.getByTestId('report-summary')).toContainText('Operator Day Stores');
    // The wallet's day adds up on the page: the funding, the failed sale's debit and its refund.
    await expect(page.getByTestId('report-movements')).toHaveText(
      /^Opening balance₦0\.00Funding₦10,000\.00Sales debited-₦975\.00Refunds of failed sales₦975\.00Closing balance₦10,000\.00$/,
    );
    await expect(page.getByTestId('report-statuses')).toContainText('Failed (refunded)1 · ₦1,000.00');
    // Each figure ("1 · ₦1,000.00", a balance) stays on one line beside its label on a desk, however
    // long the label ("Reversed (credited back after success)" left the figures a sliver at 1024).
    for (const width of [1280, 1024]) {
      await page.setViewportSize({ width, height: 800 });
      const figures = page.getByTestId('report-summary').locator('.admin-report-columns dd');
      for (const dd of await figures.all()) {
        const lines = await dd.evaluate((el) => {
          const range = document.createRange();
          range.selectNodeContents(el);
          return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size;
        });
        expect(lines, `${await dd.innerText()} at ${width} px`).toBe(1);
      }
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    // Today is not over: Send now waits for the day's end (the node would refuse it), and the
    // page says so beside it.
    const sendNow = page.getByRole('button', { name: 'Send now' });
    await expect(sendNow).toBeDisabled();
    await expect(sendNow).toHaveAccessibleDescription(/It can be sent once the day has ended/);
    await expect(page.getByTestId('report-not-ended')).toBeVisible();
    const reportFile = page.waitForEvent('download');
    await page.getByTestId('report-csv').click();
    expect((await reportFile).suggestedFilename()).toBe(`vendpoint-report-${code}-live-${today}.csv`);
    await page.getByTestId('report-run').getByLabel('Day').fill(today);
    await page.getByRole('button', { name: 'Run reports' }).click();
    // Its count is every state's (the day's one sale failed), and says so.
    await expect(page.getByTestId('report-run')).toContainText(`${code} (live): 1 sale (any state), built`);
    await shot(page, 'admin-reports');

    await openAdminPage(page, 'Dashboard', 'Dashboard');
    await expect(page.getByTestId('dashboard-sales')).toContainText('Airtime');
    await expect(page.getByTestId('health-table')).toContainText(upstream);
    // The dead upstream's failed check is a warning on the dashboard too, not "Healthy".
    const deadRow = page.getByTestId('health-table').locator('tr', { hasText: dead });
    await expect(deadRow.getByTestId('circuit')).toHaveText('Last check failed');
    await expect(page.getByTestId('dashboard-kpis')).toContainText('last check failed');
    await shot(page, 'admin-dashboard');
    await page.getByLabel('Test', { exact: true }).check();
    await expect(page.getByTestId('dashboard-kpis')).toContainText('Merchant wallets (test)');
    await expect(page.getByTestId('dashboard-sales')).toContainText('Airtime');
    await shot(page, 'admin-dashboard-test');
  });
  expect(problems).toEqual([]);
});
