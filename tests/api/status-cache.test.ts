import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { airtimeSale, startTestNode, eventually, type TestNode } from '../helpers/test-node.js';
import { updateMerchant } from '../../server/store/merchants.js';

let t: TestNode;
beforeAll(async () => {
  t = await startTestNode();
});
afterAll(async () => t.close());

const status = (key: string) => t.call('GET', `/v1/transactions/status?client_request_id=${key}`);

describe('status reads served from memory stay truthful', () => {
  it('shows the settled outcome after the worker settles a purchase read while pending', async () => {
    await t.call('POST', '/v1/transactions', {
      body: airtimeSale('cache-1'),
    });
    const final = await eventually(
      () => status('cache-1'),
      (r) => r.json.status === 'success',
    );
    expect(final.json.response_code).toBe('00');
  });

  it('shows a change committed by another process (another SQLite connection) without a restart', async () => {
    const before = await status('cache-1');
    expect(before.json.data.telco_message).toBeTruthy();
    const other = new Database(join(t.dataDir, 'vendpoint.db'));
    other
      .prepare(`UPDATE purchases SET updated_at = '2030-01-01T00:00:00.000Z' WHERE idem_key = 'cache-1'`)
      .run();
    other.close();
    const after = await eventually(
      () => status('cache-1'),
      (r) => r.json.data.updated_at === '2030-01-01 00:00:00',
      2_000,
    );
    expect(after.json.data.updated_at).toBe('2030-01-01 00:00:00');
  });

  it('answers the same bytes on repeat polls, and the new merchant name after a rename', async () => {
    const first = await status('cache-1');
    const again = await status('cache-1');
    expect(again.text).toBe(first.text);
    expect(first.text).toContain('"request_id":"cache-1"');
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.json.data.merchant_name).toBe('Demo Merchant');
    updateMerchant(t.node.services.db, 'DEMO', { name: 'Renamed Desk' }, 'test');
    try {
      expect((await status('cache-1')).json.data.merchant_name).toBe('Renamed Desk');
    } finally {
      updateMerchant(t.node.services.db, 'DEMO', { name: 'Demo Merchant' }, 'test');
    }
  });
});
