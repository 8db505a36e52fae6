import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testConfig } from '../../server/config.js';
import { startNode, type RunningNode } from '../../server/node.js';
import { startTestNode, type Pair, type TestNode } from '../helpers/test-node.js';
import { spawnFaultUpstream, type FaultChild } from './fault-child.js';
import { buy, ledgerOf, liveMerchant, purchaseByKey, routeTo } from './live-node.js';

/**
 * A provider's "no record" refunds a sale only once the provider had the grace since the send,
 * and a clock step is no time it had (server/jobs/send-clock.ts). Here the step comes where the
 * clock watch cannot see it in time: between two of its ticks, and while the node was stopped.
 * The node's wall clock and its monotonic clock are faked apart, as NTP would set them apart.
 */
const GRACE = 120_000;
const TWO_HOURS = 2 * 3_600_000;
let n = 0;
const keyOf = (what: string) => `${what}-${Date.now().toString(36)}-${++n}`;

describe('a "no record" answer right after the clock jumped forward', () => {
  let t: TestNode;
  let fault: FaultChild;
  let live: Pair;
  let wallSkew = 0;
  let monoSkew = 0;
  const code = 'JUMPNF';

  beforeAll(async () => {
    fault = await spawnFaultUpstream();
    t = await startTestNode(
      { syncTimeoutMs: 2_000 },
      {
        now: () => Date.now() + wallSkew,
        monotonic: () => performance.now() + monoSkew,
        notFoundGraceMs: GRACE,
      },
    );
    routeTo(t, 'fault', fault.url, ['airtime']);
    ({ live } = liveMerchant(t, code));
  });
  afterAll(async () => {
    await t?.close();
    await fault?.kill();
  });

  it('keeps the sale pending until the provider had the grace, then refunds it once', async () => {
    await fault.control({ mode: 'timeout' });
    const b = await buy(t, live, code, 'airtime', keyOf('jump'));
    expect(b.json.response_code).toBe('02');
    // The provider never recorded it: every status answer is 404 from now on.
    await fault.control({ mode: 'ok', reset: true });
    const id = purchaseByKey(t, b.key)!.id;

    wallSkew += TWO_HOURS; // NTP corrects a clock two hours behind; the watch has not ticked yet
    monoSkew += 10_000;
    await t.node.services.worker.requery(id);
    expect(purchaseByKey(t, b.key)!.state).toBe('pending');
    expect(ledgerOf(t, b.ref!)).toEqual({ debit: 1 });

    monoSkew += GRACE; // the provider has now had the grace
    await t.node.services.worker.requery(id);
    expect(purchaseByKey(t, b.key)!.state).toBe('failed');
    expect(ledgerOf(t, b.ref!)).toEqual({ debit: 1, refund: 1 });
  });

  it('asks again when the grace is over rather than at once: its next requery is due then', async () => {
    await fault.control({ mode: 'timeout' });
    const b = await buy(t, live, code, 'airtime', keyOf('next'));
    await fault.control({ mode: 'ok', reset: true });
    const id = purchaseByKey(t, b.key)!.id;
    wallSkew += TWO_HOURS;
    await t.node.services.worker.requery(id);
    const { next_poll_at } = t.node.services.db
      .prepare('SELECT next_poll_at FROM vend_jobs WHERE purchase_id = ?')
      .get(id) as { next_poll_at: number };
    // Not the wall clock's "send + grace", two hours in the past, which would ask every poller tick.
    expect(next_poll_at).toBeGreaterThan(Date.now() + wallSkew + GRACE - 10_000);
  });
});

describe('a "no record" answer after the clock was corrected while the node was stopped', () => {
  let fault: FaultChild;
  let dataDir: string;
  let restarted: RunningNode | undefined;

  beforeAll(async () => {
    fault = await spawnFaultUpstream();
    dataDir = mkdtempSync(join(tmpdir(), 'vendpoint-jump-restart-'));
  });
  afterAll(async () => {
    await restarted?.close();
    await fault?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('waits for the grace after the start before refunding a sale sent before it', async () => {
    const first = await startTestNode({ dataDir, syncTimeoutMs: 2_000 }, { notFoundGraceMs: GRACE });
    routeTo(first, 'fault', fault.url, ['airtime']);
    const { live } = liveMerchant(first, 'RESTNF');
    await fault.control({ mode: 'timeout' });
    const b = await buy(first, live, 'RESTNF', 'airtime', keyOf('restart'));
    expect(b.json.response_code).toBe('02');
    await first.close();
    await fault.control({ mode: 'ok', reset: true });

    // Started again after the clock was put two hours forward: by the wall clock the grace is
    // long over, but the provider may have had the sale only seconds.
    let monoSkew = 0;
    restarted = await startNode(testConfig(dataDir, { syncTimeoutMs: 2_000 }), {
      now: () => Date.now() + TWO_HOURS,
      monotonic: () => performance.now() + monoSkew,
      notFoundGraceMs: GRACE,
    });
    const again = { node: restarted } as TestNode;
    const id = purchaseByKey(again, b.key)!.id;
    await restarted.services.worker.requery(id);
    expect(purchaseByKey(again, b.key)!.state).toBe('pending');
    expect(ledgerOf(again, b.ref!)).toEqual({ debit: 1 });

    monoSkew += GRACE;
    await restarted.services.worker.requery(id);
    expect(purchaseByKey(again, b.key)!.state).toBe('failed');
    expect(ledgerOf(again, b.ref!)).toEqual({ debit: 1, refund: 1 });
  });
});
