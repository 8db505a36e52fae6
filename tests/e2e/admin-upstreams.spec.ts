import { expect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { cli, login, unique, watchPageErrors } from './helpers.js';
import { ADMIN_SHOTS_DIR, csrfOf, openAdminPage, shot, type Pair } from './admin-helpers.js';

/** The Upstreams page: the add form's field errors and layout, an upstream's card. */

test('the upstream form says a wrong field beside it, marks it and puts the focus there; its rows are full', async ({
  page,
}) => {
  const problems = watchPageErrors(page);
  let sent = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/console/admin/upstreams')) sent += 1;
  });
  await login(page);
  await page.getByTestId('nav-admin').click();
  await openAdminPage(page, 'Upstreams & routes', 'Upstreams & routes');
  await page.getByTestId('add-upstream').click();
  const form = page.getByTestId('upstream-form');
  const grace = form.getByLabel('No record means failed after (minutes)');

  await test.step('at 1280 px the three options share a row, the long label on one line', async () => {
    const top = async (label: string) => (await form.getByLabel(label, { exact: true }).boundingBox())!.y;
    expect(await top('No record means failed after (minutes)')).toBe(await top('Alert below (₦)'));
    expect(await top('Time-out (ms)')).toBe(await top('Alert below (₦)'));
    expect(await top('API secret')).toBe(await top('API key'));
    const label = form.locator('label[for="u-grace"]');
    const lineHeight = await label.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    expect((await label.boundingBox())!.height).toBeLessThan(lineHeight * 1.5);
    await shot(page, 'admin-upstream-form');
  });

  await test.step('a grace of 1 minute is refused beside its field, which takes the focus', async () => {
    await form.getByLabel('Name', { exact: true }).fill('grace-check');
    await grace.fill('1');
    await page.getByTestId('upstream-submit').click();
    const error = form.getByTestId('upstream-grace-error');
    await expect(error).toHaveText('Enter whole minutes from 2 to 1440 (a day), or leave it empty for 2.');
    await expect(grace).toHaveAttribute('aria-invalid', 'true');
    await expect(grace).toHaveAttribute('aria-describedby', /\bu-grace-error\b/);
    await expect(grace).toBeFocused();
    // Said beside the field only: nothing at the foot of the form, nothing sent.
    await expect(form.locator('.field-error')).toHaveCount(1);
    await shot(page, 'admin-upstream-grace-refused');
  });

  await test.step('every problem at once; the focus goes to the first', async () => {
    await form.getByLabel('Name', { exact: true }).fill('');
    await form.getByLabel('Alert below (₦)').fill('lots');
    await page.getByTestId('upstream-submit').click();
    await expect(form.getByLabel('Name', { exact: true })).toBeFocused();
    await expect(form.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(form.locator('#u-name-error')).toHaveText('Enter a name for the upstream, e.g. provider-a.');
    await expect(form.locator('#u-low-error')).toHaveText(
      'The low-balance alert must be a Naira amount like 50000.',
    );
    await expect(grace).toHaveAttribute('aria-invalid', 'true');
  });

  await test.step('an alert of ₦0, which would never warn, is refused as the node refuses it', async () => {
    await form.getByLabel('Name', { exact: true }).fill('zero-alert');
    await grace.fill('');
    const low = form.getByLabel('Alert below (₦)');
    await low.fill('₦0.00');
    await page.getByTestId('upstream-submit').click();
    await expect(form.locator('#u-low-error')).toHaveText(
      'The low-balance alert must be more than ₦0: leave it empty for the default.',
    );
    await expect(low).toBeFocused();
    await expect(form.locator('.field-error')).toHaveCount(1);
    await low.fill('lots');
  });

  await test.step('at 390 px the form is one column and does not scroll sideways', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(grace).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const box = (await grace.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    mkdirSync(ADMIN_SHOTS_DIR, { recursive: true });
    await page.screenshot({ path: join(ADMIN_SHOTS_DIR, 'admin-upstream-form-390x844.png'), fullPage: true });
  });

  await page.setViewportSize({ width: 1280, height: 800 });
  await form.getByLabel('Name', { exact: true }).fill('');
  await form.getByLabel('Alert below (₦)').fill('');
  await grace.fill('');
  await page.getByRole('button', { name: 'Cancel' }).click();
  expect(sent).toBe(0);
  expect(problems).toEqual([]);
});

/**
 * The node lists an upstream's routes by product code (capitals first: Betting, Cable TV,
 * Electricity, Airtime…). Its card lists them as the desk and the Route order table do.
 */
test("an upstream's route chips follow the desk's product order", async ({ page }) => {
  const problems = watchPageErrors(page);
  await login(page);
  const headers = await csrfOf(page.request);
  const name = `order${unique()}`.toLowerCase().slice(0, 30);
  // Disabled before it has routes: it gets no sales, whatever else runs on this node.
  const made = await page.request.post('/console/admin/upstreams', {
    headers,
    data: { name, type: 'simulator' },
  });
  expect(made.status()).toBe(201);
  const path = `/console/admin/upstreams/${name}`;
  expect((await page.request.patch(path, { headers, data: { enabled: false } })).status()).toBe(200);
  const routed = await page.request.patch(path, {
    headers,
    data: { routes: ['esim', 'BETTING', 'giftcard', 'ELECTRICITY', 'data:GLO', 'data'] },
  });
  expect(routed.status()).toBe(200);

  await page.getByTestId('nav-admin').click();
  await openAdminPage(page, 'Upstreams & routes', 'Upstreams & routes');
  const card = page.getByTestId(`upstream-${name}`);
  await expect(card.locator('.admin-chip')).toHaveText([
    'Data',
    'Data · Glo',
    'Electricity',
    'Betting',
    'Gift cards',
    'eSIM',
  ]);
  // The Route order table's rows for it come in the same product order.
  const rows = page
    .getByTestId('route-table')
    .locator('tbody tr', { has: page.getByText(name, { exact: true }) });
  const products = (await rows.locator('td:first-child').allTextContents()).map((t) => t.trim());
  expect([...new Set(products)]).toEqual(['Data', 'Electricity', 'Betting', 'Gift cards', 'eSIM']);
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: join(ADMIN_SHOTS_DIR, 'admin-upstream-route-chips.png') });
  expect(problems).toEqual([]);
});

/**
 * "Test connection" reads the provider's balance; the card's Balance line then shows that
 * reading (kept by the node, with its time), never a balance the node did not read.
 */
test('after a connection test reads the balance, the card shows it; a failed read shows none', async ({
  page,
  baseURL,
}) => {
  const problems = watchPageErrors(page);
  // The provider is this very node, through a merchant's test pair; no routes: it gets no sales.
  const code = `BAL${unique()}`.slice(0, 20);
  const pair = (cli(['merchant', 'create', '--code', code, '--name', 'Balance Provider']) as { test: Pair })
    .test;
  cli(['wallet', 'fund', '--code', code, '--env', 'test', '--amount', '1000000']);
  await login(page);
  const headers = await csrfOf(page.request);
  const name = `bal${unique()}`.toLowerCase().slice(0, 30);
  const dead = `nobal${unique()}`.toLowerCase().slice(0, 30);
  for (const [n, url] of [
    [name, baseURL],
    [dead, 'http://127.0.0.1:9'], // port 9 (discard): nothing listens there
  ]) {
    const made = await page.request.post('/console/admin/upstreams', {
      headers,
      data: {
        name: n,
        type: 'vending-api',
        base_url: url,
        merchant_code: code,
        key: pair.key,
        secret: pair.secret,
        // Above the balance it holds: the card says it is low.
        options: { lowBalanceNaira: '2000000' },
      },
    });
    expect(made.status()).toBe(201);
  }

  await page.getByTestId('nav-admin').click();
  await openAdminPage(page, 'Upstreams & routes', 'Upstreams & routes');
  const card = page.getByTestId(`upstream-${name}`);
  const balance = card.getByTestId(`balance-${name}`);
  await expect(balance).toContainText('not read yet');
  await card.getByTestId(`test-${name}`).click();
  await expect(card.getByTestId('connection-result')).toContainText('Balance: ₦1,000,000.00.');
  await expect(balance).toContainText('₦1,000,000.00');
  await expect(balance).toContainText(/read \d+ \w+ \d{4}/);
  await expect(balance).not.toContainText('not read yet');
  await card.scrollIntoViewIfNeeded();
  mkdirSync(ADMIN_SHOTS_DIR, { recursive: true });
  await card.screenshot({ path: join(ADMIN_SHOTS_DIR, 'admin-upstream-balance-after-test.png') });
  await expect(balance).toContainText('Low: under ₦2,000,000.00');
  // On a phone the card's labels sit above their values: the Low badge and the reading's time
  // stay inside the card, and the page does not scroll sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  const label = card.locator('dt', { hasText: 'Balance' });
  expect((await label.boundingBox())!.y).toBeLessThan((await balance.boundingBox())!.y);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await card.screenshot({ path: join(ADMIN_SHOTS_DIR, 'admin-upstream-balance-390.png') });
  await page.setViewportSize({ width: 1280, height: 800 });

  // A provider that does not answer: its test fails and its card still has no balance to show.
  const deadCard = page.getByTestId(`upstream-${dead}`);
  await deadCard.getByTestId(`test-${dead}`).click();
  await expect(deadCard.getByTestId('connection-result')).toContainText('Connection problem.');
  await expect(deadCard.getByTestId(`balance-${dead}`)).toContainText('not read yet');
  await expect(deadCard.getByTestId(`balance-${dead}`)).not.toContainText('₦');
  // A wrong secret: the balance shown stays the last one read, and the card says a read since failed.
  const patched = await page.request.patch(`/console/admin/upstreams/${name}`, {
    headers,
    data: { secret: 'not the secret at all' },
  });
  expect(patched.status()).toBe(200);
  await card.getByTestId(`test-${name}`).click();
  await expect(card.getByTestId('connection-result')).toContainText('Connection problem.');
  await expect(balance).toContainText('₦1,000,000.00');
  await expect(balance).toContainText(/; a later read at .+ failed$/);
  await card.screenshot({ path: join(ADMIN_SHOTS_DIR, 'admin-upstream-balance-read-failed.png') });
  expect(problems).toEqual([]);
});
