import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { testConfig, type NodeConfig } from '../../server/config.js';
import { startNode, type NodeHooks, type RunningNode } from '../../server/node.js';
import { createMerchant, updateMerchant, type IssuedPair } from '../../server/store/merchants.js';
import { fundWallet } from '../../server/store/wallets.js';
import { verifyLedger } from '../../server/store/wallets.js';

export interface Pair {
  key: string;
  secret: string;
}

export interface TestNode {
  node: RunningNode;
  url: string;
  dataDir: string;
  /** DEMO's test pair (₦1,000,000 test wallet). */
  demo: Pair;
  call(
    method: string,
    path: string,
    opts?: { pair?: Pair | null; body?: unknown; rawBody?: string; headers?: Record<string, string> },
  ): Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    json: any;
    text: string;
  }>;
  /** A new merchant with funded wallets; returns its pairs. */
  merchant(
    code: string,
    opts?: { testNaira?: number; liveNaira?: number; allowIps?: string[]; liveBills?: string[] },
  ): { id: number; test: IssuedPair; live: IssuedPair };
  ledgerOk(): boolean;
  close(): Promise<void>;
}

/** The /v1 body of a ₦100 MTN airtime sale for DEMO under `clientRequestId`; `over` changes fields. */
export const airtimeSale = (clientRequestId: string, over: Record<string, unknown> = {}) => ({
  merchant_code: 'DEMO',
  customer_msisdn: '08031234567',
  network: 'mtn',
  product: 'airtime',
  amount: '100',
  client_request_id: clientRequestId,
  ...over,
});

/**
 * POSTs that sale to /v1/transactions and returns the answer; `pair` defaults to DEMO's test pair,
 * so another merchant's sale passes its merchant_code in `over` and its pair here.
 */
export const buyAirtime = (
  t: TestNode,
  clientRequestId: string,
  over: Record<string, unknown> = {},
  pair?: Pair,
) => t.call('POST', '/v1/transactions', { pair, body: airtimeSale(clientRequestId, over) });

/** A real node on 127.0.0.1 (random port) over a fresh temporary data directory. */
export async function startTestNode(
  overrides: Partial<NodeConfig> = {},
  hooks: NodeHooks = {},
): Promise<TestNode> {
  const dataDir = overrides.dataDir ?? mkdtempSync(join(tmpdir(), 'vendpoint-test-'));
  const node = await startNode(testConfig(dataDir, overrides), hooks);
  const demo = node.firstRun;
  if (!demo) throw new Error('expected a fresh data directory');
  const db = node.services.db;
  return {
    node,
    url: node.url,
    dataDir,
    demo,
    async call(method, path, opts = {}) {
      const pair = opts.pair === undefined ? demo : opts.pair;
      const headers: Record<string, string> = { ...(opts.headers ?? {}) };
      if (pair) {
        headers['x-merchant-key'] = pair.key;
        headers['x-merchant-secret'] = pair.secret;
      }
      let body: string | undefined;
      if (opts.rawBody !== undefined) body = opts.rawBody;
      else if (opts.body !== undefined) body = JSON.stringify(opts.body);
      if (body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
      const res = await request(`${node.url}${path}`, { method: method as 'GET', headers, body });
      const text = await res.body.text();
      let json: unknown = null;
      try {
        json = JSON.parse(text);
      } catch {
        json = null;
      }
      return { status: res.statusCode, headers: res.headers, json, text };
    },
    merchant(code, opts = {}) {
      const r = createMerchant(db, { code, name: `${code} Ltd` }, 'test');
      if (opts.allowIps || opts.liveBills)
        updateMerchant(db, code, { allowIps: opts.allowIps, liveBills: opts.liveBills }, 'test');
      if (opts.testNaira)
        fundWallet(db, {
          merchantId: r.merchant.id,
          merchantCode: code,
          env: 'test',
          amountKobo: opts.testNaira * 100,
          reason: 'test funding',
          actor: 'test',
        });
      if (opts.liveNaira)
        fundWallet(db, {
          merchantId: r.merchant.id,
          merchantCode: code,
          env: 'live',
          amountKobo: opts.liveNaira * 100,
          reason: 'test funding',
          actor: 'test',
        });
      return { id: r.merchant.id, test: r.test, live: r.live };
    },
    ledgerOk() {
      const r = verifyLedger(db);
      if (!r.ok) console.error(r.problems);
      return r.ok;
    },
    async close() {
      await node.close();
      if (!overrides.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Polls a condition every 50 ms up to a limit; for outcomes that settle in the background. */
export async function eventually<T>(
  probe: () => Promise<T>,
  accept: (v: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (accept(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Signs a console user in on `t` and returns the sign-in's answer and a caller that sends the
 * session cookie and CSRF token, as the console page does. A refused sign-in is returned, not
 * thrown, so a test can assert on it; its caller then sends no session.
 */
export async function consoleSession(t: TestNode, username: string, password: string) {
  const login = await t.call('POST', '/console/login', { pair: null, body: { username, password } });
  const headers = {
    cookie: String(login.headers['set-cookie']).split(';')[0],
    'x-csrf-token': (login.json?.csrf_token as string) ?? '',
  };
  const call = (method: string, path: string, body?: unknown) =>
    t.call(method, path, { pair: null, headers, body });
  return { login, call };
}
