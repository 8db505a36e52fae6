import { expect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { adminApi, cli, login, openPage, unique, watchPageErrors } from './helpers.js';
import { ADMIN_SHOTS_DIR, sideways, wordsCut } from './admin-helpers.js';

/**
 * Users between a phone and a wide desk. Its seven columns hold words that do not break (a
 * username of 19 letters, a merchant code of 20, a daily limit in the millions, three buttons):
 * about 930 px, more than the page has below its full width (926 px at 1240, 787 at 1101, 640 at
 * 901, 535 at 601), so the table scrolled sideways in its card (from 1101 to 1240 px it still
 * did). From 1279 px down each user is a card, as on a phone, with the room to lay its parts out
 * in three columns; the page at its full width keeps the table with its sortable headers, where a
 * username of 32 letters wraps in its cell rather than widen the table.
 */
test('Users from 1279 px down to a phone: each user a card, nothing scrolls sideways, every part and button in the card, no name cut', async ({
  page,
  request,
}) => {
  const problems = watchPageErrors(page);
  const code = `WIDE${unique()}`
    .replace(/[^A-Z0-9]/g, '')
    .padEnd(20, 'X')
    .slice(0, 20);
  cli(['merchant', 'create', '--code', code, '--name', 'Adebayo & Sons General Merchandise Ltd.']);
  const headers = await adminApi(request);
  const names: string[] = [];
  for (const merchant of ['DEMO', code]) {
    // A 19-letter username, as the desk walk had: 'cardagent' and ten digits. Random letters made
    // the width random ('cardagentmwy3q56w13', m and w wide, wrapped in its cell at 1280 px where
    // 'cardagentxk…' fit); digits are all one width.
    const username = `cardagent${unique()}`
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .replace(/[a-z]/g, (c, at: number) => (at < 9 ? c : String(c.charCodeAt(0) % 10)))
      .padEnd(19, 'x')
      .slice(0, 19);
    const created = await request.post('/console/users', {
      headers,
      data: {
        username,
        password: 'agent password 123',
        role: 'agent',
        merchant_code: merchant,
        daily_sales_limit: '1000000',
        environments: ['test', 'live'],
        start_environment: 'test',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    names.push(username);
  }
  // The longest username there may be (32 letters), at the merchant with the longest code.
  const longest = `longestname${unique()}`
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .padEnd(32, 'y')
    .slice(0, 32);
  const created = await request.post('/console/users', {
    headers,
    data: {
      username: longest,
      password: 'agent password 123',
      role: 'agent',
      merchant_code: code,
      daily_sales_limit: '10000000',
      environments: ['test', 'live'],
      start_environment: 'live',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await login(page);
  await openPage(page, '/#/admin/users');
  const table = page.getByTestId('user-table');
  const rows = names.map((n) => page.getByTestId(`user-${n}`));
  await expect(rows[1]!).toBeVisible();
  mkdirSync(ADMIN_SHOTS_DIR, { recursive: true });

  await expect(page.getByTestId(`user-${longest}`)).toBeVisible();
  for (const width of [1279, 1240, 1200, 1101, 1100, 1024, 901, 900, 800, 700, 601, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expect
      .poll(
        () =>
          table.evaluate(
            (el) => el.closest('.table-wrap')!.scrollWidth - el.closest('.table-wrap')!.clientWidth,
          ),
        {
          message: `${width}: the users table scrolls sideways`,
        },
      )
      .toBe(0);
    expect(await sideways(page), `${width}: the page scrolls sideways`).toBe(0);
    for (const row of rows) {
      const outside = await row.evaluate((tr) => {
        const card = tr.closest('.card')!.getBoundingClientRect();
        return Array.from(tr.querySelectorAll('td, .btn'))
          .filter((el) => {
            const r = el.getBoundingClientRect();
            return r.left < card.left || r.right > card.right;
          })
          .map((el) => (el as HTMLElement).innerText.trim());
      });
      expect(outside, `${width}: parts outside the card`).toEqual([]);
      // A 19-letter name and a 20-letter merchant code each whole, never cut mid-word.
      for (const part of ['.u-user', '.u-merchant'])
        expect(await wordsCut(row.locator(part)), `${width}: ${part}`).toEqual([]);
      // Without the header row on screen each part says what it is.
      await expect(row.locator('.u-merchant')).toHaveText(/^Merchant (DEMO|WIDE)/, { useInnerText: true });
      await expect(row.locator('.u-limit')).toHaveText('Daily limit ₦1,000,000.00', { useInnerText: true });
      // The buttons on one line under the rest of the card.
      const cashup = (await row.getByRole('link', { name: 'Cash-up' }).boundingBox())!;
      const off = (await row.getByRole('button', { name: 'Deactivate' }).boundingBox())!;
      const user = (await row.locator('.u-user').boundingBox())!;
      expect(Math.abs(cashup.y - off.y), `${width}: buttons on one line`).toBeLessThan(2);
      expect(cashup.y, `${width}: buttons under the user`).toBeGreaterThan(user.y + user.height);
    }
    if ([1240, 1024, 700, 390].includes(width))
      await page.screenshot({
        path: join(ADMIN_SHOTS_DIR, `admin-users-cards-${width}.png`),
        fullPage: true,
      });
  }

  // The page at its full width keeps the table, its columns headed, the merchant's code alone in
  // its cell; the page is no wider from 1280 px up.
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(table.getByRole('columnheader', { name: /Merchant/ })).toBeVisible();
    await expect(rows[0]!.locator('.u-merchant')).toHaveText('DEMO', { useInnerText: true });
    // It fits there too: "(starts test)" goes under "Test + Live", and the 32-letter username
    // wraps in its cell, rather than widening the table; the 19-letter ones and the code stay whole.
    expect(
      await table.evaluate(
        (el) => el.closest('.table-wrap')!.scrollWidth - el.closest('.table-wrap')!.clientWidth,
      ),
      `${width}: the users table scrolls sideways`,
    ).toBe(0);
    for (const row of rows)
      for (const part of ['.u-user', '.u-merchant'])
        expect(await wordsCut(row.locator(part)), `${width}: ${part}`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: join(ADMIN_SHOTS_DIR, 'admin-users-table-1280.png'), fullPage: true });
  expect(problems).toEqual([]);
});
