import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestNode, type Pair, type TestNode } from '../helpers/test-node.js';
import { decodeQr, getBytes } from '../helpers/orders.js';
import {
  ALL_PRODUCTS,
  buy,
  ledgerOf,
  liveMerchant,
  purchaseByKey,
  readBack,
  routeTo,
  type Bought,
  type Kind,
} from './live-node.js';

/**
 * Two real nodes chained (DESIGN "Upstreams": how two VendPoint nodes chain): node A's live
 * traffic vends through node B's /v1 with B's TEST credentials (merchant DEMO), so B's
 * simulator answers with the spec's test behaviour and A must carry it back intact: the
 * electricity token, gift-card codes, eSIM install fields and QR.
 */
describe('chain: node A live -> node B /v1 (DEMO test credentials)', () => {
  let a: TestNode;
  let b: TestNode;
  let live: Pair;
  const code = 'CHAINA';
  let n = 0;
  const key = (p: string) => `${p}-${Date.now().toString(36)}-${++n}`;

  beforeAll(async () => {
    b = await startTestNode();
    a = await startTestNode({ syncTimeoutMs: 10_000 });
    routeTo(a, 'node-b', b.url, ALL_PRODUCTS, {
      merchantCode: 'DEMO',
      key: b.demo.key,
      secret: b.demo.secret,
      options: { timeoutMs: 5_000, connectTimeoutMs: 1_000 },
    });
    ({ live } = liveMerchant(a, code));
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  /** B's record of A's purchase: keyed by A's internal_reference, in DEMO's test world. */
  function atB(ref: string) {
    return b.node.services.db
      .prepare(
        `SELECT p.state, p.product, p.result, p.idem_key FROM purchases p JOIN merchants m ON m.id = p.merchant_id WHERE m.code = 'DEMO' AND p.environment = 'test' AND p.idem_key = ?`,
      )
      .all(ref) as { state: string; product: string; result: string | null }[];
  }

  async function bought(kind: Kind): Promise<{ res: Bought; final: any }> {
    const res = await buy(a, live, code, kind, key(kind.slice(0, 4)));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const final = await eventually(
      () => readBack(a, live, res),
      (j) => j?.response_code !== '02',
    );
    expect(final.response_code, JSON.stringify(final)).toBe('00');
    expect(ledgerOf(a, res.ref!)).toEqual({ debit: 1 });
    const there = atB(res.ref!);
    expect(there).toHaveLength(1);
    expect(there[0].state).toBe('success');
    expect(purchaseByKey(a, res.key)!.upstream_name).toBe('node-b');
    return { res, final };
  }

  it('airtime (sync)', async () => {
    const { res } = await bought('airtime');
    expect(res.json.response_code).toBe('00');
  });

  it('data (async on A, vended on B)', async () => {
    const { res, final } = await bought('data');
    expect(res.json.response_code).toBe('02');
    expect(final.data.plan).toBe('MTN-101');
  });

  it('prepaid electricity: the test meter token comes back to A', async () => {
    const { res } = await bought('electricity');
    expect(res.json.data).toMatchObject({ token: '12345678901234567890', customer_name: 'TEST CUSTOMER' });
    expect(res.json.data.units).toBeTruthy();
  });

  it('cable (DStv test smartcard)', async () => {
    await bought('cable');
  });

  it('betting (test betting id, phone carried through)', async () => {
    const { res } = await bought('betting');
    const sent = b.node.services.db
      .prepare('SELECT phone, msisdn FROM purchases WHERE idem_key = ?')
      .get(res.ref!) as { phone: string; msisdn: string };
    expect(sent).toEqual({ phone: '08031234567', msisdn: 'TESTBET001' });
  });

  it('gift card: B test order codes come back on A', async () => {
    const { final } = await bought('giftcard');
    expect(final.data.cards).toHaveLength(1);
    expect(Object.keys(final.data.cards[0]).length).toBeGreaterThan(0);
  });

  it('eSIM: install fields come back on A and A serves a QR that decodes to the LPA', async () => {
    const { res, final } = await bought('esim');
    expect(final.data.iccid).toBeTruthy();
    expect(final.data.lpa).toMatch(/^LPA:1\$/);
    const qr = await getBytes(a, `/v1/esim/orders/${res.key}/qrcode`, live);
    expect(qr.status).toBe(200);
    expect(qr.type).toContain('image/png');
    expect(decodeQr(qr.body)).toBe(final.data.lpa);
  });

  it.each(['transaction', 'giftcard', 'esim'] as const)(
    'a %s key B never saw is "not found" to A (spec 404 body), so A can fail it after the grace',
    async (kind) => {
      const upstream = a.node.services.router.byName('live', 'node-b')!;
      const out = await upstream.requery({
        reference: randomUUID(),
        kind,
        product: kind === 'transaction' ? 'airtime' : kind,
        network: 'mtn',
        msisdn: '08031234567',
        phone: null,
        planId: null,
        amountKobo: 10_000,
        quantity: 1,
        details: {},
      });
      expect(out).toEqual({ kind: 'not_found' });
    },
  );

  it('A and B ledgers both verify', () => {
    expect(a.ledgerOk()).toBe(true);
    expect(b.ledgerOk()).toBe(true);
  });
});

describe('chain: a purchase pending on B is requeried by A until B settles it', () => {
  let a: TestNode;
  let b: TestNode;
  let live: Pair;
  let skewA = 0;
  let skewB = 0;
  const code = 'CHAINP';

  beforeAll(async () => {
    // B's test simulator answers pending first; B's own sync routes give up waiting quickly.
    b = await startTestNode(
      { syncTimeoutMs: 300 },
      { now: () => Date.now() + skewB, simulator: { pendingRate: 1, pendingForMs: 0 } },
    );
    a = await startTestNode({ syncTimeoutMs: 2_000 }, { now: () => Date.now() + skewA });
    routeTo(a, 'node-b', b.url, ALL_PRODUCTS, {
      merchantCode: 'DEMO',
      key: b.demo.key,
      secret: b.demo.secret,
      options: { timeoutMs: 5_000, connectTimeoutMs: 1_000 },
    });
    ({ live } = liveMerchant(a, code));
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it("airtime: 02 on A and B; A's requery reads B's status; 00 on both once B's poller settles it; one purchase on B", async () => {
    const res = await buy(a, live, code, 'airtime', `pend-${Date.now().toString(36)}`);
    expect(res.json.response_code).toBe('02');
    const id = purchaseByKey(a, res.key)!.id;
    skewA += 60_000;
    await a.node.services.worker.requery(id);
    expect(purchaseByKey(a, res.key)!.state).toBe('pending');

    skewB += 60_000;
    await b.node.services.worker.pollDue();
    skewA += 60_000;
    await a.node.services.worker.requery(id);
    expect(purchaseByKey(a, res.key)!.state).toBe('success');
    expect((await readBack(a, live, res)).response_code).toBe('00');
    const atB = b.node.services.db.prepare('SELECT state FROM purchases WHERE idem_key = ?').all(res.ref!);
    expect(atB).toEqual([{ state: 'success' }]);
    expect(ledgerOf(a, res.ref!)).toEqual({ debit: 1 });
  });
});
