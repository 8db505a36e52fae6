/**
 * The bench's loopback webhook receiver, a child process so it does not share the load
 * generator's event loop: answers 200 to every POST and keeps each event's lag (arrival time
 * minus the event's created_at). `GET /stats` answers the count, distinct ids and lag p50/p99;
 * `GET /stats?from=<epoch ms>` takes the lags of what arrived from then on (the warm-up left out).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const lags: number[] = [];
const arrivals: number[] = [];
const ids = new Set<string>();
const server = createServer((req, res) => {
  if (req.method === 'GET') {
    const from = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('from') ?? 0);
    const sorted = lags.filter((_, i) => arrivals[i] >= from).sort((a, b) => a - b);
    const at = (q: number) =>
      sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : 0;
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({ count: lags.length, distinct: ids.size, lag_p50_ms: at(0.5), lag_p99_ms: at(0.99) }),
    );
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const now = Date.now();
    try {
      const e = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string; created_at: string };
      ids.add(e.id);
      lags.push(now - Date.parse(e.created_at));
      arrivals.push(now);
    } catch {
      // not an event: still answered 200
    }
    res.end('ok');
  });
});
server.listen(0, '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
