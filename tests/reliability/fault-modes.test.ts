import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from '../helpers/test-node.js';
import { updateUpstream } from '../../server/store/upstreams.js';
import { runCli } from '../helpers/cli.js';
import type { FaultMode } from '../helpers/fault-upstream.js';
import { spawnFaultUpstream, type FaultChild } from './fault-child.js';
import {
  ALL_PRODUCTS,
  buy,
  ledgerOf,
  liveBalanceKobo,
  liveMerchant,
  purchaseByKey,
  readBack,
  routeTo,
  vendAnswered,
  type Bought,
  type Kind,
} from './live-node.js';
import type { Pair } from '../helpers/test-node.js';

/**
 * The outcome table (server/domain/vend-outcome.ts), proven end to end: a real node whose
 * live traffic for every product goes to the fault upstream running as a child process. For
 * each fault mode, one purchase of each kind; then the upstream is switched back to `ok` and
 * the node's poller requeries (the node's clock is skewed so requeries are due at once).
 * Faulty modes record the vend upstream before answering badly, so the requery shows it was
 * delivered: a refund there would be the worst bug this product can have.
 */

type State = 'success' | 'failed' | 'pending';
interface Row {
  mode: FaultMode;
  /** State right after the vend is answered. */
  afterVend: State;
  /** State once the upstream is `ok` again and the poller has requeried. */
  final: Exclude<State, 'pending'>;
  /** Transport faults hit every /v1 route, so a bill's automatic verify fails first: 502, nothing stored. */
  verifyFails?: boolean;
  settings?: { slowMs?: number; pendingPolls?: number };
}

// prettier-ignore
const TABLE: Row[] = [
  { mode: 'ok', afterVend: 'success', final: 'success' },
  { mode: 'fail', afterVend: 'failed', final: 'failed' },
  { mode: 'slow', afterVend: 'success', final: 'success', settings: { slowMs: 300 } },
  { mode: 'timeout', afterVend: 'pending', final: 'success', verifyFails: true },
  { mode: '5xx', afterVend: 'pending', final: 'success', verifyFails: true },
  { mode: 'html502', afterVend: 'pending', final: 'success', verifyFails: true },
  { mode: 'malformed', afterVend: 'pending', final: 'success', verifyFails: true },
  { mode: 'reset', afterVend: 'pending', final: 'success', verifyFails: true },
  { mode: 'redirect', afterVend: 'pending', final: 'success', verifyFails: true },
  { mode: 'huge', afterVend: 'pending', final: 'success', verifyFails: true },
  { mode: 'unknown-code', afterVend: 'pending', final: 'success' },
  { mode: 'pending-then-success', afterVend: 'pending', final: 'success', settings: { pendingPolls: 1 } },
  { mode: 'pending-then-failed', afterVend: 'pending', final: 'failed', settings: { pendingPolls: 1 } },
  { mode: 'reject-400', afterVend: 'failed', final: 'failed' },
  // A 00 short of the purchase (a card missing, no install fields, no token, another amount) settles nothing.
  { mode: 'short-delivery', afterVend: 'pending', final: 'success' },
  // 503 before vending: nothing was recorded upstream, so the requery's "not found" fails it.
  { mode: 'unavailable-503', afterVend: 'pending', final: 'failed' },
];

const KINDS: Kind[] = ['airtime', 'data', 'electricity', 'giftcard', 'esim'];
const CODE: Record<State, string> = { success: '00', failed: '01', pending: '02' };
/** What the measured table looks like; printed at the end for the closing note. */
const measured: string[] = [];

let n = 0;
const keyOf = (mode: string, kind: string) =>
  `${mode.slice(0, 12)}-${kind.slice(0, 4)}-${Date.now().toString(36)}-${++n}`;

describe('fault modes through the whole node (live traffic -> fault upstream child process)', () => {
  let t: TestNode;
  let fault: FaultChild;
  let live: Pair;
  let skew = 0;
  const code = 'FAULTM';

  beforeAll(async () => {
    fault = await spawnFaultUpstream();
    t = await startTestNode({ syncTimeoutMs: 2_500 }, { now: () => Date.now() + skew });
    routeTo(t, 'fault', fault.url, ALL_PRODUCTS);
    ({ live } = liveMerchant(t, code));
  });
  afterAll(async () => {
    await t?.close();
    await fault?.kill();
    if (measured.length)
      console.log(`\nfault-mode table as measured through the node:\n${measured.join('\n')}`);
  });

  /** Requeries until every purchase is final, skewing the clock past each backoff step. */
  async function pollUntilFinal(bought: Bought[]): Promise<number> {
    let rounds = 0;
    while (bought.some((b) => b.ref && purchaseByKey(t, b.key)!.state === 'pending') && rounds < 8) {
      skew += 20 * 60_000; // past any early backoff step, well inside the 24 h attention deadline
      await t.node.services.worker.pollDue();
      rounds += 1;
    }
    return rounds;
  }

  it.each(TABLE)(
    '$mode: after the vend $afterVend, finally $final; one vend call per purchase; refund only on a definitive failure',
    async (row) => {
      await fault.control({
        mode: row.mode,
        slowMs: row.settings?.slowMs ?? 1_000,
        pendingPolls: row.settings?.pendingPolls ?? 1,
      });
      const before = liveBalanceKobo(t, code);
      const bought = await Promise.all(KINDS.map((kind) => buy(t, live, code, kind, keyOf(row.mode, kind))));

      // 1. The first answers and the state once the vend is answered.
      for (const b of bought) {
        if (b.kind === 'electricity' && row.verifyFails) {
          expect(b.status, `${b.kind}: ${JSON.stringify(b.json)}`).toBe(502);
          expect(b.json).toMatchObject({ status: 'error', code: 502 });
          expect(b.ref).toBeNull(); // nothing stored, nothing debited
          continue;
        }
        expect(b.status, `${b.kind}: ${JSON.stringify(b.json)}`).toBe(200);
        expect(b.ref).not.toBeNull();
        const p = purchaseByKey(t, b.key)!;
        await vendAnswered(t, p.id);
        expect(purchaseByKey(t, b.key)!.state, b.kind).toBe(row.afterVend);
        // Async data answers 02 by design; the others answer the vend's outcome (bills: 02 only when unknown at the timeout).
        expect(b.json.response_code, b.kind).toBe(b.kind === 'data' ? '02' : CODE[row.afterVend]);
        if (row.afterVend === 'pending') expect(ledgerOf(t, b.ref!), b.kind).toEqual({ debit: 1 }); // hold kept
      }

      // 2. The upstream recovers; the poller requeries (never re-sends) until final.
      await fault.control({ mode: 'ok' });
      const rounds = await pollUntilFinal(bought);

      // 3. Final state, money and the upstream's own count of vend calls.
      const stats = await fault.stats();
      expect(stats.redirectHits).toBe(0);
      let spent = 0;
      for (const b of bought.filter((x) => x.ref)) {
        const p = purchaseByKey(t, b.key)!;
        expect(p.state, b.kind).toBe(row.final);
        expect(stats.vendCalls[b.ref!], `${b.kind} vend calls`).toBe(1);
        expect(ledgerOf(t, b.ref!), b.kind).toEqual(
          row.final === 'failed' ? { debit: 1, refund: 1 } : { debit: 1 },
        );
        if (row.final === 'success') spent += p.debit_kobo;
        const back = await readBack(t, live, b);
        expect(back.response_code, `${b.kind} read back`).toBe(CODE[row.final]);
      }
      expect(before - liveBalanceKobo(t, code)).toBe(spent);
      expect(t.ledgerOk()).toBe(true);

      const firstAnswers = bought
        .map((b) => `${b.kind}=${b.status === 200 ? b.json.response_code : b.status}`)
        .join(' ');
      measured.push(
        `| ${row.mode.padEnd(20)} | ${firstAnswers.padEnd(70)} | after vend ${row.afterVend.padEnd(7)} | final ${row.final.padEnd(7)} after ${rounds} requery round(s) | refunds ${row.final === 'failed' ? 'once each' : 'none'} | vend calls 1 each |`,
      );
    },
  );

  it('ledger verify (CLI, child process) is ok after every mode', () => {
    const r = runCli(t.dataDir, ['--json', 'ledger', 'verify']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.json).toMatchObject({ ok: true, problems: [] });
  });
});

describe('requery "not found", needs attention and manual resolution', () => {
  let t: TestNode;
  let fault: FaultChild;
  let live: Pair;
  let skew = 0;
  const code = 'NOTFOUND';
  const GRACE = 120_000;
  const ATTENTION = 6 * 3_600_000;

  beforeAll(async () => {
    fault = await spawnFaultUpstream();
    t = await startTestNode(
      { syncTimeoutMs: 2_000 },
      { now: () => Date.now() + skew, notFoundGraceMs: GRACE, attentionAfterMs: ATTENTION },
    );
    routeTo(t, 'fault', fault.url, ALL_PRODUCTS);
    ({ live } = liveMerchant(t, code));
  });
  afterAll(async () => {
    await t?.close();
    await fault?.kill();
  });

  it('a vend the upstream has no record of fails and is refunded only once the grace period since the send has passed', async () => {
    await fault.control({ mode: 'timeout' });
    const before = liveBalanceKobo(t, code);
    const b = await buy(t, live, code, 'airtime', keyOf('nf', 'air'));
    expect(b.json.response_code).toBe('02');
    expect(await fault.vendCalls(b.ref!)).toBe(1);
    // The provider loses every record (as if our request never arrived): status answers 404.
    await fault.control({ mode: 'ok', reset: true });
    const id = purchaseByKey(t, b.key)!.id;

    skew += 30_000; // due (first backoff step 10 s) but inside the grace
    await t.node.services.worker.requery(id);
    expect(purchaseByKey(t, b.key)!.state).toBe('pending');
    expect(ledgerOf(t, b.ref!)).toEqual({ debit: 1 });
    expect((await fault.stats()).statusCalls[b.ref!]).toBe(1);

    skew += GRACE; // now past the grace since the send
    await t.node.services.worker.requery(id);
    const p = purchaseByKey(t, b.key)!;
    expect(p.state).toBe('failed');
    expect(ledgerOf(t, b.ref!)).toEqual({ debit: 1, refund: 1 });
    expect(liveBalanceKobo(t, code)).toBe(before);
    expect(await fault.vendCalls(b.ref!)).toBe(0); // after the reset: it was never sent again
    const back = await readBack(t, live, b);
    expect(back.response_code).toBe('01');
  });

  it("a provider given a longer not-found grace (notFoundGraceMinutes) keeps its sale pending past the node's grace, and fails it only after its own", async () => {
    const quick = { timeoutMs: 1_000, connectTimeoutMs: 500 };
    updateUpstream(
      t.node.services.db,
      t.node.services.box,
      'fault',
      { options: { ...quick, notFoundGraceMinutes: 30 } },
      'test',
    );
    try {
      await fault.control({ mode: 'timeout' });
      const b = await buy(t, live, code, 'airtime', keyOf('nf30', 'air'));
      expect(b.json.response_code).toBe('02');
      await fault.control({ mode: 'ok', reset: true });
      const id = purchaseByKey(t, b.key)!.id;

      skew += GRACE + 60_000; // past the node's 2 minutes, inside the provider's 30
      await t.node.services.worker.requery(id);
      expect(purchaseByKey(t, b.key)!.state).toBe('pending');
      expect(ledgerOf(t, b.ref!)).toEqual({ debit: 1 });

      skew += 30 * 60_000; // past the provider's own grace
      await t.node.services.worker.requery(id);
      expect(purchaseByKey(t, b.key)!.state).toBe('failed');
      expect(ledgerOf(t, b.ref!)).toEqual({ debit: 1, refund: 1 });
    } finally {
      updateUpstream(t.node.services.db, t.node.services.box, 'fault', { options: quick }, 'test');
    }
  });

  it('a purchase still unknown after the deadline is flagged; `purchase resolve --outcome failed` refunds it once and a second resolve is refused', async () => {
    await fault.control({ mode: '5xx' });
    const before = liveBalanceKobo(t, code);
    const b = await buy(t, live, code, 'giftcard', keyOf('attn', 'gc'));
    expect(b.json.response_code).toBe('02');
    skew += 60_000;
    await t.node.services.worker.pollDue();
    expect(purchaseByKey(t, b.key)!.needs_attention).toBe(0);

    skew += ATTENTION;
    await t.node.services.worker.pollDue();
    const flagged = purchaseByKey(t, b.key)!;
    expect(flagged.state).toBe('pending');
    expect(flagged.needs_attention).toBe(1);
    expect(ledgerOf(t, b.ref!)).toEqual({ debit: 1 });

    const first = runCli(t.dataDir, [
      '--json',
      'purchase',
      'resolve',
      '--ref',
      b.ref!,
      '--outcome',
      'failed',
      '--reason',
      'provider confirmed not delivered',
    ]);
    expect(first.status, first.stderr).toBe(0);
    expect(first.json).toMatchObject({ internal_reference: b.ref, status: 'failed', response_code: '01' });
    expect(ledgerOf(t, b.ref!)).toEqual({ debit: 1, refund: 1 });
    expect(liveBalanceKobo(t, code)).toBe(before);

    const second = runCli(t.dataDir, [
      '--json',
      'purchase',
      'resolve',
      '--ref',
      b.ref!,
      '--outcome',
      'failed',
      '--reason',
      'again',
    ]);
    expect(second.status).not.toBe(0);
    expect(second.json.error).toMatch(/already failed/);
    const again = runCli(t.dataDir, [
      '--json',
      'purchase',
      'resolve',
      '--ref',
      b.ref!,
      '--outcome',
      'success',
      '--reason',
      'flip',
    ]);
    expect(again.status).not.toBe(0);
    expect(ledgerOf(t, b.ref!)).toEqual({ debit: 1, refund: 1 });

    // The node sees the operator's decision, and its poller leaves the purchase alone.
    await fault.control({ mode: 'ok' });
    skew += 3_600_000;
    await t.node.services.worker.pollDue();
    expect(purchaseByKey(t, b.key)!.state).toBe('failed');
    expect((await readBack(t, live, b)).response_code).toBe('01');
    expect(await fault.vendCalls(b.ref!)).toBe(1);
    const audit = t.node.services.db
      .prepare(`SELECT actor, detail FROM audit_log WHERE action = 'purchase.resolve' AND subject = ?`)
      .all(b.ref!);
    expect(audit).toHaveLength(1);
    const verify = runCli(t.dataDir, ['--json', 'ledger', 'verify']);
    expect(verify.json).toMatchObject({ ok: true });
  });
});

describe('the poller after a restart with a backlog', () => {
  let t: TestNode;
  let fault: FaultChild;
  let live: Pair;
  let skew = 0;
  const code = 'BACKLOG';

  beforeAll(async () => {
    fault = await spawnFaultUpstream();
    t = await startTestNode({}, { now: () => Date.now() + skew });
    routeTo(t, 'fault', fault.url, ALL_PRODUCTS);
    ({ live } = liveMerchant(t, code));
  });
  afterAll(async () => {
    await t?.close();
    await fault?.kill();
  });

  it('one poller tick requeries every due purchase, not only the first 200', async () => {
    await fault.control({ mode: 'pending-then-success', pendingPolls: 0 });
    const keys = Array.from({ length: 260 }, (_, i) => keyOf('backlog', `d${i}`));
    const bought: Bought[] = [];
    for (let i = 0; i < keys.length; i += 20) {
      bought.push(...(await Promise.all(keys.slice(i, i + 20).map((k) => buy(t, live, code, 'data', k)))));
    }
    for (const b of bought) expect(await vendAnswered(t, purchaseByKey(t, b.key)!.id)).toBe('polling');
    await fault.control({ mode: 'ok' });
    skew += 60_000;
    const polled = await t.node.services.worker.pollDue();
    expect(polled).toBe(260);
    const states = bought.map((b) => purchaseByKey(t, b.key)!.state);
    expect(states.filter((x) => x === 'success')).toHaveLength(260);
    const stats = await fault.stats();
    expect(bought.every((b) => stats.vendCalls[b.ref!] === 1 && stats.statusCalls[b.ref!] === 1)).toBe(true);
  });
});

describe('a live purchase with no route', () => {
  let t: TestNode;
  let live: Pair;
  const code = 'NOROUTE';
  beforeAll(async () => {
    t = await startTestNode();
    ({ live } = liveMerchant(t, code));
  });
  afterAll(async () => t?.close());

  it.each(['airtime', 'data', 'electricity', 'giftcard', 'esim'] as Kind[])(
    '%s: 503 saying no provider is configured, nothing debited or stored',
    async (kind) => {
      const before = liveBalanceKobo(t, code);
      const b = await buy(t, live, code, kind, keyOf('noroute', kind));
      expect(b.status).toBe(503);
      expect(b.json).toMatchObject({ status: 'error', code: 503 });
      expect(b.json.message).toMatch(/no provider|not available/i);
      expect(b.ref).toBeNull();
      expect(liveBalanceKobo(t, code)).toBe(before);
    },
  );
});
