import { describe, expect, it } from 'vitest';
import { CustomerRejected, UpstreamUnavailable } from '../../server/domain/errors.js';
import type { HttpResult } from '../../server/upstreams/vending-api/client.js';
import {
  balanceOf,
  envelopeOutcome,
  requeryOutcomeOf,
  rowsOf,
  vendOutcomeOf,
  verifyResultOf,
} from '../../server/upstreams/vending-api/mapper.js';
import { requeryCallOf, vendCallOf } from '../../server/upstreams/vending-api/requests.js';
import { transportProblem } from '../../server/upstreams/vending-api/transport-words.js';
import type { VendRequest } from '../../server/upstreams/types.js';

const REF = '6f1c2a4e-1111-4a7b-9c55-0123456789ab';

function answer(status: number, body: unknown, contentType = 'application/json'): HttpResult {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return { ok: true, status, contentType, body: Buffer.from(text) };
}
/** A transport failure as the client reports it, with the default waits (15 s, connect 5 s). */
const failure = (code: string, sent: boolean, message = ''): HttpResult => ({
  ok: false,
  sent,
  code,
  message,
  problem: transportProblem(code, { timeoutMs: 15_000, connectTimeoutMs: 5_000 }),
});
const envelope = (code: string, data: Record<string, unknown> = {}, word?: string) =>
  answer(200, {
    status: word ?? { '00': 'success', '01': 'failed', '02': 'pending' }[code],
    response_code: code,
    response_message: 'msg',
    data: { request_id: REF, ...data },
  });

function request(over: Partial<VendRequest> = {}): VendRequest {
  return {
    reference: REF,
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

describe('vend outcome table', () => {
  it('200 with 00 is a success keeping the delivery fields and the provider reference', () => {
    const out = vendOutcomeOf(
      envelope('00', { internal_reference: 'IR-1', token: '1234', units: 12.5, kct1: 'K1', merchant_id: 7 }),
      request(),
    );
    expect(out).toEqual({
      kind: 'success',
      result: { token: '1234', units: '12.5', kct1: 'K1' },
      upstreamReference: 'IR-1',
    });
  });

  it('gift-card cards and the reference_code survive; reference_code stands in for a missing internal_reference', () => {
    const out = envelopeOutcome(
      {
        status: 'success',
        response_code: '00',
        data: { request_id: REF, reference_code: 'GC-1', cards: [{ card_number: 'A', pin_code: 1 }, 'junk'] },
      },
      request({ kind: 'giftcard', product: 'giftcard' }),
    );
    expect(out).toEqual({
      kind: 'success',
      result: { reference_code: 'GC-1', cards: [{ card_number: 'A', pin_code: '1' }] },
      upstreamReference: 'GC-1',
    });
  });

  it('200 with 01 is a definitive failure; 02 is pending', () => {
    expect(vendOutcomeOf(envelope('01', { telco_message: 'Invalid number' }), request())).toEqual({
      kind: 'failed',
      reason: 'Provider answered failed (01): msg: Invalid number',
      message: 'Invalid number',
    });
    // Another VendPoint node's own public reason is what it says; a bare state word says nothing.
    expect(
      vendOutcomeOf(
        envelope('01', { failure_reason: 'Invalid meter number', telco_message: 'x' }),
        request(),
      ),
    ).toMatchObject({ kind: 'failed', message: 'Invalid meter number' });
    expect(vendOutcomeOf(envelope('01'), request())).toMatchObject({ kind: 'failed', message: 'msg' });
    expect(vendOutcomeOf(envelope('02', { internal_reference: 'IR-2' }), request())).toMatchObject({
      kind: 'pending',
      upstreamReference: 'IR-2',
    });
  });

  it.each([
    ['an unknown response_code', envelope('99')],
    ['a numeric response_code', answer(200, { status: 'success', response_code: 0, data: {} })],
    ['a status word contradicting the code', envelope('01', {}, 'success')],
    [
      'an answer about another key',
      answer(200, { status: 'success', response_code: '00', data: { request_id: 'other' } }),
    ],
    ['malformed JSON', answer(200, '{"status":"success","response_code":"00"')],
    ['an HTML page', answer(502, '<html>Bad Gateway</html>', 'text/html')],
    ['a 500', answer(500, { status: 'error', code: 500, message: 'boom' })],
    ['a 503', answer(503, { status: 'error', code: 503, message: 'busy' })],
    ['a 302 redirect', answer(302, '')],
    ['a 422 duplicate key', answer(422, { status: 'error', code: 422, message: 'Duplicate request' })],
    ['a timeout after sending', failure('UND_ERR_HEADERS_TIMEOUT', true, 'Headers Timeout Error')],
    ['a reset after sending', failure('UND_ERR_SOCKET', true, 'other side closed')],
  ])('%s after the request may have arrived is unknown, never failed', (_label, res) => {
    expect(vendOutcomeOf(res, request()).kind).toBe('unknown');
  });

  it.each([400, 401, 403, 404, 413, 429])(
    'HTTP %i on create means refused before accepting: not_accepted with the message',
    (status) => {
      const out = vendOutcomeOf(
        answer(status, { status: 'error', code: status, message: 'plan_code is required' }),
        request(),
      );
      expect(out).toEqual({
        kind: 'not_accepted',
        reason: `Provider refused the request (HTTP ${status}): plan_code is required`,
      });
    },
  );

  it('a connection that never carried the request is not_accepted (safe to try another upstream)', () => {
    const out = vendOutcomeOf(failure('ECONNREFUSED', false, 'connect ECONNREFUSED 127.0.0.1:1'), request());
    expect(out.kind).toBe('not_accepted');
  });

  it('transport failures are said in words in the reason; the code stays on the outcome for the log', () => {
    expect(
      vendOutcomeOf(failure('ECONNREFUSED', false, 'connect ECONNREFUSED 127.0.0.1:1'), request()),
    ).toEqual({
      kind: 'not_accepted',
      transport: true,
      reason:
        'Provider not reached, nothing sent: the provider refused the connection: nothing answers at its address and port',
      code: 'ECONNREFUSED',
    });
    expect(vendOutcomeOf(failure('UND_ERR_HEADERS_TIMEOUT', true), request())).toEqual({
      kind: 'unknown',
      reason: 'No usable answer after the request was sent: the provider did not answer within 15 s',
      code: 'UND_ERR_HEADERS_TIMEOUT',
    });
  });

  it('provider text is flattened and bounded before it becomes a reason', () => {
    const out = vendOutcomeOf(
      answer(400, { status: 'error', code: 400, message: `bad\n\u0007${'x'.repeat(500)}` }),
      request(),
    );
    expect(out.kind === 'not_accepted' && out.reason.length < 260 && !/\p{Cc}/u.test(out.reason)).toBe(true);
  });
});

describe('a success that does not deliver what was bought is unknown, on create and on requery', () => {
  const GIFT = request({ kind: 'giftcard', product: 'giftcard', quantity: 3 });
  const ESIM = request({ kind: 'esim', product: 'esim' });
  const PREPAID = request({
    product: 'ELECTRICITY',
    amountKobo: 100_000,
    details: { meter_type: 'prepaid' },
  });
  const card = (n: number) => ({ card_number: `C${n}`, pin_code: String(n) });
  const install = { activation_code: 'ACT-1', smdp_address: 'smdp.example' };

  it.each([
    ['one card of three', GIFT, { cards: [card(1)] }, 'with 1 of the 3 cards ordered'],
    ['no cards at all', GIFT, {}, 'with 0 of the 3 cards ordered'],
    ['four cards for three', GIFT, { cards: [1, 2, 3, 4].map(card) }, 'with 4 of the 3 cards ordered'],
    ['an eSIM without install fields', ESIM, { iccid: '8923' }, 'without eSIM install details'],
    ['an eSIM with a code but no SM-DP+ address', ESIM, { activation_code: 'A' }, 'without eSIM install'],
    [
      'airtime for another amount',
      request(),
      { amount: '50.00' },
      'for an amount of 50.00, not the 100.00 sent',
    ],
    [
      'a prepaid meter without a token',
      PREPAID,
      { amount: '1000.00' },
      'without a token for a prepaid meter',
    ],
  ])('%s', (_label, req, data, words) => {
    for (const outcome of [
      vendOutcomeOf(envelope('00', data), req),
      requeryOutcomeOf(envelope('00', data), req),
    ]) {
      expect(outcome.kind).toBe('unknown');
      expect(outcome.kind === 'unknown' && outcome.reason).toContain(
        `Provider answered success (00) ${words}`,
      );
    }
  });

  it.each([
    ['every card ordered', GIFT, { cards: [1, 2, 3].map(card) }],
    ['cards sent by e-mail and left off the answer', { ...GIFT, details: { send_via: 'email' } }, {}],
    ['an eSIM with its LPA string', ESIM, { lpa: 'LPA:1$smdp.example$ACT-1' }],
    ['a redeemed eSIM (product ESIM) with its code and address', request({ product: 'ESIM' }), install],
    ['the amount sent, written another way', request(), { amount: '100' }],
    ['an answer without an amount', request(), {}],
    ['a prepaid meter whose payment cleared its debt', PREPAID, { payment_spent_on: 'debt' }],
    ['a postpaid meter (no token)', { ...PREPAID, details: { meter_type: 'postpaid' } }, {}],
  ])('%s is a success', (_label, req, data) => {
    expect(vendOutcomeOf(envelope('00', data), req).kind).toBe('success');
  });

  it('an eSIM given as its code and SM-DP+ address keeps the LPA string they make, for its QR', () => {
    expect(vendOutcomeOf(envelope('00', install), ESIM)).toMatchObject({
      kind: 'success',
      result: { ...install, lpa: 'LPA:1$smdp.example$ACT-1' },
    });
  });

  it('a failure or a pending answer is read as before, whatever it carries', () => {
    expect(vendOutcomeOf(envelope('01', { amount: '1.00' }), GIFT).kind).toBe('failed');
    expect(vendOutcomeOf(envelope('02', { cards: [] }), GIFT).kind).toBe('pending');
  });
});

describe('requery outcome table', () => {
  it('00/01/02 map as on create', () => {
    expect(requeryOutcomeOf(envelope('00'), request()).kind).toBe('success');
    expect(requeryOutcomeOf(envelope('01'), request()).kind).toBe('failed');
    expect(requeryOutcomeOf(envelope('02'), request()).kind).toBe('pending');
  });

  it("a 404 with the spec's error body is not_found", () => {
    expect(
      requeryOutcomeOf(
        answer(404, { status: 'error', code: 404, message: 'Transaction not found' }),
        request(),
      ),
    ).toEqual({ kind: 'not_found' });
  });

  it('a 404 without the error body (a proxy page, a wrong base path) is unknown', () => {
    expect(requeryOutcomeOf(answer(404, '<html>Not Found</html>', 'text/html'), request()).kind).toBe(
      'unknown',
    );
  });

  it('anything else is unknown, including 400/401 and transport errors before sending', () => {
    expect(requeryOutcomeOf(answer(401, { status: 'error', code: 401, message: 'no' }), request()).kind).toBe(
      'unknown',
    );
    expect(requeryOutcomeOf(failure('ECONNREFUSED', false), request()).kind).toBe('unknown');
  });

  it('a status read that timed out says so in words, not as an undici code', () => {
    const out = requeryOutcomeOf(
      failure('UND_ERR_HEADERS_TIMEOUT', true, 'Headers Timeout Error'),
      request(),
    );
    expect(out).toEqual({
      kind: 'unknown',
      reason: 'Status read failed: the provider did not answer within 15 s',
      code: 'UND_ERR_HEADERS_TIMEOUT',
    });
    expect(JSON.stringify(out.kind === 'unknown' && out.reason)).not.toMatch(/UND_ERR/);
  });
});

describe('verify, catalogs, balance', () => {
  it('verify 200 gives the data as strings, empties dropped', () => {
    const res = answer(200, {
      status: 'success',
      code: 200,
      message: 'ok',
      data: { customer_name: 'ADA', min_amount: 500, district: '', nested: { a: 1 } },
    });
    expect(verifyResultOf(res)).toEqual({ customer_name: 'ADA', min_amount: '500' });
  });

  it("verify 400 is the biller's rejection; anything else is unavailable", () => {
    expect(() =>
      verifyResultOf(answer(400, { status: 'error', code: 400, message: 'Invalid meter number' })),
    ).toThrow(CustomerRejected);
    expect(() =>
      verifyResultOf(answer(400, { status: 'error', code: 400, message: 'Invalid meter number' })),
    ).toThrow('Invalid meter number');
    expect(() => verifyResultOf(answer(502, { status: 'error', code: 502, message: 'x' }))).toThrow(
      UpstreamUnavailable,
    );
    expect(() => verifyResultOf(answer(401, { status: 'error', code: 401, message: 'x' }))).toThrow(
      UpstreamUnavailable,
    );
    expect(() => verifyResultOf(failure('UND_ERR_HEADERS_TIMEOUT', true))).toThrow(UpstreamUnavailable);
  });

  it('list envelopes give their rows; anything else gives null', () => {
    expect(rowsOf(answer(200, { status: '2000', description: 'x', data: [{ id: 1 }, 3] }))).toEqual([
      { id: 1 },
    ]);
    expect(rowsOf(answer(200, { status: 'error', code: 500, message: 'x' }))).toBeNull();
    expect(rowsOf(answer(500, { data: [] }))).toBeNull();
  });

  it("an upstream's Naira strings become kobo with integer arithmetic; a number where a string belongs is not read", () => {
    const total = (t: unknown) => balanceOf(answer(200, { status: 'success', data: [], total: t }));
    expect(total('1000.00')).toBe(100_000);
    expect(total('0.10')).toBe(10);
    expect(total('1234.5')).toBe(123_450);
    expect(total('19.99')).toBe(1_999);
    expect(total('-5.01')).toBe(-501);
    expect(total('-0.00')).toBe(0);
    expect(total('1e3')).toBeNull();
    expect(total(1000)).toBeNull();
    expect(balanceOf(answer(502, 'bad'))).toBeNull();
  });
});

describe('request building', () => {
  it('airtime and data use the sync routes; bills use POST /v1/transactions with plan_code and phone', () => {
    expect(vendCallOf(request(), 'M1')).toMatchObject({
      path: '/v1/transactions/airtime/sync',
      body: { amount: '100.00', client_request_id: REF, merchant_code: 'M1' },
    });
    expect(vendCallOf(request({ product: 'data', planId: 'MTN-1' }), 'M1')).toMatchObject({
      path: '/v1/transactions/data/sync',
      body: { plan_code: 'MTN-1' },
    });
    const bill = vendCallOf(
      request({
        product: 'ELECTRICITY',
        network: 'Ikeja Electric',
        msisdn: '10000000001',
        planId: '1',
        phone: '08031234567',
        amountKobo: 150_050,
      }),
      'M1',
    );
    expect(bill).toEqual({
      method: 'POST',
      path: '/v1/transactions',
      body: {
        merchant_code: 'M1',
        customer_msisdn: '10000000001',
        network: 'Ikeja Electric',
        product: 'ELECTRICITY',
        amount: '1500.50',
        client_request_id: REF,
        plan_code: '1',
        phone: '08031234567',
      },
    });
  });

  it('gift cards send an integer plan_id; eSIMs (kind or product ESIM) a string plan_id', () => {
    const gc = vendCallOf(
      request({
        kind: 'giftcard',
        product: 'giftcard',
        planId: '101',
        quantity: 2,
        details: { send_via: 'email', destination: 'a@b.c', face_value: null },
      }),
      'M1',
    );
    expect(gc).toEqual({
      method: 'POST',
      path: '/v1/giftcards/orders',
      body: { request_id: REF, plan_id: 101, quantity: 2, send_via: 'email', destination: 'a@b.c' },
    });
    expect(vendCallOf(request({ kind: 'giftcard', planId: 'abc' }), 'M1')).toHaveProperty('invalid');
    expect(vendCallOf(request({ kind: 'transaction', product: 'ESIM', planId: '55' }), 'M1')).toEqual({
      method: 'POST',
      path: '/v1/esim/orders',
      body: { request_id: REF, plan_id: '55' },
    });
  });

  it('requery reads by our reference', () => {
    expect(requeryCallOf(request()).path).toBe(`/v1/transactions/status?client_request_id=${REF}`);
    expect(requeryCallOf(request({ kind: 'giftcard' })).path).toBe(`/v1/giftcards/orders/${REF}`);
    expect(requeryCallOf(request({ kind: 'esim' })).path).toBe(`/v1/esim/orders/${REF}`);
  });
});
