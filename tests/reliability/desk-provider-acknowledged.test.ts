import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, eventually, type TestNode } from '../helpers/test-node.js';
import { consoleLogin, setupFirstAdmin, type ConsoleClient } from '../helpers/console-admin-session.js';
import { spawnFaultUpstream, type FaultChild } from './fault-child.js';
import { liveMerchant, routeTo } from './live-node.js';
import type { FaultMode } from '../helpers/fault-upstream.js';

/**
 * The desk told the customer "your airtime has been sent" on every pending sale, also when the
 * provider never answered (found by a hands-on review, L7). A pending sale now says whether the
 * provider has answered that it holds the sale (`provider_acknowledged`): only then is it "sent".
 */
describe('a pending sale says whether the provider acknowledged it', () => {
  let t: TestNode;
  let fault: FaultChild;
  let desk: ConsoleClient;
  let n = 0;

  beforeAll(async () => {
    fault = await spawnFaultUpstream();
    t = await startTestNode();
    routeTo(t, 'fault', fault.url, ['airtime']);
    liveMerchant(t, 'ACKDESK');
    const admin = await setupFirstAdmin(t.url, 'operator', 'a long admin password');
    const created = await admin.post('/console/users', {
      username: 'ackdesk',
      password: 'agent password 1',
      role: 'agent',
      merchant_code: 'ACKDESK',
      environments: ['live'],
      start_environment: 'live',
    });
    expect(created.status).toBe(201);
    desk = await consoleLogin(t.url, 'ackdesk', 'agent password 1');
  });
  afterAll(async () => {
    await t?.close();
    await fault?.kill();
  });

  const view = (reference: string) => desk.get(`/console/purchases/${reference}`);
  const requery = (reference: string) => desk.post(`/console/purchases/${reference}/requery`);

  /** A live airtime sale whose send the provider answers in `mode`; returns its view once answered. */
  const sellAnswered = async (mode: FaultMode) => {
    await fault.control({ mode });
    const sold = await desk.post('/console/sell', {
      product: 'airtime',
      network: 'mtn',
      customer_msisdn: '08031234567',
      amount: '300',
      client_request_id: `ack-desk-${++n}`,
    });
    expect(sold.status).toBe(200);
    return eventually(
      () => view(sold.json.reference),
      (r) => r.json.last_checked_at !== '' || r.json.status !== 'pending',
    );
  };

  it('a send the provider answers "pending" is acknowledged, and a later unanswered status read does not undo it', async () => {
    // One status read still answers 02 before the final 00.
    await fault.control({ pendingPolls: 1 });
    const sale = await sellAnswered('pending-then-success');
    expect(sale.json).toMatchObject({ status: 'pending', provider_acknowledged: true });
    await fault.control({ mode: '5xx' });
    const unanswered = await requery(sale.json.reference);
    expect(unanswered.json).toMatchObject({
      status: 'pending',
      provider_acknowledged: true,
      provider_said: "The provider's system did not answer properly; the node will ask again.",
    });
    // Settled: the field is for pending sales only, so other answers stay as they were.
    await fault.control({ mode: 'ok' });
    const settled = await eventually(
      () => requery(sale.json.reference),
      (r) => r.json.status !== 'pending',
    );
    expect(settled.json.status).toBe('success');
    expect(settled.json).not.toHaveProperty('provider_acknowledged');
  });

  it('a send answered HTTP 500 is not acknowledged: the provider may never have received it', async () => {
    const sale = await sellAnswered('5xx');
    expect(sale.json).toMatchObject({
      status: 'pending',
      provider_acknowledged: false,
      provider_said: "The provider's system did not answer properly; the node will ask again.",
    });
  });

  it('a send answered 503 and a status read with no record of it stay unacknowledged', async () => {
    const sale = await sellAnswered('unavailable-503');
    expect(sale.json).toMatchObject({ status: 'pending', provider_acknowledged: false });
    await fault.control({ mode: 'ok' });
    // Within the not-found grace "no record" leaves it pending, and still not received.
    const noRecord = await requery(sale.json.reference);
    expect(noRecord.json).toMatchObject({ status: 'pending', provider_acknowledged: false });
  });
});
