import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, eventually, type TestNode } from '../helpers/test-node.js';
import { consoleLogin, setupFirstAdmin, type ConsoleClient } from '../helpers/console-admin-session.js';
import { spawnFaultUpstream, type FaultChild } from './fault-child.js';
import { liveMerchant, routeTo } from './live-node.js';

/**
 * The desk's airtime is answered at once and the page follows the sale, so a live provider that
 * takes a few seconds to say "failed" leaves "Pending … your airtime has been sent" on the
 * agent's screen without any requery. The customer may have paid meanwhile: the sale page and
 * the shift cash-up must count it as failed after pending (found by a hands-on review: it read
 * "NOT CHARGED — do not take the customer's money").
 */
describe('a live sale that fails slowly at the desk', () => {
  let t: TestNode;
  let fault: FaultChild;
  let desk: ConsoleClient;
  let admin: ConsoleClient;
  let agentId = 0;
  let n = 0;

  beforeAll(async () => {
    fault = await spawnFaultUpstream();
    t = await startTestNode();
    routeTo(t, 'fault', fault.url, ['airtime'], { options: { timeoutMs: 5_000, connectTimeoutMs: 500 } });
    liveMerchant(t, 'SLOWDESK');
    admin = await setupFirstAdmin(t.url, 'operator', 'a long admin password');
    const created = await admin.post('/console/users', {
      username: 'slowdesk',
      password: 'agent password 1',
      role: 'agent',
      merchant_code: 'SLOWDESK',
      environments: ['live'],
      start_environment: 'live',
    });
    expect(created.status).toBe(201);
    agentId = created.json.id;
    desk = await consoleLogin(t.url, 'slowdesk', 'agent password 1');
  });
  afterAll(async () => {
    await t?.close();
    await fault?.kill();
  });

  const sellAndSettle = async () => {
    const sold = await desk.post('/console/sell', {
      product: 'airtime',
      network: 'mtn',
      customer_msisdn: '08031234567',
      amount: '1200',
      client_request_id: `slow-desk-${++n}`,
    });
    expect(sold.status).toBe(200);
    return eventually(
      () => desk.get(`/console/purchases/${sold.json.reference}`),
      (r) => r.json.status !== 'pending',
      15_000,
    );
  };

  it('a failure the provider took 2.5 s to give is failed after pending; one given at once is not', async () => {
    await fault.control({ mode: 'slow-fail', slowMs: 2_500 });
    const slow = await sellAndSettle();
    expect(slow.json).toMatchObject({ status: 'failed', was_pending: true });

    await fault.control({ mode: 'fail' });
    const atOnce = await sellAndSettle();
    expect(atOnce.json).toMatchObject({ status: 'failed', was_pending: false });

    // The cash-up says the slow one's money is due back, and counts the other as failed.
    const cashup = await admin.get(`/console/admin/users/${agentId}/cashup?environment=live`);
    expect(cashup.status).toBe(200);
    expect(cashup.json.failed_after_pending).toMatchObject({ count: 1 });
    expect(cashup.json.by_status.failed).toMatchObject({ count: 1 });
  });
});
