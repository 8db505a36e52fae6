import { afterEach, describe, expect, it, vi } from 'vitest';
import { rmSync } from 'node:fs';
import type { Db } from '../../server/store/db.js';
import { startSchedules, type ScheduleHandle } from '../../server/jobs/schedules.js';
import type { Services } from '../../server/services/context.js';
import { createPurchase } from '../../server/store/purchase-create.js';
import { duePolls, getJob, markVendStarted, schedulePoll } from '../../server/store/vend-jobs.js';
import { NOT_FOUND_GRACE_MS, notFoundIsFinal } from '../../server/domain/vend-outcome.js';
import { dueDeliveries, fanOutEvents, moveRetriesBack } from '../../server/store/webhook-deliveries.js';
import { createEndpoint } from '../../server/store/webhooks.js';
import { SecretBox } from '../../server/store/secret-box.js';
import { airtimePurchase, recordWalletEvents, storeWithMerchant } from '../helpers/test-store.js';
import { VendWorker } from '../../server/jobs/vend-worker.js';
import { PurchaseStore } from '../../server/store/purchase-store.js';
import { CommitBatcher } from '../../server/store/commit-batcher.js';
import type { UpstreamRouter } from '../../server/routing/upstream-router.js';

/**
 * node-cron waits for the clock to reach its next run's time, so a clock set back (NTP stepping a
 * PC's wrong clock) held every job for the length of the step, and a pending sale's requery waited
 * the step on top of its backoff; the schedules start again from the new time and the requeries
 * move back with it (server/jobs/schedules.ts). Only Date is faked, and it runs on with real time.
 */
const dirs: string[] = [];
let db: Db | null = null;
let handle: ScheduleHandle | null = null;
afterEach(async () => {
  await handle?.stop();
  db?.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  vi.useRealTimers();
});

const STEPS_LOGGED = [
  'the clock was set back: the schedules start again from the new time',
  'the clock jumped forward: pending sends moved with it',
];

/** Schedules over a fresh store; the node's own vend worker moves its jobs (it never polls here). */
function start(extra: Parameters<typeof startSchedules>[2]) {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  const store = storeWithMerchant(dirs, 'CLOCK', 1_000_000);
  db = store.db;
  const moved: Promise<number>[] = [];
  const vendWorker = new VendWorker(
    new PurchaseStore(store.db, new CommitBatcher(store.db)),
    {} as UpstreamRouter,
    {
      now: () => Date.now(),
      attentionAfterMs: 24 * 3_600_000,
      notFoundGraceMs: NOT_FOUND_GRACE_MS,
      log: { info: () => {}, warn: () => {}, error: () => {} },
    },
  );
  const worker = {
    pollDue: async () => 0,
    clockSetBack: (backMs: number) => {
      const p = vendWorker.clockSetBack(backMs);
      moved.push(p);
      return p;
    },
    clockSetForward: (forwardMs: number) => {
      const p = vendWorker.clockSetForward(forwardMs);
      moved.push(p);
      return p;
    },
  };
  // Webhook retries move with the store's own function too.
  const webhooks = {
    clockSetBack: (backMs: number) => {
      const p = Promise.resolve(moveRetriesBack(store.db, Date.now(), backMs));
      moved.push(p);
      return p;
    },
  };
  let stepped: () => void = () => {};
  const stepSeen = new Promise<void>((resolve) => (stepped = resolve));
  const log = { error: () => {}, info: (_o: object, m: string) => STEPS_LOGGED.includes(m) && stepped() };
  handle = startSchedules({ db, worker, webhooks } as unknown as Services, log, extra);
  return { ...store, moved, stepSeen };
}

describe('the schedules when the clock is set back two hours', () => {
  it('run again within seconds, not two hours later', async () => {
    let runs = 0;
    let wake: () => void = () => {};
    const nextRun = () => new Promise<void>((resolve) => (wake = resolve));
    let ran = nextRun();
    start({ every_second: { expression: '* * * * * *', run: async () => (runs++, wake()) } });
    await ran;
    vi.setSystemTime(Date.now() - 2 * 3_600_000);
    const before = runs;
    ran = nextRun();
    await ran;
    expect(runs).toBeGreaterThan(before);
  }, 20_000);

  it("move a pending sale's requery back with the clock: due 10 s after the step, not 2 h 10 s", async () => {
    const t = start({});
    const sale = t.db.transaction(() => createPurchase(t.db, airtimePurchase(t.m.id, 'pending-sale')))();
    schedulePoll(t.db, sale.id, Date.now() + 10_000, 'pending at the provider');
    vi.setSystemTime(Date.now() - 2 * 3_600_000);
    await t.stepSeen;
    await Promise.all(t.moved);
    expect(duePolls(t.db, Date.now() + 10_000).map((j) => j.purchaseId)).toEqual([sale.id]);
  }, 20_000);

  it('move a webhook retry back with the clock: due a minute after the step, not 2 h 1 min', async () => {
    const t = start({});
    createEndpoint(t.db, SecretBox.forDataDir(t.dir), {
      merchantId: t.m.id,
      environment: 'test',
      url: 'https://hooks.example.com/vendpoint',
      eventTypes: ['wallet.funded'],
      actor: 'test',
    });
    recordWalletEvents(t.db, t.m.id, 1);
    fanOutEvents(t.db, Date.now());
    // The receiver failed the first attempt: the retry waits a minute.
    t.db.prepare(`UPDATE webhook_deliveries SET next_attempt_at = ?, attempts = 1`).run(Date.now() + 60_000);
    vi.setSystemTime(Date.now() - 2 * 3_600_000);
    await t.stepSeen;
    await Promise.all(t.moved);
    expect(dueDeliveries(t.db, Date.now() + 60_000, 10)).toHaveLength(1);
  }, 20_000);
});

describe('a pending sale when the clock jumps forward two hours', () => {
  it('gets its not-found grace from the send as the provider lived it, not a "no record" made final at once', async () => {
    const t = start({});
    const sale = t.db.transaction(() => createPurchase(t.db, airtimePurchase(t.m.id, 'sent-before-jump')))();
    markVendStarted(t.db, sale.id, 'simulator', Date.now() - 10_000);
    schedulePoll(t.db, sale.id, Date.now() + 10_000, 'pending at the provider');
    vi.setSystemTime(Date.now() + 2 * 3_600_000); // NTP corrects a clock that was two hours behind
    await t.stepSeen;
    await Promise.all(t.moved);
    const sentAt = getJob(t.db, sale.id)!.vendStartedAt!;
    expect(notFoundIsFinal(Date.now() - sentAt, NOT_FOUND_GRACE_MS)).toBe(false);
  }, 20_000);
});

describe('a pending sale when the clock is set back two hours', () => {
  it('gets its not-found grace from the send, not the step on top: a vend the provider never got is refunded in minutes', async () => {
    const t = start({});
    const sale = t.db.transaction(() => createPurchase(t.db, airtimePurchase(t.m.id, 'sent-before-step')))();
    markVendStarted(t.db, sale.id, 'simulator', Date.now() - 10_000);
    schedulePoll(t.db, sale.id, Date.now() + 10_000, 'pending at the provider');
    vi.setSystemTime(Date.now() - 2 * 3_600_000); // NTP corrects a clock that was two hours ahead
    // Sent after the step, before the watch saw it: stamped by the new clock, so it keeps its time.
    const later = t.db.transaction(() => createPurchase(t.db, airtimePurchase(t.m.id, 'sent-after-step')))();
    const laterSentAt = Date.now();
    markVendStarted(t.db, later.id, 'simulator', laterSentAt);
    await t.stepSeen;
    await Promise.all(t.moved);
    const sentAt = getJob(t.db, sale.id)!.vendStartedAt!;
    expect(notFoundIsFinal(Date.now() + NOT_FOUND_GRACE_MS - sentAt, NOT_FOUND_GRACE_MS)).toBe(true);
    expect(getJob(t.db, later.id)!.vendStartedAt).toBe(laterSentAt);
  }, 20_000);
});
