import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chmodSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { startTestNode, type Pair, type TestNode } from '../helpers/test-node.js';
import { ConsoleClient, consoleLogin, setupFirstAdmin } from '../helpers/console-admin-session.js';
import { startNode, type RunningNode } from '../../server/node.js';
import { testConfig } from '../../server/config.js';
import { TEST_TOKEN } from '../../server/upstreams/simulator.js';

/**
 * Files at rest: the data directory and backups are private to the node's user (0700/0600,
 * also the -wal and -shm SQLite creates), wrong modes are fixed on start, and voucher secrets
 * (electricity tokens, gift-card numbers and PINs) are sealed: a byte search of the database,
 * its WAL and a backup finds none, while the API still answers with them.
 */

const PASSWORD = 'a long admin password';
const CODE = 'ATREST';
let t: TestNode;
let admin: ConsoleClient;
let pair: Pair;
let clock: number | null = null;
let restarted: RunningNode | null = null;

const modeOf = (path: string) => statSync(path).mode & 0o777;
const fileHas = (path: string, text: string) => readFileSync(path).includes(Buffer.from(text, 'utf8'));

beforeAll(async () => {
  // A permissive umask, as on many desktops: the node must not depend on the caller's.
  process.umask(0o022);
  t = await startTestNode({}, { now: () => clock ?? Date.now() });
  admin = await setupFirstAdmin(t.url, 'operator', PASSWORD);
  pair = t.merchant(CODE, { testNaira: 2_000_000 }).test;
});
afterAll(async () => {
  await restarted?.close();
  if (!restarted) await t?.close();
  rmSync(t.dataDir, { recursive: true, force: true });
});

let seq = 0;
const electricity = async () => {
  const plans = (await t.call('GET', '/v1/plans/bills/electricity', { pair })).json.data as {
    id: number;
    network: string;
    meter_type: string;
  }[];
  const plan = plans.find((p) => p.meter_type === 'prepaid')!;
  const body = {
    merchant_code: CODE,
    customer_msisdn: '10000000001',
    network: plan.network,
    product: 'ELECTRICITY',
    amount: '1500',
    plan_code: String(plan.id),
    client_request_id: `rest-${++seq}`,
  };
  return t.call('POST', '/v1/transactions', { pair, body });
};

describe('file modes', () => {
  it('a fresh data directory is 0700 and the database, its -wal and -shm and secret.key are 0600', async () => {
    expect((await electricity()).json.response_code).toBe('00');
    expect(modeOf(t.dataDir)).toBe(0o700);
    for (const f of ['vendpoint.db', 'vendpoint.db-wal', 'vendpoint.db-shm', 'secret.key'])
      expect([f, modeOf(join(t.dataDir, f))]).toEqual([f, 0o600]);
  });

  it('backup now writes a 0600 file in a 0700 folder and leaves no -wal, -shm or partial file behind', async () => {
    const r = await admin.post('/console/admin/backups');
    expect(r.status, r.text).toBe(201);
    const dir = join(t.dataDir, 'backups');
    expect(modeOf(dir)).toBe(0o700);
    expect(modeOf(r.json.path)).toBe(0o600);
    expect(readdirSync(dir)).toEqual([r.json.file]);
  });

  it('a backup that fails (its name is taken) removes its partial copy and the copy’s -wal and -shm', async () => {
    clock = Date.parse('2026-03-01T10:00:00.000Z');
    const dir = join(t.dataDir, 'backups');
    const taken = join(dir, 'vendpoint-2026-03-01T10-00-00-000Z.db');
    mkdirSync(join(taken, 'occupied'), { recursive: true });
    try {
      const r = await admin.post('/console/admin/backups');
      expect(r.status).toBe(500);
      expect(readdirSync(dir).filter((f) => /partial|-wal|-shm|-journal/.test(f))).toEqual([]);
    } finally {
      clock = null;
      rmSync(taken, { recursive: true, force: true });
    }
  });
});

describe('voucher secrets sealed at rest', () => {
  it('tokens and gift-card numbers and PINs are answered by the API but found in neither the database, its WAL nor a backup', async () => {
    const sale = await electricity();
    expect(sale.json.data.token).toBe(TEST_TOKEN);
    const status = await t.call(
      'GET',
      `/v1/transactions/status?client_request_id=${sale.json.data.request_id}`,
      { pair },
    );
    expect(status.json.data.token).toBe(TEST_TOKEN);
    const order = await t.call('POST', '/v1/giftcards/orders', {
      pair,
      body: { request_id: `rest-gc-${++seq}`, plan_id: 5001, quantity: 2 },
    });
    expect(order.json.response_code).toBe('00');
    const cards = order.json.data.cards as { card_number: string; pin_code: string; claim_url: string }[];
    expect(cards).toHaveLength(2);
    const again = await t.call('GET', `/v1/giftcards/orders/${order.json.data.request_id}`, { pair });
    expect(again.text).toBe(order.text);
    const esim = await t.call('POST', '/v1/esim/orders', {
      pair,
      body: { request_id: `rest-es-${++seq}`, plan_id: 'ESIM-GB-5GB-30D' },
    });
    expect(esim.status, esim.text).toBe(200);
    const activation = await t.call('GET', `/v1/esim/orders/${esim.json.data.request_id}`, { pair });
    const code = activation.json.data.activation_code as string;
    expect(code).toMatch(/^TEST-/);

    const backup = (await admin.post('/console/admin/backups')).json.path as string;
    const secrets = [TEST_TOKEN, code, ...cards.flatMap((c) => [c.card_number, c.claim_url])];
    for (const file of [join(t.dataDir, 'vendpoint.db'), join(t.dataDir, 'vendpoint.db-wal'), backup])
      for (const secret of secrets)
        expect([file, secret, fileHas(file, secret)]).toEqual([file, secret, false]);
    // The raw column is sealed text, not JSON.
    const raw = t.node.services.db
      .prepare('SELECT result FROM purchases WHERE internal_reference = ?')
      .pluck()
      .get(order.json.data.internal_reference) as string;
    expect(raw.startsWith('{')).toBe(false);
  });

  it('an upgraded data directory: clear results are sealed once on start, loose modes are fixed and reported', async () => {
    const sale = await electricity();
    const ref = sale.json.data.internal_reference as string;
    const requestId = sale.json.data.request_id as string;
    const before = await t.call('GET', `/v1/transactions/status?client_request_id=${requestId}`, { pair });
    await t.node.close();
    // What an earlier version left: the token in clear, everything readable by other users.
    const legacy = `LEGACY${Date.now()}TOKEN`;
    const db = new Database(join(t.dataDir, 'vendpoint.db'));
    const clear = JSON.stringify({ token: legacy, units: '7.2', customer_name: 'TEST CUSTOMER' });
    db.prepare('UPDATE purchases SET result = ? WHERE internal_reference = ?').run(clear, ref);
    db.prepare(`DELETE FROM settings WHERE key = 'purchases.results_sealed'`).run();
    db.close();
    expect(fileHas(join(t.dataDir, 'vendpoint.db'), legacy)).toBe(true);
    chmodSync(t.dataDir, 0o755);
    for (const f of ['vendpoint.db', 'secret.key']) chmodSync(join(t.dataDir, f), 0o644);
    chmodSync(join(t.dataDir, 'backups'), 0o755);

    restarted = await startNode(testConfig(t.dataDir), {});
    expect(restarted.fixedModes.join('\n')).toMatch(/vendpoint\.db 0644 -> 0600/);
    expect(restarted.fixedModes.join('\n')).toMatch(/secret\.key 0644 -> 0600/);
    expect(restarted.fixedModes.join('\n')).toMatch(/backups 0755 -> 0700/);
    expect(modeOf(t.dataDir)).toBe(0o700);
    expect(modeOf(join(t.dataDir, 'vendpoint.db'))).toBe(0o600);
    expect(modeOf(join(t.dataDir, 'backups'))).toBe(0o700);

    const headers = { 'x-merchant-key': pair.key, 'x-merchant-secret': pair.secret };
    const res = await fetch(`${restarted.url}/v1/transactions/status?client_request_id=${requestId}`, {
      headers,
    });
    const after = (await res.json()) as { data: Record<string, unknown> };
    expect(after.data.token).toBe(legacy);
    expect({ ...after.data, token: TEST_TOKEN, units: before.json.data.units }).toEqual(before.json.data);
    for (const f of ['vendpoint.db', 'vendpoint.db-wal'])
      expect([f, fileHas(join(t.dataDir, f), legacy)]).toEqual([f, false]);
    // Once: a second start has nothing left to seal or fix.
    await restarted.close();
    restarted = await startNode(testConfig(t.dataDir), {});
    expect(restarted.fixedModes).toEqual([]);
    const c = await consoleLogin(restarted.url, 'operator', PASSWORD);
    expect(c).toBeTruthy();
  });
});
