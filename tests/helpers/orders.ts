import { PNG } from 'pngjs';
import { request } from 'undici';
import jsQRModule from 'jsqr';
import { addUpstream } from '../../server/store/upstreams.js';
import type { SimulatorOptions } from '../../server/upstreams/simulator.js';
import type { Pair, TestNode } from './test-node.js';

// jsqr is CommonJS: under NodeNext its default import is module.exports, which carries `.default`.
const jsQR = jsQRModule.default;

/** Decodes a PNG QR image back to its text, the way a phone camera would. */
export function decodeQr(png: Buffer): string | null {
  const img = PNG.sync.read(png);
  const code = jsQR(
    new Uint8ClampedArray(img.data.buffer, img.data.byteOffset, img.data.byteLength),
    img.width,
    img.height,
  );
  return code ? code.data : null;
}

/** The caller's wallet balance in kobo, read through the API. */
export async function balanceKobo(t: TestNode, pair: Pair): Promise<number> {
  const r = await t.call('GET', '/v1/wallet/balance', { pair });
  if (r.status !== 200) throw new Error(`balance: ${r.status} ${r.text}`);
  const [naira, kobo = '00'] = String(r.json.total).split('.');
  return Number(naira) * 100 + Number(kobo.padEnd(2, '0'));
}

/** Ledger entries of one purchase by kind: proves "debited once, refunded at most once". */
export function ledgerKinds(t: TestNode, internalReference: string): Record<string, number> {
  const rows = t.node.services.db
    .prepare(
      `SELECT l.kind, COUNT(*) AS n FROM ledger_entries l JOIN purchases p ON p.id = l.purchase_id
       WHERE p.internal_reference = ? GROUP BY l.kind`,
    )
    .all(internalReference) as { kind: string; n: number }[];
  return Object.fromEntries(rows.map((r) => [r.kind, r.n]));
}

export function purchaseIdOf(t: TestNode, internalReference: string): number {
  const row = t.node.services.db
    .prepare('SELECT id FROM purchases WHERE internal_reference = ?')
    .get(internalReference) as { id: number };
  return row.id;
}

/**
 * A live merchant (allowlisted on 127.0.0.1, funded) and an operator-routed simulator for gift
 * cards and eSIMs: how a demo host sells live orders without a real provider.
 */
export function liveOrders(t: TestNode, code: string, sim: SimulatorOptions, liveNaira = 2_000_000) {
  addUpstream(
    t.node.services.db,
    t.node.services.box,
    {
      name: `${code.toLowerCase()}-sim`,
      type: 'simulator',
      options: { ...sim },
      products: ['giftcard', 'esim'],
    },
    'test',
  );
  const m = t.merchant(code, { liveNaira, allowIps: ['127.0.0.1'] });
  return {
    merchantId: m.id,
    live: { key: m.live.key, secret: m.live.secret } as Pair,
    test: { key: m.test.key, secret: m.test.secret } as Pair,
  };
}

/** GET returning the raw body: the QR route answers image/png, which TestNode.call would decode as text. */
export async function getBytes(
  t: TestNode,
  path: string,
  pair: Pair,
): Promise<{ status: number; type: string; body: Buffer; headers: Record<string, unknown> }> {
  const res = await request(`${t.url}${path}`, {
    method: 'GET',
    headers: { 'x-merchant-key': pair.key, 'x-merchant-secret': pair.secret },
  });
  const body = Buffer.from(await res.body.arrayBuffer());
  return {
    status: res.statusCode,
    type: String(res.headers['content-type'] ?? ''),
    body,
    headers: res.headers,
  };
}
