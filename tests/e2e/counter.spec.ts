import { expect, test, type Page } from '@playwright/test';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ADMIN,
  cli,
  login,
  openPage,
  signOut,
  snap,
  snapPhoneAndDesk,
  unique,
  watchPageErrors,
  sellAirtimeFromTiles,
} from './helpers.js';
import { csrfOf, openAdminPage, type Pair } from './admin-helpers.js';

/**
 * The console at the counter: a live desk of its own merchant, selling through simulator
 * upstreams an admin set up on the Upstreams page (GLO airtime always fails, AIRTEL data stays
 * pending). Network routes are tried before product-wide ones, so other tests' routes do not
 * change these outcomes.
 */
const code = `CTR${unique()}`.slice(0, 20);
const agent = { username: `desk${unique()}`.toLowerCase().slice(0, 30), password: 'a long enough password' };
const shopAdmin = {
  username: `boss${unique()}`.toLowerCase().slice(0, 30),
  password: 'a long enough password',
};

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await login(page, ADMIN);
  const headers = await csrfOf(page.request);
  const made = await page.request.post('/console/admin/merchants', {
    headers,
    data: { code, name: 'Counter Stores' },
  });
  expect(made.status()).toBe(201);
  const funded = await page.request.post(`/console/admin/merchants/${code}/wallets/live/fund`, {
    headers,
    data: { kind: 'funding', amount: '20000', reason: 'float for the counter tests' },
  });
  expect(funded.status()).toBe(200);
  for (const [u, role] of [
    [agent, 'agent'],
    [shopAdmin, 'admin'],
  ] as const) {
    const r = await page.request.post('/console/users', {
      headers,
      data: { ...u, role, merchant_code: code, environments: ['live'] },
    });
    expect(r.status()).toBe(201);
  }
  // The upstreams, set up on the admin page as an operator does.
  await page.getByTestId('nav-admin').click();
  for (const [name, setup, routes] of [
    [`fail${unique()}`.toLowerCase(), { 'Failure rate (0–1)': '1' }, 'airtime:GLO'],
    [
      `hold${unique()}`.toLowerCase(),
      { 'Pending rate (0–1)': '1', 'Pending for (seconds)': '3600' },
      'data:AIRTEL',
    ],
  ] as const) {
    await openAdminPage(page, 'Upstreams & routes', 'Upstreams & routes');
    await page.getByTestId('add-upstream').click();
    await page.getByLabel('Simulator (demos)').check();
    await page.getByLabel('Name', { exact: true }).fill(name);
    for (const [label, value] of Object.entries(setup)) await page.getByLabel(label).fill(value);
    await page.getByLabel('Network-specific routes').fill(routes);
    await page.getByTestId('upstream-submit').click();
    await expect(page.getByTestId(`upstream-${name}`)).toBeVisible();
  }
  await page.close();
});

const CHECK_PHONE =
  'Check the phone number and network with the customer, then try again. If it fails again, try later.';

async function sellGloAirtime(page: Page, amount: string) {
  await sellAirtimeFromTiles(page, '0805 123 4567', amount);
}

test('a live-only desk starts in LIVE with no switch, and shows its wallet balance', async ({ page }) => {
  const problems = watchPageErrors(page);
  await login(page, agent);
  await expect(page.getByTestId('env-stripe')).toHaveText('LIVE — real sales, real money');
  await expect(page.getByTestId('env-badge')).toHaveText('LIVE');
  await expect(page.getByTestId('env-badge').getByRole('radio')).toHaveCount(0);
  await expect(page.getByTestId('sell-balance')).toContainText('Live wallet');
  await expect(page.getByTestId('sell-balance')).toContainText('₦20,000.00');
  // Signing in again starts in live again: the session does not fall back to test.
  await page.reload();
  await expect(page.getByTestId('env-stripe')).toHaveText('LIVE — real sales, real money');
  await snap(page, 'counter-live-desk');
  expect(problems).toEqual([]);
});

test('unsellable products are greyed with the reason; an admin gets the link to fix it', async ({ page }) => {
  const problems = watchPageErrors(page);
  await login(page, agent);
  const electricity = page.getByTestId('tile-electricity');
  await expect(electricity).toHaveAttribute('data-unavailable', 'true');
  await expect(electricity.getByTestId('tile-reason')).toHaveText(
    'Live electricity is not enabled for Counter Stores; an admin can enable it.',
  );
  await expect(electricity.getByTestId('tile-fix')).toHaveCount(0);
  await page.keyboard.press('e');
  await expect(page.getByTestId('tile-notice')).toContainText('Electricity: Live electricity is not enabled');
  await expect(page).toHaveURL(/#\/sell$/);
  await expect(page.getByTestId('tile-airtime')).not.toHaveAttribute('data-unavailable', 'true');
  await snap(page, 'counter-greyed-tiles');

  await signOut(page);
  await login(page, shopAdmin);
  await page.getByTestId('tile-electricity').getByTestId('tile-fix').click();
  await expect(page.getByRole('heading', { level: 1, name: /Counter Stores/ })).toBeVisible();
  expect(problems).toEqual([]);
});

test('a failed live sale reads NOT CHARGED, the wallet refunded, and Try again refills the form', async ({
  page,
}) => {
  const problems = watchPageErrors(page);
  await login(page, agent);
  await sellGloAirtime(page, '500');
  const status = page.getByTestId('sale-status');
  await expect(status).toContainText('Sale failed — NOT CHARGED', { timeout: 20_000 });
  await expect(page.getByTestId('failed-reason')).toHaveText('The provider said: Simulated failure.');
  await expect(page.getByTestId('failed-todo')).toHaveText(CHECK_PHONE);
  await expect(page.getByTestId('failed-refund')).toHaveText(
    "The wallet was refunded ₦500.00. Do not take the customer's money for this sale.",
  );
  const receipt = page.getByTestId('receipt');
  await expect(receipt.getByTestId('receipt-not-charged')).toHaveText(/NOT CHARGED\s*Sale of ₦500\.00/);
  await expect(receipt).not.toContainText('Amount paid');
  await expect(receipt.getByTestId('receipt-failed-text')).toHaveText(
    'The sale failed. The provider said: Simulated failure. Nothing was charged for it.',
  );
  // A failure slip is not a receipt, and does not thank the customer for a sale that did not happen.
  await expect(receipt.getByTestId('receipt-title')).toHaveText('Failed sale — not a receipt');
  await expect(receipt.getByTestId('receipt-thanks')).toHaveCount(0);
  await expect(receipt.getByTestId('receipt-status')).toHaveText('Failed — not charged');
  const again = page.getByTestId('try-again');
  await expect(again).toHaveClass(/btn-primary/);
  await expect(page.getByTestId('print')).not.toHaveClass(/btn-primary/);
  await snap(page, 'counter-failed-sale');

  await again.click();
  await expect(page.getByLabel('Customer phone number')).toHaveValue('08051234567');
  await expect(page.getByLabel('Amount (₦)')).toHaveValue('500');
  await expect(page.getByTestId('network-GLO').getByRole('radio')).toBeChecked();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('confirm-total')).toHaveText('₦500.00');

  // The wallet's ledger names the product and a short reference, never a raw code and UUID.
  await page.getByRole('link', { name: 'Wallet' }).click();
  const rows = page.getByTestId('ledger-row');
  await expect(rows.filter({ hasText: /Airtime · [0-9A-F]{8}/ }).first()).toBeVisible();
  for (const text of await rows.allInnerTexts()) expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
  expect(problems).toEqual([]);
});

test('a pending sale shows when it was last checked, what the provider said and a line for the customer', async ({
  page,
}) => {
  const problems = watchPageErrors(page);
  await login(page, agent);
  await page.keyboard.press('d');
  await page.getByLabel('Customer phone number').fill('0802 123 4567');
  await page.getByLabel('Find a plan').fill('1GB');
  await page.getByLabel('Find a plan').press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.getByTestId('confirm-sell').click();
  const status = page.getByTestId('sale-status');
  await expect(status).toContainText('Pending — waiting for the provider', { timeout: 20_000 });
  await expect(page.getByTestId('pending-provider-said')).toHaveText('Simulated pending.', {
    timeout: 20_000,
  });
  await expect(page.getByTestId('pending-last-check')).not.toHaveText('not yet');
  await expect(page.getByTestId('pending-since')).toContainText(/ago|just now/);
  // The simulator answered "pending": it holds the sale, so the desk may say it was sent.
  await expect(page.getByTestId('pending-customer-line')).toContainText(
    'Tell the customer: “Your data has been sent and the provider has not confirmed it yet.',
  );
  await expect(page.getByTestId('pending-explained')).toContainText(
    'The wallet has been charged and the provider has not confirmed yet.',
  );
  await expect(status).toContainText('This page updates by itself, checking now and then.');
  // The desk's rule at the moment of sale: the wallet is charged, so the cash is taken.
  await expect(page.getByTestId('pending-take-cash')).toContainText(
    /^Take ₦[\d,]+\.\d\d from the customer as for any sale/,
  );
  await page.waitForTimeout(6000);
  await expect(page.getByTestId('pending-last-check')).toContainText(/\d+ s ago/);
  await page.getByTestId('requery').click();
  await expect(page.getByTestId('pending-last-check')).toContainText('just now');
  await expect(page.getByTestId('requery')).toHaveText('Check with the provider now');
  await snap(page, 'counter-pending-sale');
  expect(problems).toEqual([]);
});

test('a pending sale the node refuses to show any more (merchant suspended, 403) stops being followed and says why', async ({
  page,
  browser,
}) => {
  const problems = watchPageErrors(page);
  await login(page, agent);
  await page.keyboard.press('d');
  await page.getByLabel('Customer phone number').fill('0802 123 4567');
  await page.getByLabel('Find a plan').fill('1GB');
  await page.getByLabel('Find a plan').press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.getByTestId('confirm-sell').click();
  const status = page.getByTestId('sale-status');
  await expect(status).toContainText('This page updates by itself, checking now and then.', {
    timeout: 20_000,
  });
  const admin = await browser.newPage();
  await login(admin, ADMIN);
  const headers = await csrfOf(admin.request);
  const setStatus = async (value: 'active' | 'suspended') =>
    expect(
      (
        await admin.request.patch(`/console/admin/merchants/${code}`, { headers, data: { status: value } })
      ).status(),
    ).toBe(200);
  try {
    await setStatus('suspended');
    // The next look is refused: the page says what a refused first load says, and stops asking.
    await expect(
      page.getByTestId('alert').filter({ hasText: 'This merchant profile is suspended.' }),
    ).toBeVisible({ timeout: 30_000 });
    await expect(status).toContainText('This page has stopped checking (the message below says why).');
    await expect(status).not.toContainText('updates by itself');
    await snapPhoneAndDesk(page, 'counter-follow-refused');
  } finally {
    await setStatus('active');
    await admin.close();
  }
  expect(problems).toEqual([]);
});

/**
 * A provider on 127.0.0.1 whose create answers HTTP 500 (it may or may not have the sale) and
 * whose status reads answer what the test sets: the desk must not say "sent" before the
 * provider has said it holds the sale.
 */
async function unclearProvider() {
  const state = { status: 'error' as 'error' | 'pending' | 'success' };
  const envelope = {
    pending: { status: 'pending', response_code: '02', response_message: 'Pending', data: {} },
    success: {
      status: 'success',
      response_code: '00',
      response_message: 'Successful',
      data: { external_reference: 'UNCLEAR-1' },
    },
  };
  const server = createServer((req, res) => {
    req.resume();
    const answer = (code: number, body: unknown) =>
      res.writeHead(code, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.method === 'GET' && req.url?.startsWith('/v1/transactions/status') && state.status !== 'error')
      return answer(200, envelope[state.status]);
    answer(500, { status: 'error', code: 500, message: 'Internal server error' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, state, close: () => new Promise((resolve) => server.close(resolve)) };
}

test('a pending sale the provider has not acknowledged is not called sent to the customer', async ({
  page,
}) => {
  const problems = watchPageErrors(page);
  const provider = await unclearProvider();
  try {
    const admin = await page.context().browser()!.newPage();
    await login(admin, ADMIN);
    const made = await admin.request.post('/console/admin/upstreams', {
      headers: await csrfOf(admin.request),
      data: {
        name: `unclear${unique()}`.toLowerCase(),
        type: 'vending-api',
        base_url: provider.url,
        merchant_code: 'UNCLEAR',
        key: 'unclear-key',
        secret: 'unclear-secret-value',
        routes: ['data:9MOBILE'],
      },
    });
    expect(made.status()).toBe(201);
    await admin.close();

    await login(page, agent);
    await page.keyboard.press('d');
    await page.getByLabel('Customer phone number').fill('0809 123 4567');
    await page.getByLabel('Find a plan').fill('1GB');
    await page.getByLabel('Find a plan').press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByTestId('confirm-sell').click();
    const status = page.getByTestId('sale-status');
    await expect(status).toContainText('Pending — waiting for the provider', { timeout: 20_000 });
    await expect(page.getByTestId('pending-provider-said')).toHaveText(
      "The provider's system did not answer properly; the node will ask again.",
    );
    // Pay's button went with the confirm step: a pending sale's page has the focus on Print.
    await expect(page.getByTestId('print')).toBeFocused();
    const line = page.getByTestId('pending-customer-line');
    await expect(line).toHaveText(
      'Tell the customer: “Your data is being processed and is not confirmed as sent yet. Please wait a few minutes; if it does not go through, your money comes back in full.”',
    );
    await expect(page.getByTestId('pending-explained')).toContainText(
      'The wallet has been charged and the provider has not yet said it received the sale.',
    );
    await snap(page, 'counter-pending-unacknowledged');

    // The provider now says it holds the sale: from here on it has been sent.
    provider.state.status = 'pending';
    await page.getByTestId('requery').click();
    await expect(line).toContainText('Your data has been sent and the provider has not confirmed it yet.');
    await expect(page.getByTestId('pending-explained')).toContainText(
      'The wallet has been charged and the provider has not confirmed yet.',
    );

    // Settled, so the node stops asking a provider this test is about to close.
    provider.state.status = 'success';
    await page.getByTestId('requery').click();
    await expect(status).toContainText('Sale successful');
    // Requery's button went with the pending state: the focus goes on to Print, not to the page.
    await expect(page.getByTestId('print')).toBeFocused();
    expect(problems).toEqual([]);
  } finally {
    await provider.close();
  }
});

test('data plans are bought with the keyboard alone: search, arrows, Enter', async ({ page }) => {
  const problems = watchPageErrors(page);
  await login(page);
  await page.keyboard.press('d');
  await expect(page.getByLabel('Customer phone number')).toBeFocused();
  await page.keyboard.type('08031234567');
  for (let i = 0; i < 6; i++) {
    if (await page.getByLabel('Find a plan').evaluate((el) => el === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(page.getByLabel('Find a plan')).toBeFocused();
  await page.keyboard.type('2GB 30');
  const plans = page.getByTestId('data-plans').getByRole('radio');
  await expect.poll(() => plans.count()).toBeGreaterThan(1);
  await page.keyboard.press('ArrowDown');
  await expect(plans.first()).toBeFocused();
  await expect(plans.first()).toBeChecked();
  await page.keyboard.press('ArrowDown');
  await expect(plans.nth(1)).toBeChecked();
  const chosen = await page.getByTestId('data-plans').locator('label').nth(1).innerText();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('confirm')).toBeVisible();
  const planLine = await page.getByTestId('confirm').innerText();
  expect(planLine).toMatch(/2GB \w+( \w+)? \(30 days\)/);
  expect(planLine).not.toMatch(/\(30 days\) \(30 days\)/);
  expect(planLine).toContain(chosen.split('\n')[1].split(' · ')[0].trim());
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('sale-status')).toContainText('Sale successful', { timeout: 20_000 });

  // A search with one match selects it: Enter alone goes on.
  await page.keyboard.press('n');
  await expect(page.getByRole('heading', { name: 'What is the customer buying?' })).toBeVisible();
  await page.keyboard.press('d');
  await expect(page.getByLabel('Customer phone number')).toBeFocused();
  await page.keyboard.type('08051234567');
  await expect(plans.first()).toBeAttached();
  const codes = await page
    .getByTestId('data-plans')
    .getByRole('radio')
    .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
  await page.getByLabel('Find a plan').fill(codes[0]);
  await expect(page.getByTestId('data-plans').getByRole('radio')).toHaveCount(1);
  await expect(page.getByTestId('data-plans').getByRole('radio')).toBeChecked();
  await page.getByLabel('Find a plan').press('Enter');
  await expect(page.getByTestId('confirm')).toBeVisible();
  await snap(page, 'counter-keyboard-plan');
  expect(problems).toEqual([]);
});

test('no red error appears before the agent has typed: after verify, only once left or paid', async ({
  page,
}) => {
  const problems = watchPageErrors(page);
  await login(page);
  for (const [key, pick, id, idLabel] of [
    ['e', ['Distribution company', 'Ikeja Electric'], '10000000001', 'Meter number'],
    ['b', ['Betting platform', 'BET9JA'], 'TESTBET001', 'Customer ID'],
  ] as const) {
    await openPage(page, '/#/sell');
    await page.keyboard.press(key);
    await page.getByLabel(pick[0]).selectOption(pick[1]);
    await page.getByLabel(idLabel).fill(id);
    await page.getByTestId('bill-next').click();
    await expect(page.getByTestId('verified-customer')).toBeVisible();
    await expect(page.locator('.field-error')).toHaveCount(0);
    await snap(page, `counter-verified-${key}`);
    // Leaving the amount empty shows its error; trying to go on shows the rest.
    await page.getByLabel('Amount (₦)').focus();
    await page.getByLabel('Amount (₦)').blur();
    await expect(page.locator('.field-error')).toHaveText(['Enter the amount in Naira, for example 5000.']);
    await page.getByTestId('bill-next').click();
    await expect(page.locator('.field-error').first()).toBeVisible();
  }
  expect(problems).toEqual([]);
});

test('a sale that fails after pending tells the desk and the slip the money is due back', async ({
  page,
  browser,
}) => {
  const problems = watchPageErrors(page);
  // A provider whose slow-stock gift cards answer pending, then fail on the requery.
  const admin = await browser.newPage();
  await login(admin, ADMIN);
  const headers = await csrfOf(admin.request);
  const sim = await admin.request.post('/console/admin/upstreams', {
    headers,
    data: {
      name: `late${unique()}`.toLowerCase(),
      type: 'simulator',
      options: { failureRate: 1 },
      routes: ['giftcard'],
    },
  });
  expect(sim.status()).toBe(201);
  const funded = await admin.request.post(`/console/admin/merchants/${code}/wallets/live/fund`, {
    headers,
    data: { kind: 'funding', amount: '100000', reason: 'float for a gift card' },
  });
  expect(funded.status()).toBe(200);
  await admin.close();

  await login(page, agent);
  await page.keyboard.press('g');
  await page.getByLabel('Search').fill('PlayStation Store CAD 50');
  await page.getByTestId('giftcard-5009').click(); // standard stock: pending first
  await page.getByTestId('giftcard-next').click();
  await page.getByTestId('confirm-sell').click();
  const status = page.getByTestId('sale-status');
  await expect(status).toContainText('Pending — waiting for the provider', { timeout: 20_000 });
  await page.getByTestId('requery').click();
  await expect(status).toContainText('Sale failed after pending — GIVE THE MONEY BACK');
  await expect(page.getByTestId('failed-refund')).toContainText(
    'If the customer paid while it was pending, give them back ₦57,680.00.',
  );
  const receipt = page.getByTestId('receipt');
  await expect(receipt.getByTestId('receipt-not-charged')).toHaveText(/NOT DELIVERED\s*Sale of ₦57,680\.00/);
  await expect(receipt.getByTestId('receipt-failed-text')).toContainText(
    'If ₦57,680.00 was paid for it, it is due back to the customer.',
  );
  // The customer's slip never says "refunded" for money the desk may still owe.
  await expect(receipt.getByTestId('receipt-status')).toHaveText('Failed — refund if paid');
  await expect(receipt).not.toContainText(/refunded/i);
  await snap(page, 'counter-failed-after-pending');
  expect(problems).toEqual([]);
});

test('a live sale the upstream fails without a reason says so and what to check, never a bare "Failed."', async ({
  page,
  baseURL,
}) => {
  const problems = watchPageErrors(page);
  // The upstream is another VendPoint node (this one, with a test pair): its answer to a failed
  // sale is response_message "Failed" and nothing more. Its route is 9mobile airtime only.
  const loop = `LOOP${unique()}`.slice(0, 20);
  const pair = (cli(['merchant', 'create', '--code', loop, '--name', 'Loop Upstream']) as { test: Pair })
    .test;
  cli(['wallet', 'fund', '--code', loop, '--env', 'test', '--amount', '5000']);
  const admin = await page.context().browser()!.newPage();
  await login(admin, ADMIN);
  const made = await admin.request.post('/console/admin/upstreams', {
    headers: await csrfOf(admin.request),
    data: {
      name: `loop${unique()}`.toLowerCase(),
      type: 'vending-api',
      base_url: baseURL,
      merchant_code: loop,
      key: pair.key,
      secret: pair.secret,
      routes: ['airtime:9MOBILE'],
    },
  });
  expect(made.status()).toBe(201);
  await admin.close();

  await login(page, agent);
  // Test number ...0001: the upstream's simulator fails it.
  await sellAirtimeFromTiles(page, '0809 000 0001', '200');
  await expect(page.getByTestId('sale-status')).toContainText('Sale failed — NOT CHARGED', {
    timeout: 20_000,
  });
  await expect(page.getByTestId('failed-reason')).toHaveText('The provider gave no reason.');
  await expect(page.getByTestId('failed-todo')).toHaveText(CHECK_PHONE);
  await expect(page.getByTestId('receipt').getByTestId('receipt-failed-text')).toHaveText(
    'The sale failed. The provider gave no reason. Nothing was charged for it.',
  );
  await snap(page, 'counter-failed-no-reason');
  expect(problems).toEqual([]);
});

test('an admin sets where a user sells: a live-only user sees no switch; back to both brings it', async ({
  page,
}) => {
  const problems = watchPageErrors(page);
  page.on('dialog', (d) => void d.accept());
  await login(page, shopAdmin);
  await expect(page.getByTestId('env-badge').getByRole('radio')).toHaveCount(0);
  await page.getByTestId('nav-admin').click();
  await openAdminPage(page, 'Users', /Users/);
  await expect(page.getByTestId(`user-envs-${agent.username}`)).toHaveText('Live');
  await page.getByTestId(`user-${agent.username}`).getByRole('button', { name: 'Edit' }).click();
  const editor = page.locator('form.editor');
  await editor.getByLabel('Test').check();
  await editor.getByLabel('Starts in').selectOption('test');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId(`user-envs-${agent.username}`)).toContainText('Test + Live');
  await snap(page, 'counter-user-environments');

  // Add-user errors sit under their field. A new user sells in test until live is ticked.
  await page.getByTestId('add-user').click();
  const newUser = page.getByTestId('user-form');
  await expect(newUser.getByLabel('Test')).toBeChecked();
  await expect(newUser.getByLabel('Live')).not.toBeChecked();
  await page.getByLabel('Username').fill(agent.username);
  await page.getByLabel('Password').fill('a long enough password');
  await page.getByRole('button', { name: 'Create user' }).click();
  await expect(page.getByTestId('nu-name-error')).toContainText('already taken');

  // The refused user is still typed in the form: signing out asks before throwing it away.
  await signOut(page, () =>
    page
      .getByRole('alertdialog', { name: 'Leave without saving?' })
      .getByRole('button', { name: 'Leave without saving' })
      .click(),
  );
  await login(page, agent);
  await expect(page.getByTestId('env-stripe')).toHaveText(
    'TEST MODE — sales are simulated and spend only test money',
  );
  await expect(page.getByTestId('env-badge').getByRole('radio')).toHaveCount(2);
  expect(problems).toEqual([]);
});
