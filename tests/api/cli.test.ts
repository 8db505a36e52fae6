import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { runCli } from '../helpers/cli.js';
import { startTestNode, type TestNode } from '../helpers/test-node.js';

let t: TestNode;
beforeAll(async () => {
  t = await startTestNode();
});
afterAll(async () => t.close());

describe('operator CLI contract (--json prints exactly one object)', () => {
  let created: any;

  it('merchant create prints the code, id and both pairs once', () => {
    const r = runCli(t.dataDir, ['--json', 'merchant', 'create', '--code', 'SHOP1', '--name', 'Shop One']);
    expect(r.status).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
    created = r.json;
    expect(Object.keys(created).sort()).toEqual(['live', 'merchant_code', 'merchant_id', 'test']);
    expect(created.merchant_code).toBe('SHOP1');
    expect(created.merchant_id).toEqual(expect.any(Number));
    expect(created.test).toEqual({
      key: expect.stringMatching(/^vpk_test_/),
      secret: expect.stringMatching(/^vps_test_/),
    });
    expect(created.live).toEqual({
      key: expect.stringMatching(/^vpk_live_/),
      secret: expect.stringMatching(/^vps_live_/),
    });
  });

  it('a merchant created by the CLI can call the running node at once', async () => {
    const r = await t.call('GET', '/v1/wallet/balance', { pair: created.test });
    expect(r.status).toBe(200);
    expect(r.json.total).toBe('0.00');
  });

  it('wallet fund credits one ledger entry and the running node sees it', async () => {
    const r = runCli(t.dataDir, [
      '--json',
      'wallet',
      'fund',
      '--code',
      'SHOP1',
      '--env',
      'test',
      '--amount',
      '2500.50',
    ]);
    expect(r.status).toBe(0);
    expect(r.json).toEqual({ balance: '2500.50' });
    expect((await t.call('GET', '/v1/wallet/balance', { pair: created.test })).json.total).toBe('2500.50');
  });

  it('wallet fund refuses a malformed amount', () => {
    const r = runCli(t.dataDir, [
      '--json',
      'wallet',
      'fund',
      '--code',
      'SHOP1',
      '--env',
      'test',
      '--amount',
      '1e3',
    ]);
    expect(r.status).not.toBe(0);
    expect(r.json.error).toMatch(/amount/);
  });

  it('merchant update sets the allowlist, live bills and report recipients', async () => {
    const r = runCli(t.dataDir, [
      '--json',
      'merchant',
      'update',
      '--code',
      'SHOP1',
      '--allow-ip',
      '127.0.0.1',
      '--allow-ip',
      '10.0.0.0/8',
      '--enable-bills',
      'ELECTRICITY,CABLE',
      '--report-email',
      'ops@shop1.test',
    ]);
    expect(r.status).toBe(0);
    expect(r.json).toMatchObject({
      merchant_code: 'SHOP1',
      allow_ips: ['127.0.0.1', '10.0.0.0/8'],
      live_bills: ['ELECTRICITY', 'CABLE'],
      report_emails: ['ops@shop1.test'],
    });
    expect((await t.call('GET', '/v1/wallet/balance', { pair: created.live })).status).toBe(200);
  });

  it('merchant update rejects an invalid CIDR', () => {
    const r = runCli(t.dataDir, [
      '--json',
      'merchant',
      'update',
      '--code',
      'SHOP1',
      '--allow-ip',
      '10.0.0.0/33',
    ]);
    expect(r.status).not.toBe(0);
    expect(r.json.error).toMatch(/prefix/);
  });

  it('merchant list shows every merchant', () => {
    const r = runCli(t.dataDir, ['--json', 'merchant', 'list']);
    expect(r.json.merchants.map((m: { merchant_code: string }) => m.merchant_code)).toEqual([
      'DEMO',
      'SHOP1',
    ]);
  });

  it('credentials rotate revokes the old pair on the running node', async () => {
    const r = runCli(t.dataDir, ['--json', 'credentials', 'rotate', '--code', 'SHOP1', '--env', 'test']);
    expect(Object.keys(r.json).sort()).toEqual(['key', 'secret']);
    expect((await t.call('GET', '/v1/wallet/balance', { pair: created.test })).status).toBe(401);
    expect((await t.call('GET', '/v1/wallet/balance', { pair: r.json })).status).toBe(200);
  });

  it('upstream add stores an upstream and its routes; list shows them without the secret', () => {
    const add = runCli(t.dataDir, [
      '--json',
      'upstream',
      'add',
      '--name',
      'provider-a',
      '--type',
      'vending-api',
      '--base-url',
      'http://127.0.0.1:9/',
      '--merchant-code',
      'US1',
      '--key',
      'k1',
      '--secret',
      'very-secret-value',
      '--products',
      'airtime,data,ELECTRICITY',
    ]);
    expect(add.status).toBe(0);
    expect(add.json).toMatchObject({ name: 'provider-a', type: 'vending-api', has_secret: true });
    expect(add.stdout).not.toContain('very-secret-value');
    const list = runCli(t.dataDir, ['--json', 'upstream', 'list']);
    expect(list.json.upstreams[0].routes.map((r: { product: string }) => r.product).sort()).toEqual([
      'ELECTRICITY',
      'airtime',
      'data',
    ]);
    expect(list.stdout).not.toContain('very-secret-value');
  });

  it('purchase resolve refuses a purchase that is already final', async () => {
    const made = await t.call('POST', '/v1/transactions/airtime/sync', {
      body: {
        merchant_code: 'DEMO',
        customer_msisdn: '08031234567',
        network: 'mtn',
        amount: '100',
        client_request_id: 'cli-final',
      },
    });
    expect(made.json.status).toBe('success');
    const r = runCli(t.dataDir, [
      '--json',
      'purchase',
      'resolve',
      '--ref',
      made.json.data.internal_reference,
      '--outcome',
      'failed',
      '--reason',
      'test',
    ]);
    expect(r.status).not.toBe(0);
    expect(r.json.error).toMatch(/already success/);
  });

  it('ledger verify is ok after all of the above', () => {
    const r = runCli(t.dataDir, ['--json', 'ledger', 'verify']);
    expect(r.status).toBe(0);
    expect(r.json).toEqual({ ok: true, wallets: 4, problems: [] });
  });
});

describe('ledger verify on a hand-corrupted database', () => {
  it('fails with exit 1 and names the problem', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vendpoint-corrupt-'));
    try {
      expect(runCli(dir, ['--json', 'ledger', 'verify']).json.ok).toBe(true);
      const db = new Database(join(dir, 'vendpoint.db'));
      db.prepare("UPDATE wallets SET balance_kobo = balance_kobo + 100 WHERE environment = 'test'").run();
      db.close();
      const r = runCli(dir, ['--json', 'ledger', 'verify']);
      expect(r.status).toBe(1);
      expect(r.json.ok).toBe(false);
      expect(r.json.problems[0].problem).toMatch(/cached balance/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
