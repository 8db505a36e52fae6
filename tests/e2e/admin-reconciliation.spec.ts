import { expect, test } from '@playwright/test';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { cli, login, openPage, watchPageErrors } from './helpers.js';
import { openAdminPage, shot } from './admin-helpers.js';

/**
 * Reconciliation: a provider on 127.0.0.1 lists a sale for a key this node never sold (an
 * upstream-only exception). The admin reconciles the day from the page, finds it, and closes it
 * as settled outside the system through the in-app dialog, with a reason.
 */
test('an admin reconciles a day, sees the exception and settles it outside the system', async ({ page }) => {
  const problems = watchPageErrors(page);
  const day = '2026-02-03';
  const reference = `e2e-${randomUUID()}`;
  const row = {
    request_id: reference,
    internal_reference: 'UP-1',
    msisdn: '08031234567',
    product: 'airtime',
    network: 'MTN',
    amount: '500.00',
    plan: '',
    created_at: `${day} 10:00:00`,
    updated_at: `${day} 10:00:00`,
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    res.setHeader('content-type', 'application/json');
    if (url.pathname === '/v1/transactions') {
      const rows = url.searchParams.get('status') === '0' ? [row] : [];
      res.end(
        JSON.stringify({
          status: 'success',
          data: rows,
          pagination: { total: rows.length, page: 1, size: 100, total_pages: rows.length ? 1 : 0 },
        }),
      );
    } else if (
      url.pathname === '/v1/transactions/status' &&
      url.searchParams.get('client_request_id') === reference
    ) {
      res.end(
        JSON.stringify({ status: 'success', response_code: '00', response_message: 'Successful', data: row }),
      );
    } else {
      res.statusCode = 404;
      res.end(JSON.stringify({ status: 'error', code: 404, message: 'not found' }));
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const name = `recon-${randomUUID().slice(0, 8)}`;
  cli([
    'upstream',
    'add',
    '--name',
    name,
    '--type',
    'vending-api',
    '--base-url',
    `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    '--merchant-code',
    'US',
    '--key',
    'k-e2e',
    '--secret',
    'secret-e2e',
  ]);
  try {
    await login(page);
    await openPage(page, '/#/admin');
    await openAdminPage(page, 'Reconciliation', 'Reconciliation');
    // Only a day that is over can be reconciled (the node refuses today): the picker stops at yesterday.
    const yesterday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(
      new Date(Date.now() - 86_400_000),
    );
    await expect(page.locator('#reconcile-date')).toHaveAttribute('max', yesterday);
    // No day, no run (it was a 400 with nothing on the page).
    await page.locator('#reconcile-date').fill('');
    await expect(page.getByRole('button', { name: 'Reconcile this day' })).toBeDisabled();
    await page.locator('#reconcile-date').fill(day);
    await page.getByRole('button', { name: 'Reconcile this day' }).click();
    // One exception is counted in the singular, not "exception(s)".
    await expect(page.getByText(new RegExp(`${name}: 1 open exception(?![(s])`))).toBeVisible();
    const exception = page.getByTestId(`exception-${reference}`);
    await expect(exception).toContainText('We have no record');
    await expect(exception).toContainText('success');
    // Nothing of ours to reverse or debit: only "settled outside" is offered.
    await expect(exception.getByTestId('accept-upstream')).toHaveCount(0);
    await shot(page, 'admin-reconciliation');
    await exception.getByTestId('settled-outside').click();
    const dialog = page.getByRole('alertdialog', { name: 'Settled outside the system?' });
    await expect(dialog).toContainText('No money moves');
    await dialog.getByLabel('How was it settled?').fill('provider refunded us by transfer');
    await dialog.getByRole('button', { name: 'Mark settled' }).click();
    await expect(page.getByText(/resolved \(settled outside\)/)).toBeVisible();
    await expect(page.getByTestId(`exception-${reference}`)).toHaveCount(0);
    await page.getByLabel('Show resolved and cleared').check();
    await expect(page.getByTestId(`exception-${reference}`)).toContainText(
      'provider refunded us by transfer',
    );
    // A closed exception's states are those the run found, and say so.
    await expect(page.getByTestId(`exception-${reference}`)).toContainText('(when found)');
    await shot(page, 'admin-reconciliation-resolved');
    const listed = cli(['reconcile', 'list', '--date', day]) as {
      exceptions: { reference: string; status: string; resolved_by: string }[];
    };
    expect(listed.exceptions.find((e) => e.reference === reference)).toMatchObject({
      status: 'resolved',
      resolved_by: expect.stringMatching(/^user:/),
    });
    expect(problems).toEqual([]);
  } finally {
    server.close();
  }
});
