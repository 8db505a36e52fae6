import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from '../helpers/test-node.js';

/**
 * The spec: "Some references write gift-card and eSIM paths without the /v1 prefix; they are the
 * same routes." An integrator following such a reference reaches the same operations, with the
 * same credentials and answers, and the OpenAPI document still lists each once, under /v1.
 */
let t: TestNode;
beforeAll(async () => {
  t = await startTestNode();
});
afterAll(async () => t.close());

/** An answer without what differs between two reads of one thing (none expected here). */
const same = async (path: string) => {
  const [bare, v1] = await Promise.all([t.call('GET', path), t.call('GET', `/v1${path}`)]);
  expect(bare.status, path).toBe(v1.status);
  expect(bare.json, path).toEqual(v1.json);
  return bare;
};

describe('gift-card and eSIM routes without the /v1 prefix', () => {
  it('answer the catalogs, quotes and plans as /v1 does', async () => {
    expect((await same('/giftcards/catalog')).status).toBe(200);
    expect((await same('/esim/catalog?country=GB')).status).toBe(200);
    expect((await same('/esim/plans/ESIM-GB-5GB-30D')).status).toBe(200);
    expect((await same('/esim/plans/ESIM-GB-5GB-30D/quote')).status).toBe(200);
    const plan = (await t.call('GET', '/v1/giftcards/catalog')).json.data[0].plan_id;
    expect((await same(`/giftcards/plans/${plan}/quote`)).status).toBe(200);
    expect((await same(`/giftcards/plans/${plan}/availability?quantity=2`)).status).toBe(200);
  });

  it('take an eSIM order read back on either path, and a reused key is told the /v1 read', async () => {
    const body = { request_id: `bare-${Date.now()}`, plan_id: 'ESIM-GB-5GB-30D' };
    const placed = await t.call('POST', '/esim/orders', { body });
    expect(placed.status, placed.text).toBe(200);
    expect(placed.json).toMatchObject({ response_code: '00', data: { request_id: body.request_id } });
    await same(`/esim/orders/${body.request_id}`);
    const again = await t.call('POST', '/esim/orders', { body: { ...body, plan_id: 'ESIM-GB-1GB-7D' } });
    expect(again.status).toBe(422);
    expect(again.json.message).toContain(`GET /v1/esim/orders/${body.request_id}`);
  });

  it('need the merchant credentials as /v1 does', async () => {
    const r = await t.call('GET', '/giftcards/catalog', { pair: null });
    expect(r.status).toBe(401);
    expect(r.json).toMatchObject({ status: 'error', code: 401 });
  });

  it('are not listed again in the OpenAPI document', async () => {
    const paths = Object.keys((await t.call('GET', '/v1/openapi.json')).json.paths);
    expect(paths).toContain('/v1/esim/orders');
    expect(paths.filter((p) => p.startsWith('/giftcards') || p.startsWith('/esim'))).toEqual([]);
  });
});
