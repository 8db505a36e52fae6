import { expect, test } from '@playwright/test';
import { adminApi, openPage, unique, watchPageErrors } from './helpers.js';
import { csrfOf, shot } from './admin-helpers.js';

/**
 * Issue 7, done when: "an agent cannot reach any admin page or admin /console route (403)".
 * The page side here; tests/api/console-admin-access.test.ts walks every admin route.
 */
test('an agent sees no admin menu, is sent back from admin pages, and gets 403 from admin routes', async ({
  page,
  request,
}) => {
  const problems = watchPageErrors(page);
  const agent = { username: `agent${unique()}`.toLowerCase(), password: 'agent password one' };
  const headers = await adminApi(request);
  const created = await request.post('/console/users', {
    headers,
    data: { ...agent, role: 'agent', merchant_code: 'DEMO' },
  });
  expect(created.status()).toBe(201);

  await openPage(page, '/#/login');
  await page.getByLabel('Username').fill(agent.username);
  await page.getByLabel('Password').fill(agent.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'What is the customer buying?' })).toBeVisible();
  await expect(page.getByTestId('nav-admin')).toHaveCount(0);

  for (const path of [
    '/admin',
    '/admin/merchants',
    '/admin/wallets',
    '/admin/users/1/cashup',
    '/admin/settings',
  ]) {
    await page.goto(`/#${path}`);
    await expect(page).toHaveURL(/#\/sell$/);
    await expect(page.getByRole('navigation', { name: 'Administration' })).toHaveCount(0);
  }
  await shot(page, 'agent-sent-back-from-admin');

  // The agent's own session, with its own CSRF token: refused for the role, not the token.
  const agentHeaders = await csrfOf(page.request);
  const calls: [string, string][] = [
    ['GET', '/console/admin/dashboard'],
    ['GET', '/console/admin/merchants'],
    ['POST', '/console/admin/merchants'],
    ['POST', '/console/admin/merchants/DEMO/wallets/test/fund'],
    ['POST', '/console/admin/backups'],
    ['GET', '/console/reports'],
    ['GET', '/console/users'],
  ];
  for (const [method, url] of calls) {
    const r = await page.request.fetch(url, {
      method,
      headers: agentHeaders,
      data: method === 'GET' ? undefined : {},
    });
    expect(`${method} ${url} ${r.status()}`).toBe(`${method} ${url} 403`);
  }
  expect(problems).toEqual([]);
});
