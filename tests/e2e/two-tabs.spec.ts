import { expect, test } from '@playwright/test';
import { login, openPage, snap, watchPageErrors } from './helpers.js';

/**
 * One session in two tabs: tab B switches to LIVE while tab A shows a TEST sale ready to
 * confirm. Confirming in tab A must not sell live under its TEST banner: the node refuses it
 * (the page says which mode it shows on every state-changing call), nothing is stored or
 * charged, and tab A shows LIVE at once.
 */
test('a sale confirmed under TEST after another tab switched to LIVE is refused, and the page shows LIVE', async ({
  page,
  context,
}) => {
  const problems = watchPageErrors(page);
  await login(page);
  await expect(page.getByTestId('env-stripe')).toContainText('TEST');
  await openPage(page, '/#/sell/airtime');
  const msisdn = '0803 765 4321';
  await page.getByLabel('Customer phone number').fill(msisdn);
  await page.getByLabel('Amount (₦)').fill('100');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('confirm')).not.toContainText('This is a LIVE sale');

  const other = await context.newPage();
  await other.goto('/#/sell');
  await other.getByTestId('env-badge').getByRole('radio', { name: 'LIVE' }).click();
  const goLive = other.getByRole('alertdialog', { name: 'Switch to LIVE?' });
  // A yes/no question opens on Cancel: a stray Enter never goes live.
  await expect(goLive.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await goLive.getByRole('button', { name: 'Switch to LIVE' }).click();
  await expect(other.getByTestId('env-stripe')).toHaveText('LIVE — real sales, real money');

  await page.getByTestId('confirm-sell').focus();
  await page.keyboard.press('Enter');
  // The refused sale goes back to the form, now in LIVE, with the focus on why: Pay is gone, so
  // a reflex second Enter sells nothing in the other mode.
  const why = page.getByTestId('mode-changed');
  await expect(why).toHaveText(
    'This console was switched to LIVE in another tab or window; nothing was done. Check the mode at the top and try again.',
  );
  await expect(page.getByTestId('confirm')).toHaveCount(0);
  await expect(why).toBeFocused();
  await expect(page.getByTestId('env-stripe')).toHaveText('LIVE — real sales, real money');
  await expect(page.getByText('LIVE sale', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Customer phone number')).toHaveValue(msisdn);
  await snap(page, 'two-tabs-refused');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('confirm')).toHaveCount(0);
  // Nothing was stored for that number, in live (where the session is now) or in test.
  const storedFor = async () =>
    ((await (await page.request.get('/console/purchases?search=08037654321')).json()) as { total: number })
      .total;
  expect(await storedFor()).toBe(0);
  // Back to test for the other tests on this node.
  await other.getByTestId('env-badge').getByRole('radio', { name: 'TEST' }).click();
  await expect(other.getByTestId('env-stripe')).toContainText('TEST');
  expect(await storedFor()).toBe(0);
  expect(problems).toEqual([]);
});
