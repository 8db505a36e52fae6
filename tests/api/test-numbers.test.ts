import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyAirtime, eventually, startTestNode, type TestNode } from '../helpers/test-node.js';
import { getPurchaseByKey } from '../../server/store/purchases.js';

/**
 * With test credentials, three phone numbers script an outcome so integrators can see a
 * failure and a late answer before going live: ...0000001 fails, ...0000002 is pending then
 * succeeds, ...0000003 is pending then fails (settled at the first status check).
 */
let t: TestNode;
beforeAll(async () => {
  t = await startTestNode();
});
afterAll(() => t?.close());

const status = (key: string) =>
  t.call('GET', `/v1/transactions/status?client_request_id=${encodeURIComponent(key)}`);
const balance = async () => (await t.call('GET', '/v1/wallet/balance')).json.total as string;
/** The status check the poller makes about 10 s after the sale, made now. */
const checkNow = (key: string) =>
  t.node.services.worker.requery(getPurchaseByKey(t.node.services.db, 1, 'test', key)!.id);

describe('test numbers that script an airtime or data outcome', () => {
  it('...0000001 fails and is refunded, on any network', async () => {
    const before = await balance();
    const sale = await buyAirtime(t, 'tn-fail', { customer_msisdn: '08050000001', network: 'glo' });
    expect(sale.status).toBe(200);
    const final = await eventually(
      () => status('tn-fail'),
      (r) => r.json.response_code === '01',
    );
    // The spec's "Failed", and why in words to pass on; the feed's event carries the same answer.
    expect(final.json).toMatchObject({
      response_code: '01',
      response_message: 'Failed',
      data: { failure_reason: 'Simulated failure (test number)' },
    });
    expect(await balance()).toBe(before);
    const feed = await t.call('GET', '/v1/events?limit=100');
    const failed = feed.json.data.find(
      (e: { type: string; data: { data: { request_id: string } } }) =>
        e.type === 'transaction.failed' && e.data.data.request_id === 'tn-fail',
    );
    expect(failed.data).toEqual(final.json);
  });

  it('...0000002 is pending, then succeeds at the status check', async () => {
    const sale = await buyAirtime(t, 'tn-late', { customer_msisdn: '08030000002' });
    expect(sale.json.response_code).toBe('02');
    await eventually(
      () => status('tn-late'),
      () => getPurchaseByKey(t.node.services.db, 1, 'test', 'tn-late')?.state === 'pending',
    );
    await new Promise((r) => setTimeout(r, 200));
    expect((await status('tn-late')).json.response_code).toBe('02');
    await checkNow('tn-late');
    expect((await status('tn-late')).json.response_code).toBe('00');
  });

  it('...0000003 is pending, then fails at the status check and is refunded', async () => {
    const before = await balance();
    const sale = await t.call('POST', '/v1/transactions', {
      body: {
        merchant_code: 'DEMO',
        customer_msisdn: '08030000003',
        network: 'mtn',
        product: 'data',
        plan_code: 'MTN-101',
        amount: '75.00',
        client_request_id: 'tn-late-fail',
      },
    });
    expect(sale.status).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    expect((await status('tn-late-fail')).json.response_code).toBe('02');
    await checkNow('tn-late-fail');
    expect((await status('tn-late-fail')).json.response_code).toBe('01');
    expect(await balance()).toBe(before);
  });

  it('any other number succeeds at once, as before', async () => {
    await buyAirtime(t, 'tn-ok', { customer_msisdn: '08030000004' });
    const final = await eventually(
      () => status('tn-ok'),
      (r) => r.json.response_code === '00',
    );
    expect(final.json.response_code).toBe('00');
    expect(final.json.data.failure_reason).toBeUndefined();
  });
});
