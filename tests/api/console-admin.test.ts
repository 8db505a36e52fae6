import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, eventually, type Pair, type TestNode } from '../helpers/test-node.js';
import { ConsoleClient, setupFirstAdmin } from '../helpers/console-admin-session.js';

/**
 * Issue 7, "the operator's day", through the admin /console API on a real node: onboard a
 * merchant, call /v1 with its credentials, fund, price, add an upstream and a route, resolve
 * a purchase that needs attention. The cash-up and backup are in console-admin-ops.test.ts.
 */

const PASSWORD = 'a long admin password';
let t: TestNode;
let admin: ConsoleClient;
let seq = 0;
const ref = (p: string) => `${p}-${process.pid}-${++seq}`;
const airtime = (code: string, over: Record<string, unknown> = {}) => ({
  merchant_code: code,
  customer_msisdn: '08031234567',
  network: 'mtn',
  product: 'airtime',
  amount: '1000',
  client_request_id: ref('air'),
  ...over,
});

beforeAll(async () => {
  // attentionAfterMs 0: a live purchase still pending after its first answer is flagged at once.
  t = await startTestNode({}, { attentionAfterMs: 0 });
  admin = await setupFirstAdmin(t.url, 'operator', PASSWORD);
});
afterAll(async () => {
  if (t) expect(t.ledgerOk()).toBe(true);
  await t?.close();
});

describe('merchants and credentials', () => {
  let test: Pair;
  let live: Pair;

  it('creates a merchant and shows its two secrets once, never again', async () => {
    const r = await admin.post('/console/admin/merchants', { code: 'acme', name: 'Acme Stores' });
    expect(r.status).toBe(201);
    expect(r.json.merchant).toMatchObject({ merchant_code: 'ACME', name: 'Acme Stores', status: 'active' });
    ({ test, live } = r.json);
    expect(test.secret).toMatch(/\S{20,}/);
    for (const path of [
      '/console/admin/merchants',
      '/console/admin/merchants/ACME',
      '/console/admin/audit',
    ]) {
      const again = await admin.get(path);
      expect(again.status).toBe(200);
      expect(again.text).not.toContain(test.secret);
      expect(again.text).not.toContain(live.secret);
    }
    expect((await admin.post('/console/admin/merchants', { code: 'ACME', name: 'Again' })).status).toBe(409);
    expect((await admin.post('/console/admin/merchants', { code: 'a', name: 'Too short' })).status).toBe(400);
  });

  it('the issued test pair works on /v1 at once', async () => {
    const r = await t.call('GET', '/v1/wallet/balance', { pair: test });
    expect(r.status).toBe(200);
    expect(r.json.total).toBe('0.00');
  });

  it('validates the live IP allowlist and applies it to live calls', async () => {
    const bad = await admin.patch('/console/admin/merchants/ACME', { allow_ips: ['10.0.0.300'] });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toContain('10.0.0.300');
    expect((await t.call('GET', '/v1/wallet/balance', { pair: live })).status).toBe(403);
    const ok = await admin.patch('/console/admin/merchants/ACME', {
      allow_ips: ['127.0.0.1', '10.0.0.0/8'],
      live_bills: ['electricity'],
      report_emails: ['ops@acme.test'],
    });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({
      allow_ips: ['127.0.0.1', '10.0.0.0/8'],
      live_bills: ['ELECTRICITY'],
      report_emails: ['ops@acme.test'],
    });
    expect((await t.call('GET', '/v1/wallet/balance', { pair: live })).status).toBe(200);
  });

  it('rotating a pair revokes the old one; revoking leaves none', async () => {
    const r = await admin.post('/console/admin/merchants/ACME/credentials/test/rotate');
    expect(r.status).toBe(200);
    expect(r.json.key).not.toBe(test.key);
    expect((await t.call('GET', '/v1/wallet/balance', { pair: test })).status).toBe(401);
    expect(
      (await t.call('GET', '/v1/wallet/balance', { pair: { key: r.json.key, secret: r.json.secret } }))
        .status,
    ).toBe(200);
    const revoked = await admin.post('/console/admin/merchants/ACME/credentials/test/revoke');
    expect(
      revoked.json.credentials.filter(
        (c: { environment: string; status: string }) => c.environment === 'test' && c.status === 'active',
      ),
    ).toEqual([]);
    expect(
      (await t.call('GET', '/v1/wallet/balance', { pair: { key: r.json.key, secret: r.json.secret } }))
        .status,
    ).toBe(401);
    test = (await admin.post('/console/admin/merchants/ACME/credentials/test/rotate')).json;
  });

  it('a suspended merchant is refused on /v1 until reactivated', async () => {
    await admin.patch('/console/admin/merchants/ACME', { status: 'suspended' });
    expect((await t.call('GET', '/v1/wallet/balance', { pair: test })).status).toBe(403);
    await admin.patch('/console/admin/merchants/ACME', { status: 'active' });
    expect((await t.call('GET', '/v1/wallet/balance', { pair: test })).status).toBe(200);
  });

  describe('wallets, pricing, upstreams and a purchase that needs attention', () => {
    it('funds and adjusts with a required reason; the ledger runs its balance; CSV exports it', async () => {
      expect(
        (
          await admin.post('/console/admin/merchants/ACME/wallets/live/fund', {
            kind: 'funding',
            amount: '5000',
            reason: '',
          })
        ).status,
      ).toBe(400);
      const unsaid = await admin.post('/console/admin/merchants/ACME/wallets/live/fund', {
        kind: 'funding',
        amount: '5000',
        reason: 'ok',
      });
      expect(unsaid.status).toBe(400);
      expect(unsaid.json.message).toBe(
        'say why in a few words (at least 3 characters): the reason is kept in the ledger and the audit log',
      );
      const funded = await admin.post('/console/admin/merchants/ACME/wallets/live/fund', {
        kind: 'funding',
        amount: '5000',
        reason: 'bank transfer 0042',
      });
      expect(funded.json.balance).toBe('5000.00');
      const short = await admin.post('/console/admin/merchants/ACME/wallets/live/fund', {
        kind: 'adjustment',
        amount: '-6000',
        reason: 'typo',
      });
      expect(short.status).toBe(400);
      expect(short.json.message).toMatch(/below zero/);
      const adj = await admin.post('/console/admin/merchants/ACME/wallets/live/fund', {
        kind: 'adjustment',
        amount: '-250.50',
        reason: 'bank charge',
      });
      expect(adj.json.balance).toBe('4749.50');
      await admin.post('/console/admin/merchants/ACME/wallets/test/fund', {
        kind: 'funding',
        amount: '20000',
        reason: 'test money',
      });
      expect((await t.call('GET', '/v1/wallet/balance', { pair: live })).json.total).toBe('4749.50');
      const ledger = await admin.get('/console/admin/merchants/ACME/wallets/live/ledger');
      expect(
        ledger.json.entries.map((e: { balance_after: string; actor: string }) => [e.balance_after, e.actor]),
      ).toEqual([
        ['4749.50', 'user:operator'],
        ['5000.00', 'user:operator'],
      ]);
      const csv = await admin.get('/console/admin/merchants/ACME/wallets/live/ledger.csv');
      expect(csv.headers['content-type']).toMatch(/text\/csv/);
      const lines = csv.text.trim().split('\n');
      expect(lines[0]).toBe('time_utc,time_lagos,kind,amount,balance_after,reference,reason,actor');
      expect(lines.slice(1).map((l) => l.split(',').slice(2, 5))).toEqual([
        ['funding', '5000.00', '5000.00'],
        ['adjustment', '-250.50', '4749.50'],
      ]);
    });

    it('pricing terms change the debit, not the amount the merchant sends', async () => {
      const set = await admin.put('/console/admin/merchants/ACME/pricing', {
        product: 'airtime',
        network: 'mtn',
        basis_points: -200,
      });
      expect(set.json.rules).toEqual([
        { product: 'airtime', network: 'MTN', basis_points: -200, percent: '-2.00%' },
      ]);
      const quote = await admin.get(
        '/console/admin/merchants/ACME/pricing/quote?product=airtime&network=MTN&amount=1000',
      );
      expect(quote.json).toMatchObject({ catalog_amount: '1000.00', debit: '980.00', difference: '-20.00' });
      const sale = await t.call('POST', '/v1/transactions', { pair: test, body: airtime('ACME') });
      expect(sale.status).toBe(200);
      const ledger = await admin.get('/console/admin/merchants/ACME/wallets/test/ledger');
      expect(ledger.json.entries[0]).toMatchObject({
        kind: 'debit',
        amount: '-980.00',
        balance_after: '19020.00',
      });
    });

    it('adds an upstream and its route; secrets never come back; test connection reads health and balance', async () => {
      const sim = await admin.post('/console/admin/upstreams', {
        name: 'slowsim',
        type: 'simulator',
        options: { pendingRate: 1, pendingForMs: 3_600_000 },
        routes: ['airtime'],
      });
      expect(sim.status).toBe(201);
      expect(sim.json.routes).toEqual([{ product: 'airtime', network: '', priority: 0 }]);
      expect(sim.json.warning).toBeNull();
      expect(
        (
          await admin.post('/console/admin/upstreams', {
            name: 'typo',
            type: 'simulator',
            options: { pendingrate: 1 },
          })
        ).status,
      ).toBe(400);
      // A low-balance alert of zero would never warn: refused with what to do, not stored.
      const zero = await admin.post('/console/admin/upstreams', {
        name: 'zeroalert',
        type: 'vending-api',
        base_url: t.url,
        options: { lowBalanceNaira: '0' },
      });
      expect(zero.status).toBe(400);
      expect(zero.json.message).toBe(
        'option lowBalanceNaira must be more than zero; leave it out for the default, 50000.00',
      );
      // Another merchant of this very node as a vending-api provider: a real chain.
      const chain = await admin.post('/console/admin/upstreams', {
        name: 'chain',
        type: 'vending-api',
        base_url: t.url,
        merchant_code: 'ACME',
        key: test.key,
        secret: test.secret,
      });
      expect(chain.status).toBe(201);
      expect(chain.json).toMatchObject({ has_secret: true, key: test.key });
      // Saved with a VendPoint test key: said at once, as "Test connection" says it.
      expect(chain.json.warning).toMatch(/^This is a VendPoint node's TEST key/);
      const list = await admin.get('/console/admin/upstreams');
      expect(list.text).not.toContain(test.secret);
      const probe = await admin.post('/console/admin/upstreams/chain/test');
      expect(probe.json).toMatchObject({ ok: true, health: { ok: true }, balance: '19020.00' });
      // It works, but through a test key: live sales routed here would deliver nothing.
      expect(probe.json.warning).toMatch(/^This is a VendPoint node's TEST key/);
      expect(probe.text).not.toContain(test.secret);
      // The node keeps what the test read: the upstream's balance is no longer "not read yet".
      const healthOf = async (name: string) =>
        (
          (await admin.get('/console/admin/upstreams')).json.upstreams as { name: string; health: any }[]
        ).find((u) => u.name === name)!.health;
      const read = await healthOf('chain');
      expect(read).toMatchObject({ balance: '19020.00', last_error: null });
      expect(read.balance_checked_at).toBeTruthy();
      expect(read.balance_checked_at <= probe.json.checked_at).toBe(true);
      // A simulator has no balance to keep.
      await admin.post('/console/admin/upstreams/slowsim/test');
      expect(await healthOf('slowsim')).toMatchObject({ balance: null, last_checked_at: null });
      const wrong = await admin.patch('/console/admin/upstreams/chain', {
        secret: 'not-the-secret-at-all',
        enabled: false,
      });
      expect(wrong.json.enabled).toBe(false);
      expect(wrong.json.warning).toMatch(/^This is a VendPoint node's TEST key/);
      const failed = await admin.post('/console/admin/upstreams/chain/test');
      expect(failed.json).toMatchObject({ ok: false, health: { ok: true }, balance: null });
      expect(failed.json.balance_error).toMatch(/key and secret/);
      // A read that failed is kept as failed: the balance shown stays the last one read, with its time.
      const after = await healthOf('chain');
      expect(after).toMatchObject({ balance: '19020.00', balance_checked_at: read.balance_checked_at });
      expect(after.last_error).toBeTruthy();
      expect(after.last_checked_at > read.balance_checked_at).toBe(true);
      // New routes are audited as routes, the same shape upstream.add records.
      await admin.patch('/console/admin/upstreams/chain', { routes: ['airtime:MTN', 'CABLE'] });
      const audit = (await admin.get('/console/admin/audit')).json.entries as {
        action: string;
        detail: Record<string, unknown>;
      }[];
      expect(audit.find((e) => e.action === 'upstream.update')?.detail).toEqual({
        routes: [
          { product: 'airtime', network: 'MTN' },
          { product: 'CABLE', network: '' },
        ],
      });
    });

    it('a live purchase left pending is flagged, requeried, and resolved failed with one refund, audited', async () => {
      const body = airtime('ACME', { amount: '500' });
      const sale = await t.call('POST', '/v1/transactions', { pair: live, body });
      expect(sale.json.response_code).toBe('02');
      const internal = sale.json.data.internal_reference as string;
      const seen = await eventually(
        () => admin.get('/console/admin/attention'),
        (r) => r.json.flagged.some((p: { internal_reference: string }) => p.internal_reference === internal),
      );
      const row = seen.json.flagged.find(
        (p: { internal_reference: string }) => p.internal_reference === internal,
      );
      // ₦500 at the merchant's 2% MTN airtime discount.
      expect(row).toMatchObject({
        merchant_code: 'ACME',
        upstream: 'slowsim',
        status: 'pending',
        amount: '500',
        debit: '490.00',
        // Flagged by the node at its deadline, not by a person: no one to name.
        flag: null,
      });
      expect((await t.call('GET', '/v1/wallet/balance', { pair: live })).json.total).toBe('4259.50');
      const again = await admin.post(`/console/admin/attention/${internal}/requery`);
      expect(again.json.status).toBe('pending');
      expect(
        (await admin.post(`/console/admin/attention/${internal}/resolve`, { outcome: 'failed', reason: '' }))
          .status,
      ).toBe(400);
      // The node's one reason rule (the CLI's too): trimmed, at least 3 characters.
      const short = await admin.post(`/console/admin/attention/${internal}/resolve`, {
        outcome: 'failed',
        reason: ' ab ',
      });
      expect(short.status).toBe(400);
      expect(short.json.message).toBe(
        'say why in a few words (at least 3 characters): the reason is kept in the audit log',
      );
      const done = await admin.post(`/console/admin/attention/${internal}/resolve`, {
        outcome: 'failed',
        reason: 'provider confirmed it never vended',
      });
      expect(done.json).toMatchObject({ status: 'failed', needs_attention: false });
      expect(
        (
          await admin.post(`/console/admin/attention/${internal}/resolve`, {
            outcome: 'success',
            reason: 'twice',
          })
        ).status,
      ).toBe(409);
      expect((await t.call('GET', '/v1/wallet/balance', { pair: live })).json.total).toBe('4749.50');
      const status = await t.call(
        'GET',
        `/v1/transactions/status?client_request_id=${body.client_request_id}`,
        { pair: live },
      );
      expect(status.json.response_code).toBe('01');
      const audit = await admin.get(`/console/admin/audit?subject=${internal}`);
      expect(audit.json.entries[0]).toMatchObject({
        actor: 'user:operator',
        action: 'purchase.resolve',
        detail: { outcome: 'failed' },
      });
    });

    it('an admin may flag a pending purchase before its deadline', async () => {
      const sale = await t.call('POST', '/v1/transactions', {
        pair: live,
        body: airtime('ACME', { amount: '100' }),
      });
      const internal = sale.json.data.internal_reference as string;
      const unsaid = await admin.post(`/console/admin/attention/${internal}/flag`, { reason: 'x' });
      expect(unsaid.status).toBe(400);
      expect(unsaid.json.message).toBe(
        'say why in a few words (at least 3 characters): the reason is kept in the audit log',
      );
      const flagged = await admin.post(`/console/admin/attention/${internal}/flag`, {
        reason: 'customer called',
      });
      expect(flagged.json.needs_attention).toBe(true);
      // The card names who flagged it and why (the latest purchase.flag audit entry).
      const list = await admin.get('/console/admin/attention');
      const card = list.json.flagged.find(
        (p: { internal_reference: string }) => p.internal_reference === internal,
      );
      expect(card.flag).toMatchObject({ by: 'user:operator', reason: 'customer called' });
      const ok = await admin.post(`/console/admin/attention/${internal}/resolve`, {
        outcome: 'success',
        reason: 'provider portal shows it delivered',
      });
      expect(ok.json.status).toBe('success');
    });

    it('the dashboard counts today by product and status and shows upstream health', async () => {
      const d = await admin.get('/console/admin/dashboard?environment=live');
      expect(d.json.sales).toEqual([
        {
          product: 'airtime',
          success: { count: 1, amount: '100.00' },
          pending: { count: 0, amount: '0.00' },
          failed: { count: 1, amount: '500.00' },
        },
      ]);
      expect(d.json.pending).toEqual({ pending: 0, needs_attention: 0 });
      expect(d.json.upstreams.map((u: { name: string }) => u.name)).toEqual(['slowsim', 'chain']);
      expect((await admin.get('/console/admin/dashboard?environment=test')).json.totals.success.count).toBe(
        1,
      );
    });
  });
});
