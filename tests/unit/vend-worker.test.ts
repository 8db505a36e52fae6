import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../server/config.js';
import { buildServices, type NodeHooks } from '../../server/node.js';
import type { Caller, Services } from '../../server/services/context.js';
import { createTransaction } from '../../server/services/transactions.js';
import { createEsimOrder } from '../../server/services/esim.js';
import { getMerchantByCode } from '../../server/store/merchants.js';
import { getWallet, verifyLedger } from '../../server/store/wallets.js';

/**
 * The worker and the purchase services without HTTP: a real SQLite store, the in-process
 * simulator and a fake clock, so the requery schedule and the attention deadline are checked
 * to the millisecond instead of waited for.
 */

const T0 = Date.UTC(2026, 0, 5, 9, 0, 0);
let clock = T0;
let s: Services | null = null;
let dir = '';

function start(hooks: NodeHooks = {}, syncTimeoutMs = 5_000): { s: Services; caller: Caller } {
  dir = mkdtempSync(join(tmpdir(), 'vendpoint-worker-'));
  clock = T0;
  s = buildServices(testConfig(dir, { syncTimeoutMs }), { now: () => clock, ...hooks }).services;
  const merchant = getMerchantByCode(s.db, 'DEMO')!;
  return { s, caller: { merchant, environment: 'test', actor: 'key:unit' } };
}

afterEach(async () => {
  if (s) {
    await s.worker.stop();
    await s.router.close();
    expect(verifyLedger(s.db).ok).toBe(true);
    s.db.close();
    s = null;
  }
  rmSync(dir, { recursive: true, force: true });
});

const airtime = (k: string) => ({
  merchant_code: 'DEMO',
  customer_msisdn: '08031234567',
  network: 'mtn',
  product: 'airtime',
  amount: '100',
  client_request_id: k,
});
const job = (s: Services, id: number) => s.purchases.job(id)!;
const settled = async (s: Services, id: number) => {
  for (
    let i = 0;
    i < 200 && s.purchases.job(id)?.state !== 'polling' && s.purchases.purchase(id)?.state === 'pending';
    i++
  )
    await new Promise((r) => setTimeout(r, 5));
};

describe('vend worker with the simulator and a fake clock', () => {
  it('a pending answer is requeried on the backoff (10 s, then 30 s), never re-sent, and succeeds with the debit standing', async () => {
    const { s, caller } = start({ simulator: { pendingRate: 1, pendingForMs: 0 } });
    const before = getWallet(s.db, caller.merchant.id, 'test').balanceKobo;
    const { purchase } = await createTransaction(s, caller, airtime('w-pending'), {
      surface: 'v1',
      mode: 'async',
    });
    await settled(s, purchase.id);
    expect(job(s, purchase.id)).toMatchObject({ state: 'polling', nextPollAt: T0 + 10_000, pollCount: 1 });
    clock = T0 + 9_999;
    expect(await s.worker.pollDue()).toBe(0);
    clock = T0 + 10_000;
    expect(await s.worker.pollDue()).toBe(1);
    expect(s.purchases.purchase(purchase.id)!.state).toBe('success');
    expect(job(s, purchase.id).state).toBe('done');
    expect(s.router.testSimulator.vendCalls.get(purchase.internalReference)).toBe(1);
    expect(getWallet(s.db, caller.merchant.id, 'test').balanceKobo).toBe(before - 10_000);
  });

  it('a definitive failure settles failed and refunds once; a sync create waits for it', async () => {
    const { s, caller } = start({ simulator: { failureRate: 1 } });
    const before = getWallet(s.db, caller.merchant.id, 'test').balanceKobo;
    const { purchase, waited } = await createTransaction(s, caller, airtime('w-fail'), {
      surface: 'v1',
      mode: 'sync',
    });
    expect(waited).toBe(true);
    expect(purchase).toMatchObject({ state: 'failed', failureReason: 'Simulated failure' });
    expect(getWallet(s.db, caller.merchant.id, 'test').balanceKobo).toBe(before);
  });

  it('still pending 24 h after the send: flagged for an admin, still pending, the debit standing', async () => {
    const { s, caller } = start({ simulator: { pendingRate: 1, pendingForMs: 10 * 365 * 86_400_000 } });
    const { purchase } = await createTransaction(s, caller, airtime('w-late'), {
      surface: 'v1',
      mode: 'async',
    });
    await settled(s, purchase.id);
    clock = T0 + 24 * 3_600_000 - 1;
    await s.worker.pollDue();
    expect(s.purchases.purchase(purchase.id)!.needsAttention).toBe(false);
    clock = T0 + 24 * 3_600_000;
    await s.worker.requery(purchase.id);
    expect(s.purchases.purchase(purchase.id)).toMatchObject({ state: 'pending', needsAttention: true });
  });

  it('an order answers at the upstream first answer (pending), not at the sync timeout', async () => {
    const { s, caller } = start({ simulator: { slowFulfilment: true } }, 30_000);
    const plan = s.catalog.get().esimPlans.find((p) => p.active)!;
    const started = Date.now();
    const order = await createEsimOrder(s, caller, { request_id: 'w-esim-1', plan_id: plan.plan_id });
    expect(order.state).toBe('pending');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(job(s, order.id).state).toBe('polling');
  });

  it('a sale costs two group-committed operations: the create, and the send with its outcome', async () => {
    const { s, caller } = start();
    const before = { ...s.purchases.stats };
    await createTransaction(s, caller, airtime('w-ops'), { surface: 'v1', mode: 'sync' });
    expect(s.purchases.stats.operations - before.operations).toBe(2);
  });

  it('a crashed vend that cannot be handed to the poller either is said at warn with its purchase id, not swallowed', async () => {
    const { s, caller } = start();
    const lines: { level: string; o: object; m: string }[] = [];
    const at = (level: string) => (o: object, m: string) => lines.push({ level, o, m });
    s.worker.setLogger({ info: at('info'), warn: at('warn'), error: at('error') });
    const full = new Error('SQLITE_FULL: database or disk is full');
    s.purchases.markSent = () => Promise.reject(full);
    s.purchases.requeryAfterCrash = () => Promise.reject(full);
    const { purchase } = await createTransaction(s, caller, airtime('w-crash-twice'), {
      surface: 'v1',
      mode: 'async',
    });
    await s.worker.stop(); // waits for the vend in flight, crash recovery included
    expect(lines).toEqual([
      {
        level: 'error',
        o: { err: full, purchaseId: purchase.id },
        m: 'vend job crashed; it stays recoverable',
      },
      {
        level: 'warn',
        o: { err: full, purchaseId: purchase.id },
        m: 'could not hand the crashed vend job to the poller; if its send was recorded, it is requeried after the next start',
      },
    ]);
    expect(job(s, purchase.id).state).toBe('queued'); // nothing was recorded as sent
  });
});
