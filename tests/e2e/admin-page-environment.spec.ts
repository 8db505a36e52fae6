import { expect, test, type Page } from '@playwright/test';
import { login, openPage, snapPhoneAndDesk, watchPageErrors } from './helpers.js';

type Env = 'Test' | 'Live';
/** The page itself (the top bar has an Environment choice of its own). */
const main = (page: Page) => page.locator('main.app-main');

/**
 * The admin pages that show one environment at a time, and where each says which it shows: the
 * Live / Test choice the page opens on. They share one rule (usePageEnvironment): the environment
 * the link names (?env=…), else the one the console is in.
 */
const PAGES: {
  name: string;
  hash: (id: string) => string;
  shown: (page: Page, env: Env) => Promise<void>;
}[] = [
  {
    name: 'Dashboard',
    hash: () => '/#/admin',
    shown: (page, env) =>
      expect(
        main(page).getByRole('radiogroup', { name: 'Environment' }).getByRole('radio', { name: env }),
      ).toBeChecked(),
  },
  {
    name: 'Wallets',
    hash: () => '/#/admin/wallets',
    shown: (page, env) =>
      expect(
        page.getByRole('radiogroup', { name: 'Wallet' }).getByRole('radio', { name: env }),
      ).toBeChecked(),
  },
  {
    name: 'Cash-up',
    hash: (id) => `/#/admin/users/${id}/cashup`,
    shown: (page, env) =>
      expect(
        page.getByRole('radiogroup', { name: 'Sales of' }).getByRole('radio', { name: env }),
      ).toBeChecked(),
  },
  {
    name: 'Webhooks',
    hash: () => '/#/admin/webhooks',
    shown: (page, env) =>
      expect(
        page
          .getByTestId('webhook-add')
          .getByRole('radiogroup', { name: 'Environment' })
          .getByRole('radio', { name: env }),
      ).toBeChecked(),
  },
  {
    name: 'Reports',
    hash: () => '/#/admin/reports',
    shown: (page, env) =>
      expect(main(page).getByLabel('Environment', { exact: true })).toHaveValue(env.toLowerCase()),
  },
];

/** Opens an admin page from another one (a page is not reopened by a change of its own query). */
async function openFresh(page: Page, hash: string): Promise<void> {
  await openPage(page, '/#/admin/users');
  await openPage(page, hash);
}

/**
 * Cash-up and Webhooks opened on Test whatever the console was in: a LIVE desk counting its
 * shift saw the test sales, and a new endpoint was offered for the test environment. Every page
 * with a Live / Test choice now opens on the console's environment, or on the one its link names.
 */
test('admin pages open on the environment the console is in, or on the one their link names', async ({
  page,
}) => {
  const problems = watchPageErrors(page);
  await login(page);
  await openPage(page, '/#/admin/users');
  const cashup = await page.getByTestId('cashup-admin').getAttribute('href');
  const id = /users\/(\d+)\/cashup/.exec(cashup ?? '')?.[1];
  expect(id, 'the admin has a cash-up link').toBeTruthy();

  for (const p of PAGES) {
    await test.step(`${p.name} in TEST`, async () => {
      await openFresh(page, p.hash(id!));
      await p.shown(page, 'Test');
      await openFresh(page, `${p.hash(id!)}?env=live`);
      await p.shown(page, 'Live');
    });
  }

  // The console in LIVE (this session only).
  await page.getByTestId('env-badge').getByRole('radio', { name: 'LIVE' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Switch to LIVE' }).click();
  await expect(page.getByTestId('env-stripe')).toHaveText('LIVE — real sales, real money');
  for (const p of PAGES) {
    await test.step(`${p.name} in LIVE`, async () => {
      await openFresh(page, p.hash(id!));
      await p.shown(page, 'Live');
      await openFresh(page, `${p.hash(id!)}?env=test`);
      await p.shown(page, 'Test');
    });
  }
  await openFresh(page, `/#/admin/users/${id}/cashup`);
  await snapPhoneAndDesk(page, 'admin-cashup-live-mode');
  await openFresh(page, '/#/admin/webhooks');
  await snapPhoneAndDesk(page, 'admin-webhooks-live-mode');
  expect(problems).toEqual([]);
});
