import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from '../helpers/test-node.js';
import { setupFirstAdmin, type ConsoleClient } from '../helpers/console-admin-session.js';
import { runCli } from '../helpers/cli.js';
import { fundWallet } from '../../server/store/wallets.js';

/** ₦10,000,000,000.00 in kobo: the largest amount one funding takes. */
const MAX_FUNDING_KOBO = 1_000_000_000_000;

/**
 * Kobo stay exact in JavaScript only up to 2^53 (about ₦90 trillion). A wallet holds at most
 * ₦10 trillion, so a balance and what is computed from it stay exact; a funding past it is
 * refused in words (it was taken, until 2^53 made the node answer 500 "retry with backoff").
 */
describe('the most a wallet holds', () => {
  let t: TestNode;
  let admin: ConsoleClient;

  beforeAll(async () => {
    t = await startTestNode();
    admin = await setupFirstAdmin(t.url, 'admin', 'correct horse battery');
  });
  afterAll(async () => {
    await t?.close();
  });

  const balanceOf = async (code: string) =>
    (await admin.get(`/console/admin/merchants/${code}/wallets/test/ledger?limit=1`)).json.balance as string;

  it('a funding or adjustment past ₦10,000,000,000,000.00 is refused with 400, nothing changed; the CLI says the same', async () => {
    t.merchant('FULL');
    // 1,000 fundings of ₦10bn, 50 at a time, over the console's Funding.
    for (let sent = 0; sent < 1_000; sent += 50) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, () =>
          admin.post('/console/admin/merchants/FULL/wallets/test/fund', {
            kind: 'funding',
            amount: '10000000000',
            reason: 'float for the month',
          }),
        ),
      );
      for (const a of answers) expect(a.status, a.text).toBe(200);
    }
    expect(await balanceOf('FULL')).toBe('10000000000000.00');

    for (const kind of ['funding', 'adjustment']) {
      const over = await admin.post('/console/admin/merchants/FULL/wallets/test/fund', {
        kind,
        amount: '0.01',
        reason: 'one kobo more',
      });
      expect(over.status, over.text).toBe(400);
      expect(over.json.message).toBe(
        'this would take the test wallet above ₦10,000,000,000,000.00, the most a wallet holds (balance ₦10,000,000,000,000.00)',
      );
    }
    const cli = runCli(t.dataDir, [
      'wallet',
      'fund',
      '--code',
      'FULL',
      '--env',
      'test',
      '--amount',
      '1',
      '--json',
    ]);
    expect(cli.status).toBe(2);
    expect(cli.json.error).toBe(
      'this would take the test wallet above ₦10,000,000,000,000.00, the most a wallet holds (balance ₦10,000,000,000,000.00)',
    );
    expect(await balanceOf('FULL')).toBe('10000000000000.00');
    // Taking money out of a full wallet is still an adjustment like any other.
    const out = await admin.post('/console/admin/merchants/FULL/wallets/test/fund', {
      kind: 'adjustment',
      amount: '-0.01',
      reason: 'one kobo less',
    });
    expect(out.status, out.text).toBe(200);
    expect(out.json.balance).toBe('9999999999999.99');
    expect(t.ledgerOk()).toBe(true);
  }, 60_000);

  it('the admin dashboard adds up every wallet exactly, past 2^53 kobo in all', async () => {
    // Ten full wallets hold ₦100 trillion between them: 10^16 kobo, past 2^53 (about 9 x 10^15).
    const db = t.node.services.db;
    db.transaction(() => {
      for (let i = 0; i < 10; i++) {
        const m = t.merchant(`RICH${i}`);
        for (let n = 0; n < 1_000; n++)
          fundWallet(db, {
            merchantId: m.id,
            merchantCode: `RICH${i}`,
            env: 'live',
            amountKobo: MAX_FUNDING_KOBO,
            reason: 'float for the month',
            actor: 'test',
          });
      }
    })();
    const board = await admin.get('/console/admin/dashboard?environment=live');
    expect(board.status, board.text).toBe(200);
    expect(board.json.wallets.balance).toBe('100000000000000.00');
    expect(t.ledgerOk()).toBe(true);
  }, 60_000);
});
