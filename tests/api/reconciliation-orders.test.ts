import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { startReconcilePair, type ReconcilePair } from '../helpers/reconcile-pair.js';
import { reconcileDay } from '../../server/services/reconciliation.js';
import { askUpstreamWith, resolveException } from '../../server/services/reconciliation-resolve.js';
import { reverseSaleWith } from '../../server/services/reconciliation-reversal.js';
import { listExceptions } from '../../server/store/reconciliation-exceptions.js';
import { getPurchaseByReference } from '../../server/store/purchases.js';
import { getWallet, verifyLedger } from '../../server/store/wallets.js';

/**
 * Gift-card orders are in no provider list the spec defines: reconciliation asks the upstream
 * node about each of ours by its order status (GET /v1/giftcards/orders/{request_id}).
 */
const DAY = '2026-04-14';
// Africa/Lagos is UTC+1: the business day starts at 2026-04-13T23:00Z.
const at = (i: number) => new Date(Date.parse('2026-04-13T23:00:00.000Z') + 60_000 * (i + 1)).toISOString();

let pair: ReconcilePair;
let refs: string[] = [];
const run = () =>
  reconcileDay(pair.ours.node.services, { day: DAY, timezone: 'Africa/Lagos', actor: 'test' });

beforeAll(async () => {
  pair = await startReconcilePair();
  refs = pair.seed([
    { order: 'giftcard', ours: 'success', theirs: 'success', amountKobo: 500_000, at: at(0) },
    { order: 'giftcard', ours: 'success', theirs: 'failed', amountKobo: 250_000, at: at(1) },
    { order: 'giftcard', ours: 'failed', theirs: 'success', amountKobo: 300_000, at: at(2) },
    { order: 'giftcard', ours: 'success', theirs: null, amountKobo: 120_000, at: at(3) },
    { order: 'giftcard', ours: 'failed', theirs: null, amountKobo: 80_000, at: at(4) },
    { ours: 'success', theirs: 'success', amountKobo: 10_000, at: at(5) },
    // The next day's order is not asked about.
    {
      order: 'giftcard',
      ours: 'success',
      theirs: 'failed',
      amountKobo: 90_000,
      at: '2026-04-14T23:30:00.000Z',
    },
    // Gift cards redeemed into eSIMs: transactions here, eSIM orders at the upstream.
    { order: 'esim-redemption', ours: 'success', theirs: 'success', amountKobo: 1_516_700, at: at(6) },
    { order: 'esim-redemption', ours: 'failed', theirs: 'success', amountKobo: 1_516_700, at: at(7) },
  ]);
}, 60_000);
afterAll(() => pair?.close());

describe('reconciling gift-card orders by their status', () => {
  it('asks about each order of the day and files only the real differences', async () => {
    const [r] = await run();
    expect(r.state).toBe('done');
    expect(r.ourRows).toBe(8);
    // The success both sides agree on, the refunded order the upstream never had, the airtime
    // sale, and the redemption delivered on both sides (asked about as the eSIM order it was sent as).
    expect(r.counts.matched).toBe(4);
    const found = listExceptions(pair.ours.node.services.db, { day: DAY })
      .map((e) => [e.reference, e.kind, e.ourState, e.theirState])
      .sort();
    expect(found).toEqual(
      [
        [refs[1], 'ours_success_theirs_failed', 'success', 'failed'],
        [refs[2], 'ours_failed_theirs_success', 'failed', 'success'],
        [refs[3], 'ours_only', 'success', null],
        [refs[8], 'ours_failed_theirs_success', 'failed', 'success'],
      ].sort(),
    );
  });

  it('accepting the upstream failure of an order reverses it once; a second run adds nothing', async () => {
    const db = pair.ours.node.services.db;
    const before = getWallet(db, pair.merchant.id, 'live').balanceKobo;
    const e = listExceptions(db, { day: DAY }).find((x) => x.reference === refs[1])!;
    const reverseSale = reverseSaleWith(pair.ours.node.services);
    await resolveException(
      { db, reverseSale, askUpstream: askUpstreamWith(pair.ours.node.services.router, db) },
      {
        id: e.id,
        action: 'accept_upstream',
        reason: 'provider says the card was never issued',
        actor: 'test',
      },
    );
    expect(getPurchaseByReference(db, refs[1])!.state).toBe('reversed');
    expect(getWallet(db, pair.merchant.id, 'live').balanceKobo).toBe(before + 250_000);
    const [again] = await run();
    expect(again.state).toBe('done');
    const now = listExceptions(db, { day: DAY });
    expect(now).toHaveLength(4);
    expect(now.find((x) => x.reference === refs[1])!.status).toBe('resolved');
    expect(verifyLedger(db).ok).toBe(true);
  });

  it('an order the upstream cannot answer for fails the run, to be tried again, instead of passing unchecked', async () => {
    // The upstream's row of one order is broken (written from outside, as an operator's tool
    // would, so the node sees the change): its status answer fails, its list still works.
    const outside = new Database(join(pair.theirs.dataDir, 'vendpoint.db'));
    outside.prepare(`UPDATE purchases SET result = 'not json' WHERE idem_key = ?`).run(refs[0]);
    outside.close();
    const [r] = await run();
    expect(r.state).toBe('failed');
    expect(r.error).toContain(`could not read order ${refs[0]}`);
  });
});
