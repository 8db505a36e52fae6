import { expect, test } from '@playwright/test';
import { cli, login, snapPhoneAndDesk, watchPageErrors } from './helpers.js';
import { openAdminPage } from './admin-helpers.js';

/**
 * The node settings an operator may set (the CLI's `settings set`), edited where they act: the
 * catalog sync's schedule on the Catalogs page, the upstreams' default low-balance alert on the
 * Upstreams page. What the console saves is what the CLI reads, and the other way round.
 */

test("the catalog sync's schedule: a wrong one is refused beside the field, a good one applies, then the default again", async ({
  page,
}) => {
  const problems = watchPageErrors(page);
  await login(page);
  await page.getByTestId('nav-admin').click();
  await openAdminPage(page, 'Catalogs', 'Catalogs');
  const form = page.getByTestId('node-setting-catalog_sync_cron');
  const field = form.getByLabel('Change to');
  const value = page.getByTestId('node-setting-catalog_sync_cron-value');
  await expect(value).toHaveText('hourly, 0 0 * * * *');
  await expect(form).toContainText('(the default)');

  await test.step("a schedule node-cron refuses is said beside the field, in the node's words", async () => {
    await field.fill('0 61 * * * *');
    await form.getByRole('button', { name: 'Save' }).click();
    // The console's wording of the node's message: the setting's name in words, a full stop.
    await expect(page.getByTestId('node-setting-catalog_sync_cron-error')).toHaveText(
      'Catalog sync cron must be a cron schedule: six fields (second minute hour day-of-month month weekday), or five without the seconds, e.g. "0 0 * * * *" (hourly, the default) or "0 30 */2 * * *" (every two hours at half past); got "0 61 * * * *".',
    );
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(value).toHaveText('hourly, 0 0 * * * *');
    expect((cli(['settings', 'get', 'catalog_sync_cron']) as { source: string }).source).toBe('default');
  });

  await test.step('a good one is saved, shown as set, and is what the CLI reads', async () => {
    await field.fill('0 30 */2 * * *');
    await expect(field).not.toHaveAttribute('aria-invalid');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(value).toHaveText('0 30 */2 * * *');
    await expect(form).toContainText('(set here; the default is hourly, 0 0 * * * *)');
    await expect(page.getByTestId('node-setting-catalog_sync_cron-notice')).toHaveText(
      'Saved: 0 30 */2 * * *.',
    );
    await expect(field).toHaveValue('');
    expect(cli(['settings', 'get', 'catalog_sync_cron'])).toEqual({
      key: 'catalog_sync_cron',
      value: '0 30 */2 * * *',
      default: '0 0 * * * *',
      source: 'set',
    });
    await snapPhoneAndDesk(page, 'admin-catalog-sync-schedule');
  });

  await test.step('"Use the default" puts it back', async () => {
    await page.getByTestId('node-setting-catalog_sync_cron-default').click();
    await expect(value).toHaveText('hourly, 0 0 * * * *');
    await expect(page.getByTestId('node-setting-catalog_sync_cron-notice')).toHaveText(
      'Back to the default: hourly, 0 0 * * * *.',
    );
    await expect(form).toContainText('(the default)');
    await expect(page.getByTestId('node-setting-catalog_sync_cron-default')).toHaveCount(0);
    expect((cli(['settings', 'get', 'catalog_sync_cron']) as { source: string }).source).toBe('default');
  });
  expect(problems).toEqual([]);
});

test("the upstreams' default low-balance alert: checked before sending, saved, set by the CLI too", async ({
  page,
}) => {
  const problems = watchPageErrors(page);
  await login(page);
  await page.getByTestId('nav-admin').click();
  await openAdminPage(page, 'Upstreams & routes', 'Upstreams & routes');
  const form = page.getByTestId('node-setting-upstream_low_balance_naira');
  const field = form.getByLabel('Change to');
  const value = page.getByTestId('node-setting-upstream_low_balance_naira-value');
  await expect(value).toHaveText('₦50,000.00');
  let sent = 0;
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().includes('/console/admin/node-settings/')) sent += 1;
  });

  await test.step('a zero is refused beside the field before anything is sent', async () => {
    await field.fill('0');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('node-setting-upstream_low_balance_naira-error')).toHaveText(
      'The amount must be more than ₦0.00.',
    );
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toBe(0);
  });

  await test.step('an amount as people type it is saved as Naira, and is what the CLI reads', async () => {
    await field.fill('₦20,000');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(value).toHaveText('₦20,000.00');
    await expect(form).toContainText('(set here; the default is ₦50,000.00)');
    expect(cli(['settings', 'get', 'upstream_low_balance_naira'])).toMatchObject({
      value: '20000.00',
      source: 'set',
    });
    await snapPhoneAndDesk(page, 'admin-upstream-low-balance-default');
  });

  await test.step('set from the CLI, the page shows it when opened again', async () => {
    cli(['settings', 'set', 'upstream_low_balance_naira', '35000.50']);
    await page.reload();
    await expect(value).toHaveText('₦35,000.50');
    await page.getByTestId('node-setting-upstream_low_balance_naira-default').click();
    await expect(value).toHaveText('₦50,000.00');
    expect((cli(['settings', 'get', 'upstream_low_balance_naira']) as { source: string }).source).toBe(
      'default',
    );
  });
  expect(problems).toEqual([]);
});
