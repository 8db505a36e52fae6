import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { airtimeSale, eventually, startTestNode, type TestNode } from '../helpers/test-node.js';
import { runCli } from '../helpers/cli.js';
import { applyDecision } from '../../server/store/purchase-store.js';
import { getPurchaseByKey } from '../../server/store/purchases.js';
import { getJob } from '../../server/store/vend-jobs.js';
import { getMerchantByCode } from '../../server/store/merchants.js';

/**
 * An operator settles a pending sale by hand only once the provider has answered its send;
 * and a provider answer that comes after a hand settlement and contradicts it is kept for the
 * operator instead of vanishing.
 */
const sim = { latencyMs: 0, pendingRate: 0, pendingForMs: 3_600_000 };
let t: TestNode;
beforeAll(async () => {
  t = await startTestNode({}, { simulator: sim });
});
afterAll(async () => t?.close());

const sell = (id: string) =>
  t.call('POST', '/v1/transactions', {
    body: airtimeSale(id),
  });
const cli = (args: string[]) => runCli(t.dataDir, ['--json', 'purchase', ...args]);
const purchaseOf = (id: string) =>
  getPurchaseByKey(t.node.services.db, getMerchantByCode(t.node.services.db, 'DEMO')!.id, 'test', id)!;

describe('settling a sale by hand while the provider is answering', () => {
  it('flag and resolve are refused while the send waits or is on the wire, then allowed once it answered', async () => {
    sim.latencyMs = 1_500;
    sim.pendingRate = 1;
    try {
      expect((await sell('wire-1')).json.response_code).toBe('02');
      const p = purchaseOf('wire-1');
      expect(['queued', 'vend_started']).toContain(getJob(t.node.services.db, p.id)!.state);
      const flag = cli(['flag', '--ref', 'wire-1', '--reason', 'customer called']);
      expect(flag.status).toBe(2);
      expect(flag.json.error).toMatch(/being sent to the provider right now and has no answer yet/);
      const resolve = cli([
        'resolve',
        '--ref',
        'wire-1',
        '--outcome',
        'failed',
        '--reason',
        'customer called',
      ]);
      expect(resolve.status).toBe(2);
      expect(resolve.json.error).toMatch(/being sent to the provider right now/);
      // The provider answers (pending): now the operator may flag and settle it.
      await eventually(
        async () => getJob(t.node.services.db, p.id)!.state,
        (s) => s === 'polling',
      );
      expect(cli(['flag', '--ref', 'wire-1', '--reason', 'customer called']).status).toBe(0);
      expect(
        cli(['resolve', '--ref', 'wire-1', '--outcome', 'failed', '--reason', 'refunded at the desk']).json,
      ).toMatchObject({ status: 'failed' });
    } finally {
      sim.latencyMs = 0;
      sim.pendingRate = 0;
    }
  });

  it("a provider's later answer that contradicts the hand settlement is audited; an agreeing one is not", async () => {
    const db = t.node.services.db;
    const p = purchaseOf('wire-1'); // resolved failed above
    // As the store applies them: each inside its commit (the money moves refuse otherwise).
    db.transaction(() =>
      applyDecision(
        db,
        p.id,
        { action: 'succeed', to: 'success', result: {}, upstreamReference: 'UP-9' },
        'simulator',
      ),
    )();
    db.transaction(() =>
      applyDecision(
        db,
        p.id,
        { action: 'fail', to: 'failed', reason: 'agrees', publicReason: 'declined' },
        'simulator',
      ),
    )();
    expect(purchaseOf('wire-1').state).toBe('failed'); // the money follows the settled state
    const audit = db
      .prepare(`SELECT actor, detail FROM audit_log WHERE action = 'purchase.late_answer' AND subject = ?`)
      .all(p.internalReference) as { actor: string; detail: string }[];
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0].detail)).toEqual({
      state: 'failed',
      provider_says: 'success',
      upstream: 'simulator',
      upstream_reference: 'UP-9',
    });
    expect(t.ledgerOk()).toBe(true);
  });
});
