import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { airtimeSale, startTestNode, eventually, type TestNode } from '../helpers/test-node.js';
import { ConsoleClient, consoleLogin, setupFirstAdmin } from '../helpers/console-admin-session.js';
import { getUpstreamByName, updateUpstream } from '../../server/store/upstreams.js';

/**
 * Security review findings on data: formulas in every CSV export, the agent sales limit
 * under parallel sales, and an upstream secret that must not follow a changed base URL.
 */

const PASSWORD = 'a long admin password';
const EVIL = '=HYPERLINK("http://evil.example/x","click")';
let t: TestNode;
let admin: ConsoleClient;
let seq = 0;
const ref = (p: string) => `${p}-${process.pid}-${++seq}`;

beforeAll(async () => {
  t = await startTestNode();
  admin = await setupFirstAdmin(t.url, 'operator', PASSWORD);
});
afterAll(async () => {
  if (t) expect(t.ledgerOk()).toBe(true);
  await t?.close();
});

/** The cells of one CSV line (quoted cells with "" escapes; enough for these exports). */
function cells(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted && c === '"' && line[i + 1] === '"') {
      cur += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (c === ',' && !quoted) {
      out.push(cur);
      cur = '';
    } else {
      cur += c;
    }
  }
  out.push(cur);
  return out;
}
const rowsOf = (text: string) => text.trim().split(/\r?\n/).map(cells);
const column = (text: string, name: string) => {
  const [header, ...rows] = rowsOf(text);
  const i = header.indexOf(name);
  expect(i, `column ${name}`).toBeGreaterThanOrEqual(0);
  return rows.map((r) => r[i]);
};

describe('CSV exports never carry a live formula', () => {
  let internal = '';
  beforeAll(async () => {
    const r = await t.call('POST', '/v1/transactions', {
      body: airtimeSale(EVIL),
    });
    expect(r.status, r.text).toBe(200);
    internal = r.json.data.internal_reference;
    await eventually(
      () => t.call('GET', `/v1/transactions/status?client_request_id=${encodeURIComponent(EVIL)}`),
      (s) => s.json?.response_code === '00',
    );
  });

  it('/console/purchases.csv: the request id is escaped, amounts stay numbers', async () => {
    const csv = await admin.get('/console/purchases.csv');
    expect(csv.status).toBe(200);
    const i = column(csv.text, 'reference').indexOf(internal);
    expect(i).toBeGreaterThanOrEqual(0);
    expect(column(csv.text, 'request_id')[i]).toBe(`'${EVIL}`);
    expect(column(csv.text, 'amount')[i]).toBe('100');
  });

  it('the daily report CSV: the request id is escaped', async () => {
    const day = DateTime.now().setZone('Africa/Lagos').toFormat('yyyy-LL-dd');
    const csv = await admin.get(`/console/reports/DEMO/test/${day}/csv`);
    expect(csv.status, csv.text).toBe(200);
    const i = column(csv.text, 'internal_reference').indexOf(internal);
    expect(i).toBeGreaterThanOrEqual(0);
    expect(column(csv.text, 'request_id')[i]).toBe(`'${EVIL}`);
    expect(column(csv.text, 'amount')[i]).toBe('100.00');
  });

  it('ledger.csv: a reason is escaped, a negative adjustment stays a number', async () => {
    for (const [kind, amount] of [
      ['funding', '100'],
      ['adjustment', '-40.50'],
    ])
      expect(
        (await admin.post('/console/admin/merchants/DEMO/wallets/test/fund', { kind, amount, reason: EVIL }))
          .status,
      ).toBe(200);
    const csv = await admin.get('/console/admin/merchants/DEMO/wallets/test/ledger.csv');
    expect(csv.status).toBe(200);
    const reasons = column(csv.text, 'reason');
    const amounts = column(csv.text, 'amount');
    expect(reasons.slice(-2)).toEqual([`'${EVIL}`, `'${EVIL}`]);
    expect(amounts.slice(-2)).toEqual(['100.00', '-40.50']);
  });
});

describe('the agent daily sales limit holds under parallel sales', () => {
  it('with a ₦250 limit, six parallel ₦100 sales: exactly two succeed and the wallet is debited exactly twice', async () => {
    const created = await admin.post('/console/users', {
      username: 'racer',
      password: 'agent password 1',
      role: 'agent',
      merchant_code: 'DEMO',
    });
    expect(created.status, created.text).toBe(201);
    expect(
      (await admin.patch(`/console/admin/users/${created.json.id}`, { daily_sales_limit: '250' })).status,
    ).toBe(200);
    const agent = await consoleLogin(t.url, 'racer', 'agent password 1');
    const sales = await Promise.all(
      Array.from({ length: 6 }, () =>
        agent.post('/console/sell', {
          product: 'airtime',
          network: 'mtn',
          customer_msisdn: '08031234567',
          amount: '100',
          client_request_id: ref('race'),
        }),
      ),
    );
    expect(sales.map((s) => s.status).sort()).toEqual([200, 200, 403, 403, 403, 403]);
    for (const s of sales.filter((x) => x.status === 403))
      expect(s.json.message).toMatch(/daily sales limit of ₦250\.00/);
    const debits = t.node.services.db
      .prepare(
        `SELECT COUNT(*) FROM ledger_entries l JOIN purchases p ON p.id = l.purchase_id
         WHERE p.agent_user_id = ? AND l.kind = 'debit'`,
      )
      .pluck()
      .get(created.json.id);
    expect(debits).toBe(2);
  });
});

describe('the limit is checked where the sale is stored, not only before the wait for the biller', () => {
  it('six parallel ₦1,000 electricity sales under a ₦2,500 limit, all past the early check at once: two succeed', async () => {
    // The simulator answers the meter check after 300 ms: all six sales pass the early check
    // before any is stored, so only the check inside the purchase's transaction can stop them.
    const slow = await startTestNode({}, { simulator: { latencyMs: 300 } });
    try {
      const boss = await setupFirstAdmin(slow.url, 'operator', PASSWORD);
      const created = await boss.post('/console/users', {
        username: 'meterdesk',
        password: 'agent password 1',
        role: 'agent',
        merchant_code: 'DEMO',
      });
      await boss.patch(`/console/admin/users/${created.json.id}`, { daily_sales_limit: '2500' });
      const agent = await consoleLogin(slow.url, 'meterdesk', 'agent password 1');
      const plans = (await slow.call('GET', '/v1/plans/bills/electricity')).json.data as {
        id: number;
        network: string;
        meter_type: string;
      }[];
      const plan = plans.find((p) => p.meter_type === 'prepaid')!;
      const sales = await Promise.all(
        Array.from({ length: 6 }, () =>
          agent.post('/console/sell', {
            product: 'ELECTRICITY',
            network: plan.network,
            plan_code: String(plan.id),
            customer_msisdn: '10000000001',
            amount: '1000',
            client_request_id: ref('meter'),
          }),
        ),
      );
      expect(sales.map((s) => s.status).sort()).toEqual([200, 200, 403, 403, 403, 403]);
      const stored = slow.node.services.db
        .prepare('SELECT COUNT(*) FROM purchases WHERE agent_user_id = ?')
        .pluck()
        .get(created.json.id);
      expect(stored).toBe(2);
      expect(slow.ledgerOk()).toBe(true);
    } finally {
      await slow.close();
    }
  });
});

describe('an upstream secret does not follow a changed base URL', () => {
  beforeAll(async () => {
    const created = await admin.post('/console/admin/upstreams', {
      name: 'provider',
      type: 'vending-api',
      base_url: `${t.url}/api`,
      merchant_code: 'DEMO',
      key: 'vpk_test_key',
      secret: 'the provider secret',
    });
    expect(created.status, created.text).toBe(201);
  });

  it('the console refuses a new origin without the secret, keeps it on the same origin, accepts a new origin with a new secret', async () => {
    const before = getUpstreamByName(t.node.services.db, 'provider')!;
    for (const base of [
      'http://127.0.0.2:9',
      `https://127.0.0.1:${new URL(t.url).port}`,
      'http://localhost:1',
    ]) {
      const moved = await admin.patch('/console/admin/upstreams/provider', { base_url: base });
      expect([base, moved.status]).toEqual([base, 400]);
      expect(moved.json.message).toMatch(/enter the secret again/);
    }
    expect(getUpstreamByName(t.node.services.db, 'provider')).toEqual(before);

    const samePlace = await admin.patch('/console/admin/upstreams/provider', { base_url: `${t.url}/v2` });
    expect(samePlace.status, samePlace.text).toBe(200);
    expect(samePlace.json).toMatchObject({ base_url: `${t.url}/v2`, has_secret: true });
    expect(getUpstreamByName(t.node.services.db, 'provider')!.secretSealed).toBe(before.secretSealed);

    const elsewhere = await admin.patch('/console/admin/upstreams/provider', {
      base_url: 'http://127.0.0.2:9',
      secret: 'a secret for the new host',
    });
    expect(elsewhere.status, elsewhere.text).toBe(200);
    const after = getUpstreamByName(t.node.services.db, 'provider')!;
    expect(t.node.services.box.open(after.secretSealed!)).toBe('a secret for the new host');
  });

  it('the store refuses it too, whoever calls (CLI and services use the same function)', () => {
    expect(() =>
      updateUpstream(
        t.node.services.db,
        t.node.services.box,
        'provider',
        { baseUrl: 'http://evil.example' },
        'test',
      ),
    ).toThrow(/enter the secret again/);
  });
});
