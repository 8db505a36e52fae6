import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CustomerRejected, UpstreamUnavailable } from '../../server/domain/errors.js';
import type { VendOutcome } from '../../server/domain/vend-outcome.js';
import type { VendRequest } from '../../server/upstreams/types.js';
import { VendingApiUpstream } from '../../server/upstreams/vending-api/index.js';
import { startFaultUpstream, type FaultMode, type FaultUpstream } from '../helpers/fault-upstream.js';

const KEY = 'vp-test-key';
const SECRET = 'vp-secret-never-logged';
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

let fault: FaultUpstream;
let upstream: VendingApiUpstream;
const extra: VendingApiUpstream[] = [];

function client(
  baseUrl: string,
  options: Record<string, unknown> = { timeoutMs: 400, connectTimeoutMs: 300 },
) {
  const u = new VendingApiUpstream({
    name: 'fault',
    baseUrl,
    merchantCode: 'M-001',
    key: KEY,
    secret: SECRET,
    options,
  });
  extra.push(u);
  return u;
}

function purchase(over: Partial<VendRequest> = {}): VendRequest {
  return {
    reference: randomUUID(),
    kind: 'transaction',
    product: 'airtime',
    network: 'mtn',
    msisdn: '08031234567',
    phone: null,
    planId: null,
    amountKobo: 10_000,
    quantity: 1,
    details: {},
    ...over,
  };
}

/** Vends once in `mode`, and proves exactly one create call reached the provider for the key. */
async function vendIn(mode: FaultMode, req = purchase(), via = upstream): Promise<VendOutcome> {
  fault.control({ mode });
  const out = await via.vend(req);
  expect(fault.stats().vendCalls[req.reference]).toBe(1);
  expect(JSON.stringify(out)).not.toContain(SECRET);
  return out;
}

/** A port nobody listens on. */
async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as net.AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

beforeAll(async () => {
  fault = await startFaultUpstream({ key: KEY, secret: SECRET });
  upstream = client(fault.url);
});
beforeEach(() =>
  fault.control({
    mode: 'ok',
    reset: true,
    slowMs: 1_000,
    pendingPolls: 1,
    rejectMessage: 'Validation error',
  }),
);
afterAll(async () => {
  for (const u of extra) await u.close();
  await fault.close();
});

describe('vend: one create call, outcome per provider answer', () => {
  it('ok: success with delivery fields; sends the credentials, merchant_code and the reference as client_request_id', async () => {
    const req = purchase();
    const out = await vendIn('ok', req);
    expect(out).toMatchObject({
      kind: 'success',
      result: { external_reference: expect.any(String), telco_message: expect.any(String) },
    });
    expect(out.kind === 'success' && out.upstreamReference).toMatch(/^[0-9a-f-]{36}$/);
    const [sent] = fault.stats().requests;
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/v1/transactions/airtime/sync');
    expect(sent.headers['x-merchant-key']).toBe(KEY);
    expect(sent.headers['x-merchant-secret']).toBe(SECRET);
    expect(sent.body).toEqual({
      merchant_code: 'M-001',
      customer_msisdn: '08031234567',
      network: 'mtn',
      product: 'airtime',
      amount: '100.00',
      client_request_id: req.reference,
    });
  });

  it('ok: an electricity purchase keeps the token and units', async () => {
    const req = purchase({
      product: 'ELECTRICITY',
      network: 'Ikeja Electric',
      msisdn: '10000000001',
      planId: '1',
      phone: '08031234567',
      amountKobo: 500_000,
    });
    expect(await vendIn('ok', req)).toMatchObject({
      kind: 'success',
      result: { token: '12345678901234567890', units: '47.7' },
    });
    expect(fault.stats().requests[0]).toMatchObject({
      path: '/v1/transactions',
      body: { plan_code: '1', phone: '08031234567', amount: '5000.00' },
    });
  });

  it('ok: a gift-card order is keyed by request_id and returns the cards', async () => {
    const req = purchase({
      kind: 'giftcard',
      product: 'giftcard',
      planId: '101',
      quantity: 2,
      details: { send_via: 'email', destination: 'a@example.com' },
    });
    const out = await vendIn('ok', req);
    expect(out.kind === 'success' && (out.result.cards as unknown[]).length).toBe(2);
    expect(fault.stats().requests[0].body).toEqual({
      request_id: req.reference,
      plan_id: 101,
      quantity: 2,
      send_via: 'email',
      destination: 'a@example.com',
    });
  });

  it("ok: an eSIM order returns install fields, and the provider's PNG QR is used", async () => {
    const req = purchase({ kind: 'esim', product: 'esim', planId: 'esim-gb-5' });
    const out = await vendIn('ok', req);
    expect(out).toMatchObject({
      kind: 'success',
      result: { iccid: expect.any(String), lpa: expect.stringMatching(/^LPA:1\$/) },
    });
    expect(fault.stats().requests[0].body).toEqual({ request_id: req.reference, plan_id: 'esim-gb-5' });
    const png = await upstream.qrcode(req, '');
    expect(png.subarray(0, 4)).toEqual(PNG);
  });

  it('fail: a 01 answer is a definitive failure', async () => {
    expect(await vendIn('fail')).toMatchObject({ kind: 'failed' });
  });

  it('timeout: no answer after sending is unknown, and a later requery shows it was delivered', async () => {
    const req = purchase();
    expect(await vendIn('timeout', req)).toMatchObject({ kind: 'unknown' });
    fault.control({ mode: 'ok' });
    expect(await upstream.requery(req)).toMatchObject({ kind: 'success' });
    expect(fault.stats().vendCalls[req.reference]).toBe(1);
  });

  it.each(['5xx', 'html502', 'malformed', 'reset', 'unknown-code', 'huge'] as const)(
    '%s: unknown, never failed',
    async (mode) => {
      expect((await vendIn(mode)).kind).toBe('unknown');
    },
  );

  it('redirect: a 302 is unknown and is not followed', async () => {
    expect((await vendIn('redirect')).kind).toBe('unknown');
    expect(fault.stats().redirectHits).toBe(0);
  });

  it('slow: an answer inside the timeout is used; one beyond it is unknown', async () => {
    fault.control({ slowMs: 100 });
    expect(
      (await vendIn('slow', purchase(), client(fault.url, { timeoutMs: 3_000, connectTimeoutMs: 300 }))).kind,
    ).toBe('success');
    fault.control({ slowMs: 1_500 });
    expect((await vendIn('slow')).kind).toBe('unknown');
  });

  it('pending-then-success: 02 is pending; requery stays pending, then succeeds', async () => {
    const req = purchase();
    expect(await vendIn('pending-then-success', req)).toMatchObject({ kind: 'pending' });
    expect(await upstream.requery(req)).toMatchObject({ kind: 'pending' });
    expect(await upstream.requery(req)).toMatchObject({
      kind: 'success',
      result: { external_reference: expect.any(String) },
    });
    expect(fault.stats().statusCalls[req.reference]).toBe(2);
  });

  it('pending-then-failed: a pending gift-card order resolves to failed on the order read', async () => {
    const req = purchase({ kind: 'giftcard', product: 'giftcard', planId: '101' });
    expect(await vendIn('pending-then-failed', req)).toMatchObject({ kind: 'pending' });
    expect(await upstream.requery(req)).toMatchObject({ kind: 'pending' });
    expect(await upstream.requery(req)).toMatchObject({ kind: 'failed' });
  });

  it('reject-400: refused before accepting is not_accepted with the message; requery finds nothing', async () => {
    fault.control({ rejectMessage: 'plan_code is required' });
    const req = purchase();
    expect(await vendIn('reject-400', req)).toEqual({
      kind: 'not_accepted',
      reason: 'Provider refused the request (HTTP 400): plan_code is required',
    });
    fault.control({ mode: 'ok' });
    expect(await upstream.requery(req)).toEqual({ kind: 'not_found' });
  });

  it('a provider echoing the secret in an error never puts it in the reason', async () => {
    fault.control({ rejectMessage: `bad credentials ${SECRET}` });
    const out = await vendIn('reject-400');
    expect(out).toMatchObject({ kind: 'not_accepted', reason: expect.stringContaining('[redacted]') });
  });

  it('nor any part of it when the echo straddles the cut to 200 characters', async () => {
    // The secret starts at character 190 of the message: cut first, "vp-secret-" would survive.
    fault.control({ rejectMessage: `${'x'.repeat(190)}${SECRET} and more` });
    const out = await vendIn('reject-400');
    expect(out.kind).toBe('not_accepted');
    const reason = (out as { reason: string }).reason;
    expect(reason).not.toContain(SECRET.slice(0, 6));
    expect(reason).toContain('[redact'); // the marker, itself cut at 200
  });

  it('a duplicate key (422) is unknown: the provider may hold our earlier attempt', async () => {
    const req = purchase();
    expect((await vendIn('ok', req)).kind).toBe('success');
    expect(await upstream.vend(req)).toMatchObject({ kind: 'unknown' });
    expect(fault.stats().vendCalls[req.reference]).toBe(2);
  });
});

describe('vend: nothing sent means not_accepted', () => {
  it('connection refused', async () => {
    const out = await client(`http://127.0.0.1:${await closedPort()}`).vend(purchase());
    expect(out).toMatchObject({
      kind: 'not_accepted',
      reason:
        'Provider not reached, nothing sent: the provider refused the connection: nothing answers at its address and port',
      code: 'ECONNREFUSED',
    });
  });

  it('connect timeout (a TLS handshake that never completes)', async () => {
    const silent = net.createServer(() => {});
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const { port } = silent.address() as net.AddressInfo;
    const out = await client(`https://127.0.0.1:${port}`, { timeoutMs: 3_000, connectTimeoutMs: 200 }).vend(
      purchase(),
    );
    silent.close();
    expect(out).toMatchObject({
      kind: 'not_accepted',
      reason: 'Provider not reached, nothing sent: the provider could not be reached within 0.2 s',
      code: 'UND_ERR_CONNECT_TIMEOUT',
    });
  });

  it('DNS failure', async () => {
    expect((await client('http://vendpoint-fault.invalid').vend(purchase())).kind).toBe('not_accepted');
  });
});

describe('requery, verify, catalogs, qrcode, balance', () => {
  it("requery of an unknown key is not_found (the spec's 404 body); a 5xx is unknown", async () => {
    expect(await upstream.requery(purchase())).toEqual({ kind: 'not_found' });
    fault.control({ mode: '5xx' });
    expect((await upstream.requery(purchase())).kind).toBe('unknown');
  });

  it('verify: 200 gives strings, 400 is CustomerRejected, a 5xx is UpstreamUnavailable', async () => {
    const req = {
      product: 'ELECTRICITY' as const,
      network: 'Ikeja Electric',
      customerId: '10000000001',
      planId: '1',
      meterType: 'prepaid',
    };
    expect(await upstream.verify(req)).toMatchObject({ customer_name: 'TEST CUSTOMER', min_amount: '500' });
    expect(fault.stats().requests[0].body).toEqual({
      merchant_code: 'M-001',
      customer_msisdn: '10000000001',
      network: 'Ikeja Electric',
      product: 'ELECTRICITY',
      plan_code: '1',
    });
    await expect(upstream.verify({ ...req, customerId: '00000000000' })).rejects.toThrow(CustomerRejected);
    fault.control({ mode: '5xx' });
    await expect(upstream.verify(req)).rejects.toThrow(UpstreamUnavailable);
  });

  it('catalogs: every list read, data plans tagged with their network; all failing throws', async () => {
    const snap = await upstream.catalogs();
    expect(snap.dataPlans).toHaveLength(8);
    expect(snap.dataPlans?.[0]).toMatchObject({ network: 'mtn', plan_code: 'MTN-1' });
    expect(snap.billPlans).toHaveLength(4);
    expect(snap.giftcards?.[0]).toMatchObject({ plan_id: 101 });
    expect(snap.esimPlans?.[0]).toMatchObject({ plan_id: 'esim-gb-5' });
    fault.control({ mode: 'html502' });
    await expect(upstream.catalogs()).rejects.toThrow(UpstreamUnavailable);
  });

  it('qrcode: when the provider cannot give one, the LPA is rendered locally', async () => {
    fault.control({ mode: '5xx' });
    const png = await upstream.qrcode(purchase({ kind: 'esim' }), 'LPA:1$smdp.example$ACT-1');
    expect(png.subarray(0, 4)).toEqual(PNG);
  });

  it('balance: total in kobo; a provider that does not answer it is an error that says why', async () => {
    expect(await upstream.balance()).toBe(100_000);
    fault.control({ mode: 'html502' });
    await expect(upstream.balance()).rejects.toThrow(/did not answer its balance \(HTTP 502\)/);
  });
});
