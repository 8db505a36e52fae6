import { describe, expect, it } from 'vitest';
import { runCrash } from './crash-run.js';

/**
 * kill -9 at random moments under load (tests/reliability/crash-run.ts has the full list of
 * invariants). CI runs 12 kills; `npm run test:crash -- --kills 100` runs more.
 */
describe('crash: kill -9 under load, restart on the same data directory', () => {
  it('12 kills: every accepted key exists, every purchase is final, no key reached the upstream twice, nothing delivered was refunded, ledger ok', async () => {
    const report = await runCrash({ kills: 12, concurrency: 48 });
    console.log(`crash run: ${JSON.stringify(report)}`);
    expect(report.problems).toEqual([]);
    expect(report.kills).toBe(12);
    expect(report.accepted).toBeGreaterThan(0);
    expect(report.stored).toBeGreaterThanOrEqual(report.accepted);
    expect(report.pendingLeft).toBe(0);
    expect(report.maxVendCallsPerKey).toBe(1);
    expect(report.success).toBe(report.upstreamOrders);
    expect(report.ledgerOk).toBe(true);
  }, 150_000);
});
