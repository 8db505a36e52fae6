import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { airtimeSale, startTestNode, eventually, type Pair, type TestNode } from '../helpers/test-node.js';
import {
  startWebhookReceiver,
  type ReceivedHook,
  type WebhookReceiver,
} from '../helpers/webhook-receiver.js';
import { verifySignature } from '../../server/domain/webhook-signature.js';
import { listAuditEntries } from '../../server/store/admin-queries.js';
import { signingSecrets } from '../../server/store/webhooks.js';

/**
 * An integrator manages its own endpoints with its own credential pair: rotate the signing
 * secret, pause and resume, read the delivery log, replay failed deliveries, send a test
 * event. Each against a real receiver on 127.0.0.1; no other merchant's (or environment's)
 * endpoint can be reached this way.
 */

let t: TestNode;
let rx: WebhookReceiver;
let seq = 0;
const key = (p: string) => `${p}-${process.pid}-${++seq}`;
const nowS = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  rx = await startWebhookReceiver();
  // Three quick retries, so "failed" is reached in a test's time.
  t = await startTestNode({ webhooksAllowPrivate: true }, { webhookRetryScheduleMs: [100, 100, 100] });
});
afterAll(async () => {
  await t?.close();
  await rx?.close();
});

async function addEndpoint(pair: Pair, url = rx.url) {
  const r = await t.call('POST', '/v1/webhooks', {
    pair,
    body: { url, event_types: ['transaction.succeeded'] },
  });
  expect(r.status, r.text).toBe(201);
  return r.json.data as { id: string; secret: string };
}

/** A ₦100 airtime sale of merchant `code` on `node` (default: the shared one); its key. */
async function sell(pair: Pair, code: string, node = t) {
  const id = key(code);
  const r = await node.call('POST', '/v1/transactions', {
    pair,
    body: airtimeSale(id, { merchant_code: code }),
  });
  expect(r.status, r.text).toBe(200);
  return id;
}

interface Delivery {
  id: number;
  event_id: string;
  event_type: string;
  state: string;
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  next_attempt_at: string | null;
}

/** The endpoint's delivery log as the merchant reads it. */
async function deliveries(pair: Pair, id: string, query = '', node = t): Promise<Delivery[]> {
  return (await node.call('GET', `/v1/webhooks/${id}/deliveries${query}`, { pair })).json.data as Delivery[];
}

const hookFor = (requestId: string) => (h: ReceivedHook) =>
  h.json.type === 'transaction.succeeded' && h.json.data?.data?.request_id === requestId;

async function received(requestId: string, count = 1): Promise<ReceivedHook[]> {
  return eventually(
    async () => rx.received.filter(hookFor(requestId)),
    (hooks) => hooks.length >= count,
  );
}

describe('rotating the signing secret', () => {
  it('answers a new secret once; both sign during the overlap, only the new one after an overlap of 0', async () => {
    const m = t.merchant('SELFROT', { testNaira: 10_000 });
    const ep = await addEndpoint(m.test);

    // No body at all (curl -X POST): the default overlap of 24 hours.
    const r = await t.call('POST', `/v1/webhooks/${ep.id}/rotate`, { pair: m.test });
    expect(r.status, r.text).toBe(200);
    const rotated = r.json.data;
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(ep.secret);
    const overlapEnds = Date.parse(rotated.old_secret_expires_at) - Date.now();
    expect(overlapEnds).toBeGreaterThan(23.9 * 3_600_000);
    expect(overlapEnds).toBeLessThanOrEqual(24 * 3_600_000);
    // The list never shows a secret.
    const list = await t.call('GET', '/v1/webhooks', { pair: m.test });
    expect(JSON.stringify(list.json)).not.toContain(rotated.secret);

    const [during] = await received(await sell(m.test, 'SELFROT'));
    const header = String(during.headers['vendpoint-signature']);
    expect(header.match(/v1=/g)).toHaveLength(2);
    expect(verifySignature(ep.secret, header, during.body, nowS())).toBe(true);
    expect(verifySignature(rotated.secret, header, during.body, nowS())).toBe(true);

    const again = await t.call('POST', `/v1/webhooks/${ep.id}/rotate`, {
      pair: m.test,
      body: { overlap_hours: 0 },
    });
    expect(again.status, again.text).toBe(200);
    const [after] = await received(await sell(m.test, 'SELFROT'));
    const afterHeader = String(after.headers['vendpoint-signature']);
    expect(afterHeader.match(/v1=/g)).toHaveLength(1);
    expect(verifySignature(again.json.data.secret, afterHeader, after.body, nowS())).toBe(true);
    expect(verifySignature(rotated.secret, afterHeader, after.body, nowS())).toBe(false);

    const audit = listAuditEntries(t.node.services.db, { subject: ep.id, limit: 10 });
    expect(audit.filter((a) => a.action === 'webhook.rotate').map((a) => a.actor)).toEqual([
      `key:${m.test.key}`,
      `key:${m.test.key}`,
    ]);
  });

  it("a rotation inside an earlier one's window keeps every window it announced: up to 3 rotated-out secrets sign until the later end", async () => {
    const m = t.merchant('SELFROT3', { testNaira: 10_000 });
    const ep = await addEndpoint(m.test);
    const rotate = (overlap_hours: number) =>
      t.call('POST', `/v1/webhooks/${ep.id}/rotate`, { pair: m.test, body: { overlap_hours } });
    const hoursLeft = (iso: string) => (Date.parse(iso) - Date.now()) / 3_600_000;

    // Review L5: 2 h, then 1.5 h, then 1 h. Each answer says until when the secrets it
    // replaced sign; none ends the 2 hours the first one announced.
    const first = (await rotate(2)).json.data;
    expect(hoursLeft(first.old_secret_expires_at)).toBeGreaterThan(1.9);
    const second = (await rotate(1.5)).json.data;
    expect(second.old_secret_expires_at).toBe(first.old_secret_expires_at);
    const third = await rotate(1);
    expect(third.status, third.text).toBe(200);
    expect(third.json.data.old_secret_expires_at).toBe(first.old_secret_expires_at);

    const [hook] = await received(await sell(m.test, 'SELFROT3'));
    const header = String(hook.headers['vendpoint-signature']);
    expect(header.match(/v1=/g)).toHaveLength(4);
    for (const secret of [ep.secret, first.secret, second.secret, third.json.data.secret])
      expect(verifySignature(secret, header, hook.body, nowS())).toBe(true);

    // A fourth secret beside them is refused, saying until when and how to stop them all.
    const fourth = await rotate(1);
    expect(fourth.status).toBe(409);
    expect(fourth.json.message).toBe(
      `${ep.id} already has 3 rotated-out secrets signing beside its current one until ${first.old_secret_expires_at}: rotate again after then, or now with an overlap of 0 hours to stop them all at once`,
    );
    const doc = (await t.call('GET', '/v1/openapi.json', { pair: null })).json;
    expect(Object.keys(doc.paths['/v1/webhooks/{id}/rotate'].post.responses)).toContain('409');
    const [still] = await received(await sell(m.test, 'SELFROT3'));
    expect(
      verifySignature(
        third.json.data.secret,
        String(still.headers['vendpoint-signature']),
        still.body,
        nowS(),
      ),
    ).toBe(true);

    // The shared window ends for all of them at once.
    const { db, box } = t.node.services;
    const id = Number(ep.id.slice(3));
    const end = Date.parse(first.old_secret_expires_at);
    expect(signingSecrets(db, box, id, end - 1)).toHaveLength(4);
    expect(signingSecrets(db, box, id, end)).toEqual([third.json.data.secret]);

    // An overlap of 0 stops every rotated-out secret at once.
    const alone = await rotate(0);
    expect([alone.status, alone.json.data.old_secret_expires_at]).toEqual([200, null]);
    const [after] = await received(await sell(m.test, 'SELFROT3'));
    const afterHeader = String(after.headers['vendpoint-signature']);
    expect(afterHeader.match(/v1=/g)).toHaveLength(1);
    expect(verifySignature(alone.json.data.secret, afterHeader, after.body, nowS())).toBe(true);

    // A longer overlap than the open window's moves the shared end later, never earlier.
    const short = (await rotate(1)).json.data;
    const long = (await rotate(5)).json.data;
    expect(hoursLeft(short.old_secret_expires_at)).toBeLessThan(1.01);
    expect(hoursLeft(long.old_secret_expires_at)).toBeGreaterThan(4.9);
    expect(signingSecrets(db, box, id, Date.now())).toHaveLength(3);
  });

  it('a secret rotated out by an earlier version (one stored alone) still signs until its window ends', async () => {
    const m = t.merchant('SELFROT4', { testNaira: 1_000 });
    const ep = await addEndpoint(m.test);
    const { db, box } = t.node.services;
    const id = Number(ep.id.slice(3));
    const until = Date.now() + 3_600_000;
    db.prepare('UPDATE webhook_endpoints SET old_secret_sealed = ?, old_secret_until = ? WHERE id = ?').run(
      box.seal('whsec_earlier'),
      until,
      id,
    );
    expect(signingSecrets(db, box, id, Date.now())).toEqual([ep.secret, 'whsec_earlier']);
    const rotated = await t.call('POST', `/v1/webhooks/${ep.id}/rotate`, {
      pair: m.test,
      body: { overlap_hours: 0.5 },
    });
    expect(rotated.json.data.old_secret_expires_at).toBe(new Date(until).toISOString());
    expect(signingSecrets(db, box, id, Date.now())).toEqual([
      rotated.json.data.secret,
      ep.secret,
      'whsec_earlier',
    ]);
  });

  it('refuses an overlap beyond 7 days and unknown fields, and changes nothing', async () => {
    const m = t.merchant('SELFROT2', { testNaira: 1_000 });
    const ep = await addEndpoint(m.test);
    for (const body of [
      { overlap_hours: 169 },
      { overlap_hours: -1 },
      { overlap: 2 },
      { overlap_hours: '2' },
    ]) {
      const r = await t.call('POST', `/v1/webhooks/${ep.id}/rotate`, { pair: m.test, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.status).toBe('error');
    }
    const list = await t.call('GET', '/v1/webhooks', { pair: m.test });
    expect(list.json.data[0].old_secret_expires_at).toBeNull();
  });
});

describe('pause and resume', () => {
  it("holds a paused endpoint's events and sends them, in order, once it is resumed", async () => {
    const m = t.merchant('SELFPAUSE', { testNaira: 10_000 });
    const ep = await addEndpoint(m.test);
    const paused = await t.call('POST', `/v1/webhooks/${ep.id}/pause`, { pair: m.test });
    expect(paused.status, paused.text).toBe(200);
    expect(paused.json.data.status).toBe('paused');

    const first = await sell(m.test, 'SELFPAUSE');
    const second = await sell(m.test, 'SELFPAUSE');
    // Both sales settle (the simulator) and their events wait in the delivery log.
    const log = await eventually(
      () => deliveries(m.test, ep.id),
      (rows) => rows.length === 2,
    );
    expect(log.map((d) => [d.state, d.attempts])).toEqual([
      ['pending', 0],
      ['pending', 0],
    ]);
    await new Promise((r) => setTimeout(r, 300));
    expect(rx.received.filter((h) => hookFor(first)(h) || hookFor(second)(h))).toHaveLength(0);

    const resumed = await t.call('POST', `/v1/webhooks/${ep.id}/resume`, { pair: m.test });
    expect(resumed.json.data.status).toBe('enabled');
    const [a] = await received(first);
    const [b] = await received(second);
    expect(a.at).toBeLessThanOrEqual(b.at);
    const delivered = await eventually(
      () => deliveries(m.test, ep.id),
      (rows) => rows.every((d) => d.state === 'delivered'),
    );
    expect(delivered.map((d) => [d.state, d.last_status])).toEqual([
      ['delivered', 200],
      ['delivered', 200],
    ]);
  });
});

describe('the delivery log and replay', () => {
  it('shows a receiver that is down, marks the delivery failed after its retries, and replays it with the same event id', async () => {
    const m = t.merchant('SELFREPLAY', { testNaira: 10_000 });
    const down = await startWebhookReceiver();
    const port = down.port;
    await down.close(); // nothing listens on that port now
    const ep = await addEndpoint(m.test, `http://127.0.0.1:${port}/hooks`);

    const id = await sell(m.test, 'SELFREPLAY');
    const failed = await eventually(
      () => deliveries(m.test, ep.id),
      (rows) => rows.length === 1 && rows[0].state === 'failed',
    );
    expect(failed[0]).toMatchObject({
      state: 'failed',
      attempts: 4,
      last_status: null,
      next_attempt_at: null,
    });
    expect(failed[0].event_id).toMatch(/^evt_\d+$/);
    expect(failed[0].event_type).toBe('transaction.succeeded');
    expect(failed[0].last_error).toBeTruthy();

    // Replaying a delivery that is not failed, or one that is not this endpoint's, is refused.
    const other = await addEndpoint(m.test);
    const notOurs = await t.call('POST', `/v1/webhooks/${other.id}/replay`, {
      pair: m.test,
      body: { delivery_id: failed[0].id },
    });
    expect(notOurs.status, notOurs.text).toBe(404);

    // The receiver comes back on the same port; replay all (no body).
    const back = await startWebhookReceiver(port);
    try {
      const replay = await t.call('POST', `/v1/webhooks/${ep.id}/replay`, { pair: m.test });
      expect(replay.status, replay.text).toBe(200);
      expect(replay.json.data).toEqual({ replayed: 1 });
      const hooks = await eventually(
        async () => back.received.filter(hookFor(id)),
        (h) => h.length === 1,
      );
      expect(hooks[0].json.id).toBe(failed[0].event_id);
      const log = await eventually(
        () => deliveries(m.test, ep.id),
        (rows) => rows[0].state === 'delivered',
      );
      expect(log[0]).toMatchObject({ id: failed[0].id, state: 'delivered', last_status: 200 });

      const twice = await t.call('POST', `/v1/webhooks/${ep.id}/replay`, {
        pair: m.test,
        body: { delivery_id: failed[0].id },
      });
      expect(twice.status, twice.text).toBe(409);
      expect(twice.json.message).toContain('not failed');
    } finally {
      await back.close();
    }
  });

  it('pages the log with limit (1-200), newest first', async () => {
    const m = t.merchant('SELFLOG', { testNaira: 10_000 });
    const ep = await addEndpoint(m.test);
    const ids = [await sell(m.test, 'SELFLOG'), await sell(m.test, 'SELFLOG'), await sell(m.test, 'SELFLOG')];
    await received(ids[2]);
    const two = await eventually(
      () => deliveries(m.test, ep.id, '?limit=2'),
      (rows) => rows.length === 2 && rows.every((d) => d.state === 'delivered'),
    );
    expect(two).toHaveLength(2);
    expect(two[0].id).toBeGreaterThan(two[1].id);
    for (const limit of ['0', '201', 'x']) {
      const r = await t.call('GET', `/v1/webhooks/${ep.id}/deliveries?limit=${limit}`, { pair: m.test });
      expect(r.status, limit).toBe(400);
    }
  });
});

describe('a delivery waiting for a retry', () => {
  it('is sent at once by replay once the receiver is back, keeping its event id; a paused, untried one is refused', async () => {
    // A node whose first retry is an hour away: without "retry now" the test could only wait.
    const slow = await startTestNode({ webhooksAllowPrivate: true }, { webhookRetryScheduleMs: [3_600_000] });
    const flaky = await startWebhookReceiver();
    try {
      const m = slow.merchant('SELFRETRY', { testNaira: 10_000 });
      const made = await slow.call('POST', '/v1/webhooks', {
        pair: m.test,
        body: { url: flaky.url, event_types: ['transaction.succeeded'] },
      });
      const ep = made.json.data as { id: string };
      const log = () => deliveries(m.test, ep.id, '', slow);
      flaky.answer = () => 500;
      const id = await sell(m.test, 'SELFRETRY', slow);
      const waiting = await eventually(log, (rows) => rows.length === 1 && rows[0].attempts === 1);
      expect(waiting[0]).toMatchObject({ state: 'pending', attempts: 1, last_status: 500 });
      expect(Date.parse(waiting[0].next_attempt_at!) - Date.now()).toBeGreaterThan(3_000_000);

      flaky.answer = () => 200;
      const now = await slow.call('POST', `/v1/webhooks/${ep.id}/replay`, { pair: m.test });
      expect(now.status, now.text).toBe(200);
      expect(now.json.data).toEqual({ replayed: 1 });
      const sent = await eventually(
        async () => flaky.received.filter(hookFor(id)),
        (h) => h.length === 2,
      );
      expect(sent[1].json.id).toBe(sent[0].json.id);
      const after = await eventually(log, (rows) => rows[0].state === 'delivered');
      expect(after[0]).toMatchObject({
        id: waiting[0].id,
        state: 'delivered',
        attempts: 2,
        last_status: 200,
      });

      // A delivery not yet tried (its endpoint paused) has nothing to send again: 409.
      await slow.call('POST', `/v1/webhooks/${ep.id}/pause`, { pair: m.test });
      await sell(m.test, 'SELFRETRY', slow);
      const untried = await eventually(log, (rows) => rows.length === 2);
      const refused = await slow.call('POST', `/v1/webhooks/${ep.id}/replay`, {
        pair: m.test,
        body: { delivery_id: untried[0].id },
      });
      expect(refused.status, refused.text).toBe(409);
      expect(refused.json.message).toBe(
        `Delivery ${untried[0].id} is pending, not failed: there is nothing to replay`,
      );
    } finally {
      await slow.close();
      await flaky.close();
    }
  });
});

describe('a test event', () => {
  it('reaches the receiver signed with the current secret and reports its answer', async () => {
    const m = t.merchant('SELFTEST', { testNaira: 1_000 });
    const ep = await addEndpoint(m.test);
    const before = rx.received.length;
    const ok = await t.call('POST', `/v1/webhooks/${ep.id}/test`, { pair: m.test });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.data).toMatchObject({ delivered: true, status_code: 200, error: null });
    const hook = rx.received.slice(before).find((h) => h.json.type === 'webhook.test')!;
    expect(hook.json.data).toEqual({ endpoint_id: ep.id });
    expect(verifySignature(ep.secret, String(hook.headers['vendpoint-signature']), hook.body, nowS())).toBe(
      true,
    );

    rx.answer = () => 503;
    try {
      const refused = await t.call('POST', `/v1/webhooks/${ep.id}/test`, { pair: m.test });
      expect(refused.json.data).toMatchObject({ delivered: false, status_code: 503 });
    } finally {
      rx.answer = () => 200;
    }
  });
});

describe("another merchant's or environment's endpoint", () => {
  it('is not found on every route, and nothing changes', async () => {
    const owner = t.merchant('SELFOWN', { testNaira: 1_000, liveNaira: 1_000, allowIps: ['127.0.0.1'] });
    const stranger = t.merchant('SELFSTRANGER', { testNaira: 1_000 });
    const ep = await addEndpoint(owner.test);
    const routes: [string, string][] = [
      ['POST', 'rotate'],
      ['POST', 'pause'],
      ['POST', 'resume'],
      ['GET', 'deliveries'],
      ['POST', 'replay'],
      ['POST', 'test'],
    ];
    const before = rx.received.length;
    for (const pair of [stranger.test, owner.live]) {
      for (const [method, action] of routes) {
        const r = await t.call(method, `/v1/webhooks/${ep.id}/${action}`, { pair });
        expect(r.status, `${action}: ${r.text}`).toBe(404);
        expect(r.json).toEqual({ status: 'error', code: 404, message: 'no such webhook endpoint' });
      }
    }
    // Also under the spec's second prefix, and for a malformed id.
    const ext = await t.call('POST', `/ext/service/v1/webhooks/${ep.id}/pause`, { pair: stranger.test });
    expect(ext.status).toBe(404);
    const malformed = await t.call('POST', '/v1/webhooks/we_x/pause', { pair: owner.test });
    expect(malformed.status).toBe(404);
    expect(rx.received.length).toBe(before);
    const mine = await t.call('GET', '/v1/webhooks', { pair: owner.test });
    expect(mine.json.data[0]).toMatchObject({ id: ep.id, status: 'enabled', old_secret_expires_at: null });
    // Without a credential: 401, as every /v1 route.
    const anon = await t.call('POST', `/v1/webhooks/${ep.id}/pause`, { pair: null });
    expect(anon.status).toBe(401);
  });

  it('is not found once removed', async () => {
    const m = t.merchant('SELFGONE', { testNaira: 1_000 });
    const ep = await addEndpoint(m.test);
    expect((await t.call('DELETE', `/v1/webhooks/${ep.id}`, { pair: m.test })).status).toBe(200);
    for (const action of ['rotate', 'resume', 'replay', 'test']) {
      const r = await t.call('POST', `/v1/webhooks/${ep.id}/${action}`, { pair: m.test });
      expect(r.status, action).toBe(404);
    }
    expect((await t.call('GET', `/v1/webhooks/${ep.id}/deliveries`, { pair: m.test })).status).toBe(404);
  });
});
