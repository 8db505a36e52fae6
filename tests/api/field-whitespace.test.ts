import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { airtimeSale, startTestNode, type TestNode } from '../helpers/test-node.js';
import { balanceKobo } from '../helpers/orders.js';

/**
 * One whitespace rule for the merchant API (README "Calling the API"): surrounding whitespace
 * on a body field or query parameter is removed before the value is judged, stored and echoed;
 * whitespace inside a value is refused as before; the idempotency keys are compared exactly, so
 * a key with a space is a 400 on the create and on every lookup, never a second purchase and
 * never a "not found" for one that exists under the key without it.
 */
let t: TestNode;
let n = 0;
const key = (p: string) => `${p}-${process.pid}-${++n}`;
beforeAll(async () => {
  t = await startTestNode();
});
afterAll(async () => t?.close());

describe('surrounding whitespace is trimmed on every field but the keys', () => {
  it('an airtime sale with " 08031234567 ", " mtn", "DEMO ", "airtime\\t" and " 100" is the sale without them, stored and echoed trimmed', async () => {
    const id = key('air');
    const r = await t.call('POST', '/v1/transactions', {
      body: airtimeSale(id, {
        merchant_code: 'DEMO ',
        customer_msisdn: ' 08031234567 ',
        network: ' mtn',
        product: 'airtime\t',
        amount: ' 100',
      }),
    });
    expect(r.json).toMatchObject({
      response_code: '02',
      data: { msisdn: '08031234567', network: 'MTN', amount: '100', request_id: id },
    });
    const status = await t.call('GET', `/v1/transactions/status?client_request_id=${id}`);
    expect(status.json.data).toMatchObject({ msisdn: '08031234567', amount: '100' });
    // The list's filters find it the same way; an unescaped + (read as a space) no longer empties it.
    for (const q of ['msisdn=%2008031234567%20', 'msisdn=+2348031234567', 'network=%20mtn', 'page=%201'])
      expect(
        (await t.call('GET', `/v1/transactions?${q}&limit=100`)).json.data.map(
          (d: { request_id: string }) => d.request_id,
        ),
        q,
      ).toContain(id);
    expect((await t.call('GET', '/v1/transactions?status=%202')).status).toBe(200);
  });

  it('a bill: the meter number, network and plan_code trimmed alike on verify and on the purchase', async () => {
    const bill = {
      merchant_code: ' DEMO',
      product: ' ELECTRICITY ',
      customer_msisdn: ' 10000000001 ',
      network: 'Ikeja Electric ',
      plan_code: ' 101',
    };
    const verified = await t.call('POST', '/v1/transactions/verify', { body: bill });
    expect(verified.json).toMatchObject({ status: 'success', data: { msisdn: '10000000001' } });
    const id = key('bill');
    const sold = await t.call('POST', '/v1/transactions', {
      body: { ...bill, amount: '1000 ', client_request_id: id },
    });
    expect(sold.json).toMatchObject({ response_code: '00', data: { msisdn: '10000000001', request_id: id } });
  });

  it('gift-card and eSIM orders and the catalogs: merchant_code, send_via, destination, plan_id and filters', async () => {
    const gc = await t.call('POST', '/v1/giftcards/orders', {
      body: {
        request_id: key('gc'),
        plan_id: 5001,
        merchant_code: 'DEMO ',
        send_via: ' email',
        destination: ' buyer@example.com ',
      },
    });
    expect(gc.json.response_code).toBe('00');
    const es = await t.call('POST', '/v1/esim/orders', {
      body: { request_id: key('es'), plan_id: ' ESIM-GB-5GB-30D ' },
    });
    expect(es.json.response_code).toBe('00');
    const cards = await t.call('GET', '/v1/giftcards/catalog?currency=%20USD&brand=Steam%20');
    expect(cards.json.data.length).toBeGreaterThan(0);
    const esims = await t.call('GET', '/v1/esim/catalog?country=%20GB');
    expect(esims.json.data.length).toBeGreaterThan(0);
    const stock = await t.call('GET', '/v1/giftcards/plans/5001/availability?quantity=%202');
    expect(stock.json.data.available).toBe(true);
  });

  it('whitespace inside a value is still refused: "0803 123 4567" is not a number', async () => {
    const r = await t.call('POST', '/v1/transactions', {
      body: airtimeSale(key('inner'), { customer_msisdn: '0803 123 4567' }),
    });
    expect(r.status).toBe(400);
    expect(r.json.message).toMatch(/^customer_msisdn must be a Nigerian mobile number/);
  });
});

describe('the idempotency keys are compared exactly', () => {
  it('a retry whose key gained a space is a 400 that charges nothing, not a second purchase', async () => {
    const id = key('retry');
    expect((await t.call('POST', '/v1/transactions', { body: airtimeSale(id) })).json.response_code).toBe(
      '02',
    );
    const before = await balanceKobo(t, t.demo);
    for (const spaced of [`${id} `, ` ${id}`]) {
      const retry = await t.call('POST', '/v1/transactions', { body: airtimeSale(spaced) });
      expect(retry.status).toBe(400);
      expect(retry.json.message).toBe('client_request_id must be printable ASCII without spaces');
    }
    expect(await balanceKobo(t, t.demo)).toBe(before);
  });

  it('a lookup by a key with a space is that 400 too, not a 404 that could read as "never bought"', async () => {
    const id = key('look');
    await t.call('POST', '/v1/transactions', { body: airtimeSale(id) });
    for (const name of ['client_request_id', 'request_id', 'request_ref']) {
      const r = await t.call('GET', `/v1/transactions/status?${name}=${id}%20`);
      expect(r.status, name).toBe(400);
      expect(r.json.message).toBe(`${name} must be printable ASCII without spaces`);
    }
    const ext = await t.call('GET', `/ext/service/v1/transactions/status/${id}%20`);
    expect(ext.json.message).toBe('client_request_id must be printable ASCII without spaces');
    const gcId = key('gcl');
    await t.call('POST', '/v1/giftcards/orders', { body: { request_id: gcId, plan_id: 5001 } });
    for (const path of [`/v1/giftcards/orders/${gcId}%20`, `/v1/esim/orders/${gcId}%09`]) {
      const r = await t.call('GET', path);
      expect(r.status, path).toBe(400);
      expect(r.json.message).toBe('request_id must be printable ASCII without spaces');
    }
    // The key as created still finds it.
    expect((await t.call('GET', `/v1/giftcards/orders/${gcId}`)).json.data.request_id).toBe(gcId);
  });
});
