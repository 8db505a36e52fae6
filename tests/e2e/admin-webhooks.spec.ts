import { expect, test } from '@playwright/test';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cli, login, openPage, unique, watchPageErrors } from './helpers.js';
import { expectResultInView, laidOutLines, openAdminPage, shot, v1, type Pair } from './admin-helpers.js';

/**
 * Merchants → Webhooks: an operator adds an endpoint (the secret is shown once), sends a test
 * event that a real receiver on 127.0.0.1 gets, and pauses the endpoint. The e2e node runs with
 * --allow-private-webhooks (playwright.config.ts) because the receiver is local.
 */
test('an admin adds a webhook endpoint, sees its secret once, sends a test event and pauses it', async ({
  page,
}) => {
  const problems = watchPageErrors(page);
  const received: { type: string; signature: string }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ type: JSON.parse(body).type, signature: String(req.headers['vendpoint-signature']) });
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  try {
    await login(page);
    await openPage(page, '/#/admin');
    await openAdminPage(page, 'Webhooks', 'Webhooks');
    await page.getByTestId('merchant-picker').selectOption('DEMO');
    await page.getByLabel('URL').fill(url);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const reveal = page.getByTestId('webhook-secret');
    await expect(reveal).toContainText('whsec_');
    // The shown-once panel comes into view with the focus on its heading.
    await expectResultInView(page, reveal.getByRole('heading', { name: /Signing secret of/ }));
    await expect(reveal.getByRole('heading', { name: /Signing secret of/ })).toBeFocused();
    // It says whose it is: it stays while another merchant is picked.
    await expect(reveal).toContainText(/Signing secret of we_\w+ \(DEMO, test\)/);
    // The signing secret is copied as the credentials are, with its own button.
    const secret = (await page.getByTestId('webhook-secret-value').textContent())!.trim();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await reveal.getByRole('button', { name: 'Copy' }).click();
    await expect(page.getByTestId('webhook-secret-copied')).toHaveText('Signing secret copied.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await shot(page, 'admin-webhooks-secret');
    // Shown once: leaving before saying it is stored asks first, and staying keeps it.
    await page
      .getByRole('navigation', { name: 'Administration' })
      .getByRole('link', { name: 'Wallets' })
      .click();
    const leave = page.getByRole('alertdialog', { name: 'Leave without storing the secret?' });
    await expect(leave).toContainText('The signing secret of we_');
    await expect(leave).toContainText('shown this once');
    await leave.getByRole('button', { name: 'Stay and copy it' }).click();
    await expect(page.getByTestId('webhook-secret-value')).toHaveText(secret);
    await reveal.getByRole('button', { name: 'I have stored it safely' }).click();
    await expect(reveal).toHaveCount(0);
    const row = page.getByTestId('webhook-endpoints').getByRole('row', { name: url });
    await expect(row).toContainText('enabled');
    // Subscribed to every event type: said in a word, not as the API's "*".
    await expect(row.getByRole('cell').nth(3)).toHaveText('all', { useInnerText: true });
    // Squeezed by the row's buttons, the URL breaks only after a slash (or a dot), never inside
    // the port or a word; on a phone too.
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 });
      const lines = await laidOutLines(row.getByRole('cell').nth(2));
      expect(lines.join(''), `at ${width} px`).toBe(url);
      for (const line of lines.slice(0, -1))
        expect(line, `at ${width} px: ${lines.join(' | ')}`).toMatch(/[/.?&=#]$/);
    }
    await page.screenshot({ path: 'test-results/admin-shots/admin-webhooks-390x800.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await row.getByRole('button', { name: 'Send test event' }).click();
    await expect(page.getByText(/Test event delivered \(HTTP 200/)).toBeVisible();
    // DEMO's sales in other tests running now may send their events here too: only the test
    // event is counted.
    const testEvents = received.filter((r) => r.type === 'webhook.test');
    expect(testEvents).toHaveLength(1);
    expect(testEvents[0].signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    await shot(page, 'admin-webhooks');
    await row.getByRole('button', { name: 'Pause' }).click();
    await expect(row).toContainText('paused');
    await row.getByRole('button', { name: 'Remove' }).click();
    // It asks first: removing stops the deliveries at once.
    const ask = page.getByRole('alertdialog', { name: /^Remove endpoint we_/ });
    await expect(ask).toContainText('gets no more events from now on');
    await ask.getByRole('button', { name: 'Remove endpoint' }).click();
    await expect(page.getByText(/removed/)).toBeVisible();

    // Low-balance alert: a refused amount is said beside its field (not only at the top of the
    // page) and keeps what was typed; a good one is confirmed in Naira.
    // Each label opens with a capital, as every other label does ("test wallet: …" read as a slip).
    const threshold = page.getByLabel('Test wallet: alert below (₦)', { exact: true });
    const thresholdError = page.getByTestId('threshold-test-error');
    let thresholdPuts = 0;
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().includes('/low-balance')) thresholdPuts += 1;
    });
    await threshold.fill('-5');
    await threshold.press('Enter');
    await expect(thresholdError).toContainText('Enter the balance to alert below in Naira');
    await expect(threshold).toHaveValue('-5');
    await expect(threshold).toHaveAttribute('aria-invalid', 'true');
    await threshold.fill('1.555');
    await threshold.press('Enter');
    await expect(thresholdError).toHaveText(
      'An amount in Naira has at most two decimals (the kobo), e.g. 1250.50.',
    );
    await expect(page.locator('div.alert-error')).toHaveCount(0);
    await shot(page, 'admin-webhooks-threshold-error');
    expect(thresholdPuts).toBe(0);
    // Past the node's bound: said beside the field before anything is sent, and not twice.
    await threshold.fill('99999999999');
    await threshold.press('Enter');
    await expect(thresholdError).toContainText(/too large/);
    await expect(page.locator('div.alert-error')).toHaveCount(0);
    expect(thresholdPuts).toBe(0);
    // Typed as people write Naira, as on the wallet page.
    await threshold.fill('₦5,000');
    await threshold.press('Enter');
    await expect(page.getByRole('status')).toHaveText('Alert below ₦5,000.00.');
    await expect(threshold).toHaveValue('5000.00');
    await expect(thresholdError).toHaveCount(0);
    // Typed and not saved, a threshold stays while the other wallet's is saved and the page
    // reads its webhooks again.
    const liveThreshold = page.getByLabel('Live wallet: alert below (₦)', { exact: true });
    await threshold.fill('7,500');
    await liveThreshold.fill('2000');
    await liveThreshold.press('Enter');
    await expect(page.getByRole('status')).toHaveText('Alert below ₦2,000.00.');
    await expect(liveThreshold).toHaveValue('2000.00');
    await expect(threshold).toHaveValue('7,500');
    await liveThreshold.fill('');
    await liveThreshold.press('Enter');
    await expect(page.getByRole('status')).toHaveText('Low-balance alert off.');
    await expect(threshold).toHaveValue('7,500');
    await threshold.fill('');
    await threshold.press('Enter');
    await expect(page.getByRole('status')).toHaveText('Low-balance alert off.');
    expect(problems).toEqual([]);
  } finally {
    server.close();
  }
});

/**
 * A receiver that was down answers again: the operator does not wait for the next scheduled
 * attempt (a minute away, then longer) but presses "Retry now" on the waiting row of the
 * delivery log, and the same event (same id) arrives at once.
 */
test('a delivery waiting for its retry is sent again from its row in the delivery log', async ({
  page,
  baseURL,
}) => {
  const problems = watchPageErrors(page);
  let down = true;
  const attempts: { id: string; type: string; answered: number }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const event = JSON.parse(body) as { id: string; type: string };
      res.statusCode = down ? 500 : 200;
      attempts.push({ id: event.id, type: event.type, answered: res.statusCode });
      res.end(down ? 'down' : 'ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/retry-hooks`;
  const code = `RT${unique()}`.slice(0, 20);
  const pair = (cli(['merchant', 'create', '--code', code, '--name', 'Retry Now Stores']) as { test: Pair })
    .test;
  cli(['wallet', 'fund', '--code', code, '--env', 'test', '--amount', '1000']);
  try {
    await login(page);
    await openPage(page, '/#/admin');
    await openAdminPage(page, 'Webhooks', 'Webhooks');
    await page.getByTestId('merchant-picker').selectOption(code);
    await page.getByLabel('URL').fill(url);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(page.getByTestId('webhook-secret')).toContainText('whsec_');
    const endpoint = page.getByTestId('webhook-endpoints').getByRole('row', { name: url });

    // A test event the receiver refuses is a failure, said in red, never in the green notice.
    await endpoint.getByRole('button', { name: 'Send test event' }).click();
    const refused = page.getByRole('alert').filter({ hasText: 'Test event not delivered' });
    await expect(refused).toContainText('the receiver answered HTTP 500');
    await expect(refused).toHaveClass(/alert-error/);
    await expect(page.locator('.alert-success')).toHaveCount(0);
    await shot(page, 'admin-webhooks-test-refused');

    const sale = await v1(baseURL!, pair, 'POST', '/v1/transactions', {
      merchant_code: code,
      product: 'airtime',
      network: 'mtn',
      customer_msisdn: '08031234567',
      amount: '100',
      client_request_id: `retry-${unique()}`,
    });
    expect(sale.status, JSON.stringify(sale.json)).toBe(200);
    // The receiver refused the first attempt; the next one is scheduled a minute or more away.
    await expect.poll(() => attempts.filter((a) => a.type === 'transaction.succeeded').length).toBe(1);
    const eventId = attempts.find((a) => a.type === 'transaction.succeeded')!.id;

    await endpoint.getByRole('button', { name: 'Delivery log' }).click();
    const log = page.getByTestId('webhook-deliveries');
    const waiting = log.getByRole('row').filter({ hasText: 'transaction.succeeded' });
    const state = waiting.getByRole('cell').nth(2);
    const attemptCount = waiting.getByRole('cell').nth(3);
    // Failing and waiting for its retry: said so, not hidden behind the node's word "pending".
    await expect(state).toContainText('retrying');
    await expect(state).toContainText('failing: last try HTTP 500');
    await expect(state).not.toContainText('pending');
    await shot(page, 'admin-webhooks-retry-waiting');

    // Retried while the receiver is still down: the open log follows the attempt by itself.
    await waiting.getByRole('button', { name: 'Retry now' }).click();
    // The result is said where the admin is looking (the log is far below the page's top).
    // It names the one delivery sent again, not every failed one of the endpoint.
    const retried = page.getByTestId('alert').filter({ hasText: 'again now' });
    await expectResultInView(page, retried);
    await expect(retried).toHaveText(`${eventId} is being sent again now.`);
    await expect.poll(() => attempts.filter((a) => a.id === eventId).length).toBe(2);
    await expect(attemptCount).toHaveText('2', { useInnerText: true });
    await expect(state).toHaveText(/^\s*retrying\s*failing: last try HTTP 500\s*$/);

    down = false;
    await waiting.getByRole('button', { name: 'Retry now' }).click();
    await expect
      .poll(() => attempts.filter((a) => a.id === eventId).map((a) => a.answered))
      .toEqual([500, 500, 200]);
    // Delivered shows without pressing Refresh.
    await expect(state).toHaveText('delivered');
    await expect(attemptCount).toHaveText('3', { useInnerText: true });
    await expect(waiting.getByRole('button', { name: 'Retry now' })).toHaveCount(0);
    await shot(page, 'admin-webhooks-retried');
    expect(problems).toEqual([]);
  } finally {
    server.close();
  }
});
