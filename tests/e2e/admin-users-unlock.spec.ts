import { expect, test } from '@playwright/test';
import { cli, login, unique, watchPageErrors } from './helpers.js';
import { openAdminPage, shot } from './admin-helpers.js';

/**
 * An agent locked out by five wrong passwords (someone at the desk typed the agent's name) is let
 * back in by an admin from the Users page, without waiting the 15 minutes out.
 */
test('an admin unlocks a locked-out agent from the Users page and the agent signs in at once', async ({
  page,
  request,
}) => {
  const problems = watchPageErrors(page);
  const username = `locked${unique()}`.toLowerCase().slice(0, 32);
  const { password } = cli(['user', 'add', '--username', username, '--role', 'agent']) as {
    password: string;
  };
  for (let i = 0; i < 5; i++)
    expect(
      (await request.post('/console/login', { data: { username, password: `wrong ${i}` } })).status(),
    ).toBe(401);
  expect((await request.post('/console/login', { data: { username, password } })).status()).toBe(429);

  await login(page);
  await page.getByTestId('nav-admin').click();
  await openAdminPage(page, 'Users & cash-up', 'Users & cash-up');
  await page.getByTestId(`user-${username}`).getByRole('button', { name: 'Edit' }).click();
  await page.getByTestId(`unlock-${username}`).click();
  await expect(page.getByText(`${username} may sign in again now`)).toBeVisible();
  await shot(page, 'admin-users-unlock');

  expect((await request.post('/console/login', { data: { username, password } })).status()).toBe(200);
  expect(problems).toEqual([]);
});
