import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedHook {
  method: string;
  /** The request's path and query, as the receiver saw it. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: { id: string; type: string; created_at: string; environment: string; data: any };
  at: number;
}

export interface WebhookReceiver {
  url: string;
  port: number;
  received: ReceivedHook[];
  /** Decides the status code of each request (default 200). */
  answer: (hook: ReceivedHook, n: number) => number;
  close(): Promise<void>;
}

/** A real HTTP receiver on 127.0.0.1 that keeps every request it gets, raw body included. */
export async function startWebhookReceiver(port = 0): Promise<WebhookReceiver> {
  const r: WebhookReceiver = {
    url: '',
    port: 0,
    received: [],
    answer: () => 200,
    close: async () => {},
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: ReceivedHook['json'];
      try {
        json = JSON.parse(body);
      } catch {
        json = { id: '', type: '', created_at: '', environment: '', data: null };
      }
      const hook = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body,
        json,
        at: Date.now(),
      };
      r.received.push(hook);
      res.statusCode = r.answer(hook, r.received.length);
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  r.port = (server.address() as AddressInfo).port;
  r.url = `http://127.0.0.1:${r.port}/hooks`;
  r.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return r;
}
