import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminApi, cli, openPage, signOut, unique, watchPageErrors } from './helpers.js';
import { csrfOf } from './admin-helpers.js';

/**
 * One window, agents in turn: the desktop app is a single window and a desk's browser is shared,
 * so one agent signs out and the next signs in on the same page. Nothing the first one saw may be
 * shown to the next without the node being asked: the page kept every sale it had read (the
 * electricity token, revealed gift-card codes) and opened it again from memory, whoever asked.
 * Found by an outside review.
 */

async function signInHere(page: Page, user: { username: string; password: string }): Promise<void> {
  // Typed on the page the app went to, so the page is never loaded afresh in between.
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const sellTiles = (page: Page) => page.getByRole('heading', { name: 'What is the customer buying?' });

/** Two agents of two merchants, and a prepaid electricity sale (token and all) of the first one's. */
async function twoDesks(request: APIRequestContext) {
  const codes = [`SD${unique()}`.slice(0, 20), `SE${unique()}`.slice(0, 20)];
  const agents = codes.map((code, i) => ({
    code,
    username: `desk${i}${unique()}`.toLowerCase().slice(0, 30),
    password: 'agent password 123',
  }));
  const headers = await adminApi(request);
  for (const a of agents) {
    cli(['merchant', 'create', '--code', a.code, '--name', `Desk ${a.code.slice(-5)}`]);
    cli(['wallet', 'fund', '--code', a.code, '--env', 'test', '--amount', '20000']);
    const created = await request.post('/console/users', {
      headers,
      data: { username: a.username, password: a.password, role: 'agent', merchant_code: a.code },
    });
    expect(created.status()).toBe(201);
  }
  return agents;
}

/** The first agent sells prepaid electricity and opens its receipt, token and all; returns its reference. */
async function sellAndOpen(page: Page): Promise<string> {
  const sold = await page.request.post('/console/sell', {
    headers: await csrfOf(page.request),
    data: {
      product: 'ELECTRICITY',
      network: 'IBEDC',
      plan_code: '107',
      customer_msisdn: '10000000001',
      amount: '2095',
      client_request_id: `desk-elec-${unique()}`,
    },
  });
  expect(sold.status()).toBe(200);
  const { reference } = (await sold.json()) as { reference: string };
  await page.evaluate((ref) => (location.hash = `#/sales/${ref}`), reference);
  await expect(page.getByTestId('receipt-tokens')).toBeVisible();
  return reference;
}

/** The first agent signs in on a fresh page and sells; the page is then left as that agent left it. */
async function firstAgentSold(page: Page, request: APIRequestContext) {
  const agents = await twoDesks(request);
  await openPage(page, '/#/login');
  await signInHere(page, agents[0]);
  await expect(sellTiles(page)).toBeVisible();
  return { agents, reference: await sellAndOpen(page) };
}

/** The next agent opens the same address (Back, or the reference read off the first receipt). */
async function expectNotShown(page: Page, reference: string): Promise<void> {
  await page.evaluate((ref) => (location.hash = `#/sales/${ref}`), reference);
  await expect(page.getByText('There is no sale with this reference')).toBeVisible();
  await expect(page.getByTestId('receipt-tokens')).toHaveCount(0);
}

test('after one agent signs out, the next agent on the same page cannot open the first one’s sale from memory', async ({
  page,
  request,
}) => {
  const problems = watchPageErrors(page);
  const { agents, reference } = await firstAgentSold(page, request);

  // The sign-in page is loaded afresh, so nothing of the first agent's stays in its memory.
  await signOut(page);
  await signInHere(page, agents[1]);
  await expect(sellTiles(page)).toBeVisible();
  await expectNotShown(page, reference);
  expect(problems).toEqual([]);
});

test('when a session ends without Sign out and another agent signs in on that page, the page starts afresh on the sell tiles', async ({
  page,
  request,
}) => {
  const problems = watchPageErrors(page);
  const { agents, reference } = await firstAgentSold(page, request);

  // The session ends on the node's side (expired, or ended by an admin): the next call is a 401.
  await page.context().clearCookies();
  await page.evaluate(() => (location.hash = '#/history'));
  await expect(page.getByText('Your session has ended. Sign in again to continue.')).toBeVisible();
  const reloaded = page.waitForEvent('load');
  await signInHere(page, agents[1]);
  // Not the page the first agent was on: the sell tiles, on a page loaded afresh.
  await reloaded;
  await expect(sellTiles(page)).toBeVisible();
  await expectNotShown(page, reference);
  expect(problems).toEqual([]);
});
