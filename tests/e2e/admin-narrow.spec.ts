import { expect, test, type Page } from '@playwright/test';
import { login, watchPageErrors } from './helpers.js';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN_SHOTS_DIR } from './admin-helpers.js';

/**
 * A till's narrow screen (800 px): the admin menu runs across the top and each page gets the
 * whole width, so tables keep their action buttons in view instead of cutting them off.
 */
test('at 800 px the admin menu sits above the page and no admin page scrolls sideways', async ({ page }) => {
  const problems = watchPageErrors(page);
  await page.setViewportSize({ width: 800, height: 900 });
  await login(page);
  for (const path of ['/#/admin', '/#/admin/catalogs', '/#/admin/users', '/#/admin/merchants']) {
    await page.goto(path);
    await expect(page.locator('.admin-content h1')).toBeVisible();
    // Measured in the page in one go, and again until it holds: the admin pages load on first
    // use and may still be replacing what is on screen.
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            const nav = document.querySelector('.admin-nav')?.getBoundingClientRect();
            const content = document.querySelector('.admin-content')?.getBoundingClientRect();
            if (!nav || !content) return 'not on screen';
            return {
              menuAbovePage: nav.bottom <= content.top,
              pageWide: content.width > 700,
              sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth,
            };
          }),
        { message: path },
      )
      .toEqual({ menuAbovePage: true, pageWide: true, sideways: 0 });
  }
  expect(problems).toEqual([]);
});

/** A phone (390 px): the top bar wraps, so Admin, TEST/LIVE and Sign out stay on the screen. */
test('at 390 px the top bar keeps every control on the screen', async ({ page }) => {
  const problems = watchPageErrors(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page);
  for (const path of ['/#/sell', '/#/admin/wallets']) {
    await page.goto(path);
    for (const control of [
      page.getByTestId('nav-admin'),
      page.getByRole('button', { name: 'Sign out' }),
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'History' }),
    ]) {
      await expect(control).toBeVisible();
      const box = (await control.boundingBox())!;
      expect(box.x + box.width, path).toBeLessThanOrEqual(390);
    }
    // Sign out shares the menu's row rather than taking a row of its own under the logo.
    const signOut = (await page.getByRole('button', { name: 'Sign out' }).boundingBox())!;
    const admin = (await page.getByTestId('nav-admin').boundingBox())!;
    expect(Math.abs(signOut.y + signOut.height / 2 - (admin.y + admin.height / 2)), path).toBeLessThan(8);
  }
  await page.screenshot({ path: 'test-results/admin-shots/admin-narrow-390.png' });
  expect(problems).toEqual([]);
});

/** A full-page screenshot at the phone size the test runs at. */
async function phoneShot(page: Page, name: string): Promise<void> {
  mkdirSync(ADMIN_SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: join(ADMIN_SHOTS_DIR, `${name}.png`), fullPage: true });
}

const ADMIN_PAGES: [path: string, menuEntry: string][] = [
  ['', 'Dashboard'],
  ['merchants', 'Merchants'],
  ['merchants/DEMO', 'Merchants'],
  ['webhooks', 'Webhooks'],
  ['wallets', 'Wallets'],
  ['pricing', 'Pricing'],
  ['upstreams', 'Upstreams & routes'],
  ['catalogs', 'Catalogs'],
  ['attention', 'Needs attention'],
  ['users', 'Users & cash-up'],
  ['reports', 'Reports'],
  ['reconciliation', 'Reconciliation'],
  ['settings', 'Settings & backup'],
];

/**
 * A phone (390 px) on the admin pages: the menu folds behind one button naming the page, so the
 * page starts at the top; wide tables scroll inside their card, never the page; a wallet total
 * in the millions stays inside its card.
 */
test('at 390 px the admin menu folds and no admin page scrolls sideways', async ({ page }) => {
  const problems = watchPageErrors(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page);
  const toggle = page.getByTestId('admin-menu-toggle');
  const menu = page.getByRole('navigation', { name: 'Administration' });
  for (const [path, entry] of ADMIN_PAGES) {
    await page.goto(`/#/admin/${path}`);
    await expect(page.locator('.admin-content h1')).toBeVisible();
    await expect(toggle, path).toContainText(entry);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(menu.getByRole('link', { name: 'Settings & backup' })).toBeHidden();
    await expect
      .poll(
        () =>
          page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
        { message: `${path} scrolls sideways` },
      )
      .toBe(0);
  }

  await page.goto('/#/admin');
  await expect(page.locator('.admin-kpi').first()).toBeVisible();
  const spill = await page.evaluate(
    () =>
      Array.from(document.querySelectorAll('.admin-kpi')).filter((card) => {
        const value = card.querySelector('.admin-kpi-value');
        return value !== null && value.getBoundingClientRect().right > card.getBoundingClientRect().right;
      }).length,
  );
  expect(spill, 'figures spilling out of their card').toBe(0);

  // Opened, the menu lists every page; choosing one goes there and folds it again.
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await phoneShot(page, 'admin-menu-390-open');
  await menu.getByRole('link', { name: 'Users & cash-up' }).click();
  await expect(page.locator('.admin-content h1')).toHaveText('Users & cash-up');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(menu.getByRole('link', { name: 'Reports' })).toBeHidden();
  await phoneShot(page, 'admin-users-390');
  expect(problems).toEqual([]);
});

/** Wider than a phone the menu is always open and its button is not shown. */
test('at 800 px the admin menu has no fold button', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 900 });
  await login(page);
  await page.goto('/#/admin/users');
  await expect(page.locator('.admin-content h1')).toBeVisible();
  await expect(page.getByTestId('admin-menu-toggle')).toBeHidden();
  await expect(
    page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Reports' }),
  ).toBeVisible();
});
