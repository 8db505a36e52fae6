import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { buyAirtime, startTestNode, type TestNode } from '../helpers/test-node.js';

let t: TestNode;
beforeAll(async () => {
  t = await startTestNode();
});
afterAll(async () => t.close());

const keysOf = (r: { json: { data: { request_id: string }[] } }) => r.json.data.map((d) => d.request_id);

describe('list answers kept between requests', () => {
  it('are answered afresh once a sale is stored', async () => {
    await buyAirtime(t, 'cache-1');
    const before = await t.call('GET', '/v1/transactions?page=1&limit=10');
    expect(await t.call('GET', '/v1/transactions?page=1&limit=10')).toMatchObject({ text: before.text });
    await buyAirtime(t, 'cache-2');
    const after = await t.call('GET', '/v1/transactions?page=1&limit=10');
    expect(keysOf(after)[0]).toBe('cache-2');
    expect(after.json.pagination.total).toBe(before.json.pagination.total + 1);
  });

  it('are answered afresh once another process (the CLI) commits a change', async () => {
    await buyAirtime(t, 'cache-3');
    const before = await t.call('GET', '/v1/transactions?page=1&limit=1');
    expect(before.json.data[0].msisdn).toBe('08031234567');
    const other = new Database(join(t.dataDir, 'vendpoint.db'));
    other.prepare(`UPDATE purchases SET msisdn = '08039999999' WHERE idem_key = 'cache-3'`).run();
    other.close();
    const after = await t.call('GET', '/v1/transactions?page=1&limit=1');
    expect(after.json.data[0]).toMatchObject({ request_id: 'cache-3', msisdn: '08039999999' });
  });

  it('differ by filter, page and size', async () => {
    const all = await t.call('GET', '/v1/transactions?page=1&limit=2');
    const second = await t.call('GET', '/v1/transactions?page=2&limit=2');
    const failed = await t.call('GET', '/v1/transactions?page=1&limit=2&status=1');
    expect(keysOf(second)).not.toEqual(keysOf(all));
    expect(failed.json.pagination.total).toBe(0);
    expect(all.json.pagination.total).toBeGreaterThanOrEqual(3);
  });
});
