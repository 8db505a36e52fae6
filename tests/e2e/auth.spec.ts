import { expect, test } from '@playwright/test';
import { ADMIN, login, signOut, snap, watchPageErrors } from './helpers.js';

test('a wrong password is refused with a sentence, the right one signs in, sign-out ends the session', async ({
  page,
}) => {
  const problems = watchPageErrors(page);
  await page.goto('/#/history');
  await expect(page).toHaveURL(/#\/login/);
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('alert')).toHaveText('The username or password is not right.');
  await snap(page, 'login-error');

  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Back where the agent wanted to go before signing in.
  await expect(page.getByRole('heading', { name: 'Sales history' })).toBeVisible();

  await signOut(page);
  await expect(page).toHaveURL(/#\/login/);
  const after = await page.request.get('/console/session');
  expect(after.status()).toBe(401);
  expect(problems).toEqual([]);
});

test('opening the console signed out, or signing out, logs no error in the browser console', async ({
  page,
}) => {
  // Every error the browser logs, a failed request's "401 (Unauthorized)" included.
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${m.text()} ${m.location().url}`);
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await expect(page).toHaveURL(/#\/login/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(errors).toEqual([]);

  await login(page);
  await signOut(page);
  await expect(page).toHaveURL(/#\/login/);
  expect(errors).toEqual([]);
});

test('the session cookie is httpOnly and SameSite=Strict, and writes need the CSRF token', async ({
  page,
}) => {
  await login(page);
  const cookie = (await page.context().cookies()).find((c) => c.name === 'vp_session');
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe('Strict');
  expect(cookie?.expires).toBeGreaterThan(Date.now() / 1000);
  // The browser sends the cookie, but without the page's token a sale is refused.
  const r = await page.request.post('/console/sell', {
    data: {
      product: 'airtime',
      network: 'mtn',
      customer_msisdn: '08031234567',
      amount: '100',
      client_request_id: 'csrf-probe-1',
    },
  });
  expect(r.status()).toBe(403);
  expect(((await r.json()) as { message: string }).message).toMatch(/security token/);
});
