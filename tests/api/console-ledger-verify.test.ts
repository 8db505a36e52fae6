import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, airtimeSale, eventually, type TestNode } from '../helpers/test-node.js';
import { ConsoleClient, setupFirstAdmin } from '../helpers/console-admin-session.js';
import { fundAndFillSales } from '../helpers/test-store.js';
import { verifyLedger } from '../../server/store/wallets.js';

/**
 * The console's "Verify all wallets" (GET /console/admin/ledger/verify) runs `ledger verify` on
 * a thread of its own over a read-only connection: the node answers and sells while it reads
 * (at a million sales the check held the node for about 2 s), its answer is the CLI's, and the
 * node's stop cuts a check off with a 503 instead of waiting for it.
 */
let t: TestNode;
let admin: ConsoleClient;
const SALES = 100_000;

beforeAll(async () => {
  t = await startTestNode();
  admin = await setupFirstAdmin(t.url, 'operator', 'a long admin password');
  fundAndFillSales(t.node.services.db, 'DEMO', SALES, 'a ledger that takes a while to read');
}, 60_000);

afterAll(async () => {
  await t.close();
});

/** The verify asked, once its thread is under way (the answer wrapped: an async function would wait for it). */
async function verifyUnderWay() {
  const answer = admin.get('/console/admin/ledger/verify');
  const check = t.node.services.ledgerCheck;
  await eventually(
    async () => check.running,
    (running) => running,
  );
  expect(check.running).toBe(true);
  return { answer };
}

describe('Verify all wallets', () => {
  it('leaves the node answering and selling while it reads; sales meanwhile make no false problem', async () => {
    const { answer } = await verifyUnderWay();
    let answered = false;
    void answer.then(() => (answered = true));
    // Answered between the check's start and its answer: the node's thread is free.
    expect((await t.call('GET', '/v1/healthz', { pair: null })).status).toBe(200);
    expect(answered).toBe(false);
    const sales = await Promise.all(
      ['during-1', 'during-2', 'during-3'].map((id) =>
        t.call('POST', '/v1/transactions', { body: airtimeSale(id) }),
      ),
    );
    expect(sales.map((s) => s.status)).toEqual([200, 200, 200]);
    const verify = await answer;
    expect(verify.status).toBe(200);
    expect(verify.json).toEqual({ ok: true, wallets: 2, problems: [] });
    expect(verify.json).toEqual(verifyLedger(t.node.services.db));
  });

  it('names what is wrong in a ledger broken by hand, as ledger verify does', async () => {
    const db = t.node.services.db;
    db.prepare(`UPDATE wallets SET balance_kobo = balance_kobo + 100 WHERE environment = 'test'`).run();
    db.prepare(`UPDATE purchases SET state = 'failed' WHERE internal_reference = 'filled-777'`).run();
    const verify = await admin.get('/console/admin/ledger/verify');
    expect(verify.status).toBe(200);
    expect(verify.json.ok).toBe(false);
    expect(verify.json.problems).toEqual([
      expect.objectContaining({
        merchant_code: 'DEMO',
        environment: 'test',
        problem: expect.stringMatching(/^cached balance ₦[\d,.]+ ≠ ledger sum ₦[\d,.]+$/),
      }),
      expect.objectContaining({ problem: 'failed purchase filled-777 was not refunded' }),
      expect.objectContaining({ problem: 'purchase filled-777 (failed) nets -₦100.00 in the ledger' }),
    ]);
    expect(verify.json).toEqual(verifyLedger(db));
  });

  it("the node's stop does not wait for a check under way: it is cut off and answered 503", async () => {
    const { answer } = await verifyUnderWay();
    const closing = t.node.close();
    const verify = await answer;
    expect(verify.status).toBe(503);
    expect(verify.json.message).toContain('The node is stopping: the ledger check was cut off');
    await closing;
    expect(t.node.services.ledgerCheck.running).toBe(false);
  });
});
