import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { startReconcilePair, type ReconcilePair } from '../helpers/reconcile-pair.js';
import type { SeedRow } from '../helpers/reconcile-seed.js';
import { reconcileDay } from '../../server/services/reconciliation.js';
import { askUpstreamWith, resolveException } from '../../server/services/reconciliation-resolve.js';
import { reverseSaleWith } from '../../server/services/reconciliation-reversal.js';
import {
  getException,
  listExceptions,
  type ReconciliationException,
} from '../../server/store/reconciliation-exceptions.js';
import { getPurchaseByReference } from '../../server/store/purchases.js';
import { getEventBody } from '../../server/store/events.js';
import { reverseSale as reverseSaleAs } from '../../server/services/reversals.js';
import { fundWallet, getWallet, verifyLedger } from '../../server/store/wallets.js';
import type { ExceptionKind } from '../../server/domain/reconciliation.js';

const DAY = '2026-03-10';
// Africa/Lagos is UTC+1: the business day runs from 2026-03-09T23:00Z to 2026-03-10T23:00Z.
const DAY_START = Date.parse('2026-03-09T23:00:00.000Z');
const at = (i: number) => new Date(DAY_START + 5_000 + i * 20_000).toISOString();

let pair: ReconcilePair;
/** Seeded key per expected exception kind. */
const expected = new Map<ExceptionKind, string[]>();
let edgeRef = '';
/** Sales both sides call a success (no exception). */
const matchedRefs: string[] = [];
/** Our purchases of the day (the edge one included). */
let ourOfDay = 0;

function rowsOfDay(): { rows: SeedRow[]; kinds: (ExceptionKind | null)[] } {
  const rows: SeedRow[] = [];
  const kinds: (ExceptionKind | null)[] = [];
  const add = (r: Omit<SeedRow, 'at'>, kind: ExceptionKind | null) => {
    rows.push({ ...r, at: at(rows.length) });
    kinds.push(kind);
  };
  for (let i = 0; i < 3_000; i++) {
    if (i % 300 === 1)
      add(
        { ours: 'success', theirs: 'success', amountKobo: 50_000, theirAmountKobo: 45_000 },
        'amount_differs',
      );
    else if (i % 300 === 2)
      add({ ours: 'success', theirs: 'failed', amountKobo: 20_000 }, 'ours_success_theirs_failed');
    else if (i % 300 === 3)
      add({ ours: 'failed', theirs: 'success', amountKobo: 30_000 }, 'ours_failed_theirs_success');
    else if (i % 500 === 4) add({ ours: 'success', theirs: null, amountKobo: 10_000 }, 'ours_only');
    else if (i % 500 === 5) add({ ours: null, theirs: 'success', amountKobo: 10_000 }, 'theirs_only');
    else if (i % 1000 === 6) add({ ours: 'pending', theirs: 'pending', amountKobo: 10_000 }, 'pending');
    // Still in flight here and not (yet) listed there: pending, never "ours only" (a reversal).
    else if (i % 1000 === 10) add({ ours: 'pending', theirs: null, amountKobo: 10_000 }, 'pending');
    // Agreements: both failed, failed here and never seen there, failed there and unknown here.
    else if (i % 50 === 7) add({ ours: 'failed', theirs: 'failed', amountKobo: 10_000 }, null);
    else if (i % 50 === 8) add({ ours: 'failed', theirs: null, amountKobo: 10_000 }, null);
    else if (i % 50 === 9) add({ ours: null, theirs: 'failed', amountKobo: 10_000 }, null);
    else add({ ours: 'success', theirs: 'success', amountKobo: 5_000 + (i % 20) * 500 }, null);
  }
  return { rows, kinds };
}

beforeAll(async () => {
  pair = await startReconcilePair();
  const { rows, kinds } = rowsOfDay();
  const refs = pair.seed(rows);
  ourOfDay = rows.filter((r) => r.ours).length + 1;
  kinds.forEach((k, i) => {
    if (k) expected.set(k, [...(expected.get(k) ?? []), refs[i]]);
    else if (rows[i].ours === 'success' && rows[i].theirs === 'success') matchedRefs.push(refs[i]);
  });
  // Neighbouring days: the day before and after, both sides agreeing or not, stay out of this day.
  pair.seed([
    { ours: 'success', theirs: 'failed', amountKobo: 10_000, at: '2026-03-09T22:00:00.000Z' },
    { ours: 'success', theirs: null, amountKobo: 10_000, at: '2026-03-10T23:30:00.000Z' },
  ]);
  // Sold one tenth of a second before midnight, stamped just after it upstream: still this day's, and matched.
  [edgeRef] = pair.seed([
    {
      ours: 'success',
      theirs: 'success',
      amountKobo: 10_000,
      at: '2026-03-10T22:59:59.900Z',
      theirDelayMs: 300,
    },
  ]);
}, 60_000);
afterAll(() => pair?.close());

const services = () => pair.ours.node.services;
const reverseSale = (...a: Parameters<ReturnType<typeof reverseSaleWith>>) =>
  reverseSaleWith(services())(...a);
/** Changes the upstream's books as another process would, so its caches see the change. */
const changeUpstream = (sql: string, ...args: unknown[]) => {
  const other = new Database(join(pair.theirs.dataDir, 'vendpoint.db'));
  try {
    other.prepare(sql).run(...args);
  } finally {
    other.close();
  }
};
const askUpstream = (...a: Parameters<ReturnType<typeof askUpstreamWith>>) =>
  askUpstreamWith(services().router, services().db)(...a);
const run = (actor = 'test') => reconcileDay(services(), { day: DAY, timezone: 'Africa/Lagos', actor });
const exceptionsOfDay = () =>
  listExceptions(services().db, { day: DAY }).sort((a, b) => a.reference.localeCompare(b.reference));
const eventTypesOf = (purchaseId: number) =>
  (
    services()
      .db.prepare(`SELECT type FROM events WHERE object_key = ? ORDER BY id`)
      .all(`purchase:${purchaseId}`) as { type: string }[]
  ).map((r) => r.type);
const byKind = (list: ReconciliationException[]) => {
  const out = new Map<ExceptionKind, string[]>();
  for (const e of list) out.set(e.kind, [...(out.get(e.kind) ?? []), e.reference].sort());
  return out;
};

describe('daily reconciliation against a vending-api upstream', () => {
  let first: ReconciliationException[] = [];

  it('finds exactly the seeded exceptions, one per kind and key, and counts the rest as matched', async () => {
    const [r] = await run();
    expect(r.state).toBe('done');
    const want = new Map([...expected].map(([k, v]) => [k, [...v].sort()]));
    first = exceptionsOfDay();
    expect(byKind(first)).toEqual(want);
    expect(first.every((e) => e.status === 'open')).toBe(true);
    const total = [...expected.values()].reduce((n, v) => n + v.length, 0);
    expect(r.openExceptions).toBe(total);
    for (const [k, v] of expected) expect(r.counts[k]).toBe(v.length);
    // The neighbouring days are not read.
    expect(r.ourRows).toBe(ourOfDay);
    expect(first.map((e) => e.reference)).not.toContain(edgeRef);
    const amount = first.find((e) => e.kind === 'amount_differs')!;
    expect([amount.ourAmountKobo, amount.theirAmountKobo]).toEqual([50_000, 45_000]);
  });

  it('running the same day again changes nothing: same exceptions, no new rows', async () => {
    const [r] = await run();
    expect(r.state).toBe('done');
    expect(exceptionsOfDay()).toEqual(first);
  });

  it('accepting the upstream success of a refunded purchase needs a confirmation, then debits once (debit_correction)', async () => {
    const e = first.find((x) => x.kind === 'ours_failed_theirs_success')!;
    const s = { db: services().db, reverseSale, askUpstream };
    await expect(
      resolveException(s, {
        id: e.id,
        action: 'accept_upstream',
        actor: 'user:ada',
        reason: 'they delivered',
      }),
    ).rejects.toThrow(/confirm/);
    await expect(
      resolveException(s, {
        id: e.id,
        action: 'accept_upstream',
        actor: 'user:ada',
        reason: ' ',
        confirm: true,
      }),
    ).rejects.toThrow(/reason/);
    // What the provider delivered (a telco message, its own reference) is kept as a vend's would be.
    const theirs = pair.theirs.node.services.db
      .prepare(`SELECT internal_reference AS ref FROM purchases WHERE idem_key = ?`)
      .get(e.reference) as { ref: string };
    changeUpstream(
      `UPDATE purchases SET result = ? WHERE idem_key = ?`,
      JSON.stringify({ telco_message: 'Recharge of N300 done', external_reference: 'MTN-77' }),
      e.reference,
    );
    const before = getWallet(services().db, pair.merchant.id, 'live').balanceKobo;
    const eventsBefore = eventTypesOf(e.purchaseId!);
    const done = await resolveException(s, {
      id: e.id,
      action: 'accept_upstream',
      actor: 'user:ada',
      reason: 'they delivered',
      confirm: true,
    });
    // An integrator told (or able to read) that the sale failed is told it succeeded after all.
    expect(eventTypesOf(e.purchaseId!)).toEqual([...eventsBefore, 'transaction.succeeded']);
    const last = services()
      .db.prepare(`SELECT id FROM events WHERE object_key = ? ORDER BY id DESC LIMIT 1`)
      .get(`purchase:${e.purchaseId}`) as { id: number };
    expect(JSON.parse(getEventBody(services().db, last.id)!)).toMatchObject({
      type: 'transaction.succeeded',
      environment: 'live',
      data: { status: 'success', response_code: '00' },
    });
    expect(done).toMatchObject({
      status: 'resolved',
      resolution: 'accept_upstream',
      resolvedBy: 'user:ada',
      resolvedReason: 'they delivered',
    });
    const corrected = getPurchaseByReference(services().db, e.reference)!;
    expect(corrected.state).toBe('success');
    expect(corrected.result).toEqual({
      telco_message: 'Recharge of N300 done',
      external_reference: 'MTN-77',
    });
    expect(corrected.upstreamReference).toBe(theirs.ref);
    expect(getWallet(services().db, pair.merchant.id, 'live').balanceKobo).toBe(before - 30_000);
    const entries = services()
      .db.prepare(`SELECT kind, amount_kobo FROM ledger_entries WHERE purchase_id = ? ORDER BY id`)
      .all(e.purchaseId) as { kind: string; amount_kobo: number }[];
    expect(entries).toEqual([
      { kind: 'debit', amount_kobo: -30_000 },
      { kind: 'refund', amount_kobo: 30_000 },
      { kind: 'debit_correction', amount_kobo: -30_000 },
    ]);
    await expect(
      resolveException(s, {
        id: e.id,
        action: 'accept_upstream',
        actor: 'user:ada',
        reason: 'again',
        confirm: true,
      }),
    ).rejects.toThrow(/already resolved/);
    expect(verifyLedger(services().db).ok).toBe(true);
  });

  it('a debit correction asks the upstream again: another answer, or none, charges nothing', async () => {
    const db = services().db;
    const [gone, silent] = first
      .filter((x) => x.kind === 'ours_failed_theirs_success' && x.status === 'open')
      .slice(-2);
    const before = getWallet(db, pair.merchant.id, 'live').balanceKobo;
    const ledgerBefore = (db.prepare('SELECT COUNT(*) AS n FROM ledger_entries').get() as { n: number }).n;
    // The provider has since failed it after all: the day must be compared again.
    changeUpstream(`UPDATE purchases SET state = 'failed', result = NULL WHERE idem_key = ?`, gone.reference);
    const resolve = (id: number, s: Parameters<typeof resolveException>[0]) =>
      resolveException(s, {
        id,
        action: 'accept_upstream',
        actor: 'user:ada',
        reason: 'they delivered',
        confirm: true,
      });
    await expect(resolve(gone.id, { db, reverseSale, askUpstream })).rejects.toThrow(
      /^upstream up now says .* is failed: nothing was charged; run the reconciliation of 2026-03-10 again$/,
    );
    // The provider cannot be asked right now.
    const unreachable = async () => ({
      kind: 'unknown' as const,
      reason: 'connect ECONNREFUSED 127.0.0.1:9',
    });
    await expect(resolve(silent.id, { db, reverseSale, askUpstream: unreachable })).rejects.toThrow(
      /^upstream up could not be asked what it delivered for .* \(connect ECONNREFUSED 127.0.0.1:9\): nothing was charged; try again when it answers$/,
    );
    for (const x of [gone, silent]) {
      expect(getPurchaseByReference(db, x.reference)!.state).toBe('failed');
      expect(getException(db, x.id)!.status).toBe('open');
    }
    expect(getWallet(db, pair.merchant.id, 'live').balanceKobo).toBe(before);
    expect((db.prepare('SELECT COUNT(*) AS n FROM ledger_entries').get() as { n: number }).n).toBe(
      ledgerBefore,
    );
    changeUpstream(
      `UPDATE purchases SET state = 'success', result = '{}' WHERE idem_key = ?`,
      gone.reference,
    );
  });

  it('an answer is accepted only while our sale is as the run compared it', async () => {
    const db = services().db;
    // As an earlier version filed a sale still in flight: "no record upstream" while pending here.
    // The provider has since delivered it, so reversing it now would refund a delivered sale.
    const e = first.find((x) => x.kind === 'ours_only')!;
    db.prepare(`UPDATE reconciliation_exceptions SET our_state = 'pending' WHERE id = ?`).run(e.id);
    const before = getWallet(db, pair.merchant.id, 'live').balanceKobo;
    await expect(
      resolveException(
        { db, reverseSale, askUpstream },
        { id: e.id, action: 'accept_upstream', actor: 'user:ada', reason: 'upstream has no record' },
      ),
    ).rejects.toThrow(/is success now but was pending when reconciliation compared it on 2026-03-10: run/);
    expect(getPurchaseByReference(db, e.reference)!.state).toBe('success');
    expect(getWallet(db, pair.merchant.id, 'live').balanceKobo).toBe(before);
    db.prepare(`UPDATE reconciliation_exceptions SET our_state = 'success' WHERE id = ?`).run(e.id);
  });

  it('a reversal asks the upstream again: a delivery it now reports, or no answer, credits nothing', async () => {
    const db = services().db;
    const failedThere = first.find((x) => x.kind === 'ours_success_theirs_failed' && x.status === 'open')!;
    const missingThere = first.find((x) => x.kind === 'ours_only' && x.status === 'open')!;
    const before = getWallet(db, pair.merchant.id, 'live').balanceKobo;
    const ledgerBefore = (db.prepare('SELECT COUNT(*) AS n FROM ledger_entries').get() as { n: number }).n;
    // The provider delivered it after all (its status read was down, or its failure was an error
    // it has since corrected): crediting the merchant now would refund a delivered sale.
    changeUpstream(`UPDATE purchases SET state = 'success' WHERE idem_key = ?`, failedThere.reference);
    const resolve = (id: number, s: Parameters<typeof resolveException>[0]) =>
      resolveException(s, { id, action: 'accept_upstream', actor: 'user:ada', reason: 'not delivered' });
    await expect(resolve(failedThere.id, { db, reverseSale, askUpstream })).rejects.toThrow(
      /^upstream up now says .* is success: nothing was credited; run the reconciliation of 2026-03-10 again$/,
    );
    const unreachable = async () => ({
      kind: 'unknown' as const,
      reason: 'connect ECONNREFUSED 127.0.0.1:9',
    });
    await expect(resolve(missingThere.id, { db, reverseSale, askUpstream: unreachable })).rejects.toThrow(
      /^upstream up could not be asked about .* \(connect ECONNREFUSED 127.0.0.1:9\): nothing was credited; try again when it answers$/,
    );
    for (const x of [failedThere, missingThere]) {
      expect(getPurchaseByReference(db, x.reference)!.state).toBe('success');
      expect(getException(db, x.id)!.status).toBe('open');
    }
    expect(getWallet(db, pair.merchant.id, 'live').balanceKobo).toBe(before);
    expect((db.prepare('SELECT COUNT(*) AS n FROM ledger_entries').get() as { n: number }).n).toBe(
      ledgerBefore,
    );
    changeUpstream(`UPDATE purchases SET state = 'failed' WHERE idem_key = ?`, failedThere.reference);
  });

  it('accepting the upstream failure (or no record) of a sale we kept reverses it: one reversal credit each', async () => {
    const db = services().db;
    const s = { db, reverseSale, askUpstream };
    const accepted = first.filter((x) => x.kind === 'ours_success_theirs_failed' || x.kind === 'ours_only');
    for (const e of accepted) {
      const before = getWallet(db, pair.merchant.id, 'live').balanceKobo;
      // The first one an admin reverses just before the operator accepts: one reversal, and
      // the audit says the resolution did not make it.
      if (e === accepted[0])
        await reverseSaleAs(services(), {
          reference: e.reference,
          actor: 'user:bob',
          reason: 'customer complained',
          source: 'admin',
        });
      const done = await resolveException(s, {
        id: e.id,
        action: 'accept_upstream',
        actor: 'user:ada',
        reason: 'upstream did not deliver',
      });
      expect(done).toMatchObject({ status: 'resolved', resolution: 'accept_upstream' });
      expect(getPurchaseByReference(db, e.reference)!.state).toBe('reversed');
      expect(getWallet(db, pair.merchant.id, 'live').balanceKobo).toBe(before + e.ourAmountKobo!);
      const kinds = (
        db.prepare('SELECT kind FROM ledger_entries WHERE purchase_id = ? ORDER BY id').all(e.purchaseId) as {
          kind: string;
        }[]
      ).map((k) => k.kind);
      expect(kinds).toEqual(['debit', 'reversal']);
      const audit = db
        .prepare(
          `SELECT detail FROM audit_log WHERE action = 'reconciliation.resolve' AND subject = ? ORDER BY id DESC`,
        )
        .get(e.reference) as { detail: string };
      expect(JSON.parse(audit.detail)).toMatchObject(
        e === accepted[0] ? { reversed: false, already_reversed: true } : { reversed: true },
      );
    }
    expect(verifyLedger(db).ok).toBe(true);
  });

  it('a debit correction the wallet cannot pay is refused clearly and changes nothing', async () => {
    const db = services().db;
    const e = first.filter((x) => x.kind === 'ours_failed_theirs_success')[1];
    const balance = getWallet(db, pair.merchant.id, 'live').balanceKobo;
    fundWallet(db, {
      merchantId: pair.merchant.id,
      merchantCode: 'SHOP',
      env: 'live',
      amountKobo: -(balance - 100),
      kind: 'adjustment',
      reason: 'drain for the test',
      actor: 'test',
    });
    await expect(
      resolveException(
        { db, reverseSale, askUpstream },
        { id: e.id, action: 'accept_upstream', actor: 'user:ada', reason: 'they delivered', confirm: true },
      ),
    ).rejects.toThrow(/cannot pay the correction/);
    expect(getPurchaseByReference(db, e.reference)!.state).toBe('failed');
    expect(listExceptions(db, { day: DAY }).find((x) => x.id === e.id)!.status).toBe('open');
    fundWallet(db, {
      merchantId: pair.merchant.id,
      merchantCode: 'SHOP',
      env: 'live',
      amountKobo: balance,
      kind: 'adjustment',
      reason: 'refill after the test',
      actor: 'test',
    });
  });

  it('kinds with no upstream answer to accept are refused; settled outside moves no money', async () => {
    const db = services().db;
    const e = first.find((x) => x.kind === 'amount_differs')!;
    await expect(
      resolveException(
        { db, reverseSale, askUpstream },
        { id: e.id, action: 'accept_upstream', actor: 'user:ada', reason: 'x' },
      ),
    ).rejects.toThrow(/settle it outside/);
    // An answer still to come is not one to accept, nor to settle outside.
    await expect(
      resolveException(
        { db, reverseSale, askUpstream },
        {
          id: first.find((x) => x.kind === 'pending')!.id,
          action: 'accept_upstream',
          actor: 'user:ada',
          reason: 'x',
        },
      ),
    ).rejects.toThrow(
      /was in flight when compared: there is no answer to accept yet; once it has settled .* run the reconciliation of 2026-03-10 again$/,
    );
    const ledgerBefore = (db.prepare('SELECT COUNT(*) AS n FROM ledger_entries').get() as { n: number }).n;
    // A sale still in flight here settles by its status checks; settling it by hand as well
    // would let their refund follow a settlement made outside.
    for (const x of first.filter((y) => y.kind === 'pending'))
      await expect(
        resolveException(
          { db, reverseSale, askUpstream },
          { id: x.id, action: 'settled_outside', actor: 'user:ada', reason: 'paid back in cash' },
        ),
      ).rejects.toThrow(
        /is still pending here: its status checks settle it .* run the reconciliation of 2026-03-10 again/,
      );
    for (const x of first.filter((y) => ['amount_differs', 'theirs_only'].includes(y.kind)))
      await resolveException(
        { db, reverseSale, askUpstream },
        {
          id: x.id,
          action: 'settled_outside',
          actor: 'user:ada',
          reason: 'agreed with the provider by phone',
        },
      );
    expect((db.prepare('SELECT COUNT(*) AS n FROM ledger_entries').get() as { n: number }).n).toBe(
      ledgerBefore,
    );
    const audit = db
      .prepare(`SELECT COUNT(*) AS n FROM audit_log WHERE action = 'reconciliation.resolve'`)
      .get() as { n: number };
    expect(audit.n).toBeGreaterThanOrEqual(1 + 10 + 2);
  });

  it('after resolving, another run leaves resolved ones resolved, clears the corrected one and adds nothing', async () => {
    const before = exceptionsOfDay();
    const [r] = await run();
    const after = exceptionsOfDay();
    // Reversed and corrected sales now agree with the upstream; the uncorrected refunds stay open,
    // and so do the sales still in flight here (refused as settled by hand).
    expect(r.openExceptions).toBe(
      expected.get('ours_failed_theirs_success')!.length - 1 + expected.get('pending')!.length,
    );
    expect(r.counts.ours_success_theirs_failed).toBe(0);
    expect(r.counts.ours_only).toBe(0);
    expect(after.map((e) => e.id)).toEqual(before.map((e) => e.id));
    for (const e of after) {
      const was = before.find((b) => b.id === e.id)!;
      expect(e.status).toBe(was.status);
    }
    expect(verifyLedger(services().db).ok).toBe(true);
  });

  it('a sale an admin reversed that the upstream delivered is its own kind: nothing to accept, settled outside closes it', async () => {
    const db = services().db;
    const ref = matchedRefs[0];
    await reverseSaleAs(services(), {
      reference: ref,
      actor: 'user:ada',
      reason: 'customer complained',
      source: 'admin',
    });
    const [r] = await run();
    expect(r.counts.ours_reversed_theirs_success).toBe(1);
    expect(r.counts.ours_failed_theirs_success).toBe(expected.get('ours_failed_theirs_success')!.length - 1);
    const e = exceptionsOfDay().find((x) => x.reference === ref)!;
    expect(e).toMatchObject({ kind: 'ours_reversed_theirs_success', status: 'open', ourState: 'reversed' });
    await expect(
      resolveException(
        { db, reverseSale, askUpstream },
        { id: e.id, action: 'accept_upstream', actor: 'user:ada', reason: 'x', confirm: true },
      ),
    ).rejects.toThrow(/reversal is final.*settled outside/);
    const ledgerBefore = (db.prepare('SELECT COUNT(*) AS n FROM ledger_entries').get() as { n: number }).n;
    await resolveException(
      { db, reverseSale, askUpstream },
      { id: e.id, action: 'settled_outside', actor: 'user:ada', reason: 'claimed back from the provider' },
    );
    expect((db.prepare('SELECT COUNT(*) AS n FROM ledger_entries').get() as { n: number }).n).toBe(
      ledgerBefore,
    );
    const [again] = await run();
    expect(again.openExceptions).toBe(r.openExceptions - 1);
    expect(exceptionsOfDay().find((x) => x.id === e.id)!.status).toBe('resolved');
  });

  it('a resolved exception opens again when its key now differs in another way', async () => {
    // The refund the upstream delivered was corrected (debited again) earlier; an admin now
    // reverses that sale, so the merchant has the money back while the upstream kept the sale.
    const corrected = exceptionsOfDay().find(
      (x) => x.kind === 'ours_failed_theirs_success' && x.resolution === 'accept_upstream',
    )!;
    expect(getPurchaseByReference(services().db, corrected.reference)!.state).toBe('success');
    await reverseSaleAs(services(), {
      reference: corrected.reference,
      actor: 'user:bob',
      reason: 'customer complained',
      source: 'admin',
    });
    const before = exceptionsOfDay().filter((x) => x.status === 'open').length;
    const [r] = await run();
    expect(r.openExceptions).toBe(before + 1);
    expect(exceptionsOfDay().find((x) => x.id === corrected.id)).toMatchObject({
      kind: 'ours_reversed_theirs_success',
      status: 'open',
      ourState: 'reversed',
      resolution: null,
    });
    // Found as it is now, it stays as it was: the next run changes nothing.
    const [again] = await run();
    expect(again.openExceptions).toBe(r.openExceptions);
  });
});
