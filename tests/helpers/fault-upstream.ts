import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { realpathSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
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
 */

export const FAULT_MODES = [
  'ok',
  'fail',
  'timeout',
  '5xx',
  'html502',
  'malformed',
  'reset',
  'slow',
  'pending-then-success',
  'pending-then-failed',
  'unknown-code',
  'reject-400',
  'redirect',
  'huge',
] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

export interface FaultSettings {
  mode: FaultMode;
  /** `slow`: delay before answering. */
  slowMs: number;
  /** `pending-then-*`: status polls answered 02 before the final outcome. */
  pendingPolls: number;
  /** `reject-400`: the error message. */
  rejectMessage: string;
  /** Wallet balance, Naira string. */
  balance: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

export interface FaultStats {
  /** Create calls per idempotency key (client_request_id / request_id), rejected ones included. */
  vendCalls: Record<string, number>;
  statusCalls: Record<string, number>;
  /** Requests that reached the target of a `redirect` answer: must stay 0. */
  redirectHits: number;
  requests: RecordedRequest[];
}

export interface FaultUpstream {
  url: string;
  control(patch: Partial<FaultSettings> & { reset?: boolean }): void;
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
interface Order {
  kind: Kind;
  answer: Code;
  final: Code;
  pollsLeft: number;
  data: Json;
}

const DEFAULTS: FaultSettings = {
  mode: 'ok',
  slowMs: 1_000,
  pendingPolls: 1,
  rejectMessage: 'Validation error',
  balance: '1000.00',
};
const WORD: Record<Code, string> = { '00': 'success', '01': 'failed', '02': 'pending' };
const MESSAGE: Record<Code, string> = { '00': 'Successful', '01': 'Failed', '02': 'Pending' };
const TRANSPORT_FAULTS = new Set<FaultMode>([
  'timeout',
  '5xx',
  'html502',
  'malformed',
  'reset',
  'redirect',
  'huge',
]);
const LPA_SMDP = 'smdp.fault.test';

function send(res: http.ServerResponse, status: number, body: unknown, type = 'application/json'): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(text) }).end(text);
}
const error = (res: http.ServerResponse, code: number, message: string) =>
  send(res, code, { status: 'error', code, message });

export async function startFaultUpstream(opts: FaultUpstreamOptions = {}): Promise<FaultUpstream> {
  const settings: FaultSettings = { ...DEFAULTS, ...pick(opts) };
  const orders = new Map<string, Order>();
  let stats: FaultStats = { vendCalls: {}, statusCalls: {}, redirectHits: 0, requests: [] };

  const control = (patch: Partial<FaultSettings> & { reset?: boolean }) => {
    if (patch.mode !== undefined && !FAULT_MODES.includes(patch.mode))
      throw new Error(`unknown mode ${patch.mode}`);
    Object.assign(settings, pick(patch));
    if (patch.reset) {
      orders.clear();
      stats = { vendCalls: {}, statusCalls: {}, redirectHits: 0, requests: [] };
    }
  };

  /** Answers with the current transport fault, if any; true when it did (or chose silence). */
  const fault = (req: http.IncomingMessage, res: http.ServerResponse): boolean => {
    switch (settings.mode) {
      case 'timeout':
        return true; // never answers; close() destroys the socket
      case '5xx':
        error(res, 500, 'Internal server error');
        return true;
      case 'html502':
        send(res, 502, '<html><body><h1>502 Bad Gateway</h1></body></html>', 'text/html');
        return true;
      case 'malformed':
        send(res, 200, '{"status":"success","response_code":"00","data":{"token":', 'application/json');
        return true;
      case 'reset':
        req.socket.destroy();
        return true;
      case 'redirect':
        res.writeHead(302, { location: '/v1/redirected', 'content-length': 0 }).end();
        return true;
      case 'huge':
        send(res, 200, { status: 'success', response_code: '00', data: { padding: 'x'.repeat(2 << 20) } });
        return true;
      default:
        return false;
    }
  };

  const envelope = (res: http.ServerResponse, code: Code | '99', data: Json) =>
    send(
      res,
      200,
      code === '99'
        ? { status: 'unknown', response_code: '99', response_message: 'Unknown', data }
        : { status: WORD[code], response_code: code, response_message: MESSAGE[code], data },
    );

  const create = (
    kind: Kind,
    product: string,
    async: boolean,
    body: Json,
    res: http.ServerResponse,
    req: http.IncomingMessage,
  ) => {
    const key = kind === 'transaction' ? body.client_request_id : body.request_id;
    if (typeof key !== 'string' || !key)
      return error(
        res,
        400,
        kind === 'transaction' ? 'client_request_id is required' : 'request_id is required',
      );
    stats.vendCalls[key] = (stats.vendCalls[key] ?? 0) + 1;
    const invalid = validate(kind, body);
    if (settings.mode === 'reject-400' || invalid) return error(res, 400, invalid ?? settings.rejectMessage);
    if (orders.has(key)) return error(res, 422, `Duplicate request: ${key} was already used`);
    const mode = settings.mode;
    const final: Code = mode === 'fail' || mode === 'pending-then-failed' ? '01' : '00';
    const pendingFirst = mode === 'pending-then-success' || mode === 'pending-then-failed';
    const answer: Code = pendingFirst || (async && kind === 'transaction') ? '02' : final;
    const order: Order = {
      kind,
      answer,
      final,
      pollsLeft: pendingFirst ? settings.pendingPolls : 0,
      data: orderData(kind, product, key, body),
    };
    orders.set(key, order);
    if (fault(req, res)) return;
    const reply = () => envelope(res, mode === 'unknown-code' ? '99' : answer, viewOf(order, answer));
    if (mode === 'slow') setTimeout(reply, settings.slowMs);
    else reply();
  };

  const status = (kind: Kind, key: string, res: http.ServerResponse, req: http.IncomingMessage) => {
    stats.statusCalls[key] = (stats.statusCalls[key] ?? 0) + 1;
    if (fault(req, res)) return;
    const order = orders.get(key);
    if (!order || order.kind !== kind)
      return error(res, 404, kind === 'transaction' ? 'Transaction not found' : 'Order not found');
    if (order.answer === '02') {
      if (order.pollsLeft > 0) order.pollsLeft -= 1;
      else order.answer = order.final;
    }
    const reply = () =>
      envelope(res, settings.mode === 'unknown-code' ? '99' : order.answer, viewOf(order, order.answer));
    if (settings.mode === 'slow') setTimeout(reply, settings.slowMs);
    else reply();
  };

  const route = async (req: http.IncomingMessage, res: http.ServerResponse, body: Json) => {
    const url = new URL(req.url ?? '/', 'http://fault.local');
    const path = url.pathname;
    const method = req.method ?? 'GET';
    if (method === 'POST' && path === '/__control') {
      if (body.mode !== undefined && !FAULT_MODES.includes(body.mode as FaultMode))
        return error(res, 400, `unknown mode ${String(body.mode)}`);
      control(body as Partial<FaultSettings> & { reset?: boolean });
      return send(res, 200, { ...settings });
    }
    if (method === 'GET' && path === '/__stats') return send(res, 200, stats);
    if (path === '/v1/healthz') return send(res, 200, { status: 'ok' });
    stats.requests.push({ method, path: req.url ?? path, headers: req.headers, body });
    if (stats.requests.length > 500) stats.requests.shift();
    if (path === '/v1/redirected') {
      stats.redirectHits += 1;
      return envelope(res, '00', { request_id: 'redirected' });
    }
    const key = req.headers['x-merchant-key'];
    const secret = req.headers['x-merchant-secret'];
    const authed =
      opts.key !== undefined ? key === opts.key && secret === opts.secret : Boolean(key && secret);
    if (!authed) return error(res, 401, 'Missing or invalid X-Merchant-Key / X-Merchant-Secret');

    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/transactions') {
      const product = String(body.product ?? '');
      return create('transaction', product, product === 'airtime' || product === 'data', body, res, req);
    }
    if (method === 'POST' && (m = /^\/v1\/transactions\/(airtime|data)\/(sync|async)$/.exec(path))) {
      return create('transaction', m[1], m[2] === 'async', { ...body, product: m[1] }, res, req);
    }
    if (method === 'POST' && path === '/v1/giftcards/orders')
      return create('giftcard', 'giftcard', false, body, res, req);
    if (method === 'POST' && path === '/v1/esim/orders') return create('esim', 'esim', false, body, res, req);
    if (method === 'GET' && path === '/v1/transactions/status') {
      const key =
        url.searchParams.get('client_request_id') ??
        url.searchParams.get('request_id') ??
        url.searchParams.get('request_ref');
      if (!key) return error(res, 400, 'One of client_request_id, request_id or request_ref is required');
      return status('transaction', key, res, req);
    }
    if (method === 'GET' && (m = /^\/v1\/(giftcards|esim)\/orders\/([^/]+)$/.exec(path))) {
      return status(m[1] === 'esim' ? 'esim' : 'giftcard', decodeURIComponent(m[2]), res, req);
    }
    if (fault(req, res)) return;
    if (method === 'GET' && (m = /^\/v1\/esim\/orders\/([^/]+)\/qrcode$/.exec(path))) {
      const order = orders.get(decodeURIComponent(m[1]));
      if (!order || order.kind !== 'esim' || order.answer !== '00')
        return error(res, 404, 'QR code not available');
      const png = await QRCode.toBuffer(String(order.data.lpa), { type: 'png' });
      return res.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length }).end(png);
    }
    if (method === 'POST' && path === '/v1/transactions/verify') {
      if (String(body.customer_msisdn).startsWith('000'))
        return error(res, 400, 'Invalid meter number: customer not found');
      return send(res, 200, {
        status: 'success',
        code: 200,
        message: 'Customer verified',
        data: verifyData(body),
      });
    }
    if (method === 'GET' && (m = /^\/v1\/plans\/(mtn|glo|airtel|9mobile)$/.exec(path))) {
      return send(res, 200, { status: '2000', description: 'Data plans', data: dataPlans(m[1]) });
    }
    if (method === 'GET' && (m = /^\/v1\/plans\/bills\/(electricity|cable|betting)$/.exec(path))) {
      return send(res, 200, { status: '2000', description: 'Bill plans', data: billPlans(m[1]) });
    }
    if (method === 'GET' && path === '/v1/giftcards/catalog')
      return send(res, 200, { status: 'success', code: 200, message: 'Catalog', data: GIFTCARDS });
    if (method === 'GET' && path === '/v1/esim/catalog')
      return send(res, 200, { status: 'success', code: 200, message: 'Catalog', data: ESIMS });
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
      if (size <= 1 << 20) chunks.push(c);
    });
    req.on('end', () => {
      if (size > 1 << 20) return error(res, 413, 'Body too large');
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = {};
      try {
        body = text ? JSON.parse(text) : {};
      } catch {
        return error(res, 400, 'Invalid JSON');
      }
      const json = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Json) : {};
      route(req, res, json).catch((err: unknown) => error(res, 500, String(err)));
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
        server.closeAllConnections();
      }),
  };
}

function pick(o: Partial<FaultSettings>): Partial<FaultSettings> {
  const out: Partial<FaultSettings> = {};
  for (const k of Object.keys(DEFAULTS) as (keyof FaultSettings)[])
    if (o[k] !== undefined) Object.assign(out, { [k]: o[k] });
  return out;
}

function validate(kind: Kind, body: Json): string | null {
  if (kind === 'giftcard') return Number.isInteger(body.plan_id) ? null : 'plan_id must be an integer';
  if (kind === 'esim') {
    if (String(body.request_id).length > 40) return 'request_id must be at most 40 characters';
    return typeof body.plan_id === 'string' && body.plan_id ? null : 'plan_id is required';
  }
  for (const f of ['merchant_code', 'customer_msisdn', 'network', 'amount'])
    if (typeof body[f] !== 'string' || !body[f]) return `${f} is required`;
  return null;
}

function orderData(kind: Kind, product: string, key: string, body: Json): Json {
  const ref = randomUUID();
  const tail = key.replace(/-/g, '').slice(0, 10).toUpperCase();
  if (kind === 'giftcard') {
    const quantity = Number(body.quantity ?? 1);
    const cards = Array.from({ length: quantity }, (_, i) => ({
      card_number: `FAULT-${tail}-${i + 1}`,
      pin_code: String(1000 + i),
      claim_url: `https://example.invalid/claim/${tail}`,
    }));
    return {
      request_id: key,
      product: 'giftcard',
      internal_reference: ref,
      reference_code: `GC-${tail}`,
      product_title: `Gift card ${String(body.plan_id)}`,
      amount: '5000.00',
      merchant_id: 1,
      cards,
    };
  }
  if (kind === 'esim') {
    const activation = `ACT-${tail}`;
    return {
      request_id: key,
      product: 'esim',
      internal_reference: ref,
      reference_code: `ES-${tail}`,
      amount: '7500.00',
      merchant_id: 1,
      iccid: '8923400000000000001',
      activation_code: activation,
      smdp_address: LPA_SMDP,
      lpa: `LPA:1$${LPA_SMDP}$${activation}`,
      redemption_instructions: 'Scan the QR code in Settings > Mobile data > Add eSIM.',
    };
  }
  const base: Json = {
    internal_reference: ref,
    msisdn: body.customer_msisdn,
    product,
    request_id: key,
    network: String(body.network).toUpperCase(),
    amount: body.amount,
    plan: String(body.plan_code ?? ''),
    merchant_id: 1,
    created_at: new Date().toISOString().slice(0, 19) + 'Z',
  };
  if (product === 'ELECTRICITY')
    return { ...base, token: '12345678901234567890', units: '47.7', customer_name: 'TEST CUSTOMER' };
  if (product === 'CABLE' || product === 'BETTING')
    return { ...base, customer_name: 'TEST CUSTOMER', external_reference: `EXT${tail}` };
  return {
    ...base,
    external_reference: `EXT${tail}`,
    telco_message: `Recharge of ${String(body.amount)} to ${String(body.customer_msisdn)} successful`,
  };
}

/** What an answer with this code shows: delivery fields only on success, like the spec. */
function viewOf(order: Order, code: Code): Json {
  if (code === '00') return order.data;
  const { request_id, internal_reference, product, amount, msisdn, network } = order.data;
  return Object.fromEntries(
    Object.entries({ request_id, internal_reference, product, amount, msisdn, network }).filter(
      ([, v]) => v !== undefined,
    ),
  );
}

function verifyData(body: Json): Json {
  const base = {
    product: body.product,
    network: body.network,
    msisdn: body.customer_msisdn,
    customer_name: 'TEST CUSTOMER',
  };
  return body.product === 'ELECTRICITY'
    ? { ...base, customer_address: '12 Test Close, Ikeja', min_amount: '500', max_amount: '500000' }
    : base;
}

function dataPlans(network: string): Json[] {
  const prefix = network.toUpperCase();
  return [1, 2].map((i) => ({
    id: i,
    plan_code: `${prefix}-${i}`,
    name: `${i}GB`,
    description: `${i}GB 30 days`,
    price: `${i * 1000}.00`,
    tarrifTypeId: String(100 + i),
    validity: '30 days',
    value: `${i}GB`,
    group: 'Monthly',
    shortCode: `${prefix}${i}`,
  }));
}

function billPlans(product: string): Json[] {
  if (product === 'electricity') {
    return [
      {
        id: 1,
        name: 'Ikeja Electric Prepaid',
        network: 'Ikeja Electric',
        product: 'ELECTRICITY',
        amount_type: 'range',
        price: '500.00',
        meter_type: 'prepaid',
      },
      {
        id: 2,
        name: 'Ikeja Electric Postpaid',
        network: 'Ikeja Electric',
        product: 'ELECTRICITY',
        amount_type: 'range',
        price: '500.00',
        meter_type: 'postpaid',
      },
    ];
  }
  if (product === 'cable')
    return [
      {
        id: 10,
        name: 'DStv Compact',
        network: 'DSTV',
        product: 'CABLE',
        amount_type: 'fixed',
        price: '15700.00',
      },
    ];
  return [
    {
      id: 20,
      name: 'Bet9ja wallet',
      network: 'BET9JA',
      product: 'BETTING',
      amount_type: 'range',
      price: '100.00',
    },
  ];
}

const GIFTCARDS: Json[] = [
  {
    plan_id: 101,
    title: 'Steam 20 USD (US)',
    brand: 'Steam',
    region: 'US',
    ui_category: 'gaming',
    face_value: 20,
    currency_code: 'USD',
    ngn_price: '32000.00',
    fixed_price: true,
    featured: true,
  },
];
const ESIMS: Json[] = [
  {
    plan_id: 'esim-gb-5',
    title: 'UK 5GB 30 days',
    country: 'GB',
    region: 'Europe',
    data_gb: 5,
    duration_days: 30,
    currency_code: 'USD',
    ngn_price: '7500.00',
  },
];

function isMain(): boolean {
  try {
    return (
      Boolean(process.argv[1]) &&
      realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url))
    );
  } catch {
    return false;
  }
}

if (isMain()) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const upstream = await startFaultUpstream({
    port: Number(arg('port') ?? 0),
    mode: (arg('mode') as FaultMode | undefined) ?? 'ok',
  });
  process.stdout.write(`${JSON.stringify({ url: upstream.url })}\n`);
  const stop = () => void upstream.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
