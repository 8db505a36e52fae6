import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, routeUrl, setCsrfToken } from '../../renderer/src/api/client.js';
import { RequestAborted } from '../../renderer/src/lib/errors.js';
import { nodeOffline } from '../../renderer/src/lib/reachability.js';

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** Records what the console puts on the wire; answers every call with `answer`. */
function recordWire(answer: unknown = {}): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({
        method: init.method ?? 'GET',
        url,
        headers: (init.headers ?? {}) as Record<string, string>,
        body: init.body === undefined ? undefined : String(init.body),
      });
      return new Response(JSON.stringify(answer), { status: 200 });
    }),
  );
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
  setCsrfToken('');
});

/**
 * The typed client (api.get/post/put/patch/delete, routeUrl) builds each request from a route
 * template: the URL, method and body must be the ones the stores sent by hand before.
 */
describe('the typed console client', () => {
  it('fills a template with encoded path parameters and sends only the non-empty query values', async () => {
    const sent = recordWire();
    await api.get('/console/purchases/{ref}', {
      path: { ref: 'VP 1/2' },
      query: { merchant_code: 'ADE&CO', wait_ms: 3000 },
    });
    await api.get('/console/purchases/{ref}', { path: { ref: 'ref-1' }, query: { merchant_code: '' } });
    await api.get('/console/admin/users/{id}/cashup', {
      path: { id: 7 },
      query: { environment: 'live', from: '' },
    });
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual([
      'GET /console/purchases/VP%201%2F2?merchant_code=ADE%26CO&wait_ms=3000',
      'GET /console/purchases/ref-1',
      'GET /console/admin/users/7/cashup?environment=live',
    ]);
    expect(sent[0].body).toBeUndefined();
    expect(sent[0].headers['content-type']).toBeUndefined();
  });

  it('sends a POST without a body as {}, and the other methods only the body given', async () => {
    const sent = recordWire();
    setCsrfToken('csrf-1');
    await api.post('/console/admin/upstreams/check-balances');
    await api.post('/console/admin/attention/{ref}/flag', { path: { ref: 'r-1' }, body: { reason: 'late' } });
    await api.delete('/console/admin/webhooks/{id}', { path: { id: 'we_3' } });
    await api.put('/console/admin/node-settings/{key}', {
      path: { key: 'catalog_sync_cron' },
      body: { value: null },
    });
    expect(sent.map((s) => [s.method, s.url, s.body, s.headers['content-type'] ?? null])).toEqual([
      ['POST', '/console/admin/upstreams/check-balances', '{}', 'application/json'],
      ['POST', '/console/admin/attention/r-1/flag', '{"reason":"late"}', 'application/json'],
      ['DELETE', '/console/admin/webhooks/we_3', undefined, null],
      ['PUT', '/console/admin/node-settings/catalog_sync_cron', '{"value":null}', 'application/json'],
    ]);
    expect(sent.every((s) => s.headers['x-csrf-token'] === 'csrf-1')).toBe(true);
  });

  it('builds a link URL (CSV, QR image) the same way, without fetching', () => {
    expect(
      routeUrl('/console/admin/merchants/{code}/wallets/{env}/ledger.csv', {
        path: { code: 'A B', env: 'live' },
        query: { from: '2026-01-01', to: '' },
      }),
    ).toBe('/console/admin/merchants/A%20B/wallets/live/ledger.csv?from=2026-01-01');
    expect(routeUrl('/console/purchases.csv')).toBe('/console/purchases.csv');
  });
  it('rejects an aborted request with RequestAborted, without taking the node for unreachable', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise<Response>((_, reject) =>
            init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      ),
    );
    const cancel = new AbortController();
    const asked = api.get('/console/purchases', { query: { search: 'slow' }, signal: cancel.signal });
    cancel.abort();
    await expect(asked).rejects.toBeInstanceOf(RequestAborted);
    expect(nodeOffline.value).toBe(false);
  });
});

/**
 * Never run: `tsc -p tsconfig.test.json` checks each misuse below is refused (an
 * @ts-expect-error that refuses nothing is itself an error), so the typing cannot quietly stop biting.
 */
export async function misusesTheTypesRefuse(): Promise<void> {
  // @ts-expect-error a route the node does not have
  await api.get('/console/purchase/{ref}', { path: { ref: 'x' } });
  // @ts-expect-error a route that does not answer this method
  await api.delete('/console/sell');
  // @ts-expect-error a path parameter left out
  await api.get('/console/purchases/{ref}');
  // @ts-expect-error a query the route does not take
  await api.get('/console/purchases/{ref}', { path: { ref: 'x' }, query: { page: 2 } });
  // @ts-expect-error a body field the route does not take
  await api.post('/console/admin/attention/{ref}/flag', { path: { ref: 'x' }, body: { why: 'late' } });
  // @ts-expect-error a required body left out
  await api.post('/console/login', { quiet401: true });
  const quote = await api.get('/console/admin/merchants/{code}/pricing/quote', { path: { code: 'ADE' } });
  // @ts-expect-error a field the answer does not have
  void quote.amount;
  void quote.debit;
}
