import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyAirtime, startTestNode, eventually, type Pair, type TestNode } from '../helpers/test-node.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';
import { runCli } from '../helpers/cli.js';
import { ConsoleClient, setupFirstAdmin } from '../helpers/console-admin-session.js';
import { csvObjects } from '../helpers/csv-parse.js';
import type { SimulatorOptions } from '../../server/upstreams/simulator.js';
import { reverseSale } from '../../server/services/reversals.js';
import { getWallet, verifyLedger } from '../../server/store/wallets.js';
import { getMerchantByCode } from '../../server/store/merchants.js';
import { buildReport, reportContextOf } from '../../server/reports/delivery-service.js';
import { reportSummaryJson } from '../../server/reports/report-builder.js';
import { reportCsv } from '../../server/reports/report-csv.js';
import { purchasesOfDay } from '../../server/store/report-queries.js';
import { localDay } from '../../server/domain/business-days.js';
import { Conflict } from '../../server/domain/errors.js';

/**
 * A completed sale reversed: the wallet is credited once, the ledger, the API's status and
 * list, the daily report and the `transaction.reversed` webhook agree; a second reversal and a
 * reversal of a pending or failed purchase are refused, by the service and by the database.
 */

let t: TestNode;
let rx: WebhookReceiver;
const sim: SimulatorOptions = {};
let seq = 0;
const key = (p: string) => `${p}-${process.pid}-${++seq}`;

beforeAll(async () => {
  rx = await startWebhookReceiver();
  t = await startTestNode(
    { webhooksAllowPrivate: true },
    { simulator: sim, webhookRetryScheduleMs: [200, 400, 400] },
  );
});
afterAll(async () => {
  await t?.close();
  await rx?.close();
});

const codeOf = new Map<string, string>();
const airtime = (pair: Pair, id: string) =>
  buyAirtime(t, id, { merchant_code: codeOf.get(pair.key), amount: '500' }, pair);
const status = (pair: Pair, id: string) =>
  t.call('GET', `/v1/transactions/status?client_request_id=${encodeURIComponent(id)}`, { pair });
const balanceKobo = (merchantId: number) => getWallet(t.node.services.db, merchantId, 'test').balanceKobo;
const ledgerOf = (ref: string) =>
  t.node.services.db
    .prepare(
      `SELECT e.kind, e.amount_kobo, e.actor FROM ledger_entries e JOIN purchases p ON p.id = e.purchase_id
        WHERE p.internal_reference = ? ORDER BY e.id`,
    )
    .all(ref) as { kind: string; amount_kobo: number; actor: string }[];

describe('reversing a completed sale', () => {
  let pair: Pair;
  let merchantId: number;
  let id: string;
  let ref: string;

  it('credits the wallet once, and status, list, ledger verify and the report say so', async () => {
    const m = t.merchant('REV1', { testNaira: 1_000_000 });
    codeOf.set(m.test.key, 'REV1');
    pair = m.test;
    merchantId = m.id;
    const ep = await t.call('POST', '/v1/webhooks', {
      pair,
      body: { url: rx.url, event_types: ['transaction.reversed'] },
    });
    expect(ep.status, ep.text).toBe(201);
    id = key('sale');
    expect((await airtime(pair, id)).status).toBe(200);
    const sold = await eventually(
      () => status(pair, id),
      (r) => r.json?.status === 'success',
    );
    ref = sold.json.data.internal_reference;
    const before = balanceKobo(merchantId);
    // An instant between the sale and its reversal: a day that ended here saw a success.
    const dayEnd = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 5));

    const p = await reverseSale(t.node.services, {
      reference: id,
      reason: 'customer never received the airtime',
      actor: 'user:admin',
      source: 'admin',
    });
    expect(p.state).toBe('reversed');
    expect(balanceKobo(merchantId)).toBe(before + 50_000);
    expect(ledgerOf(ref)).toEqual([
      { kind: 'debit', amount_kobo: -50_000, actor: expect.any(String) },
      { kind: 'reversal', amount_kobo: 50_000, actor: 'user:admin' },
    ]);
    expect(verifyLedger(t.node.services.db)).toMatchObject({ ok: true, problems: [] });
    const audit = t.node.services.db
      .prepare("SELECT actor, detail FROM audit_log WHERE action = 'purchase.reverse' AND subject = ?")
      .get(ref) as { actor: string; detail: string };
    expect(audit.actor).toBe('user:admin');
    expect(JSON.parse(audit.detail)).toMatchObject({
      source: 'admin',
      reason: 'customer never received the airtime',
    });

    // Existing clients see a failed sale (their money is back); the new fields say why.
    const st = await status(pair, id);
    expect(st.json).toMatchObject({
      status: 'failed',
      response_code: '01',
      response_message: 'Reversed: customer never received the airtime',
      data: {
        internal_reference: ref,
        reversed: true,
        reversed_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
        // The provider's reference and message stay (what a dispute quotes).
        external_reference: sold.json.data.external_reference,
        telco_message: sold.json.data.telco_message,
      },
    });
    expect(sold.json.data.external_reference).toMatch(/^SIM/);
    const list = await t.call('GET', '/v1/transactions?limit=100', { pair });
    expect(list.json.data.find((r: { request_id: string }) => r.request_id === id)).toMatchObject({
      reversed: true,
    });
    const failedOnly = await t.call('GET', '/v1/transactions?status=1&limit=100', { pair });
    expect(failedOnly.json.data.map((r: { request_id: string }) => r.request_id)).toContain(id);
    const okOnly = await t.call('GET', '/v1/transactions?status=0&limit=100', { pair });
    expect(okOnly.json.data.map((r: { request_id: string }) => r.request_id)).not.toContain(id);

    // The daily report: a reversed row in the CSV, a reversed total and the wallet movement.
    const merchant = getMerchantByCode(t.node.services.db, 'REV1')!;
    const day = localDay(Date.now(), 'Africa/Lagos');
    const report = buildReport(
      reportContextOf(t.node.services, { nodeUrl: null }),
      merchant,
      'test',
      day,
      'Africa/Lagos',
    );
    const row = csvObjects(reportCsv(report)).find((r) => r.request_id === id);
    expect(row).toMatchObject({ status: 'reversed', response_code: '01', internal_reference: ref });
    const summary = reportSummaryJson(report);
    expect(summary.status_breakdown.reversed).toMatchObject({ count: 1, amount: '500.00' });
    expect(summary.totals.count).toBe(0);
    expect(summary.wallet_movements.reversals).toBe('500.00');

    // The same sale in a day that ended before the reversal: a success then, reversed now.
    const db = t.node.services.db;
    const dayOf = purchasesOfDay(db, merchantId, 'test', '2000-01-01T00:00:00.000Z', dayEnd).find(
      (d) => d.purchase.internalReference === ref,
    )!;
    expect(dayOf).toMatchObject({ stateAtEnd: 'success', purchase: { state: 'reversed' } });
  });

  it('delivers transaction.reversed to the endpoint, its data the status answer', async () => {
    const hooks = await eventually(
      async () => rx.received.filter((h) => h.json.type === 'transaction.reversed'),
      (h) => h.length >= 1,
    );
    expect(hooks).toHaveLength(1);
    const st = await status(pair, id);
    expect(hooks[0].json.data).toEqual(st.json);
  });

  it('refuses a second reversal, and the database refuses a second reversal entry', async () => {
    const before = balanceKobo(merchantId);
    const again = reverseSale(t.node.services, {
      reference: ref,
      reason: 'again',
      actor: 'user:admin',
      source: 'admin',
    });
    await expect(again).rejects.toThrow(Conflict);
    await expect(again).rejects.toThrow(/already reversed/);
    const purchaseId = (
      t.node.services.db.prepare('SELECT id FROM purchases WHERE internal_reference = ?').get(ref) as {
        id: number;
      }
    ).id;
    const walletId = getWallet(t.node.services.db, merchantId, 'test').id;
    expect(() =>
      t.node.services.db
        .prepare(
          `INSERT INTO ledger_entries (wallet_id, kind, amount_kobo, balance_after_kobo, purchase_id, reason, actor, created_at)
           VALUES (?, 'reversal', 50000, ?, ?, 'sneaky', 'test', '2026-01-01T00:00:00.000Z')`,
        )
        .run(walletId, before + 50_000, purchaseId),
    ).toThrow(/UNIQUE constraint failed/);
    expect(balanceKobo(merchantId)).toBe(before);
    expect(ledgerOf(ref).filter((e) => e.kind === 'reversal')).toHaveLength(1);
    expect(verifyLedger(t.node.services.db).ok).toBe(true);
  });

  it('refuses a failed or pending purchase, and a reversal without a reason', async () => {
    sim.failureRate = 1;
    const failedId = key('failed');
    await airtime(pair, failedId);
    sim.failureRate = 0;
    await eventually(
      () => status(pair, failedId),
      (r) => r.json?.status === 'failed',
    );
    await expect(
      reverseSale(t.node.services, { reference: failedId, reason: 'nope nope', actor: 'a', source: 'admin' }),
    ).rejects.toThrow(/is failed: only a completed/);

    sim.pendingRate = 1;
    sim.pendingForMs = 60_000;
    const pendingId = key('pending');
    await airtime(pair, pendingId);
    sim.pendingRate = 0;
    expect((await status(pair, pendingId)).json.status).toBe('pending');
    await expect(
      reverseSale(t.node.services, {
        reference: pendingId,
        reason: 'nope nope',
        actor: 'a',
        source: 'admin',
      }),
    ).rejects.toThrow(/is pending: only a completed/);

    const okId = key('ok');
    await airtime(pair, okId);
    await eventually(
      () => status(pair, okId),
      (r) => r.json?.status === 'success',
    );
    await expect(
      reverseSale(t.node.services, { reference: okId, reason: '  ', actor: 'a', source: 'admin' }),
    ).rejects.toThrow(/reason/);
    await expect(
      reverseSale(t.node.services, { reference: okId, reason: 'bad\nline', actor: 'a', source: 'admin' }),
    ).rejects.toThrow(/control characters/);
    expect((await status(pair, okId)).json.status).toBe('success');
    expect(t.ledgerOk()).toBe(true);
  });

  it('reverses a gift-card order: the order answers failed with reversed, under transaction.reversed', async () => {
    const gcId = key('gc');
    const gc = await t.call('POST', '/v1/giftcards/orders', {
      pair,
      body: { request_id: gcId, plan_id: 5005 },
    });
    expect(gc.status, gc.text).toBe(200);
    expect(gc.json.status).toBe('success');
    await reverseSale(t.node.services, {
      reference: gcId,
      reason: 'card was void',
      actor: 'user:admin',
      source: 'upstream',
      merchantId,
    });
    const order = await t.call('GET', `/v1/giftcards/orders/${gcId}`, { pair });
    expect(order.json).toMatchObject({
      status: 'failed',
      response_code: '01',
      response_message: 'Reversed: card was void',
      data: { reversed: true },
    });
    expect(order.json.data.cards).toBeUndefined();
    const hooks = await eventually(
      async () => rx.received.filter((h) => h.json.type === 'transaction.reversed'),
      (h) => h.length >= 2,
    );
    expect(hooks[1].json.data).toEqual(order.json);
    expect(t.ledgerOk()).toBe(true);
  });
});

describe('purchase reverse (operator CLI)', () => {
  it('reverses by reference with --json, then refuses a second time with exit 2', async () => {
    const m = t.merchant('REVCLI', { testNaira: 1_000 });
    codeOf.set(m.test.key, 'REVCLI');
    const id = key('cli');
    await airtime(m.test, id);
    const sold = await eventually(
      () => status(m.test, id),
      (r) => r.json?.status === 'success',
    );
    const ref = sold.json.data.internal_reference;
    const before = balanceKobo(m.id);
    const r = runCli(t.dataDir, [
      '--json',
      'purchase',
      'reverse',
      '--ref',
      ref,
      '--reason',
      'duplicate at the provider',
    ]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
    expect(r.json).toMatchObject({
      internal_reference: ref,
      status: 'reversed',
      response_code: '01',
      reversal_reason: 'duplicate at the provider',
    });
    expect(balanceKobo(m.id)).toBe(before + 50_000);
    // The running node sees the CLI's change at once.
    expect((await status(m.test, id)).json.data.reversed).toBe(true);

    const again = runCli(t.dataDir, ['--json', 'purchase', 'reverse', '--ref', ref, '--reason', 'twice']);
    expect(again.status).toBe(2);
    // The time as the CLI writes instants elsewhere (`created …`, `next …`): ISO 8601 UTC, labelled.
    expect(again.json.error).toBe(
      `purchase ${ref} was already reversed at ${r.json.reversed_at}; a sale is reversed once`,
    );
    expect(r.json.reversed_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const human = runCli(t.dataDir, ['purchase', 'reverse', '--ref', ref, '--reason', 'twice']);
    expect(human.stderr).toContain(`was already reversed at ${r.json.reversed_at};`);
    const noReason = runCli(t.dataDir, ['--json', 'purchase', 'reverse', '--ref', ref]);
    expect(noReason.status).not.toBe(0);
    expect(balanceKobo(m.id)).toBe(before + 50_000);
    const verify = runCli(t.dataDir, ['--json', 'ledger', 'verify']);
    expect(verify.json.ok).toBe(true);
  });
});

describe('the CLI and gift-card codes', () => {
  it('purchase reverse on a gift-card sale prints no code, only how many and where they are shown', async () => {
    const m = t.merchant('REVGC', { testNaira: 1_000_000 });
    const orderId = key('gc-cli');
    const bought = await t.call('POST', '/v1/giftcards/orders', {
      pair: m.test,
      body: { request_id: orderId, plan_id: 5005, quantity: 2 },
    });
    expect(bought.json.status, bought.text).toBe('success');
    const cards = bought.json.data.cards as Record<string, string>[];
    expect(cards).toHaveLength(2);
    const secrets = cards.flatMap((c) => [c.card_number, c.pin_code, c.claim_url]).filter(Boolean);
    expect(secrets.length).toBeGreaterThanOrEqual(4);

    const r = runCli(t.dataDir, [
      '--json',
      'purchase',
      'reverse',
      '--ref',
      orderId,
      '--reason',
      'card was void',
    ]);
    expect(r.status, r.stderr).toBe(0);
    // A code printed would be a JSON string of its own; a short PIN may also happen to appear
    // inside the random hex of a reference, so whole values are compared, and only the long
    // secrets (card numbers, claim URLs) are also looked for anywhere in the output.
    const printed: string[] = [];
    const walk = (v: unknown): void => {
      if (typeof v === 'string') printed.push(v);
      else if (v && typeof v === 'object') Object.values(v).forEach(walk);
    };
    walk(r.json);
    for (const secret of secrets) {
      expect(printed).not.toContain(secret);
      if (secret.length >= 12) expect(r.stdout).not.toContain(secret);
    }
    expect(r.json).toMatchObject({
      status: 'reversed',
      cards_count: 2,
      cards_note:
        '2 gift-card codes, not printed here: the sale is reversed, so the console no longer shows them',
    });
    expect(r.json.result).not.toHaveProperty('cards');
    // The provider's reference, which a dispute quotes, is kept.
    expect(r.json.result.reference_code).toEqual(expect.any(String));
  });
});

describe('console: admin reverse and re-check of a completed sale', () => {
  let admin: ConsoleClient;
  const demoSale = async () => {
    codeOf.set(t.demo.key, 'DEMO');
    const id = key('demo');
    await airtime(t.demo, id);
    const sold = await eventually(
      () => status(t.demo, id),
      (r) => r.json?.status === 'success',
    );
    return sold.json.data.internal_reference as string;
  };

  beforeAll(async () => {
    admin = await setupFirstAdmin(t.url, 'operator', 'a long admin password');
  });

  it('reverses through the typed admin route, then answers 409 to a second reversal', async () => {
    const ref = await demoSale();
    const r = await admin.post(`/console/admin/purchases/${ref}/reverse`, {
      reason: 'customer refunded at the till',
    });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({
      reference: ref,
      status: 'reversed',
      response_code: '01',
      reversal_reason: 'customer refunded at the till',
      reversed_at: expect.stringMatching(/^\d{4}-/),
    });
    const again = await admin.post(`/console/admin/purchases/${ref}/reverse`, { reason: 'twice over' });
    expect(again.status).toBe(409);
    expect(again.json.message).toMatch(/already reversed/);
    const empty = await admin.post(`/console/admin/purchases/${await demoSale()}/reverse`, { reason: '' });
    expect(empty.status).toBe(400);
    expect(ledgerOf(ref).map((e) => e.kind)).toEqual(['debit', 'reversal']);
    expect(t.ledgerOk()).toBe(true);
  });

  it("an admin's re-check reverses a sale the provider now reports failed (source upstream), and only then", async () => {
    const ref = await demoSale();
    // The simulator answers a requery made soon after the send "pending"; this sale is long done.
    sim.pendingForMs = 0;
    // The provider still says success: nothing changes.
    const same = await admin.post(`/console/purchases/${ref}/requery`);
    expect(same.status, same.text).toBe(200);
    expect(same.json).toMatchObject({ status: 'success', provider_said: 'The provider says: Successful' });
    expect(ledgerOf(ref).map((e) => e.kind)).toEqual(['debit']);

    sim.failureRate = 1;
    try {
      const r = await admin.post(`/console/purchases/${ref}/requery`);
      expect(r.status, r.text).toBe(200);
      expect(r.json).toMatchObject({
        status: 'reversed',
        provider_said: expect.stringMatching(/^The provider says: failed/),
        reversal_reason: expect.stringMatching(/^provider reports it failed/),
      });
      // Asking again finds it reversed: no second credit.
      const again = await admin.post(`/console/purchases/${ref}/requery`);
      expect(again.json.status).toBe('reversed');
    } finally {
      sim.failureRate = 0;
      sim.pendingForMs = undefined;
    }
    expect(ledgerOf(ref).map((e) => e.kind)).toEqual(['debit', 'reversal']);
    const audit = t.node.services.db
      .prepare("SELECT actor, detail FROM audit_log WHERE action = 'purchase.reverse' AND subject = ?")
      .get(ref) as { actor: string; detail: string };
    expect(audit.actor).toBe('user:operator');
    expect(JSON.parse(audit.detail)).toMatchObject({ source: 'upstream' });
    expect(t.ledgerOk()).toBe(true);
  });
});
