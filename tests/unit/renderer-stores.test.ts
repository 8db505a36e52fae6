import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { useSessionStore } from '../../renderer/src/stores/session.js';
import { useSaleStore, nextFollowDelay } from '../../renderer/src/stores/sale.js';
import { useHistoryStore } from '../../renderer/src/stores/history.js';
import { useWalletStore } from '../../renderer/src/stores/wallet.js';
import type { Sale } from '../../renderer/src/api/types.js';
import {
  api,
  setCsrfToken,
  setEnvironmentWithdrawnHandler,
  setPageEnvironmentSource,
} from '../../renderer/src/api/client.js';

interface Call {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A fake node: answers by "METHOD /path" from a table (a function may vary the answer per call). */
function fakeNode(routes: Record<string, unknown | ((call: Call) => unknown)>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const call = {
        method: init.method ?? 'GET',
        url,
        headers: (init.headers ?? {}) as Record<string, string>,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      const key = `${call.method} ${url.split('?')[0]}`;
      const route = routes[key];
      if (route === undefined)
        return new Response(JSON.stringify({ status: 'error', code: 404, message: `No route ${key}` }), {
          status: 404,
        });
      const answer = typeof route === 'function' ? (route as (c: Call) => unknown)(call) : route;
      const [status, body] = Array.isArray(answer) && typeof answer[0] === 'number' ? answer : [200, answer];
      return new Response(JSON.stringify(body), { status: status as number });
    }),
  );
  return calls;
}

const SESSION = {
  user: { id: 1, username: 'ada', role: 'agent' },
  merchant: { id: 1, code: 'DEMO', name: 'Demo Merchant' },
  environment: 'test',
  environments: ['test'],
  csrf_token: 'csrf-123',
  expires_at: '2030-01-01T00:00:00.000Z',
};

const sale = (status: string) => ({
  reference: 'ref-1',
  status,
  product: 'airtime',
  kind: 'transaction',
  amount: '100',
});

const AIRTIME = {
  product: 'airtime',
  network: 'mtn',
  customer_msisdn: '08031234567',
  amount: '100.00',
  client_request_id: 'c-1',
} as const;

beforeEach(() => {
  setActivePinia(createPinia());
  setCsrfToken('');
});
afterEach(() => vi.unstubAllGlobals());

describe('useSessionStore', () => {
  it('sends a fresh node to setup, a stranger to sign-in, a signed-in agent on', async () => {
    fakeNode({
      'GET /console/status': { setup_required: true, merchants: [{ code: 'DEMO', name: 'Demo' }] },
    });
    expect(await useSessionStore().refresh()).toBe('setup');

    // Signed out is said by the status: the session is not asked for (a 401 is a red console error).
    setActivePinia(createPinia());
    const strangerCalls = fakeNode({
      'GET /console/status': { setup_required: false, signed_in: false, merchants: [] },
      'GET /console/session': [401, { message: 'Your session has ended; sign in again' }],
    });
    const stranger = useSessionStore();
    expect(await stranger.refresh()).toBe('login');
    expect(stranger.session).toBeNull();
    expect(strangerCalls.map((c) => c.url)).toEqual(['/console/status']);

    // A session that ends between the two calls still lands on sign-in.
    setActivePinia(createPinia());
    fakeNode({
      'GET /console/status': { setup_required: false, signed_in: true, merchants: [] },
      'GET /console/session': [401, { message: 'Your session has ended; sign in again' }],
    });
    expect(await useSessionStore().refresh()).toBe('login');

    setActivePinia(createPinia());
    fakeNode({
      'GET /console/status': { setup_required: false, signed_in: true, merchants: [] },
      'GET /console/session': SESSION,
    });
    const agent = useSessionStore();
    expect(await agent.refresh()).toBe('ready');
    expect(agent.isLive).toBe(false);
    expect(agent.canSwitchEnvironment).toBe(false);
    expect(agent.isAdmin).toBe(false);
  });

  it('adds the CSRF token of the signed-in session to every write, and drops it on sign-out', async () => {
    const calls = fakeNode({
      'POST /console/login': SESSION,
      'POST /console/session/environment': {
        ...SESSION,
        environment: 'live',
        environments: ['test', 'live'],
      },
      'POST /console/logout': { status: 'success' },
    });
    const s = useSessionStore();
    await s.login('ada', 'pw');
    expect(calls[0].headers['x-csrf-token']).toBeUndefined();
    await s.switchEnvironment('live');
    expect(calls[1].headers['x-csrf-token']).toBe('csrf-123');
    expect(s.isLive).toBe(true);
    await s.logout();
    expect(s.session).toBeNull();
  });

  it('knows when the page holds another user’s pages: the same user back after an expiry is not that', async () => {
    const other = { ...SESSION, user: { ...SESSION.user, id: SESSION.user.id + 1, username: 'ben' } };
    let next = SESSION;
    fakeNode({ 'POST /console/login': () => next });
    const s = useSessionStore();
    await s.login('ada', 'pw');
    expect(s.holdsAnotherUsersPages).toBe(false);
    s.forget();
    await s.login('ada', 'pw');
    expect(s.holdsAnotherUsersPages).toBe(false);
    s.forget();
    next = other;
    await s.login('ben', 'pw');
    expect(s.holdsAnotherUsersPages).toBe(true);
  });

  it('sends the environment the page shows with every write, never with a read', async () => {
    const calls = fakeNode({ 'POST /console/sell': sale('success'), 'GET /console/session': SESSION });
    setPageEnvironmentSource(() => 'live');
    try {
      await api.post('/console/sell', { body: AIRTIME });
      await api.get('/console/session');
    } finally {
      setPageEnvironmentSource(null);
    }
    // The node's names (common/console-protocol.ts), spelled out: this is the wire.
    expect(calls[0].headers['x-vendpoint-page-environment']).toBe('live');
    expect(calls[1].headers['x-vendpoint-page-environment']).toBeUndefined();
  });

  it('turns a refused sign-in into the node sentence', async () => {
    fakeNode({
      'POST /console/login': [
        401,
        { status: 'error', code: 401, message: 'The username or password is not right' },
      ],
    });
    await expect(useSessionStore().login('ada', 'bad')).rejects.toThrow(
      'The username or password is not right.',
    );
  });

  it('on another computer, sends the typed setup code to read the merchants and to set up', async () => {
    const calls = fakeNode({
      'GET /console/status': (c: Call) =>
        c.headers['x-setup-code'] === 'ABCDE-12345'
          ? { setup_required: true, setup_code_required: true, merchants: [{ code: 'DEMO', name: 'Demo' }] }
          : { setup_required: true, setup_code_required: true, merchants: [] },
      'POST /console/setup': (c: Call) =>
        c.headers['x-setup-code'] === 'ABCDE-12345' ? SESSION : [403, { message: 'needs the setup code' }],
    });
    const s = useSessionStore();
    expect(await s.refresh()).toBe('setup');
    expect(s.status?.merchants).toEqual([]);
    await s.enterSetupCode(' ABCDE-12345 ');
    expect(s.status?.merchants).toEqual([{ code: 'DEMO', name: 'Demo' }]);
    await s.setup('admin', 'a long password', 'DEMO');
    expect(calls.at(-1)?.headers['x-setup-code']).toBe('ABCDE-12345');
    expect(s.session?.user.username).toBe('ada');
  });

  it('shows test at once when the node answers that live access was withdrawn', async () => {
    fakeNode({
      'POST /console/login': { ...SESSION, environment: 'live', environments: ['test', 'live'] },
      'GET /console/session': SESSION,
    });
    const s = useSessionStore();
    setEnvironmentWithdrawnHandler((env) => void s.environmentWithdrawn(env as 'test'));
    await s.login('ada', 'pw');
    expect(s.isLive).toBe(true);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/console/session'
          ? new Response(JSON.stringify(SESSION), { status: 200 })
          : new Response(
              JSON.stringify({ status: 'error', code: 403, message: 'Live selling is no longer allowed' }),
              {
                status: 403,
                headers: { 'x-vendpoint-environment': 'test' },
              },
            ),
      ),
    );
    await expect(api.post('/console/sell', { body: AIRTIME })).rejects.toThrow(
      'Live selling is no longer allowed',
    );
    expect(s.isLive).toBe(false);
    expect(s.environment).toBe('test');
    setEnvironmentWithdrawnHandler(null);
  });
});

describe('useSaleStore', () => {
  it('follows a pending sale until it is final, each look held open longer, never quicker than the schedule', async () => {
    const answers = ['pending', 'pending', 'success'];
    const calls = fakeNode({
      'POST /console/sell': sale('pending'),
      'GET /console/purchases/ref-1': () => sale(answers.shift()!),
    });
    const store = useSaleStore();
    const sold = await store.sell({
      product: 'airtime',
      network: 'mtn',
      customer_msisdn: '08031234567',
      amount: '100.00',
      client_request_id: 'c-1',
    });
    expect(sold.status).toBe('pending');
    const waits: number[] = [];
    const final = await store.follow('ref-1', async (ms) => void waits.push(ms));
    expect(final?.status).toBe('success');
    // Each look asks the node to hold the answer for the look's delay ...
    expect(calls.filter((c) => c.method === 'GET').map((c) => c.url.split('?')[1])).toEqual([
      'wait_ms=1000',
      'wait_ms=2000',
      'wait_ms=3000',
    ]);
    // ... and a look answered sooner (this fake node answers at once) waits out the rest; the final one does not.
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThan(900);
    expect(waits[0]).toBeLessThanOrEqual(1000);
    expect(waits[1]).toBeGreaterThan(1900);
    expect(waits[1]).toBeLessThanOrEqual(2000);
    expect(store.isFollowing('ref-1')).toBe(false);
  });

  it('stops following when the page is left', async () => {
    fakeNode({ 'POST /console/sell': sale('pending'), 'GET /console/purchases/ref-1': sale('pending') });
    const store = useSaleStore();
    await store.sell({
      product: 'airtime',
      network: 'mtn',
      customer_msisdn: '08031234567',
      amount: '100.00',
      client_request_id: 'c-1',
    });
    let looks = 0;
    const final = await store.follow('ref-1', async () => {
      if (++looks === 3) store.stop('ref-1');
    });
    expect(final?.status).toBe('pending');
    expect(looks).toBe(3);
  });

  it('stops following at a 403 or 404 (asking again cannot help), with the refusal to show', async () => {
    for (const [status, message] of [
      [404, 'There is no sale with this reference'],
      [403, 'Live selling was withdrawn'],
    ] as const) {
      setActivePinia(createPinia());
      let looks = 0;
      fakeNode({
        'POST /console/sell': sale('pending'),
        'GET /console/purchases/ref-1': () => (++looks === 1 ? sale('pending') : [status, { message }]),
      });
      const store = useSaleStore();
      await store.sell({
        product: 'airtime',
        network: 'mtn',
        customer_msisdn: '08031234567',
        amount: '100.00',
        client_request_id: 'c-1',
      });
      const naps: number[] = [];
      // A loop that kept asking is ended here, so the test fails rather than spins.
      const nap = async (ms: number) => {
        if (naps.push(ms) > 5) store.stop('ref-1');
      };
      await expect(store.follow('ref-1', nap)).rejects.toMatchObject({
        status,
        message: `${message}.`,
      });
      expect(looks).toBe(2);
      expect(naps).toHaveLength(1);
      expect(store.isFollowing('ref-1')).toBe(false);
      expect(store.sales['ref-1'].status).toBe('pending');
    }
  });

  it('keeps following through a node briefly away or a 5xx', async () => {
    let looks = 0;
    fakeNode({
      'POST /console/sell': sale('pending'),
      'GET /console/purchases/ref-1': () =>
        ++looks === 1 ? [503, { message: 'busy' }] : looks === 2 ? [500, {}] : sale('success'),
    });
    const store = useSaleStore();
    await store.sell({
      product: 'airtime',
      network: 'mtn',
      customer_msisdn: '08031234567',
      amount: '100.00',
      client_request_id: 'c-1',
    });
    const final = await store.follow('ref-1', async () => undefined);
    expect(final?.status).toBe('success');
    expect(looks).toBe(3);
  });

  it('backs off to a calm pace for long-pending sales', () => {
    expect(nextFollowDelay(0)).toBe(1000);
    expect(nextFollowDelay(50)).toBe(15_000);
  });
});

describe('useHistoryStore', () => {
  /** A node whose searches for "slow…" answer only when told, and fail as fetch does when aborted. */
  function slowSearches() {
    const asked: { url: string; signal: AbortSignal; answer: () => void }[] = [];
    const page = (total: number) =>
      new Response(
        JSON.stringify({ rows: [sale('success')], total, page: 1, limit: 25, environment: 'test' }),
      );
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (url: string, init: RequestInit) =>
          new Promise<Response>((resolve, reject) => {
            if (!url.includes('search=slow')) return resolve(page(1));
            const signal = init.signal!;
            signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
            asked.push({ url, signal, answer: () => resolve(page(7)) });
          }),
      ),
    );
    return asked;
  }

  it('cancels a read under way: its request is aborted, the rows and filters are those shown before, and the page says so', async () => {
    const asked = slowSearches();
    const h = useHistoryStore();
    await h.load();
    h.filters.search = 'slow text';
    h.filters.status = 'success';
    const reading = h.applyFilters();
    expect(h.loading).toBe(true);
    h.cancel();
    await reading;
    expect(asked[0].signal.aborted).toBe(true);
    expect(h.loading).toBe(false);
    expect(h.error).toBe('');
    expect(h.rows).toHaveLength(1);
    expect(h.total).toBe(1);
    expect(h.filters).toMatchObject({ search: '', status: '' });
    expect(h.cancelled).toBe(
      'The search for “slow text” was cancelled: the list and filters are as they were before it.',
    );
    // The next read clears the notice.
    await h.load();
    expect(h.cancelled).toBe('');
  });

  it('aborts a read still under way when a newer one starts, and shows the newer answer only', async () => {
    const asked = slowSearches();
    const h = useHistoryStore();
    h.filters.search = 'slow 1';
    const first = h.applyFilters();
    h.filters.search = 'slow 2';
    const second = h.applyFilters();
    expect(asked.map((a) => a.signal.aborted)).toEqual([true, false]);
    asked[1].answer();
    await Promise.all([first, second]);
    expect(h.total).toBe(7);
    expect(h.error).toBe('');
    expect(h.cancelled).toBe('');
  });

  it('sends the filters and paging, and shows the newest answer only', async () => {
    const calls = fakeNode({
      'GET /console/purchases': (c: Call) => ({
        rows: [sale(c.url.includes('status=failed') ? 'failed' : 'success')],
        total: 60,
        page: 1,
        limit: 25,
        environment: 'test',
      }),
      'POST /console/purchases/exports': { href: '/console/purchases/exports/t0k3n' },
    });
    const h = useHistoryStore();
    h.filters.search = ' 0803 ';
    h.filters.status = 'failed';
    await h.applyFilters();
    expect(calls[0].url).toBe('/console/purchases?search=0803&status=failed&page=1&limit=25');
    expect(h.rows[0].status).toBe('failed');
    expect(h.pages).toBe(3);
    // The export is started for the same filters, and answers its link.
    expect(await h.startExport()).toBe('/console/purchases/exports/t0k3n');
    expect(calls[1].url).toBe('/console/purchases/exports?search=0803&status=failed');
    await h.goTo(9);
    expect(h.page).toBe(3);
  });

  it('shows how the node read the search text, and asks for it as text on one click and back', async () => {
    const calls = fakeNode({
      'GET /console/purchases': (c: Call) => ({
        rows: [sale('success')],
        total: 1,
        page: 1,
        limit: 25,
        environment: 'test',
        search_matched: c.url.includes('search_as=text') ? 'text' : 'request_id',
      }),
    });
    const h = useHistoryStore();
    h.filters.search = 'order-1';
    await h.applyFilters();
    expect(h.shownExact).toEqual({ matched: 'request_id', text: 'order-1' });
    expect(h.shownPhone).toBe('');
    expect(h.shownAsText).toBe('');
    await h.searchEveryField(true);
    expect(calls[1].url).toContain('search_as=text');
    expect(h.shownExact).toBeNull();
    expect(h.shownAsText).toBe('order-1');
    await h.searchEveryField(false);
    expect(calls[2].url).not.toContain('search_as');
    expect(h.shownExact).toEqual({ matched: 'request_id', text: 'order-1' });
    // Other text goes back to being looked up whole first.
    h.filters.search = 'order-2';
    await h.applyFilters();
    expect(calls[3].url).not.toContain('search_as');
  });

  it('follows the pending rows of the page until they are final, at the sale page pace, one look at a time', async () => {
    const row = (reference: string, status: string) => ({ ...sale(status), reference });
    // ref-1 turns failed at the second look, ref-2 leaves the page (a status filter) and is read by itself.
    let looks = 0;
    const calls = fakeNode({
      'GET /console/purchases': () => {
        looks++;
        if (looks === 1)
          return {
            rows: [row('ref-1', 'pending'), row('ref-2', 'pending'), row('ref-3', 'success')],
            total: 3,
          };
        return {
          rows: [row('ref-1', looks === 2 ? 'pending' : 'failed'), row('ref-3', 'success')],
          total: 2,
        };
      },
      'GET /console/purchases/ref-2': () => row('ref-2', looks < 3 ? 'pending' : 'success'),
    });
    const h = useHistoryStore();
    await h.load();
    const waits: number[] = [];
    const following = h.followPending(async (ms) => void waits.push(ms));
    // A second call while following starts nothing more.
    await h.followPending(async () => {
      throw new Error('a second loop ran');
    });
    await following;
    expect(waits).toEqual([1000, 2000]);
    expect(h.rows.map((r) => r.status)).toEqual(['failed', 'success', 'success']);
    // The page read again each look, ref-2 read by its reference while it was off that page; the count kept.
    expect(calls.map((c) => c.url.split('?')[0])).toEqual([
      '/console/purchases',
      '/console/purchases',
      '/console/purchases/ref-2',
      '/console/purchases',
      '/console/purchases/ref-2',
    ]);
    expect(h.total).toBe(3);
  });

  it('a follow started again while a look is on the wire waits for it: never two looks at once', async () => {
    const h = useHistoryStore();
    let looks = 0;
    let second: Promise<void> | undefined;
    fakeNode({
      'GET /console/purchases': () => {
        // The agent leaves and comes back while the first look is asked.
        if (++looks === 2)
          queueMicrotask(() => {
            h.stopFollowing();
            second = h.followPending(async () => {
              throw new Error('a second look was asked beside the first');
            });
          });
        return { rows: [sale(looks === 1 ? 'pending' : 'failed')], total: 1 };
      },
    });
    await h.load();
    await h.followPending(async () => undefined);
    await second;
    expect(looks).toBe(2);
    expect(h.rows[0].status).toBe('failed');
  });

  it('stops following when the page is left', async () => {
    const calls = fakeNode({ 'GET /console/purchases': { rows: [sale('pending')], total: 1 } });
    const h = useHistoryStore();
    await h.load();
    let naps = 0;
    await h.followPending(async () => {
      if (++naps === 3) h.stopFollowing();
    });
    // Two looks, then the page was left during the third wait: no third look.
    expect(calls).toHaveLength(3);
    expect(h.rows[0].status).toBe('pending');
  });

  it('never undoes a newer state: a Requery or Reverse answered while a look was asked stays', async () => {
    const row = (reference: string, status: string) => ({ ...sale(status), reference });
    const h = useHistoryStore();
    let looks = 0;
    fakeNode({
      'GET /console/purchases': () => {
        // The look reads the page just before the agent's Requery shows ref-1 failed, and an
        // admin's Requery then Reverse shows ref-3 reversed.
        if (++looks === 2) {
          h.update(row('ref-1', 'failed') as Sale);
          h.update(row('ref-3', 'reversed') as Sale);
        }
        const later = looks < 3 ? 'pending' : 'success';
        const ref3 = looks === 1 ? 'pending' : 'success';
        return { rows: [row('ref-1', 'pending'), row('ref-2', later), row('ref-3', ref3)], total: 3 };
      },
    });
    await h.load();
    await h.followPending(async () => undefined);
    expect(looks).toBe(3);
    expect(h.rows.map((r) => r.status)).toEqual(['failed', 'success', 'reversed']);
  });

  it('stops following at a 403 or 404 (asking again cannot help) and shows the refusal as a refused load', async () => {
    const row = (reference: string, status: string) => ({ ...sale(status), reference });
    // The page itself refused (say live was withdrawn), or a pending row off the page read by
    // its reference is not found.
    for (const [where, status, message] of [
      ['page', 403, 'Live selling was withdrawn'],
      ['sale', 404, 'There is no sale with this reference'],
    ] as const) {
      setActivePinia(createPinia());
      let looks = 0;
      const calls = fakeNode({
        'GET /console/purchases': () => {
          if (++looks === 1) return { rows: [row('ref-1', 'pending'), row('ref-2', 'success')], total: 2 };
          return where === 'page' ? [status, { message }] : { rows: [row('ref-2', 'success')], total: 2 };
        },
        'GET /console/purchases/ref-1': [status, { message }],
      });
      const h = useHistoryStore();
      await h.load();
      const naps: number[] = [];
      // A loop that kept asking is ended here, so the test fails rather than spins.
      await h.followPending(async (ms) => {
        if (naps.push(ms) > 5) h.stopFollowing();
      });
      expect(naps, where).toEqual([1000]);
      expect(calls, where).toHaveLength(where === 'page' ? 2 : 3);
      expect(h.error, where).toBe(`${message}.`);
      expect(h.rows, where).toEqual([]);
      expect(h.total, where).toBe(0);
      // Followed again (the agent filters and the sale is back), it follows: nothing was left stuck.
      fakeNode({ 'GET /console/purchases': { rows: [row('ref-1', 'pending')], total: 1 } });
      await h.load();
      expect(h.error).toBe('');
      let again = 0;
      await h.followPending(async () => {
        if (++again === 2) h.stopFollowing();
      });
      expect(again).toBe(2);
    }
  });

  it('keeps following through a node briefly away or a 5xx', async () => {
    let looks = 0;
    fakeNode({
      'GET /console/purchases': () => {
        looks++;
        if (looks === 2) return [503, { message: 'busy' }];
        if (looks === 3) return [500, {}];
        return { rows: [sale(looks === 1 ? 'pending' : 'success')], total: 1 };
      },
    });
    const h = useHistoryStore();
    await h.load();
    await h.followPending(async () => undefined);
    expect(looks).toBe(4);
    expect(h.error).toBe('');
    expect(h.rows[0].status).toBe('success');
  });

  it('a refusal answered after the page was loaded again does not replace the new page', async () => {
    let looks = 0;
    fakeNode({
      'GET /console/purchases': () => {
        if (++looks === 1) return { rows: [sale('pending')], total: 1 };
        if (looks === 2) {
          // The agent applies a filter while the look is on the wire; that load answers first.
          queueMicrotask(() => void h.applyFilters());
          return [403, { message: 'Live selling was withdrawn' }];
        }
        return { rows: [sale('success')], total: 1 };
      },
    });
    const h = useHistoryStore();
    await h.load();
    await h.followPending(async () => undefined);
    await vi.waitFor(() => expect(h.loading).toBe(false));
    expect(h.error).toBe('');
    expect(h.rows[0].status).toBe('success');
  });

  it('shows an error sentence and no rows when the node refuses', async () => {
    fakeNode({ 'GET /console/purchases': [400, { message: 'from must be a date like 2026-01-31' }] });
    const h = useHistoryStore();
    await h.load();
    expect(h.error).toBe('From must be a date like 2026-01-31.');
    expect(h.rows).toEqual([]);
    expect(h.loading).toBe(false);
  });
});

describe('useWalletStore', () => {
  it('loads both wallets and pages through a ledger', async () => {
    const entry = (id: number) => ({
      id,
      kind: 'debit',
      amount: '-1.00',
      amount_kobo: -100,
      balance_after: '9.00',
      reference: '',
      reason: 'x',
      actor: 'user:ada',
      created_at: '',
    });
    const calls = fakeNode({
      'GET /console/wallets': {
        wallets: [
          { environment: 'test', balance: '10.00', balance_kobo: 1000, updated_at: '' },
          { environment: 'live', balance: '0.00', balance_kobo: 0, updated_at: '' },
        ],
      },
      'GET /console/wallets/test/ledger': (c: Call) =>
        c.url.includes('before=5')
          ? { entries: [entry(4)], next_before: null }
          : { entries: [entry(6), entry(5)], next_before: 5 },
    });
    const w = useWalletStore();
    await w.refresh('test');
    expect(w.balanceOf('test')?.balance).toBe('10.00');
    expect(w.entries.test.map((e) => e.id)).toEqual([6, 5]);
    await w.loadLedger('test', true);
    expect(w.entries.test.map((e) => e.id)).toEqual([6, 5, 4]);
    expect(w.nextBefore.test).toBeNull();
    expect(calls.at(-1)!.url).toBe('/console/wallets/test/ledger?before=5&limit=50');
  });
});
