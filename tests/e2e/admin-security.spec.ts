import { expect, test } from '@playwright/test';
import { login, unique, watchPageErrors } from './helpers.js';
import { csrfOf, openAdminPage } from './admin-helpers.js';

/**
 * What the console says about secrets at risk: an upstream whose base URL moves to another
 * server needs its secret again, and the Settings page warns while SMTP sends a password
 * without TLS (?tls=off).
 */
test('the console asks for the secret again on a new upstream origin and warns about SMTP without TLS', async ({
  page,
  baseURL,
}) => {
  const problems = watchPageErrors(page);
  await login(page);
  const headers = await csrfOf(page.request);
  const name = `moved${unique()}`.toLowerCase().slice(0, 30);
  const created = await page.request.post('/console/admin/upstreams', {
    headers,
    data: {
      name,
      type: 'vending-api',
      base_url: `${baseURL}/api`,
      merchant_code: 'DEMO',
      key: 'vpk_e2e_key',
      secret: 'an e2e provider secret',
    },
  });
  expect(created.status()).toBe(201);

  await test.step('the upstream form: another origin needs the secret, the same origin does not', async () => {
    await page.getByTestId('nav-admin').click();
    await openAdminPage(page, 'Upstreams & routes', 'Upstreams & routes');
    const card = page.getByTestId(`upstream-${name}`);
    await card.getByRole('button', { name: 'Edit' }).click();
    const form = card.getByTestId('upstream-form');
    await expect(form.getByTestId('upstream-secret-again')).toHaveCount(0);
    await form.getByLabel('Base URL').fill('http://127.0.0.2:9');
    await expect(form.getByTestId('upstream-secret-again')).toContainText('enter the secret again');
    await expect(form.getByLabel('API secret')).toHaveAttribute('required', '');
    await form.getByLabel('Base URL').fill(`${baseURL}/v2`);
    await expect(form.getByTestId('upstream-secret-again')).toHaveCount(0);
    // Edits thrown away on purpose: leaving with the form still open would ask first.
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(form).toHaveCount(0);
  });

  await test.step('Settings warns while the SMTP URL in use sends a password with tls=off', async () => {
    const put = await page.request.put('/console/report-settings', {
      headers,
      data: { smtp_url: 'smtp://reports:e2e-pass@127.0.0.1:9?tls=off' },
    });
    expect(put.status()).toBe(200);
    try {
      await openAdminPage(page, 'Settings & backup', 'Settings & backup');
      await expect(page.getByTestId('smtp-tls-warning')).toContainText('without encryption');
    } finally {
      await page.request.put('/console/report-settings', { headers, data: { smtp_url: null } });
    }
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings & backup' })).toBeVisible();
    await expect(page.getByTestId('smtp-tls-warning')).toHaveCount(0);
  });
  expect(problems).toEqual([]);
});
