import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { useCatalogStore } from '../../renderer/src/stores/catalog.js';
import { useMerchantsStore } from '../../renderer/src/stores/merchants.js';
import { useReportsStore } from '../../renderer/src/stores/reports.js';
import { useWalletStore } from '../../renderer/src/stores/wallet.js';
import { useAdminWebhooksStore } from '../../renderer/src/stores/adminWebhooks.js';
import { useSettingsStore } from '../../renderer/src/stores/settings.js';
import { setBusinessTimezone } from '../../renderer/src/lib/time.js';

/** A fake node answering "METHOD /path" from a table; records each call's URL. */
function fakeNode(routes: Record<string, unknown>) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      urls.push(`${init.method ?? 'GET'} ${url}`);
      const answer = routes[`${init.method ?? 'GET'} ${url.split('?')[0]}`];
      if (answer === undefined)
        return new Response(JSON.stringify({ status: 'error', code: 404, message: 'No such thing' }), {
          status: 404,
        });
      return new Response(JSON.stringify(answer), { status: 200 });
    }),
  );
  return urls;
}

beforeEach(() => setActivePinia(createPinia()));
afterEach(() => vi.unstubAllGlobals());

const PLAN = {
  kind: 'data',
  id: 'MTN-1GB',
  name: '1GB',
  group: 'MTN',
  detail: '',
  price: '300.00',
  active: true,
};

describe('domain stores', () => {
  it('catalogs: switching a plan off empties the plans cached for selling, so the sell screen reads them again', async () => {
    const urls = fakeNode({
      'GET /console/plans/data/mtn': { plans: [] },
      'POST /console/admin/catalogs/data/MTN-1GB/active': { ...PLAN, active: false },
    });
    const catalog = useCatalogStore();
    await catalog.loadDataPlans('MTN');
    await catalog.loadDataPlans('MTN');
    expect(urls.filter((u) => u.startsWith('GET /console/plans'))).toHaveLength(1);
    await catalog.setActive(PLAN as never, false);
    expect(catalog.notice).toBe('1GB disabled.');
    await catalog.loadDataPlans('MTN');
    expect(urls.filter((u) => u.startsWith('GET /console/plans'))).toHaveLength(2);
  });

  it('merchants: pricing terms are read and written for the merchant last opened on the pricing page', async () => {
    const urls = fakeNode({
      'GET /console/admin/merchants/SHOP%201/pricing': { rules: [] },
      'PUT /console/admin/merchants/SHOP%201/pricing': {
        rules: [{ product: 'airtime', network: '', basis_points: -250, percent: '-2.5%' }],
      },
    });
    const merchants = useMerchantsStore();
    await merchants.loadTerms('SHOP 1');
    expect(await merchants.setTerm('airtime', '', -250)).toBe(true);
    expect(merchants.termsOf).toBe('SHOP 1');
    expect(merchants.terms).toHaveLength(1);
    expect(merchants.notice).toBe('Term saved: the next sale debits under it.');
    expect(urls.at(-1)).toBe('PUT /console/admin/merchants/SHOP%201/pricing');
  });

  it('webhooks: a rotation says until when the secrets it replaced sign, as the node answered', async () => {
    setBusinessTimezone('Africa/Lagos');
    fakeNode({
      'GET /console/admin/merchants/DEMO/webhooks': { webhooks: [] },
      'POST /console/admin/webhooks/we_3/rotate': {
        id: 'we_3',
        environment: 'test',
        old_secret_expires_at: '2026-11-27T09:30:00.000Z',
        secret: 'whsec_new',
      },
    });
    const webhooks = useAdminWebhooksStore();
    await webhooks.select('DEMO');
    await webhooks.rotate('we_3');
    // A second rotation inside the first one's window keeps that window's end, not 24 hours from now.
    expect(webhooks.notice).toBe(
      'New secret issued; the secrets it replaced keep signing until 27 Nov 2026, 10:30:00.',
    );
    expect(webhooks.revealed?.secret).toBe('whsec_new');
  });

  it('reports: a resend reloads the deliveries with the filter the page last asked for', async () => {
    const urls = fakeNode({
      'GET /console/reports': { data: [], pagination: { total: 0 } },
      'POST /console/reports/DEMO/live/2026-11-20/resend': { sent: true, error: null },
    });
    const reports = useReportsStore();
    await reports.load({ merchant_code: 'DEMO', environment: 'live', from: '', to: '', state: 'failed' });
    await reports.resend('DEMO', 'live', '2026-11-20');
    expect(reports.notice).toBe('The 2026-11-20 report of DEMO was sent.');
    const reloads = urls.filter((u) => u.startsWith('GET /console/reports'));
    expect(reloads).toHaveLength(2);
    expect(reloads[1]).toContain('state=failed');
    expect(reloads[1]).toContain('merchant_code=DEMO');
  });

  it("a ledger's and a day's report CSV are started with a POST for their filters, answering the link", async () => {
    const urls = fakeNode({
      'POST /console/admin/merchants/A%20B/wallets/live/ledger/exports': {
        href: '/console/admin/merchants/A%20B/wallets/live/ledger/exports/t0k3n',
      },
      'POST /console/reports/DEMO/test/2026-11-20/exports': {
        href: '/console/reports/DEMO/test/2026-11-20/exports/t',
      },
    });
    const wallets = useWalletStore();
    wallets.merchantCode = 'A B';
    wallets.merchantEnv = 'live';
    expect(await wallets.startMerchantCsv('2026-11-01', '')).toBe(
      '/console/admin/merchants/A%20B/wallets/live/ledger/exports/t0k3n',
    );
    expect(urls.at(-1)).toBe(
      'POST /console/admin/merchants/A%20B/wallets/live/ledger/exports?from=2026-11-01',
    );
    const reports = useReportsStore();
    expect(await reports.startCsv('DEMO', 'test', '2026-11-20')).toBe(
      '/console/reports/DEMO/test/2026-11-20/exports/t',
    );
    // A refusal is thrown for the page to say (useCsvExport), not a link to a failed download.
    await expect(reports.startCsv('NOPE', 'test', '2026-11-20')).rejects.toThrow('No such thing.');
  });

  it("wallets: a failed admin call shows in the wallet store's one error, as the sentence from the node", async () => {
    fakeNode({});
    const wallets = useWalletStore();
    await wallets.selectMerchantWallet('NOPE', 'live');
    expect(wallets.error).toBe('No such thing.');
    expect(wallets.busy).toBe(false);
  });
});

describe('settings store: Backup now', () => {
  it('says a backup is under way until the node answers, then lists it (and says nothing once it failed)', async () => {
    let answer!: (r: Response) => void;
    let posts = 0;
    const backup = {
      file: 'vendpoint-2026-01-31T08-15-02-123Z.db',
      path: '/data/backups/vendpoint-2026-01-31T08-15-02-123Z.db',
      size_bytes: 566_292_480,
      created_at: '2026-01-31T08:15:10.000Z',
      integrity: 'ok',
    };
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) =>
        init.method === 'POST'
          ? new Promise<Response>((resolve) => {
              posts++;
              answer = resolve;
            })
          : Promise.resolve(new Response(JSON.stringify({ entries: [] }), { status: 200 })),
      ),
    );
    const settings = useSettingsStore();
    const running = settings.backupNow();
    await vi.waitFor(() => expect(posts).toBe(1));
    expect(settings.backingUp).toBe(true);
    answer(new Response(JSON.stringify(backup), { status: 201 }));
    await running;
    expect(settings.backingUp).toBe(false);
    expect(settings.backups.map((b) => b.file)).toEqual([backup.file]);

    const failing = settings.backupNow();
    await vi.waitFor(() => expect(posts).toBe(2));
    expect(settings.backingUp).toBe(true);
    answer(
      new Response(JSON.stringify({ status: 'error', code: 500, message: 'disk full' }), { status: 500 }),
    );
    await failing;
    expect(settings.backingUp).toBe(false);
  });
});

describe('wallet store: Verify all wallets', () => {
  it('says a check is under way until the node answers, asks once however often it is clicked, and shows the answer', async () => {
    let answer!: (r: Response) => void;
    let asks = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            asks++;
            answer = resolve;
          }),
      ),
    );
    const wallet = useWalletStore();
    const running = wallet.verify();
    await vi.waitFor(() => expect(asks).toBe(1));
    expect(wallet.verifying).toBe(true);
    expect(wallet.busy).toBe(false); // the fund form is not held while the check reads
    await wallet.verify(); // a second click while it runs: nothing asked
    expect(asks).toBe(1);
    answer(new Response(JSON.stringify({ ok: true, wallets: 4, problems: [] }), { status: 200 }));
    await running;
    expect(wallet.verifying).toBe(false);
    expect(wallet.verification).toEqual({ ok: true, wallets: 4, problems: [] });

    const cut = wallet.verify();
    await vi.waitFor(() => expect(asks).toBe(2));
    answer(
      new Response(
        JSON.stringify({
          status: 'error',
          code: 503,
          message: 'The node is stopping: the ledger check was cut off',
        }),
        { status: 503 },
      ),
    );
    await cut;
    expect(wallet.verifying).toBe(false);
    expect(wallet.verification).toBeNull();
    expect(wallet.error).toContain('The node is stopping');
  });
});
