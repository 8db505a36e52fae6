import { expect, test } from '@playwright/test';
import { login, unique, watchPageErrors } from './helpers.js';
import { csrfOf } from './admin-helpers.js';

/**
 * A business name longer than the node keeps is refused with a message (the field no longer
 * cuts a pasted name silently), and a rename of the desk's own merchant shows in the top bar at
 * once. The test signs in as an admin of a merchant of its own, so other tests keep DEMO's name.
 */
test('an over-long merchant name is refused with a message; a rename shows in the top bar without a reload', async ({
  page,
  browser,
}) => {
  const problems = watchPageErrors(page);
  await login(page);
  const headers = await csrfOf(page.request);
  const code = `NM${unique()}`.toUpperCase().slice(0, 12);
  expect(
    (
      await page.request.post('/console/admin/merchants', { headers, data: { code, name: 'Names Ltd' } })
    ).status(),
  ).toBe(201);
  const user = {
    username: `names${unique()}`.toLowerCase().slice(0, 24),
    password: 'a long enough password 1',
  };
  const made = await page.request.post('/console/users', {
    headers,
    data: { ...user, role: 'admin', merchant_code: code },
  });
  expect(made.status(), await made.text()).toBe(201);

  const context = await browser.newContext();
  const desk = await context.newPage();
  await login(desk, user);
  await expect(desk.getByTestId('merchant-name')).toHaveText('Names Ltd');
  await desk.goto(`/#/admin/merchants/${code}`);

  const field = desk.getByLabel('Business name');
  await field.fill('N'.repeat(101));
  await expect(field).toHaveValue('N'.repeat(101));
  await desk.getByRole('button', { name: 'Save' }).first().click();
  await expect(desk.getByRole('alert').filter({ hasText: 'name' })).toContainText('100');
  await expect(desk.getByTestId('merchant-name')).toHaveText('Names Ltd');

  await field.fill('Names & Sons Ltd');
  await desk.getByRole('button', { name: 'Save' }).first().click();
  await expect(desk.getByText('Saved.')).toBeVisible();
  await expect(desk.getByTestId('merchant-name')).toHaveText('Names & Sons Ltd');
  // The top bar cuts a long name with an ellipsis: the whole name stays one hover away.
  await expect(desk.getByTestId('merchant-name')).toHaveAttribute('title', 'Names & Sons Ltd');
  await context.close();
  expect(problems).toEqual([]);
});
