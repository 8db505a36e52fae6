import { expect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { adminApi, login, openPage, unique, watchPageErrors } from './helpers.js';
import { ADMIN_SHOTS_DIR, onScreen, sideways } from './admin-helpers.js';

/**
 * The top bar with a long username between a phone and a desk: where the bar's row has no room
 * for the name, the name and Sign out take a second row at the right instead of pushing Sign out
 * off the screen (at 800 px a 19-letter name put it 131 px past the edge).
 */
test('a long username: between 701 and 1100 px the top bar keeps Sign out and the name on the screen', async ({
  page,
  request,
}) => {
  const problems = watchPageErrors(page);
  const user = {
    username: `desklongname${unique()}`
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .padEnd(32, 'x')
      .slice(0, 32),
    password: 'admin password 1234',
  };
  const created = await request.post('/console/users', {
    headers: await adminApi(request),
    data: { ...user, role: 'admin', merchant_code: 'DEMO' },
  });
  expect(created.status(), await created.text()).toBe(201);
  await login(page, user);
  await openPage(page, '/#/admin/wallets');
  const signOut = page.getByRole('button', { name: 'Sign out' });
  const name = page.locator('.app-header .username');
  await expect(name).toHaveText(user.username);
  mkdirSync(ADMIN_SHOTS_DIR, { recursive: true });
  for (const width of [1280, 1100, 1024, 1000, 950, 900, 850, 800, 750, 701]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await sideways(page), `${width}: the page scrolls sideways`).toBe(0);
    for (const control of [signOut, name, page.getByTestId('nav-admin'), page.getByTestId('env-badge')])
      expect(await onScreen(control, width), `${width}: ${await control.textContent()}`).toBe(true);
    // The name and Sign out together, the name whole.
    const [n, s] = [(await name.boundingBox())!, (await signOut.boundingBox())!];
    expect(Math.abs(n.y + n.height / 2 - (s.y + s.height / 2)), `${width}`).toBeLessThan(12);
    expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    if ([1024, 800].includes(width))
      await page
        .locator('.app-header')
        .screenshot({ path: join(ADMIN_SHOTS_DIR, `top-bar-long-name-${width}.png`) });
  }
  // A wide desk keeps one row: Sign out level with the menu.
  await page.setViewportSize({ width: 1280, height: 800 });
  const admin = (await page.getByTestId('nav-admin').boundingBox())!;
  const s = (await signOut.boundingBox())!;
  expect(Math.abs(s.y + s.height / 2 - (admin.y + admin.height / 2))).toBeLessThan(8);
  expect(problems).toEqual([]);
});
