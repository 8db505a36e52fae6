import { expect, test, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ADMIN,
  cli,
  expectSuccessfulReceipt,
  login,
  openPage,
  snap,
  unique,
  watchPageErrors,
} from './helpers.js';
import { csrfOf, v1, type Pair } from './admin-helpers.js';
import { startNodeProcess, type NodeProcess } from '../helpers/node-process.js';

/**
 * A successful LIVE sale at the desk, through to the receipt. The live provider is a second
 * VendPoint node this spec starts on 127.0.0.1 (the README's "Chaining to another VendPoint
 * node"): a merchant there with a funded live wallet, 127.0.0.1 allowlisted and a simulator
 * routed for its live sales. Here a merchant of this spec's own sells through it, by an agent
 * who may sell in test and live. Routes are node-wide, so this spec routes only live Airtel
 * airtime and IBEDC electricity, which no other spec sells live (tests/README.md lists who owns
 * which route), and disables its upstream when it is done. No other spec routes live electricity,
 * so here IBEDC is the only company the desk may sell, and the tile and form say so.
 */
const code = `LIVE${unique()}`.slice(0, 20);
const agent = { username: `live${unique()}`.toLowerCase().slice(0, 30), password: 'a long enough password' };
const upstream = `chained${unique()}`.toLowerCase().slice(0, 30);
/** The merchant this node is at the upstream node, and what its live wallet there starts with. */
const THERE = 'RESELLER';
const FLOAT = '10000';
const FLOAT_THERE = '50000';

let upstreamDir = '';
let upstreamNode: NodeProcess | null = null;
let upstreamUrl = '';
let therePair: Pair = { key: '', secret: '' };

/** What our live wallet at the upstream node holds, read with the pair our node uses there. */
async function balanceThere(): Promise<string> {
  const r = await v1(upstreamUrl, therePair, 'GET', '/v1/wallet/balance');
  expect(r.status).toBe(200);
  return r.json.total as string;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  // The upstream node, set up by its operator's CLI as the README says: a merchant for us, its
  // live wallet funded, our address allowlisted, electricity enabled, a live route of its own.
  upstreamDir = mkdtempSync(join(tmpdir(), 'vendpoint-e2e-upstream-'));
  therePair = (
    cli(['merchant', 'create', '--code', THERE, '--name', 'Reseller'], upstreamDir) as { live: Pair }
  ).live;
  cli(['wallet', 'fund', '--code', THERE, '--env', 'live', '--amount', FLOAT_THERE], upstreamDir);
  cli(
    ['merchant', 'update', '--code', THERE, '--allow-ip', '127.0.0.1', '--enable-bills', 'ELECTRICITY'],
    upstreamDir,
  );
  cli(
    ['upstream', 'add', '--name', 'demo-sim', '--type', 'simulator', '--products', 'airtime,ELECTRICITY'],
    upstreamDir,
  );
  upstreamNode = await startNodeProcess({ dataDir: upstreamDir });
  upstreamUrl = upstreamNode.url;

  // This node: the merchant and its live float by the CLI, the agent and the upstream by the admin.
  cli(['merchant', 'create', '--code', code, '--name', 'Live Corner Shop']);
  cli(['wallet', 'fund', '--code', code, '--env', 'live', '--amount', FLOAT]);
  cli(['merchant', 'update', '--code', code, '--enable-bills', 'ELECTRICITY']);
  const page = await browser.newPage();
  await login(page, ADMIN);
  const headers = await csrfOf(page.request);
  const user = await page.request.post('/console/users', {
    headers,
    data: { ...agent, role: 'agent', merchant_code: code, environments: ['test', 'live'] },
  });
  expect(user.status()).toBe(201);
  const added = await page.request.post('/console/admin/upstreams', {
    headers,
    data: {
      name: upstream,
      type: 'vending-api',
      base_url: upstreamUrl,
      merchant_code: THERE,
      key: therePair.key,
      secret: therePair.secret,
      routes: ['airtime:AIRTEL', 'ELECTRICITY:IBEDC'],
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  // The connection test reads the balance there: the node answers, and our key is a live one.
  const tested = await page.request.post(`/console/admin/upstreams/${upstream}/test`, { headers, data: {} });
  expect(tested.status(), await tested.text()).toBe(200);
  expect(await tested.json()).toMatchObject({ ok: true, balance: '50000.00', warning: null });
  await page.close();
});

test.afterAll(async ({ browser }) => {
  // Live Airtel airtime and IBEDC electricity are as before this spec: no route to a stopped node.
  const page = await browser.newPage();
  await login(page, ADMIN);
  await page.request.patch(`/console/admin/upstreams/${upstream}`, {
    headers: await csrfOf(page.request),
    data: { enabled: false },
  });
  await page.close();
  await upstreamNode?.stop();
  if (upstreamDir) rmSync(upstreamDir, { recursive: true, force: true });
});

/** Signs the agent in (the desk starts in TEST) and switches to LIVE, as the agent does. */
async function goLive(page: Page): Promise<void> {
  await login(page, agent);
  await expect(page.getByTestId('env-stripe')).toContainText('TEST MODE');
  await page.getByTestId('env-badge').getByRole('radio', { name: 'LIVE' }).click();
  await page
    .getByRole('alertdialog', { name: 'Switch to LIVE?' })
    .getByRole('button', { name: 'Switch to LIVE' })
    .click();
  await expect(page.getByTestId('env-stripe')).toHaveText('LIVE — real sales, real money');
}

/** The live wallet as the agent's Wallet page shows it. */
async function liveWalletOnConsole(page: Page): Promise<string> {
  await openPage(page, '/#/wallet');
  const balance = page.getByTestId('wallet-live').getByTestId('wallet-balance');
  await expect(balance).toHaveText(/^₦[\d,]+\.\d{2}$/);
  return (await balance.innerText()).trim();
}

test('a live airtime sale goes through the chained node to a receipt; the wallet, history and books agree', async ({
  page,
}) => {
  const problems = watchPageErrors(page);
  await goLive(page);
  await expect(page.getByTestId('sell-balance')).toContainText('Live wallet');
  await expect(page.getByTestId('sell-balance')).toContainText('₦10,000.00');

  await page.keyboard.press('a');
  await page.getByLabel('Customer phone number').fill('0802 123 4567');
  await expect(page.getByTestId('network-AIRTEL').getByRole('radio')).toBeChecked();
  await page.getByLabel('Amount (₦)').fill('500');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('confirm')).toContainText('This is a LIVE sale');
  await expect(page.getByTestId('confirm-total')).toHaveText('₦500.00');
  await page.getByTestId('confirm-sell').click();

  const receipt = await expectSuccessfulReceipt(page);
  await expect(receipt.getByTestId('receipt-amount')).toHaveText('₦500.00');
  const reference = (await receipt.getByTestId('receipt-reference').innerText()).trim();
  expect(reference).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  await expect(receipt).toContainText('Airtel');
  await expect(receipt).toContainText('0802 123 4567');
  await expect(receipt).toContainText('Live Corner Shop');
  // A live receipt is a real one: no TEST stamp, while the page around it says LIVE.
  await expect(receipt).not.toContainText('TEST');
  await expect(page.getByTestId('env-stripe')).toHaveText('LIVE — real sales, real money');
  await snap(page, 'live-airtime-receipt');

  // The upstream node sold it, and charged our merchant there.
  expect(await balanceThere()).toBe('49500.00');

  // The console's balances fell by the sale: the sell tiles' (New sale) and the Wallet page's.
  await page.keyboard.press('n');
  await expect(page.getByTestId('sell-balance')).toContainText('₦9,500.00');
  expect(await liveWalletOnConsole(page)).toBe('₦9,500.00');
  await expect(
    page
      .getByTestId('ledger-row')
      .filter({ hasText: /Airtime/ })
      .first(),
  ).toContainText('₦500.00');
  await snap(page, 'live-wallet');

  // The history lists it, live and successful.
  await openPage(page, '/#/history');
  await page.getByLabel('Phone, meter, reference or item').fill('08021234567');
  await expect(page.getByTestId('history-count')).toHaveText(/^1 sale · page 1 of 1$/);
  const row = page.getByTestId('history-row');
  await expect(row).toContainText('₦500.00');
  await snap(page, 'live-history');
  await row.click();
  await expect(page.getByTestId('receipt').getByTestId('receipt-reference')).toHaveText(reference);
  await snap(page, 'live-history-detail');

  expect(cli(['ledger', 'verify'])).toMatchObject({ ok: true, problems: [] });
  expect(cli(['ledger', 'verify'], upstreamDir)).toMatchObject({ ok: true, problems: [] });
  expect(problems).toEqual([]);
});

test('a live prepaid electricity sale prints its token; the wallet falls by the sale', async ({ page }) => {
  const problems = watchPageErrors(page);
  await goLive(page);
  const before = await liveWalletOnConsole(page);
  await openPage(page, '/#/sell');
  // Only IBEDC is routed for live electricity on this node: the tile says so, and the form warns
  // as soon as another company is chosen, before the meter is typed; the node refuses its verify.
  await expect(page.getByTestId('tile-hint-electricity')).toHaveText('IBEDC only');
  await page.keyboard.press('e');
  const company = page.getByLabel('Distribution company');
  await company.selectOption('EKEDC');
  const unrouted =
    'Live electricity can be sold for IBEDC only: no provider is set up for EKEDC. An admin can add one.';
  await expect(page.getByTestId('provider-unrouted')).toHaveText(unrouted);
  await expect(company).toHaveAccessibleDescription(unrouted);
  await snap(page, 'live-electricity-unrouted');
  await page.getByLabel('Meter number').fill('10000000001');
  await page.getByTestId('bill-next').click();
  await expect(page.getByText('No provider is configured for live ELECTRICITY EKEDC.')).toBeVisible();
  await expect(page.getByTestId('verified-customer')).toHaveCount(0);
  await company.selectOption('IBEDC');
  await expect(page.getByTestId('provider-unrouted')).toHaveCount(0);
  await page.getByTestId('bill-next').click();
  await expect(page.getByTestId('verified-customer').getByTestId('verified-customer_name')).toHaveText(
    'TEST CUSTOMER',
  );
  await page.getByLabel('Amount (₦)').fill('1000');
  await page.getByTestId('bill-next').click();
  await expect(page.getByTestId('confirm')).toContainText('This is a LIVE sale');
  await page.getByTestId('confirm-sell').click();

  const receipt = await expectSuccessfulReceipt(page);
  await expect(receipt.getByTestId('receipt-token')).toHaveText('1234 5678 9012 3456 7890');
  await expect(receipt.getByTestId('receipt-amount')).toHaveText('₦1,000.00');
  await expect(receipt).toContainText('10000000001');
  await expect(receipt).not.toContainText('TEST —');
  await snap(page, 'live-electricity-receipt');

  const naira = (s: string) => Number(s.replace(/[₦,]/g, ''));
  expect(naira(await liveWalletOnConsole(page))).toBe(naira(before) - 1000);
  expect(cli(['ledger', 'verify'])).toMatchObject({ ok: true, problems: [] });
  expect(problems).toEqual([]);
});
