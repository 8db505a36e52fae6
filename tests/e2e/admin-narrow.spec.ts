import { expect, test } from '@playwright/test';
import { login, watchPageErrors } from './helpers.js';

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
  }
  await page.screenshot({ path: 'test-results/admin-shots/admin-narrow-390.png' });
  expect(problems).toEqual([]);
});
