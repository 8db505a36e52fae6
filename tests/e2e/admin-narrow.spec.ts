import { expect, test, type Page } from '@playwright/test';
import { adminApi, cli, login, openPage, unique, watchPageErrors, sellAirtimeFromTiles } from './helpers.js';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import {
  ADMIN_SHOTS_DIR,
  csrfOf,
  onScreen,
  sellAirtimeAs,
  shot,
  sideways,
  v1,
  wordsCut,
  type Pair,
} from './admin-helpers.js';

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

/** A button's label longer than a phone's card wraps inside the button and the card. */
test('at 390 px a long button label wraps inside its card and the page never scrolls sideways', async ({
  page,
}) => {
  const problems = watchPageErrors(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page);
  await openPage(page, '/#/admin/merchants');
  await page.getByRole('button', { name: 'New merchant' }).click();
  const create = page.getByRole('button', { name: 'Create merchant and issue credentials' });
  await expect(create).toBeVisible();
  const fits = await create.evaluate((b) => {
    const card = b.closest('.card')!.getBoundingClientRect();
    const box = b.getBoundingClientRect();
    return {
      insideCard: box.left >= card.left && box.right <= card.right,
      labelInside: b.scrollWidth <= b.clientWidth,
      sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    };
  });
  expect(fits).toEqual({ insideCard: true, labelInside: true, sideways: 0 });
  await phoneShot(page, 'new-merchant-390');
  expect(problems).toEqual([]);
});

/** The dashboard on a phone: its day as every other day in the console, each figure on one line. */
test('at 390 px the dashboard says its day as "25 Nov 2026" and keeps each sales figure on one line', async ({
  page,
}) => {
  const problems = watchPageErrors(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page);
  // A sale today, so the table has figures.
  await sellAirtimeFromTiles(page, '08031234567', '19,000');
  await expect(page.getByTestId('sale-status')).toBeVisible();
  await openPage(page, '/#/admin');
  await expect(page.getByText(/^Today, \d{1,2} [A-Z][a-z]{2} \d{4} \(Lagos time\)/)).toBeVisible();
  const cells = page.getByTestId('dashboard-sales').locator('tbody td.num');
  await expect(cells.first()).toBeVisible();
  const split = await cells.evaluateAll((tds) =>
    tds
      .filter((td) => {
        const text = document.createRange();
        text.selectNodeContents(td);
        return text.getBoundingClientRect().height > 1.5 * parseFloat(getComputedStyle(td).lineHeight);
      })
      .map((td) => td.textContent),
  );
  expect(split, 'figures broken over two lines').toEqual([]);
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
    await openPage(page, `/#/admin/${path}`);
    await expect(page.locator('.admin-content h1')).toBeVisible();
    await expect(toggle, path).toContainText(entry);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(menu.getByRole('link', { name: 'Settings & backup' })).toBeHidden();
    // Measured once the page's tables are in: a loading page is narrow whatever its table does.
    await expect(page.locator('.admin-content .loading')).toHaveCount(0);
    await expect
      .poll(
        () =>
          page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
        { message: `${path} scrolls sideways` },
      )
      .toBe(0);
  }

  await openPage(page, '/#/admin');
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
  await openPage(page, '/#/admin/users');
  await expect(page.locator('.admin-content h1')).toBeVisible();
  await expect(page.getByTestId('admin-menu-toggle')).toBeHidden();
  await expect(
    page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Reports' }),
  ).toBeVisible();
});

/**
 * A phone (390 px) on a shift's cash-up: the count, the report and the closed shifts one under
 * the other, each label and figure whole on the screen; a till's 800 px and the printed page as before.
 */
test('at 390 px the cash-up stacks: the report is readable and nothing scrolls sideways', async ({
  page,
  playwright,
  request,
  baseURL,
}) => {
  const problems = watchPageErrors(page);
  const code = `CASH${unique()}`.slice(0, 20);
  cli(['merchant', 'create', '--code', code, '--name', 'Cash-up Stores']);
  cli(['wallet', 'fund', '--code', code, '--env', 'test', '--amount', '100000']);
  const agent = { username: `till${unique()}`.toLowerCase().slice(0, 30), password: 'agent password 123' };
  const created = await request.post('/console/users', {
    headers: await adminApi(request),
    data: { ...agent, role: 'agent', merchant_code: code },
  });
  expect(created.status()).toBe(201);
  // A sale, one that fails at once and one that fails after pending (...0003): every line shows.
  const desk = await playwright.request.newContext({ baseURL });
  expect((await desk.post('/console/login', { data: agent })).status()).toBe(200);
  const headers = await csrfOf(desk);
  const sell = (phone: string, amount: string) =>
    sellAirtimeAs(desk, headers, { phone, amount, tag: 'cash' });
  await sell('08031234567', '45000');
  await sell('08031234567', '35275');
  await sell('08030000001', '300');
  const late = await sell('08030000003', '250');
  await expect
    .poll(async () => {
      const r = await desk.post(`/console/purchases/${late}/requery`, { headers, data: {} });
      return ((await r.json()) as { was_pending?: boolean }).was_pending;
    })
    .toBe(true);
  await desk.dispose();

  await page.setViewportSize({ width: 390, height: 844 });
  await login(page);
  await openPage(page, '/#/admin/users');
  await page.getByTestId(`cashup-${agent.username}`).click();
  await expect(page.getByRole('heading', { level: 1, name: `Cash-up: ${agent.username}` })).toBeVisible();
  const report = page.getByTestId('cashup-report');
  await expect(page.getByTestId('cashup-failed-after-pending')).toContainText('1 sale, ₦250.00');
  await expect.poll(() => sideways(page), { message: 'the cash-up scrolls sideways' }).toBe(0);

  // One column: the count, then the report, then the closed shifts.
  const controls = (await page.getByLabel('Cash counted (₦)').boundingBox())!;
  const box = (await report.boundingBox())!;
  const closed = (await page.getByRole('heading', { name: 'Closed shifts' }).boundingBox())!;
  expect(box.y).toBeGreaterThan(controls.y + controls.height);
  expect(closed.y).toBeGreaterThan(box.y + box.height);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(box.width).toBeGreaterThan(320);
  // Every label and figure of the report whole inside it, none broken a letter to a line.
  const cut = await report.evaluate((el) => {
    const edge = el.getBoundingClientRect();
    return Array.from(el.querySelectorAll('dt, dd, td, .title, .env, .line'))
      .filter((e) => {
        const r = e.getBoundingClientRect();
        const word = Math.max(...(e.textContent ?? '').split(/\s+/).map((w) => w.length));
        // A cell narrower than its longest word (in ch) has broken a word.
        const ch = parseFloat(getComputedStyle(e).fontSize) * 0.45;
        return (
          r.left < edge.left || r.right > edge.right || e.scrollWidth > e.clientWidth || r.width < word * ch
        );
      })
      .map((e) => e.textContent?.trim());
  });
  expect(cut, 'cut or squeezed in the report').toEqual([]);
  await expect(report.locator('dt').first()).toHaveText('Cash expected');
  await expect(report.locator('dd').first()).toHaveText('₦80,275.00');
  mkdirSync(ADMIN_SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: join(ADMIN_SHOTS_DIR, 'admin-cashup-390.png'), fullPage: true });

  // A till's 800 px: still nothing sideways, the signature lines inside the report.
  await page.setViewportSize({ width: 800, height: 900 });
  await expect.poll(() => sideways(page)).toBe(0);
  const wide = (await report.boundingBox())!;
  for (const line of await report.locator('.line').all()) {
    const l = (await line.boundingBox())!;
    expect(l.x + l.width).toBeLessThanOrEqual(wide.x + wide.width);
  }
  await page.screenshot({ path: join(ADMIN_SHOTS_DIR, 'admin-cashup-800.png'), fullPage: true });
  await shot(page, 'admin-cashup-narrow-test');
  await page.emulateMedia({ media: 'print' });
  await page.screenshot({
    path: join(ADMIN_SHOTS_DIR, 'admin-cashup-narrow-test-print-1280x800.png'),
    fullPage: true,
  });
  await page.emulateMedia({ media: 'screen' });
  expect(problems).toEqual([]);
});

test('at 390 px Users → Edit opens under the user at the screen width: every field and Save on screen', async ({
  page,
  request,
}) => {
  const problems = watchPageErrors(page);
  const agent = { username: `edit${unique()}`.toLowerCase().slice(0, 30), password: 'agent password 123' };
  const created = await request.post('/console/users', {
    headers: await adminApi(request),
    data: { ...agent, role: 'agent', merchant_code: 'DEMO' },
  });
  expect(created.status()).toBe(201);

  await page.setViewportSize({ width: 390, height: 844 });
  await login(page);
  await openPage(page, '/#/admin/users');
  const card = page.getByTestId(`user-${agent.username}`);
  await card.getByRole('button', { name: 'Edit' }).click();
  const editor = page.getByRole('form', { name: `Edit ${agent.username}` });
  // The first field takes the focus, so the admin types at once.
  await expect(editor.getByLabel('Daily sales limit (₦)')).toBeFocused();
  // Nothing to scroll sideways: neither the page nor the table around the form.
  expect(await sideways(page)).toBe(0);
  const wrap = page.locator('.users-table .table-wrap');
  expect(await wrap.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
  for (const control of [
    editor.getByLabel('Daily sales limit (₦)'),
    editor.getByLabel('New password'),
    editor.getByLabel('Starts in'),
    editor.getByRole('button', { name: 'Save' }),
  ])
    expect(await onScreen(control, 390), `${await control.evaluate((el) => el.outerHTML.slice(0, 60))}`).toBe(
      true,
    );
  // The user being edited is on screen with the form: its card sits right above it.
  expect(await onScreen(card.locator('.u-user'), 390)).toBe(true);
  await editor.getByLabel('Daily sales limit (₦)').fill('25,000');
  await editor.getByLabel('New password').fill('a new long password');
  await editor.scrollIntoViewIfNeeded();
  await phoneShot(page, 'admin-user-edit-390');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toHaveCount(0);
  await expect(card).toContainText('Daily limit ₦25,000.00');
  expect(problems).toEqual([]);
});

/** What a finger may tap on the page (buttons, links drawn as buttons, fields, tick boxes' labels) under 44 px tall. */
const smallTargets = (page: Page) =>
  page.evaluate(() =>
    Array.from(
      document.querySelectorAll<HTMLElement>(
        '.admin-content button, .admin-content a.btn, .admin-content select, .admin-content input, .admin-content label:has(input)',
      ),
    )
      .filter((el) => {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') return false;
        // A tick box is tapped through its label, measured on its own.
        if (el instanceof HTMLInputElement && ['checkbox', 'radio'].includes(el.type) && el.closest('label'))
          return false;
        return r.height < 44 || (el.classList.contains('chip-remove') && r.width < 44);
      })
      .map((el) => {
        const r = el.getBoundingClientRect();
        const name = el.getAttribute('aria-label') ?? el.textContent ?? '';
        return `${el.tagName} "${name.trim().slice(0, 40)}" ${Math.round(r.width)}×${Math.round(r.height)}`;
      }),
  );

/** The screen as it is: a full-page screenshot would end the touch emulation for the rest of the test. */
async function touchShot(page: Page, name: string): Promise<void> {
  mkdirSync(ADMIN_SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: join(ADMIN_SHOTS_DIR, `${name}.png`) });
}

/**
 * A touch phone (390 px) on the admin pages: a chip's ×, a sortable column's header and a tick
 * box's label are a finger's target (44 px) like every button, as the README promises.
 */
test.describe('on a touch phone (390 px) in the admin pages', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test("every button, chip ×, sortable header and tick box's label is at least 44 px", async ({ page }) => {
    const problems = watchPageErrors(page);
    const code = `TAP${unique()}`.slice(0, 20);
    cli(['merchant', 'create', '--code', code, '--name', 'Tap Target Stores']);
    await login(page);
    // The page measures with a finger's styles, not a mouse's.
    expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);

    await openPage(page, '/#/admin/merchants');
    const codeHeader = page.getByRole('button', { name: /^Code/ });
    await expect(codeHeader).toBeVisible();
    expect((await codeHeader.boundingBox())!.height, 'sortable header').toBeGreaterThanOrEqual(44);
    expect(await smallTargets(page), 'merchants').toEqual([]);

    await openPage(page, `/#/admin/merchants/${code}`);
    await expect(page.getByRole('heading', { level: 1, name: /Tap Target Stores/ })).toBeVisible();
    // Two IPs side by side and a recipient: each × a target of its own, named for what it removes.
    for (const ip of ['203.0.113.7', '10.0.0.0/8']) {
      await page.getByLabel('Add to Live IP allowlist').fill(ip);
      await page.getByLabel('Add to Live IP allowlist').press('Enter');
    }
    await page.getByLabel('Add to Daily report recipients').fill('finance@tap.example');
    await page.getByLabel('Add to Daily report recipients').press('Enter');
    const first = (await page.getByRole('button', { name: 'Remove 203.0.113.7' }).boundingBox())!;
    const second = (await page.getByRole('button', { name: 'Remove 10.0.0.0/8' }).boundingBox())!;
    for (const box of [first, second]) {
      expect(box.width).toBeGreaterThanOrEqual(44);
      expect(box.height).toBeGreaterThanOrEqual(44);
    }
    // The two × do not overlap: a finger on one is not on the other.
    expect(first.x + first.width <= second.x || second.y >= first.y + first.height).toBe(true);
    const alsoTest = page.locator('label', { hasText: "Also e-mail the test environment's report" });
    expect((await alsoTest.boundingBox())!.height, 'tick box label').toBeGreaterThanOrEqual(44);
    expect(await smallTargets(page), 'merchant').toEqual([]);
    await page.getByTestId('allow-ips').scrollIntoViewIfNeeded();
    await touchShot(page, 'admin-merchant-touch-390');
    // Left unsaved: nothing to keep.
    await page.getByRole('button', { name: 'Remove 203.0.113.7' }).tap();
    await page.getByRole('button', { name: 'Remove 10.0.0.0/8' }).tap();
    await page.getByRole('button', { name: 'Remove finance@tap.example' }).tap();
    await expect(page.getByTestId('allow-ips')).toContainText('None yet.');

    await openPage(page, '/#/admin/settings');
    await expect(page.getByTestId('holidays')).toBeVisible();
    await page.getByLabel(/^Add to Holidays/).fill('2031-12-25');
    await page.getByLabel(/^Add to Holidays/).press('Enter');
    const holiday = page.getByRole('button', { name: 'Remove 2031-12-25' });
    expect((await holiday.boundingBox())!.height, 'holiday ×').toBeGreaterThanOrEqual(44);
    expect(await smallTargets(page), 'settings').toEqual([]);
    await holiday.tap();

    await openPage(page, '/#/admin/reconciliation');
    const showAll = page.locator('label', { hasText: 'Show resolved and cleared' });
    await expect(showAll).toBeVisible();
    expect((await showAll.boundingBox())!.height, 'tick box label').toBeGreaterThanOrEqual(44);
    expect(await smallTargets(page), 'reconciliation').toEqual([]);
    await touchShot(page, 'admin-reconciliation-touch-390');
    expect(problems).toEqual([]);
  });
});

/** How far a table's own box scrolls sideways: 0 when its cards fit. */
const tableSideways = (table: import('@playwright/test').Locator) =>
  table.evaluate((el) => {
    const wrap = el.closest('.table-wrap')!;
    return wrap.scrollWidth - wrap.clientWidth;
  });

/**
 * A phone (390 px): the webhook endpoints, their delivery log and the credentials are cards, so what failed
 * (attempts, the receiver's last answer, the next retry) and Retry now / Rotate / Revoke are on
 * the screen without scrolling sideways.
 */
test('at 390 px the webhook endpoints, the delivery log and the credentials are cards with every figure and button on screen', async ({
  page,
  baseURL,
}) => {
  const problems = watchPageErrors(page);
  // A receiver that is down: the delivery fails and waits for its retry.
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.statusCode = 500;
      res.end('down');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/phone-hooks`;
  const code = `CARD${unique()}`.slice(0, 20);
  const pair = (cli(['merchant', 'create', '--code', code, '--name', 'Card Layout Stores']) as { test: Pair })
    .test;
  cli(['wallet', 'fund', '--code', code, '--env', 'test', '--amount', '1000']);
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page);

    await openPage(page, `/#/admin/merchants/${code}`);
    const credentials = page.getByTestId('credentials-table');
    await expect(credentials).toBeVisible();
    await expect.poll(() => sideways(page), { message: 'the merchant page scrolls sideways' }).toBe(0);
    expect(await tableSideways(credentials), 'the credentials scroll sideways').toBe(0);
    for (const env of ['test', 'live']) {
      const card = page.getByTestId(`credentials-${env}`);
      for (const control of [
        card.getByRole('button', { name: 'Rotate' }),
        card.getByRole('button', { name: 'Revoke' }),
      ])
        expect(await onScreen(control, 390), `${env}: ${await control.textContent()}`).toBe(true);
      // The key on a line of its own, not broken into 6-letter pieces.
      const key = card.locator('code');
      expect((await key.boundingBox())!.width, `${env} key`).toBeGreaterThan(200);
      expect(await onScreen(key, 390)).toBe(true);
    }
    await expect(page.getByTestId('credentials-test').locator('code')).toHaveText(pair.key);
    await credentials.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(ADMIN_SHOTS_DIR, 'admin-credentials-390.png') });

    await openPage(page, '/#/admin/webhooks');
    await page.getByTestId('merchant-picker').selectOption(code);
    await page.getByLabel('URL').fill(url);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByTestId('webhook-secret').getByRole('button', { name: 'I have stored it safely' }).click();
    const sale = await v1(baseURL!, pair, 'POST', '/v1/transactions', {
      merchant_code: code,
      product: 'airtime',
      network: 'mtn',
      customer_msisdn: '08031234567',
      amount: '100',
      client_request_id: `card-${unique()}`,
    });
    expect(sale.status, JSON.stringify(sale.json)).toBe(200);
    // The endpoint is a card too: its URL, state and every action on screen.
    const endpoints = page.getByTestId('webhook-endpoints');
    const endpoint = endpoints.getByRole('row', { name: url });
    expect(await tableSideways(endpoints), 'the endpoints scroll sideways').toBe(0);
    for (const cell of await endpoint.getByRole('cell').all())
      expect(await onScreen(cell, 390), (await cell.textContent()) ?? '').toBe(true);
    for (const button of await endpoint.getByRole('button').all())
      expect(await onScreen(button, 390), (await button.textContent()) ?? '').toBe(true);
    await expect(endpoint.getByRole('cell').nth(3)).toHaveText('Events: all', { useInnerText: true });
    await endpoints.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(ADMIN_SHOTS_DIR, 'admin-webhook-endpoints-390.png') });
    await endpoint.getByRole('button', { name: 'Delivery log' }).click();
    const log = page.getByTestId('webhook-deliveries');
    const card = log.getByRole('row').filter({ hasText: 'transaction.succeeded' });
    // The first attempt was refused; Refresh until the log shows it.
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(card.getByRole('button', { name: 'Retry now' })).toBeVisible({ timeout: 1000 });
    }).toPass();
    // Without the header row on screen each figure says what it is.
    const cells = card.getByRole('cell');
    const said = (n: number) => cells.nth(n).evaluate((td) => (td as HTMLElement).innerText);
    expect(await said(3)).toBe('Attempts: 1');
    expect(await said(4)).toBe('Last answer: 500');
    expect(await said(6)).toMatch(/^Next retry: \d/);
    expect(await tableSideways(log), 'the delivery log scrolls sideways').toBe(0);
    expect(await sideways(page), 'the webhooks page scrolls sideways').toBe(0);
    for (const cell of await card.getByRole('cell').all())
      expect(await onScreen(cell, 390), (await cell.textContent()) ?? '').toBe(true);
    expect(await onScreen(card.getByRole('button', { name: 'Retry now' }), 390)).toBe(true);
    await log.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(ADMIN_SHOTS_DIR, 'admin-delivery-log-390.png') });
    // A desk keeps the table, its columns headed.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(log.getByRole('columnheader', { name: 'Last answer' })).toBeVisible();
    await page.screenshot({ path: join(ADMIN_SHOTS_DIR, 'admin-delivery-log-1280.png') });
    expect(problems).toEqual([]);
  } finally {
    server.close();
  }
});

/**
 * A phone (390 px) on Catalogs: each plan is a card (name and price, its group and state, its
 * details beside Disable), so no plan's price or button hides to the right of a scrolling table.
 */
test('at 390 px each catalog plan is a card: the table fits its card and nothing scrolls sideways', async ({
  page,
}) => {
  const problems = watchPageErrors(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page);
  await openPage(page, '/#/admin/catalogs');
  const kinds = page.getByRole('radiogroup', { name: 'Catalog' });
  for (const kind of ['Data plans', 'Bills', 'Gift cards', 'eSIM']) {
    await kinds.getByText(kind).click();
    const rows = page.getByTestId('catalog-table').locator('tbody tr[data-row]');
    await expect(rows.first()).toBeVisible();
    const fit = await page.evaluate(() => {
      const wrap = document.querySelector('.table-wrap')!;
      const card = wrap.closest('.card')!.getBoundingClientRect();
      const cells = Array.from(wrap.querySelectorAll('tbody tr[data-row] td'));
      return {
        tableScrolls: wrap.scrollWidth - wrap.clientWidth,
        cellsOutside: cells.filter((td) => td.getBoundingClientRect().right > card.right + 0.5).length,
        pageScrolls: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      };
    });
    expect(fit, kind).toEqual({ tableScrolls: 0, cellsOutside: 0, pageScrolls: 0 });
    const toggle = (await rows
      .first()
      .getByRole('button', { name: /^(Disable|Enable)$/ })
      .boundingBox())!;
    expect(toggle.x + toggle.width, kind).toBeLessThanOrEqual(390);
  }
  await phoneShot(page, 'catalogs-390');
  expect(problems).toEqual([]);
});

/**
 * Settings on a phone: the report settings' two-column fields (From, console address) span two
 * columns only where the grid has two, so the fields beside them are never cut ("Africa/Lagc").
 */
test('at 390 px every report setting shows its whole value, and at 1280 px From still spans two columns', async ({
  page,
}) => {
  const problems = watchPageErrors(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page);
  await openPage(page, '/#/admin/settings');
  const form = page.getByTestId('report-settings');
  const timezone = form.getByLabel('Time zone');
  await expect(timezone).toHaveValue('Africa/Lagos');
  // One column: every field as wide as the form (From's long address may still scroll in it).
  const narrow = await form.locator('.admin-form-grid input').evaluateAll((inputs) => {
    const grid = inputs[0]!.closest('.admin-form-grid')!.getBoundingClientRect().width;
    return inputs.filter((i) => i.getBoundingClientRect().width < grid - 1).map((i) => i.id);
  });
  expect(narrow, 'fields narrower than the form').toEqual([]);
  expect(await timezone.evaluate((i) => i.scrollWidth <= i.clientWidth)).toBe(true);
  await timezone.scrollIntoViewIfNeeded();
  await phoneShot(page, 'report-settings-390');

  await page.setViewportSize({ width: 1280, height: 800 });
  const from = (await form.getByLabel('From', { exact: true }).boundingBox())!;
  const zone = (await timezone.boundingBox())!;
  expect(from.width).toBeGreaterThan(1.5 * zone.width);
  expect(from.y).toBe(zone.y);
  await phoneShot(page, 'report-settings-1280');
  expect(problems).toEqual([]);
});

/**
 * Settings' "Recent changes" on a phone: each change is a card, as History's sales and the wallet
 * ledgers are (what was done and when, what it was done to, its details, who did it), so nothing
 * scrolls sideways; a desk keeps the table with its headers.
 */
test('at 390 px each recent change on Settings is a card: nothing scrolls sideways and every part reads whole', async ({
  page,
  request,
}) => {
  const problems = watchPageErrors(page);
  const agent = { username: `audit${unique()}`.toLowerCase().slice(0, 30), password: 'agent password 123' };
  const created = await request.post('/console/users', {
    headers: await adminApi(request),
    data: { ...agent, role: 'agent', merchant_code: 'DEMO' },
  });
  expect(created.status()).toBe(201);
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page);
  await openPage(page, '/#/admin/settings');
  const audit = page.getByTestId('audit-table');
  const row = audit.getByRole('row').filter({ hasText: agent.username });
  await expect(row).toBeVisible();
  await expect.poll(() => sideways(page), { message: 'the settings page scrolls sideways' }).toBe(0);
  expect(await tableSideways(audit), 'the recent changes scroll sideways').toBe(0);
  // Each part on the screen, and said without its hidden header.
  for (const cell of await row.getByRole('cell').all())
    expect(await onScreen(cell, 390), (await cell.textContent()) ?? '').toBe(true);
  const said = (cls: string) => row.locator(cls).evaluate((td) => (td as HTMLElement).innerText);
  expect(await said('.a-subject')).toBe(`On ${agent.username}`);
  expect(await said('.a-actor')).toBe('By admin · console');
  // What was done and when share the first line; the details are under them.
  const what = (await row.locator('.a-what').boundingBox())!;
  const when = (await row.locator('.a-when').boundingBox())!;
  const detail = (await row.locator('.a-detail').boundingBox())!;
  expect(Math.abs(what.y - when.y)).toBeLessThan(4);
  expect(detail.y).toBeGreaterThan(what.y + what.height);
  await row.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(ADMIN_SHOTS_DIR, 'settings-recent-changes-390.png') });

  // A desk keeps the table: its columns headed, the cells holding only their values, and no
  // name or code cut mid-word ("console_user.creat" / "e"); a code breaks after a dot if it must.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(audit.getByRole('columnheader', { name: 'Detail' })).toBeVisible();
  expect(await said('.a-subject')).toBe(agent.username);
  for (const cell of ['.a-subject', '.a-code']) expect(await wordsCut(row.locator(cell)), cell).toEqual([]);
  await row.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(ADMIN_SHOTS_DIR, 'settings-recent-changes-1280.png') });
  expect(problems).toEqual([]);
});

/**
 * Users' buttons take one shape in every row, so each sits where it does in the row above (left to
 * wrap, they broke each row its own way: one to a line at 1024 px, each its own width): at 1280 px
 * Cash-up and Edit side by side and Deactivate under both at their width; at 1024 px, where each
 * user is a card, the three on one line. The page's Refresh and Add user stay together (they were
 * pushed to the two ends of the line).
 */
test('Users: the buttons of every row line up alike at 1280 and 1024 px, and the page buttons stay together at 390 px too', async ({
  page,
  request,
}) => {
  const problems = watchPageErrors(page);
  const headers = await adminApi(request);
  const names: string[] = [];
  for (const n of [1, 2]) {
    const agent = {
      username: `align${n}${unique()}`.toLowerCase().slice(0, 30),
      password: 'agent password 123',
    };
    const created = await request.post('/console/users', {
      headers,
      data: { ...agent, role: 'agent', merchant_code: 'DEMO' },
    });
    expect(created.status()).toBe(201);
    names.push(agent.username);
  }
  await login(page);
  await openPage(page, '/#/admin/users');
  const pageButtons = async (width: number) => {
    const refresh = (await page.getByTestId('refresh-users').boundingBox())!;
    const add = (await page.getByTestId('add-user').boundingBox())!;
    expect(Math.abs(refresh.y - add.y), `${width}: Refresh and Add user on one line`).toBeLessThan(2);
    expect(
      add.x - (refresh.x + refresh.width),
      `${width}: the gap between Refresh and Add user`,
    ).toBeLessThan(16);
  };
  const rowButtons = async () => {
    const boxes = [];
    for (const row of ['admin', ...names].map((n) => page.getByTestId(`user-${n}`))) {
      const box = async (name: RegExp) => {
        const b = row.getByRole('link', { name }).or(row.getByRole('button', { name }));
        return (await b.count()) ? (await b.boundingBox())! : null;
      };
      boxes.push({
        cashup: (await box(/^Cash-up$/))!,
        edit: (await box(/^Edit$/))!,
        off: await box(/^Deactivate$/),
      });
    }
    // No Deactivate for the admin signed in: its row's two buttons still sit where the others' do.
    expect(boxes[0]!.off).toBeNull();
    return boxes;
  };
  const x = (b: { x: number }) => Math.round(b.x);
  const right = (b: { x: number; width: number }) => Math.round(b.x + b.width);

  await page.setViewportSize({ width: 1280, height: 800 });
  await pageButtons(1280);
  const wide = await rowButtons();
  for (const [i, b] of wide.entries()) {
    const at = `1280 px, row ${i}`;
    expect(Math.abs(b.cashup.y - b.edit.y), at).toBeLessThan(2);
    expect([x(b.cashup), x(b.edit)], at).toEqual([x(wide[0]!.cashup), x(wide[0]!.edit)]);
    if (b.off) {
      expect(b.off.y, at).toBeGreaterThan(b.cashup.y + b.cashup.height);
      expect([x(b.off), right(b.off)], at).toEqual([x(b.cashup), right(b.edit)]);
    }
  }
  await phoneShot(page, 'admin-users-1280');

  await page.setViewportSize({ width: 1024, height: 800 });
  await pageButtons(1024);
  const narrow = await rowButtons();
  for (const [i, b] of narrow.entries()) {
    const at = `1024 px, row ${i}`;
    // Each user a card (admin-users-narrow.spec.ts): its buttons on one line, where the row above has them.
    expect(Math.abs(b.cashup.y - b.edit.y), at).toBeLessThan(2);
    expect([x(b.cashup), x(b.edit)], at).toEqual([x(narrow[0]!.cashup), x(narrow[0]!.edit)]);
    if (b.off) {
      expect(Math.abs(b.off.y - b.cashup.y), at).toBeLessThan(2);
      expect(b.off.x, at).toBeGreaterThan(b.edit.x + b.edit.width);
    }
  }
  await phoneShot(page, 'admin-users-1024');

  // A phone: each user a card with its buttons on one line; the page's two together.
  await page.setViewportSize({ width: 390, height: 844 });
  await pageButtons(390);
  const card = page.getByTestId(`user-${names[0]}`);
  const cashup = (await card.getByRole('link', { name: 'Cash-up' }).boundingBox())!;
  const off = (await card.getByRole('button', { name: 'Deactivate' }).boundingBox())!;
  expect(Math.abs(cashup.y - off.y)).toBeLessThan(2);
  await phoneShot(page, 'admin-users-390-aligned');
  expect(problems).toEqual([]);
});
