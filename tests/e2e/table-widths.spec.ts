import {
  expect,
  request as apiRequest,
  test,
  type APIRequestContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { adminApi, cli, login, openPage, unique, watchPageErrors } from './helpers.js';
import { ADMIN_SHOTS_DIR, csrfOf, sideways } from './admin-helpers.js';

/**
 * Tables between a phone and a wide desk, with the longest words they hold: a 32-letter username,
 * a 20-letter merchant code, a gift card's e-mail address, a webhook URL, giftcard_order.succeeded.
 * Each table is a card per row wherever its own box is narrower than its columns need (base.css's
 * .cards-by-width), whatever the window. By the window's width (cards at 600 px down) History
 * scrolled sideways in its card at every width from 601 px (377 px at 1280), Recent changes from
 * 601 to 1024, the catalog at 601, the webhook endpoints and their delivery log from 601 to 1100.
 */
const WIDTHS = [390, 601, 700, 800, 900, 960, 1024, 1100, 1280, 1440];

/** What a card holding a table shows at one width: anything wrong is listed. */
interface Fit {
  /** How far the table scrolls sideways in its card (0: not at all). */
  sideways: number;
  /** Cells and buttons standing out of the card. */
  outside: string[];
  /** Words split across lines: one of up to 14 letters anywhere, a longer one in slivers. */
  cut: string[];
  /** Texts that must be read whole (a merchant code, an amount) and are not. */
  split: string[];
}

/** How a card holding a table lays it out, and what in it cannot be read as it is laid out. */
function fitOf(card: Locator, whole: string[]): Promise<Fit & { layout: string }> {
  return card.evaluate((c, whole) => {
    const wrap = c.querySelector<HTMLElement>('.table-wrap')!;
    const table = wrap.querySelector('table')!;
    const box = c.getBoundingClientRect();
    const outside = Array.from(table.querySelectorAll<HTMLElement>('tbody td, tbody .btn'))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.left < box.left - 0.5 || r.right > box.right + 0.5);
      })
      .map((el) => el.innerText.trim());
    /** The lines (by their top) each character of a text node's [from, to) lies on. */
    const lines = (node: Text, from: number, to: number) => {
      const range = document.createRange();
      const tops: number[] = [];
      for (let i = from; i < to; i++) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const r = range.getClientRects()[0];
        if (r && r.width > 0) tops.push(Math.round(r.top + r.height / 2));
      }
      const runs: number[] = [];
      let last: number | undefined;
      for (const top of tops) {
        if (last === undefined || Math.abs(top - last) > 3) runs.push(1);
        else runs[runs.length - 1] += 1;
        last = top;
      }
      return runs;
    };
    const cut: string[] = [];
    const split: string[] = [];
    const texts = document.createTreeWalker(table.querySelector('tbody')!, NodeFilter.SHOW_TEXT);
    for (let n = texts.nextNode() as Text | null; n; n = texts.nextNode() as Text | null) {
      const text = n.data;
      // Words end at a space, and may end after a hyphen ("adebayo-" / "sons").
      for (const m of text.matchAll(/[^\s-]+-?|-/g)) {
        const runs = lines(n, m.index, m.index + m[0].length);
        if (runs.length < 2) continue;
        if (m[0].length <= 14) cut.push(m[0]);
        // A longer word wraps in its cell, every line but its last holding 6 letters at least.
        else if (runs.slice(0, -1).some((r) => r < 6)) cut.push(`${m[0]} (${runs.join('/')})`);
      }
      for (const w of whole) {
        const at = text.indexOf(w);
        if (at >= 0 && lines(n, at, at + w.length).length > 1) split.push(w);
      }
    }
    const row = table.querySelector('tbody tr[data-row]')!;
    const layout =
      getComputedStyle(table).display === 'block' && getComputedStyle(row).display === 'grid'
        ? 'cards'
        : getComputedStyle(table).display;
    return { sideways: wrap.scrollWidth - wrap.clientWidth, outside, cut, split, layout };
  }, whole);
}

/**
 * Walks the widths: at each the table does not scroll sideways in its card, no cell or button
 * stands out of it and every row reads whole; the page does not scroll sideways either. Returns
 * the layout at each width.
 */
async function walkWidths(
  page: Page,
  card: Locator,
  name: string,
  whole: string[] = [],
): Promise<Record<number, string>> {
  const layouts: Record<number, string> = {};
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expect
      .poll(
        async () => {
          const { layout, ...fit } = await fitOf(card, whole);
          layouts[width] = layout;
          return fit;
        },
        { message: `${name} at ${width} px` },
      )
      .toEqual({ sideways: 0, outside: [], cut: [], split: [] });
    expect(await sideways(page), `${name} at ${width} px: the page scrolls sideways`).toBe(0);
    if ([601, 800, 960, 1280].includes(width)) {
      mkdirSync(ADMIN_SHOTS_DIR, { recursive: true });
      await card.screenshot({ path: join(ADMIN_SHOTS_DIR, `table-widths-${name}-${width}.png`) });
    }
  }
  // A phone has cards; a wide desk the table, its header naming the columns.
  expect(layouts[390], `${name} at 390 px`).toBe('cards');
  expect(layouts[1280], `${name} at 1280 px`).toBe('table');
  expect(layouts[1440], `${name} at 1440 px`).toBe('table');
  return layouts;
}

/** A name of exactly `length` letters and digits, starting with `stem`, no other test's. */
const longName = (stem: string, length: number, pad: string) =>
  `${stem}${unique()}`
    .replace(/[^A-Za-z0-9]/g, '')
    .padEnd(length, pad)
    .slice(0, length);

/** A merchant with a 20-letter code and an agent with a 32-letter username signed in at its desk. */
async function longNamedDesk(request: APIRequestContext, baseURL: string) {
  const code = longName('WIDE', 20, 'X').toUpperCase();
  cli(['merchant', 'create', '--code', code, '--name', 'Adebayo & Sons General Merchandise Ltd.']);
  cli(['wallet', 'fund', '--code', code, '--env', 'test', '--amount', '90000000']);
  const username = longName('longestname', 32, 'y').toLowerCase();
  const created = await request.post('/console/users', {
    headers: await adminApi(request),
    data: { username, password: 'agent password 123', role: 'agent', merchant_code: code },
  });
  expect(created.status(), await created.text()).toBe(201);
  const desk = await apiRequest.newContext({ baseURL });
  const signedIn = await desk.post('/console/login', { data: { username, password: 'agent password 123' } });
  expect(signedIn.status()).toBe(200);
  return { code, username, desk, headers: await csrfOf(desk) };
}

test('History from 390 to 1440 px: nothing scrolls sideways in its card, each sale reads whole, a till keeps the table', async ({
  page,
  request,
  baseURL,
}) => {
  const problems = watchPageErrors(page);
  const { code, username, desk, headers } = await longNamedDesk(request, baseURL!);
  const sell = async (data: Record<string, string>) => {
    const r = await desk.post('/console/sell', {
      headers,
      data: Object.assign({ client_request_id: `wide-${unique()}` }, data),
    });
    expect(r.status(), await r.text()).toBe(200);
    return ((await r.json()) as { reference: string }).reference;
  };
  const airtime = { product: 'airtime', network: 'mtn' };
  await sell(Object.assign({ customer_msisdn: '08031234567', amount: '50000' }, airtime));
  // Pending, then failed at its first status check: "Failed — refund customer".
  const refund = await sell(Object.assign({ customer_msisdn: '08030000003', amount: '49999.99' }, airtime));
  // Asked again until the node's own check, if it was under way, has ended.
  await expect
    .poll(async () => {
      const requeried = await desk.post(`/console/purchases/${refund}/requery`, { headers });
      return ((await requeried.json()) as { status: string }).status;
    })
    .toBe('failed');
  await sell({
    product: 'ELECTRICITY',
    network: 'IBEDC',
    plan_code: '107',
    customer_msisdn: '10000000001',
    amount: '500000',
  });
  // Five gift cards sent to an e-mail address: the address is the sale's customer.
  const email = 'accounts.payable.department@adebayo-sons-merchandise.com.ng';
  const gift = await desk.post('/console/giftcards/orders', {
    headers,
    data: {
      request_id: `wide-${unique()}`,
      plan_id: 5001,
      quantity: 5,
      send_via: 'email',
      destination: email,
    },
  });
  expect(gift.status(), await gift.text()).toBe(200);
  await desk.dispose();

  await login(page);
  await openPage(page, '/#/history');
  await page.getByLabel('Sales of merchant').selectOption(code);
  await expect(page.getByTestId('history-row')).toHaveCount(4);
  await expect(page.getByTestId('history-row').first()).toContainText('accounts.payable.');
  await expect(page.getByText('Failed — refund customer')).toBeVisible();
  const card = page.locator('section.card').filter({ has: page.getByTestId('history-table') });
  const layouts = await walkWidths(page, card, 'history', ['₦500,000.00', '₦49,999.99', '0803 000 0003']);
  // A till's 1024 px window keeps the table.
  expect(layouts[1024], 'History at 1024 px').toBe('table');
  // Every sale names its agent: in a card after "by".
  await page.setViewportSize({ width: 800, height: 900 });
  await expect(page.getByTestId('history-row').first().locator('.h-agent')).toHaveText(username);
  expect(problems).toEqual([]);
});

test('Settings’ recent changes and Catalogs from 390 to 1440 px: nothing scrolls sideways in its card, each row reads whole', async ({
  page,
  request,
  baseURL,
}) => {
  const problems = watchPageErrors(page);
  // A change made by an admin with the longest username there may be, to a merchant with the
  // longest code, and a webhook endpoint whose URL is the change's detail.
  const boss = longName('operationssupervisor', 32, 'z').toLowerCase();
  const made = await request.post('/console/users', {
    headers: await adminApi(request),
    data: { username: boss, password: 'admin password 123', role: 'admin', merchant_code: 'DEMO' },
  });
  expect(made.status(), await made.text()).toBe(201);
  const admin = await apiRequest.newContext({ baseURL });
  const signedIn = await admin.post('/console/login', {
    data: { username: boss, password: 'admin password 123' },
  });
  expect(signedIn.status()).toBe(200);
  const headers = await csrfOf(admin);
  const code = longName('LONGSUBJ', 20, 'Q').toUpperCase();
  const merchant = await admin.post('/console/admin/merchants', {
    headers,
    data: { code, name: 'Ikorodu Road Wholesale Provisions & Telecoms Ltd.' },
  });
  expect(merchant.status(), await merchant.text()).toBe(201);
  const hook = await admin.post(`/console/admin/merchants/${code}/webhooks`, {
    headers,
    data: {
      environment: 'test',
      url: 'https://hooks.adebayosonsmerchandise.com.ng/api/v2/payments/vendpoint/callback',
      event_types: ['*'],
    },
  });
  expect(hook.status(), await hook.text()).toBe(200);
  await admin.dispose();

  await login(page);
  await openPage(page, '/#/admin/settings');
  const audit = page.locator('section.card').filter({ has: page.getByTestId('audit-table') });
  await expect(audit.getByText(boss).first()).toBeVisible();
  await walkWidths(page, audit, 'recent-changes', [code]);

  await page.setViewportSize({ width: 1280, height: 900 });
  await openPage(page, '/#/admin/catalogs');
  const catalog = page.locator('section.catalog-table');
  for (const kind of ['Data plans', 'Bills', 'Gift cards', 'eSIM']) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByText(kind, { exact: true }).click();
    await expect(catalog.getByTestId('catalog-table')).toHaveAttribute('aria-label', kind);
    await expect(catalog.locator('tbody tr[data-row]').first()).toBeVisible();
    await walkWidths(page, catalog, `catalog-${kind.replace(' ', '-').toLowerCase()}`);
  }
  expect(problems).toEqual([]);
});

test('Webhooks’ endpoints and delivery log from 390 to 1440 px: nothing scrolls sideways in its card, each row reads whole', async ({
  page,
  request,
  baseURL,
}) => {
  const problems = watchPageErrors(page);
  // A receiver that answers 503: every delivery waits for its retry, with Retry now.
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.statusCode = 503;
      res.end('busy');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  try {
    const { code, desk, headers } = await longNamedDesk(request, baseURL!);
    const admin = await adminApi(request);
    const port = (server.address() as AddressInfo).port;
    const url = `http://127.0.0.1:${port}/integrations/vendpoint/webhooks/receive?merchant=${code}&tenant=adebayo-and-sons`;
    const added = await request.post(`/console/admin/merchants/${code}/webhooks`, {
      headers: admin,
      data: {
        environment: 'test',
        url,
        event_types: [
          'transaction.succeeded',
          'transaction.failed',
          'giftcard_order.succeeded',
          'wallet.low_balance',
        ],
      },
    });
    expect(added.status(), await added.text()).toBe(200);
    const { id } = (await added.json()) as { id: string };
    const other = await request.post(`/console/admin/merchants/${code}/webhooks`, {
      headers: admin,
      data: {
        environment: 'test',
        url: 'https://hooks.adebayosonsmerchandise.com.ng/api/v2/payments/vendpoint/callback',
        event_types: ['*'],
      },
    });
    expect(other.status(), await other.text()).toBe(200);
    // A sale, a failed sale and five gift cards (the longest event type there is).
    for (const phone of ['08031234567', '08030000001']) {
      const sold = await desk.post('/console/sell', {
        headers,
        data: {
          product: 'airtime',
          network: 'mtn',
          customer_msisdn: phone,
          amount: '1000',
          client_request_id: `hook-${unique()}`,
        },
      });
      expect(sold.status(), await sold.text()).toBe(200);
    }
    const gift = await desk.post('/console/giftcards/orders', {
      headers,
      data: { request_id: `hook-${unique()}`, plan_id: 5001, quantity: 5 },
    });
    expect(gift.status(), await gift.text()).toBe(200);
    await desk.dispose();
    // Each event tried once and refused, so each row has its answer, its latency and its retry.
    await expect
      .poll(async () => {
        const r = await request.get(`/console/admin/webhooks/${id}/deliveries`, { headers: admin });
        const { deliveries } = (await r.json()) as { deliveries: { event_type: string; attempts: number }[] };
        return deliveries
          .filter((d) => d.attempts > 0)
          .map((d) => d.event_type)
          .sort();
      })
      .toEqual(['giftcard_order.succeeded', 'transaction.failed', 'transaction.succeeded']);

    await login(page);
    await openPage(page, `/#/admin/webhooks?code=${code}&env=test`);
    const endpoints = page.locator('section.endpoints');
    await expect(endpoints.locator('tbody tr[data-row]')).toHaveCount(2);
    await walkWidths(page, endpoints, 'webhook-endpoints');

    await page.setViewportSize({ width: 1280, height: 900 });
    await endpoints
      .getByRole('row', { name: /integrations/ })
      .getByRole('button', { name: 'Delivery log' })
      .click();
    const deliveries = page.locator('section.deliveries');
    await expect(deliveries.locator('tbody tr[data-row]')).toHaveCount(3);
    await expect(deliveries.getByRole('button', { name: 'Retry now' })).toHaveCount(3);
    await walkWidths(page, deliveries, 'webhook-deliveries', ['giftcard_order.succeeded']);
  } finally {
    server.close();
  }
  expect(problems).toEqual([]);
});
