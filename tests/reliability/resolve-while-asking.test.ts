import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestNode, type Pair, type TestNode } from '../helpers/test-node.js';
import { startFaultUpstream, type FaultUpstream } from '../helpers/fault-upstream.js';
import { setupFirstAdmin, type ConsoleClient } from '../helpers/console-admin-session.js';
import { buy, ledgerOf, liveMerchant, purchaseByKey, routeTo, vendAnswered } from './live-node.js';

/**
 * An operator resolving a sale by hand while the node is asking its provider about it: the
 * answer on the wire would be thrown away (a sale refunded that the provider then reports
 * delivered), so the console refuses until it has come back.
 */
describe('resolving a sale while its status read is on the wire', () => {
  let t: TestNode;
  let fault: FaultUpstream;
  let admin: ConsoleClient;
  let live: Pair;
  const code = 'ASKING';

  beforeAll(async () => {
    fault = await startFaultUpstream();
    t = await startTestNode({ syncTimeoutMs: 2_000 });
    routeTo(t, 'fault', fault.url, ['airtime'], { options: { timeoutMs: 5_000, connectTimeoutMs: 500 } });
    ({ live } = liveMerchant(t, code));
    admin = await setupFirstAdmin(t.url, 'boss', 'correct horse battery staple 1');
  });
  afterAll(async () => {
    await t?.close();
    await fault?.close();
  });

  it('is refused with 409 and nothing is refunded; the answer then settles it', async () => {
    // The provider records the vend, then answers 500: the sale stays pending, its debit held.
    fault.control({ mode: '5xx' });
    const b = await buy(t, live, code, 'airtime', 'asking-1');
    const ref = b.ref!;
    await vendAnswered(t, purchaseByKey(t, 'asking-1')!.id);
    expect(purchaseByKey(t, 'asking-1')!.state).toBe('pending');
    const flag = await admin.post(`/console/admin/attention/${ref}/flag`, {
      reason: 'customer is at the desk',
    });
    expect(flag.status, flag.text).toBe(200);

    // Its status read now takes a while, and says it was delivered.
    fault.control({ mode: 'slow', slowMs: 1_500 });
    const requery = admin.post(`/console/admin/attention/${ref}/requery`);
    await eventually(
      async () => fault.stats().statusCalls[ref] ?? 0,
      (n) => n >= 1,
    );
    const resolve = await admin.post(`/console/admin/attention/${ref}/resolve`, {
      outcome: 'failed',
      reason: 'provider says it never arrived',
    });
    expect(resolve.status, resolve.text).toBe(409);
    expect(resolve.json.message).toMatch(/being asked about at its provider right now/);
    expect(ledgerOf(t, ref)).toEqual({ debit: 1 });

    expect((await requery).status).toBe(200);
    expect(purchaseByKey(t, 'asking-1')!.state).toBe('success');
    expect(ledgerOf(t, ref)).toEqual({ debit: 1 });
    expect(t.ledgerOk()).toBe(true);
  });
});
