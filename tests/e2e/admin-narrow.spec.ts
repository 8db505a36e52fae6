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
    const nav = page.locator('.admin-nav');
    const content = page.locator('.admin-content');
    // Both must be on screen before they are measured (the admin pages load on first use).
    await expect(nav).toBeVisible();
    await expect(content.locator('h1')).toBeVisible();
    const [navBox, contentBox] = [await nav.boundingBox(), await content.boundingBox()];
    expect(navBox!.y + navBox!.height, path).toBeLessThanOrEqual(contentBox!.y);
    expect(contentBox!.width, path).toBeGreaterThan(700);
    const sideways = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(sideways, path).toBeLessThanOrEqual(0);
  }
  expect(problems).toEqual([]);
});
