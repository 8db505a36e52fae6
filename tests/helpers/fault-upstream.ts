import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { realpathSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import QRCode from 'qrcode';

/**
 * A provider speaking the spec's /v1 surface, with faults on demand, for testing the
 * vending-api upstream against real sockets. Faulty modes still RECORD the vend before the
 * bad answer (the nasty case: it was delivered, the answer was lost), so a requery after
 * switching back to `ok` shows what really happened.
 *
 * In-process: `startFaultUpstream({ mode })`. Child process:
 * `tsx tests/helpers/fault-upstream.ts --port 0 [--mode ok]` prints `{"url": "..."}`.
 * Control: POST /__control {mode, slowMs, pendingPolls, rejectMessage, balance, reset}; GET /__stats.
 * Transport faults (timeout, 5xx, html502, malformed, reset, redirect, huge) hit every /v1 route
 * but /v1/healthz; `slow` and `unknown-code` hit creates and status reads; `reject-400` creates;
 * `unavailable-503` answers creates 503 WITHOUT recording them (the provider never vended), so a
 * later status read answers 404. `short-delivery` answers creates and status reads 00 with less
 * than was bought: a card short, no eSIM install fields, no prepaid token, half the amount. Stats count creates open at once (`vendsInFlight`, its maximum).
 */

// prettier-ignore
export const FAULT_MODES = [
  'ok', 'fail', 'timeout', '5xx', 'html502', 'malformed', 'reset', 'slow', 'pending-then-success',
  'pending-then-failed', 'unknown-code', 'reject-400', 'redirect', 'huge', 'unavailable-503',
  'slow-fail', 'short-delivery',
] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

export interface FaultSettings {
  mode: FaultMode;
  /** `slow` (success) and `slow-fail` (failed): delay before answering. */
  slowMs: number;
  /** `pending-then-*`: status polls answered 02 before the final outcome. */
  pendingPolls: number;
  /** `reject-400`: the error message. */
  rejectMessage: string;
  /** Wallet balance, Naira string. */
  balance: string;
}
export type FaultControl = Partial<FaultSettings> & { reset?: boolean };

export interface FaultStats {
  /** Create calls per idempotency key (client_request_id / request_id), rejected ones included. */
  vendCalls: Record<string, number>;
  statusCalls: Record<string, number>;
  /** Requests that reached the target of a `redirect` answer: must stay 0. */
  redirectHits: number;
  requests: { method: string; path: string; headers: http.IncomingHttpHeaders; body: unknown }[];
  /** Create requests received and not yet answered (or closed), now and at most so far. */
  vendsInFlight: number;
  maxVendsInFlight: number;
}

export interface FaultUpstream {
  url: string;
  control(patch: FaultControl): void;
  stats(): FaultStats;
  close(): Promise<void>;
}

export interface FaultUpstreamOptions extends Partial<FaultSettings> {
  port?: number;
  host?: string;
  /** When set, X-Merchant-Key / X-Merchant-Secret must match (else any non-empty pair passes). */
  key?: string;
  secret?: string;
}

type Json = Record<string, unknown>;
type Kind = 'transaction' | 'giftcard' | 'esim';
type Code = '00' | '01' | '02';
type Order = { kind: Kind; answer: Code; final: Code; pollsLeft: number; data: Json };
type Call = { req: http.IncomingMessage; res: http.ServerResponse; body: Json };

// prettier-ignore
const DEFAULTS: FaultSettings = { mode: 'ok', slowMs: 1_000, pendingPolls: 1, rejectMessage: 'Validation error', balance: '1000.00' };
const WORD: Record<Code, string> = { '00': 'success', '01': 'failed', '02': 'pending' };
const MESSAGE: Record<Code, string> = { '00': 'Successful', '01': 'Failed', '02': 'Pending' };
const SMDP = 'smdp.fault.test';
const BODY_CAP = 1 << 20;

function send(res: http.ServerResponse, status: number, body: unknown, type = 'application/json'): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(text) }).end(text);
}
const error = (res: http.ServerResponse, code: number, message: string) =>
  send(res, code, { status: 'error', code, message });
const list = (res: http.ServerResponse, data: Json[], status: unknown = 'success') =>
  send(res, 200, { status, code: 200, description: 'List', message: 'List', data });

const TRANSPORT_FAULTS: Partial<Record<FaultMode, (call: Call) => void>> = {
  timeout: () => {}, // never answers; close() destroys the socket
  '5xx': ({ res }) => error(res, 500, 'Internal server error'),
  html502: ({ res }) => send(res, 502, '<html><body><h1>502 Bad Gateway</h1></body></html>', 'text/html'),
  malformed: ({ res }) => send(res, 200, '{"status":"success","response_code":"00","data":{"token":'),
  reset: ({ req }) => req.socket.destroy(),
  redirect: ({ res }) => void res.writeHead(302, { location: '/v1/redirected', 'content-length': 0 }).end(),
  huge: ({ res }) =>
    send(res, 200, { status: 'success', response_code: '00', data: { pad: 'x'.repeat(2 << 20) } }),
};

export async function startFaultUpstream(opts: FaultUpstreamOptions = {}): Promise<FaultUpstream> {
  const settings: FaultSettings = { ...DEFAULTS };
  const orders = new Map<string, Order>();
  const freshStats = (): FaultStats => ({
    vendCalls: {},
    statusCalls: {},
    redirectHits: 0,
    requests: [],
    vendsInFlight: 0,
    maxVendsInFlight: 0,
  });
  let stats = freshStats();

  const control = (patch: FaultControl) => {
    if (patch.mode && !FAULT_MODES.includes(patch.mode)) throw new Error(`unknown mode ${patch.mode}`);
    Object.assign(settings, pick(patch));
    if (patch.reset) {
      orders.clear();
      stats = freshStats();
    }
  };
  control(opts); // validates a mode given at start (e.g. --mode on the command line)

  /** Answers with the current transport fault, if any; true when it did (or chose silence). */
  const fault = (call: Call): boolean => {
    const answerWithFault = TRANSPORT_FAULTS[settings.mode];
    answerWithFault?.(call);
    return Boolean(answerWithFault);
  };

  /** The purchase envelope for an order's current answer, honouring `slow` and `unknown-code`. */
  const answer = (res: http.ServerResponse, order: Order) => {
    const code = order.answer;
    const body =
      settings.mode === 'unknown-code'
        ? { status: 'unknown', response_code: '99', response_message: 'Unknown', data: viewOf(order, code) }
        : {
            status: WORD[code],
            response_code: code,
            response_message: MESSAGE[code],
            data:
              settings.mode === 'short-delivery' && code === '00' ? shortOf(order.data) : viewOf(order, code),
          };
    if (settings.mode === 'slow' || settings.mode === 'slow-fail')
      setTimeout(() => send(res, 200, body), settings.slowMs);
    else send(res, 200, body);
  };

  const create = (call: Call, kind: Kind, product: string, async: boolean) => {
    const { res, body } = call;
    // Counted until the socket answer ends either way, so a slow or silent answer stays in flight.
    const counted = stats;
    counted.vendsInFlight += 1;
    counted.maxVendsInFlight = Math.max(counted.maxVendsInFlight, counted.vendsInFlight);
    res.once('close', () => (counted.vendsInFlight -= 1));
    const key = kind === 'transaction' ? body.client_request_id : body.request_id;
    if (typeof key !== 'string' || !key) return error(res, 400, 'client_request_id / request_id is required');
    stats.vendCalls[key] = (stats.vendCalls[key] ?? 0) + 1;
    const invalid = validate(kind, body);
    if (settings.mode === 'reject-400' || invalid) return error(res, 400, invalid ?? settings.rejectMessage);
    if (orders.has(key)) return error(res, 422, `Duplicate request: ${key} was already used`);
    if (settings.mode === 'unavailable-503') return error(res, 503, 'Service temporarily unavailable');
    const mode = settings.mode;
    const final: Code =
      mode === 'fail' || mode === 'slow-fail' || mode === 'pending-then-failed' ? '01' : '00';
    const pendingFirst = mode === 'pending-then-success' || mode === 'pending-then-failed';
    const first: Code = pendingFirst || (async && kind === 'transaction') ? '02' : final;
    const data = orderData(kind, product, key, body);
    const order: Order = {
      kind,
      answer: first,
      final,
      pollsLeft: pendingFirst ? settings.pendingPolls : 0,
      data,
    };
    orders.set(key, order);
    if (!fault(call)) answer(res, order);
  };

  const status = (call: Call, kind: Kind, key: string) => {
    stats.statusCalls[key] = (stats.statusCalls[key] ?? 0) + 1;
    if (fault(call)) return;
    const order = orders.get(key);
    if (!order || order.kind !== kind) return error(call.res, 404, `${kind} ${key} not found`);
    if (order.answer === '02') {
      if (order.pollsLeft > 0) order.pollsLeft -= 1;
      else order.answer = order.final;
    }
    answer(call.res, order);
  };

  const route = async (call: Call): Promise<void> => {
    const { req, res, body } = call;
    const url = new URL(req.url ?? '/', 'http://fault.local');
    const path = url.pathname;
    const method = req.method ?? 'GET';
    if (method === 'POST' && path === '/__control') {
      try {
        control(body as FaultControl);
      } catch (err) {
        return error(res, 400, (err as Error).message);
      }
      return send(res, 200, { ...settings });
    }
    if (method === 'GET' && path === '/__stats') return send(res, 200, stats);
    if (path === '/v1/healthz') return send(res, 200, { status: 'ok' });
    stats.requests.push({ method, path: req.url ?? path, headers: req.headers, body });
    if (stats.requests.length > 500) stats.requests.shift();
    if (path === '/v1/redirected') {
      stats.redirectHits += 1;
      return send(res, 200, { status: 'success', response_code: '00', data: {} });
    }
    const [key, secret] = [req.headers['x-merchant-key'], req.headers['x-merchant-secret']];
    const authed =
      opts.key !== undefined ? key === opts.key && secret === opts.secret : Boolean(key && secret);
    if (!authed) return error(res, 401, 'Missing or invalid X-Merchant-Key / X-Merchant-Secret');

    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/transactions') {
      const product = String(body.product ?? '');
      return create(call, 'transaction', product, product === 'airtime' || product === 'data');
    }
    if (method === 'POST' && (m = /^\/v1\/transactions\/(airtime|data)\/(sync|async)$/.exec(path))) {
      return create({ ...call, body: { ...body, product: m[1] } }, 'transaction', m[1], m[2] === 'async');
    }
    if (method === 'POST' && path === '/v1/giftcards/orders')
      return create(call, 'giftcard', 'giftcard', false);
    if (method === 'POST' && path === '/v1/esim/orders') return create(call, 'esim', 'esim', false);
    if (method === 'GET' && path === '/v1/transactions/status') {
      const q = url.searchParams;
      const ref = q.get('client_request_id') ?? q.get('request_id') ?? q.get('request_ref');
      if (!ref) return error(res, 400, 'One of client_request_id, request_id or request_ref is required');
      return status(call, 'transaction', ref);
    }
    if (method === 'GET' && (m = /^\/v1\/(giftcards|esim)\/orders\/([^/]+)$/.exec(path))) {
      return status(call, m[1] === 'esim' ? 'esim' : 'giftcard', decodeURIComponent(m[2]));
    }
    if (fault(call)) return;
    if (method === 'GET' && (m = /^\/v1\/esim\/orders\/([^/]+)\/qrcode$/.exec(path))) {
      const order = orders.get(decodeURIComponent(m[1]));
      if (order?.kind !== 'esim' || order.answer !== '00')
        return error(res, 404, 'QR code not available yet');
      const png = await QRCode.toBuffer(String(order.data.lpa), { type: 'png' });
      return void res.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length }).end(png);
    }
    if (method === 'POST' && path === '/v1/transactions/verify') {
      // Ids starting 000 stand for a customer the biller does not know.
      if (String(body.customer_msisdn).startsWith('000')) return error(res, 400, 'Invalid meter number');
      return send(res, 200, {
        status: 'success',
        code: 200,
        message: 'Customer verified',
        data: verifyData(body),
      });
    }
    if (method === 'GET' && (m = /^\/v1\/plans\/(mtn|glo|airtel|9mobile)$/.exec(path))) {
      return list(res, dataPlans(m[1]), '2000');
    }
    if (method === 'GET' && (m = /^\/v1\/plans\/bills\/(electricity|cable|betting)$/.exec(path))) {
      return list(res, BILL_PLANS[m[1]], '2000');
    }
    if (method === 'GET' && path === '/v1/giftcards/catalog') return list(res, GIFTCARDS);
    if (method === 'GET' && path === '/v1/esim/catalog') return list(res, ESIMS);
    if (method === 'GET' && path === '/v1/wallet/balance') {
      const row = {
        environment: 'live',
        currency: 'NGN',
        balance: settings.balance,
        updated_at: '2025-01-01 00:00:00',
      };
      return send(res, 200, { status: 'success', data: [row], total: settings.balance });
    }
    return error(res, 404, 'Not found');
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= BODY_CAP) chunks.push(c);
    });
    req.on('end', () => {
      if (size > BODY_CAP) return error(res, 413, 'Body too large');
      let body: unknown;
      try {
        body = size ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
      } catch {
        return error(res, 400, 'Invalid JSON');
      }
      const json = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Json) : {};
      route({ req, res, body: json }).catch((err: unknown) => error(res, 500, String(err)));
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    control,
    stats: () => structuredClone(stats),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // including the ones `timeout` holds open
      }),
  };
}

function pick(o: Partial<FaultSettings>): Partial<FaultSettings> {
  const out: Partial<FaultSettings> = {};
  for (const k of Object.keys(DEFAULTS) as (keyof FaultSettings)[]) {
    if (o[k] !== undefined) Object.assign(out, { [k]: o[k] });
  }
  return out;
}

/** Just enough of the spec's validation to answer 400 like a real provider. */
function validate(kind: Kind, body: Json): string | null {
  if (kind === 'giftcard') return Number.isInteger(body.plan_id) ? null : 'plan_id must be an integer';
  if (kind === 'esim') {
    if (String(body.request_id).length > 40) return 'request_id must be at most 40 characters';
    return typeof body.plan_id === 'string' && body.plan_id ? null : 'plan_id is required';
  }
  for (const f of ['merchant_code', 'customer_msisdn', 'network', 'amount']) {
    if (typeof body[f] !== 'string' || !body[f]) return `${f} is required`;
  }
  return null;
}

/** The order as delivered (what a 00 shows), shaped like the spec's `data` objects. */
function orderData(kind: Kind, product: string, key: string, body: Json): Json {
  const tail = key.replace(/-/g, '').slice(0, 10).toUpperCase();
  const ids = { request_id: key, internal_reference: randomUUID(), merchant_id: 1 };
  if (kind === 'giftcard') {
    const card = (i: number) => ({ card_number: `FAULT-${tail}-${i + 1}`, pin_code: String(1000 + i) });
    const cards = Array.from({ length: Number(body.quantity ?? 1) }, (_, i) => card(i));
    return { ...ids, product: 'giftcard', reference_code: `GC-${tail}`, amount: '5000.00', cards };
  }
  if (kind === 'esim') {
    const activation_code = `ACT-${tail}`;
    // prettier-ignore
    return {
      ...ids, product: 'esim', reference_code: `ES-${tail}`, amount: '7500.00', iccid: '8923400000000000001',
      activation_code, smdp_address: SMDP, lpa: `LPA:1$${SMDP}$${activation_code}`,
      redemption_instructions: 'Scan the QR code in Settings > Mobile data > Add eSIM.',
    };
  }
  // prettier-ignore
  const base: Json = {
    ...ids, msisdn: body.customer_msisdn, product, network: String(body.network).toUpperCase(), amount: body.amount,
    plan: String(body.plan_code ?? ''), created_at: new Date().toISOString().slice(0, 19) + 'Z',
  };
  // prettier-ignore
  if (product === 'ELECTRICITY') return { ...base, token: '12345678901234567890', units: '47.7', customer_name: 'TEST CUSTOMER' };
  // prettier-ignore
  if (product !== 'airtime' && product !== 'data') return { ...base, customer_name: 'TEST CUSTOMER', external_reference: `EXT${tail}` };
  // prettier-ignore
  return { ...base, external_reference: `EXT${tail}`, telco_message: `Recharge to ${String(body.customer_msisdn)} successful` };
}

/** What an answer with this code shows: delivery fields only on success, like the spec. */
function viewOf(order: Order, code: Code): Json {
  if (code === '00') return order.data;
  const { request_id, internal_reference, product, amount } = order.data;
  return { request_id, internal_reference, product, amount };
}

/** A 00 that falls short of the order: one card fewer, no install fields, no token, half the amount. */
function shortOf(data: Json): Json {
  const { cards, lpa, activation_code, smdp_address, token, units, ...rest } = data;
  void [lpa, activation_code, smdp_address, token, units];
  if (Array.isArray(cards)) return { ...rest, cards: cards.slice(1) };
  if (rest.product === 'esim') return rest;
  const half = Math.round(Number(rest.amount) * 50) / 100;
  return { ...rest, amount: half.toFixed(2) };
}

function verifyData(body: Json): Json {
  // prettier-ignore
  const base = { product: body.product, network: body.network, msisdn: body.customer_msisdn, customer_name: 'TEST CUSTOMER' };
  if (body.product !== 'ELECTRICITY') return base;
  return { ...base, customer_address: '12 Test Close, Ikeja', min_amount: '500', max_amount: '500000' };
}

function dataPlans(network: string): Json[] {
  const p = network.toUpperCase();
  // prettier-ignore
  return [1, 2].map((i) => ({
    id: i, plan_code: `${p}-${i}`, name: `${i}GB`, description: `${i}GB 30 days`, price: `${i * 1000}.00`,
    tarrifTypeId: String(100 + i), validity: '30 days', value: `${i}GB`, group: 'Monthly', shortCode: `${p}${i}`,
  }));
}

// prettier-ignore
const BILL_PLANS: Record<string, Json[]> = {
  electricity: [
    { id: 1, name: 'Ikeja Electric Prepaid', network: 'Ikeja Electric', product: 'ELECTRICITY', amount_type: 'range', price: '500.00', meter_type: 'prepaid' },
    { id: 2, name: 'Ikeja Electric Postpaid', network: 'Ikeja Electric', product: 'ELECTRICITY', amount_type: 'range', price: '500.00', meter_type: 'postpaid' },
  ],
  cable: [{ id: 10, name: 'DStv Compact', network: 'DSTV', product: 'CABLE', amount_type: 'fixed', price: '15700.00' }],
  betting: [{ id: 20, name: 'Bet9ja wallet', network: 'BET9JA', product: 'BETTING', amount_type: 'range', price: '100.00' }],
};
// prettier-ignore
const GIFTCARDS: Json[] = [
  { plan_id: 101, title: 'Steam 20 USD (US)', brand: 'Steam', region: 'US', ui_category: 'gaming', face_value: 20, currency_code: 'USD', ngn_price: '32000.00', fixed_price: true, featured: true },
];
// prettier-ignore
const ESIMS: Json[] = [
  { plan_id: 'esim-gb-5', title: 'UK 5GB 30 days', country: 'GB', region: 'Europe', data_gb: 5, duration_days: 30, currency_code: 'USD', ngn_price: '7500.00' },
];

function isMain(): boolean {
  try {
    return realpathSync(process.argv[1] ?? '') === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isMain()) {
  const { values } = parseArgs({ options: { port: { type: 'string' }, mode: { type: 'string' } } });
  const mode = (values.mode ?? 'ok') as FaultMode;
  const upstream = await startFaultUpstream({ port: Number(values.port ?? 0), mode });
  process.stdout.write(`${JSON.stringify({ url: upstream.url })}\n`);
  const stop = () => void upstream.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
