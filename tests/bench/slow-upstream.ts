/**
 * A `vending-api` provider that answers every vend after a fixed delay (default 2 s), for the
 * slow-upstream scenario: as lean as possible so the node, not the fake, is what is measured.
 * `tsx tests/bench/slow-upstream.ts [--delay-ms 2000]` prints `listening on URL`; GET /__stats
 * gives `{vends, repeats, open, maxOpen, other}` (vends received, answered or not; vends whose
 * key had already been vended, which the node must never send; open now; most open at once;
 * requests that are not a vend, such as the node's scheduled balance and list reads, answered
 * 404 except the balance); GET /__keys the keys vended. Only a POST to a transaction path is a vend.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { 'delay-ms': { type: 'string', default: '2000' } } });
const delayMs = Number(values['delay-ms']);
const stats = { vends: 0, repeats: 0, open: 0, maxOpen: 0, other: 0 };
/** Keys vended, so a status read can answer what happened (the node requeries unknowns). */
const vended = new Set<string>();

function send(res: http.ServerResponse, status: number, body: unknown): void {
  const json = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) });
  res.end(json);
}

function success(key: string, body: Record<string, unknown>) {
  return {
    status: 'success',
    response_code: '00',
    response_message: 'Successful',
    data: {
      request_id: key,
      internal_reference: key,
      msisdn: body.customer_msisdn,
      product: body.product ?? 'airtime',
      network: String(body.network ?? '').toUpperCase(),
      amount: body.amount,
      external_reference: `SLOW${stats.vends}`,
    },
  };
}

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://slow.local');
  if (req.method === 'GET' && url.pathname === '/__stats') return send(res, 200, stats);
  if (req.method === 'GET' && url.pathname === '/__keys') return send(res, 200, [...vended]);
  if (req.method === 'GET' && url.pathname === '/v1/transactions/status') {
    const key = url.searchParams.get('client_request_id') ?? '';
    if (!vended.has(key)) return send(res, 404, { status: 'error', code: 404, message: 'not found' });
    return send(res, 200, success(key, {}));
  }
  if (req.method !== 'POST' || !url.pathname.startsWith('/v1/transactions')) {
    // The node's schedules also call its upstreams (balance every 5 minutes, reconciliation
    // lists): these were once counted as vends with an empty key.
    stats.other++;
    req.resume();
    if (req.method === 'GET' && url.pathname === '/v1/wallet/balance')
      return send(res, 200, {
        status: 'success',
        data: [{ currency: 'NGN', balance: '1000000.00' }],
        total: '1000000.00',
      });
    return send(res, 404, { status: 'error', code: 404, message: 'not found' });
  }
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
    const key = String(body.client_request_id ?? '');
    stats.vends++;
    if (vended.has(key)) stats.repeats++;
    stats.open++;
    stats.maxOpen = Math.max(stats.maxOpen, stats.open);
    vended.add(key);
    setTimeout(() => {
      stats.open--;
      send(res, 200, success(key, body));
    }, delayMs);
  });
});
server.keepAliveTimeout = 60_000;
// The node opens about a thousand pooled connections at once: with Node's default backlog (511)
// the kernel dropped the excess SYNs and each of those vends waited a 1-s SYN retransmit.
server.listen({ port: 0, host: '127.0.0.1', backlog: 4096 }, () => {
  console.log(`listening on http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
