import { addUpstream } from '../../server/store/upstreams.js';
import { buyAirtime, startTestNode, type Pair, type TestNode } from '../helpers/test-node.js';

/** Helpers shared by the reliability tests: live merchants, routes, one purchase of each kind. */

export const ALL_PRODUCTS = ['airtime', 'data', 'ELECTRICITY', 'CABLE', 'BETTING', 'giftcard', 'esim'];

/** A vending-api upstream on the node (what `upstream add` stores), routed for `products`. */
export function routeTo(
  t: TestNode,
  name: string,
  baseUrl: string,
  products: string[],
  opts: { merchantCode?: string; key?: string; secret?: string; options?: Record<string, unknown> } = {},
): void {
  addUpstream(
    t.node.services.db,
    t.node.services.box,
    {
      name,
      type: 'vending-api',
      baseUrl,
      merchantCode: opts.merchantCode ?? 'VPNODE',
      keyId: opts.key ?? 'fault-key',
      secret: opts.secret ?? 'fault-secret-value',
      // Short time-outs keep the "no answer" modes quick.
      options: opts.options ?? { timeoutMs: 1_000, connectTimeoutMs: 500 },
      products,
    },
    'test',
  );
}

/** A merchant allowed to buy live from 127.0.0.1, with live funds and every bill product enabled. */
export function liveMerchant(
  t: TestNode,
  code: string,
  liveNaira = 5_000_000,
): { code: string; live: Pair; test: Pair } {
  const m = t.merchant(code, {
    liveNaira,
    allowIps: ['127.0.0.1'],
    liveBills: ['ELECTRICITY', 'CABLE', 'BETTING'],
  });
  return {
    code,
    live: { key: m.live.key, secret: m.live.secret },
    test: { key: m.test.key, secret: m.test.secret },
  };
}

export type Kind =
  'airtime' | 'data' | 'data-sync' | 'electricity' | 'cable' | 'betting' | 'giftcard' | 'esim';

/** The request a merchant sends for one purchase of `kind`; customer ids are the spec's test ids. */
export function requestOf(
  kind: Kind,
  merchantCode: string,
  key: string,
): { path: string; body: Record<string, unknown> } {
  const tx = (extra: Record<string, unknown>) => ({
    merchant_code: merchantCode,
    client_request_id: key,
    ...extra,
  });
  switch (kind) {
    case 'airtime':
      return {
        path: '/v1/transactions/airtime/sync',
        body: tx({ customer_msisdn: '08031234567', network: 'mtn', amount: '100' }),
      };
    case 'data':
      return {
        path: '/v1/transactions',
        body: tx({
          customer_msisdn: '08031234567',
          network: 'mtn',
          product: 'data',
          plan_code: 'MTN-101',
          amount: '75.00',
        }),
      };
    case 'data-sync':
      return {
        path: '/v1/transactions/data/sync',
        body: tx({ customer_msisdn: '08031234567', network: 'mtn', plan_code: 'MTN-101', amount: '75.00' }),
      };
    case 'electricity':
      return {
        path: '/v1/transactions',
        body: tx({
          customer_msisdn: '10000000001',
          network: 'Ikeja Electric',
          product: 'ELECTRICITY',
          plan_code: '101',
          amount: '1000',
          phone: '08031234567',
        }),
      };
    case 'cable':
      return {
        path: '/v1/transactions',
        body: tx({
          customer_msisdn: '10000000010',
          network: 'DSTV',
          product: 'CABLE',
          plan_code: '204',
          amount: '19000.00',
        }),
      };
    case 'betting':
      return {
        path: '/v1/transactions',
        body: tx({
          customer_msisdn: 'TESTBET001',
          network: 'BET9JA',
          product: 'BETTING',
          plan_code: '301',
          amount: '500',
          phone: '08031234567',
        }),
      };
    case 'giftcard':
      return { path: '/v1/giftcards/orders', body: { request_id: key, plan_id: 5001 } };
    case 'esim':
      return { path: '/v1/esim/orders', body: { request_id: key, plan_id: 'ESIM-GB-5GB-30D' } };
  }
}

export interface Bought {
  kind: Kind;
  key: string;
  status: number;
  json: any;
  /** The purchase's internal_reference (the upstream's idempotency key), when one was stored. */
  ref: string | null;
}

export async function buy(
  t: TestNode,
  pair: Pair,
  merchantCode: string,
  kind: Kind,
  key: string,
): Promise<Bought> {
  const { path, body } = requestOf(kind, merchantCode, key);
  const r = await t.call('POST', path, { pair, body });
  const row = purchaseByKey(t, key);
  return { kind, key, status: r.status, json: r.json, ref: row?.internal_reference ?? null };
}

/** How a client reads the outcome back: transaction status, or the order. */
export async function readBack(t: TestNode, pair: Pair, b: Bought): Promise<any> {
  const path =
    b.kind === 'giftcard'
      ? `/v1/giftcards/orders/${b.key}`
      : b.kind === 'esim'
        ? `/v1/esim/orders/${b.key}`
        : `/v1/transactions/status?client_request_id=${b.key}`;
  return (await t.call('GET', path, { pair })).json;
}

export interface PurchaseRow {
  id: number;
  internal_reference: string;
  state: 'pending' | 'success' | 'failed';
  debit_kobo: number;
  needs_attention: number;
  upstream_name: string | null;
  result: string | null;
}

export function purchaseByKey(t: TestNode, key: string): PurchaseRow | null {
  return (
    (t.node.services.db
      .prepare(`SELECT * FROM purchases WHERE idem_key = ? AND environment = 'live'`)
      .get(key) as PurchaseRow | undefined) ?? null
  );
}

export function jobStateOf(t: TestNode, purchaseId: number): string | null {
  const r = t.node.services.db
    .prepare('SELECT state FROM vend_jobs WHERE purchase_id = ?')
    .get(purchaseId) as { state: string } | undefined;
  return r?.state ?? null;
}

export function ledgerOf(t: TestNode, ref: string): Record<string, number> {
  const rows = t.node.services.db
    .prepare(
      `SELECT l.kind, COUNT(*) AS n FROM ledger_entries l JOIN purchases p ON p.id = l.purchase_id WHERE p.internal_reference = ? GROUP BY l.kind`,
    )
    .all(ref) as { kind: string; n: number }[];
  return Object.fromEntries(rows.map((r) => [r.kind, r.n]));
}

export function liveBalanceKobo(t: TestNode, code: string): number {
  const r = t.node.services.db
    .prepare(
      `SELECT w.balance_kobo FROM wallets w JOIN merchants m ON m.id = w.merchant_id WHERE m.code = ? AND w.environment = 'live'`,
    )
    .get(code) as { balance_kobo: number };
  return r.balance_kobo;
}

/** Waits (bounded) until a purchase's vend has been answered: its job is polling or done. */
export async function vendAnswered(
  t: TestNode,
  purchaseId: number,
  timeoutMs = 10_000,
): Promise<string | null> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const s = jobStateOf(t, purchaseId);
    if (s === 'polling' || s === 'done' || Date.now() > end) return s;
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * Node A selling live airtime through node B (its DEMO test key), one vend in flight at a
 * time and B answering each after 150 ms, so A's later sales wait queued for their slot.
 */
export async function startQueuedChain(code: string): Promise<{ a: TestNode; b: TestNode; live: Pair }> {
  const b = await startTestNode({}, { simulator: { latencyMs: 150 } });
  const a = await startTestNode({ maxInFlight: 1, syncTimeoutMs: 10_000 });
  routeTo(a, 'node-b', b.url, ['airtime'], {
    merchantCode: 'DEMO',
    key: b.demo.key,
    secret: b.demo.secret,
    options: { timeoutMs: 5_000 },
  });
  return { a, b, live: liveMerchant(a, code).live };
}

/** An async airtime sale of ₦100 on A's live pair. */
export const sellAirtime = (a: TestNode, live: Pair, code: string, id: string) =>
  buyAirtime(a, id, { merchant_code: code }, live);
