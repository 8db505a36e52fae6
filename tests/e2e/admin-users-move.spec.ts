import { expect, test, type APIRequestContext } from '@playwright/test';
import { cli, login, unique, watchPageErrors } from './helpers.js';
import { csrfOf, openAdminPage, sellAirtimeAs, shot } from './admin-helpers.js';

/**
 * An agent who sold for DEMO starts selling for another merchant: the admin moves them from the
 * Users page (Edit → Sells for merchant), after a question that says where the money goes from
 * now on; the agent signs in again for the new merchant, and the shift's cash-up keeps each
 * merchant's sales apart.
 */
test("an admin moves an agent to another merchant from the Users page; the cash-up lists each merchant's sales", async ({
  page,
  playwright,
  baseURL,
}) => {
  const problems = watchPageErrors(page);
  const code = `MV${unique()}`.slice(0, 12);
  const name = `Moved Shop ${code}`;
  cli(['merchant', 'create', '--code', code, '--name', name]);
  cli(['wallet', 'fund', '--code', code, '--env', 'test', '--amount', '5000']);
  const username = `mover${unique()}`.toLowerCase().slice(0, 32);
  const { id, password } = cli([
    'user',
    'add',
    '--username',
    username,
    '--role',
    'agent',
    '--code',
    'DEMO',
  ]) as {
    id: number;
    password: string;
  };

  const desk = await playwright.request.newContext({ baseURL });
  const signIn = async (ctx: APIRequestContext) => {
    expect((await ctx.post('/console/login', { data: { username, password } })).status()).toBe(200);
    return csrfOf(ctx);
  };

  await test.step('the agent sells for DEMO', async () => {
    await sellAirtimeAs(desk, await signIn(desk), { amount: '100', tag: 'move' });
  });

  await test.step('the admin moves the agent, confirming where sales are paid from now on', async () => {
    await login(page);
    await page.getByTestId('nav-admin').click();
    await openAdminPage(page, 'Users & cash-up', 'Users & cash-up');
    const row = page.getByTestId(`user-${username}`);
    await row.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Sells for merchant').selectOption(code);
    await page.getByRole('button', { name: 'Save' }).click();
    const ask = page.getByRole('alertdialog', { name: `Move ${username} to ${name}?` });
    await expect(ask).toContainText(
      `Sales from now on are paid from ${name}'s wallet; past sales stay with Demo Merchant.`,
    );
    await shot(page, 'admin-users-move-confirm');
    // Cancelling moves nothing.
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(row).toContainText('DEMO');
    await page.getByRole('button', { name: 'Save' }).click();
    await ask.getByRole('button', { name: 'Move' }).click();
    await expect(page.getByText(`${username} now sells for ${name}`)).toBeVisible();
    await expect(row).toContainText(code);
  });

  await test.step('the agent signs in again and sells for the new merchant', async () => {
    expect((await desk.get('/console/session')).status()).toBe(401);
    const headers = await signIn(desk);
    const session = (await (await desk.get('/console/session')).json()) as { merchant: { code: string } };
    expect(session.merchant.code).toBe(code);
    await sellAirtimeAs(desk, headers, { amount: '200', tag: 'move' });
    await desk.dispose();
  });

  await test.step("the cash-up lists each merchant's part of the cash", async () => {
    await page.getByTestId(`cashup-${username}`).click();
    await expect(page.getByRole('heading', { level: 1, name: `Cash-up: ${username}` })).toBeVisible();
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(page.getByTestId('cashup-count')).toHaveText('2', { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expect(page.getByTestId('cashup-total')).toHaveText('₦300.00');
    const parts = page.getByTestId('cashup-by-merchant');
    await expect(parts).toContainText('sales for 2 merchants');
    await expect(parts.getByRole('row', { name: new RegExp(`${name}.*₦200\\.00`) })).toBeVisible();
    await expect(parts.getByRole('row', { name: /Demo Merchant.*₦100\.00/ })).toBeVisible();
    await shot(page, 'admin-cashup-by-merchant');
  });

  const listed = (cli(['user', 'list']) as { users: { id: number; merchant_code: string }[] }).users;
  expect(listed.find((u) => u.id === id)?.merchant_code).toBe(code);
  expect(problems).toEqual([]);
});
