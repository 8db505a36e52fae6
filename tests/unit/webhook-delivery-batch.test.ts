import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../../server/store/bootstrap.js';
import { catalogDir } from '../../server/store/catalog.js';
import { resourcesDir } from '../../server/resources.js';
import { createMerchant } from '../../server/store/merchants.js';
import { SecretBox } from '../../server/store/secret-box.js';
import { CommitBatcher } from '../../server/store/commit-batcher.js';
import { getEvent, getEventBody, recordEvent } from '../../server/store/events.js';
import { createEndpoint } from '../../server/store/webhooks.js';
import { fanOutEvents } from '../../server/store/webhook-deliveries.js';
import { eventBody, WebhookDeliveryWorker } from '../../server/jobs/webhook-delivery.js';
import { SENDER_DEFAULTS } from '../../server/jobs/webhook-sender.js';
import { verifySignature } from '../../server/domain/webhook-signature.js';
import { startWebhookReceiver } from '../helpers/webhook-receiver.js';
import { eventually } from '../helpers/test-node.js';
import { recordWalletEvents } from '../helpers/test-store.js';

function store() {
  const dir = mkdtempSync(join(tmpdir(), 'vendpoint-hookbatch-'));
  const { db } = openStore(dir, catalogDir(resourcesDir()));
  const m = createMerchant(db, { code: 'BT', name: 'BT' }, 't').merchant;
  return {
    db,
    m,
    box: SecretBox.forDataDir(dir),
    done: () => (db.close(), rmSync(dir, { recursive: true })),
  };
}

/** An endpoint of the test merchant (test environment) that wants every event. */
function allEventsEndpoint(s: ReturnType<typeof store>, url: string) {
  return createEndpoint(s.db, s.box, {
    merchantId: s.m.id,
    environment: 'test',
    url,
    eventTypes: ['*'],
    actor: 't',
  });
}

/** A delivery worker on the test store, sending to loopback, with a minute between retries. */
function newWorker(
  s: ReturnType<typeof store>,
  o: {
    pollMs: number;
    concurrency?: number;
    batcher?: CommitBatcher;
    box?: SecretBox;
    onError?: (o: object, m: string) => void;
  },
) {
  return new WebhookDeliveryWorker(s.db, o.batcher ?? new CommitBatcher(s.db), o.box ?? s.box, {
    sender: { ...SENDER_DEFAULTS, allowPrivate: true },
    retryScheduleMs: [60_000],
    pollMs: o.pollMs,
    concurrency: o.concurrency ?? 8,
    now: () => Date.now(),
    mailer: null,
    log: { warn: () => {}, error: o.onError ?? (() => {}) },
  });
}

describe('webhook delivery body and batching', () => {
  it('the delivered body built from the stored bytes is exactly the feed form, sealed data included', () => {
    const s = store();
    try {
      const data = {
        status: 'success',
        note: 'naïve ₦ "quoted" \\ \u2028',
        n: [1, 2.5, null],
        nested: { a: {} },
      };
      const ids = s.db.transaction(() => [
        recordEvent(s.db, {
          merchantId: s.m.id,
          environment: 'test',
          type: 'wallet.funded',
          objectKey: 'wallet:1',
          data,
        }),
        // A voucher in the result seals the stored data; the body must still be the clear JSON.
        recordEvent(s.db, {
          merchantId: s.m.id,
          environment: 'live',
          type: 'transaction.succeeded',
          objectKey: 'purchase:1',
          data: { ...data, token: '1234-5678' },
          result: { token: '1234-5678' },
        }),
      ])();
      const sealed = s.db.prepare('SELECT data FROM events WHERE id = ?').get(ids[1]) as { data: string };
      expect(sealed.data.startsWith('{')).toBe(false);
      for (const id of ids) {
        expect(getEventBody(s.db, id)).toBe(JSON.stringify(eventBody(getEvent(s.db, id)!)));
      }
      expect(getEventBody(s.db, 999_999)).toBeNull();
    } finally {
      s.done();
    }
  });

  it('records many deliveries in a few batched writes, each signed and marked delivered', async () => {
    const s = store();
    const receiver = await startWebhookReceiver();
    // Counts the submitted writes that record attempt outcomes (the fan-out's writes aside).
    const batcher = new CommitBatcher(s.db);
    let recordWrites = 0;
    const pending = () =>
      (
        s.db.prepare(`SELECT COUNT(*) AS n FROM webhook_deliveries WHERE state = 'pending'`).get() as {
          n: number;
        }
      ).n;
    const submit = batcher.submit.bind(batcher);
    batcher.submit = <T>(work: () => T) =>
      submit(() => {
        const before = pending();
        const v = work();
        if (pending() < before) recordWrites += 1;
        return v;
      });
    const worker = newWorker(s, { pollMs: 50, concurrency: 64, batcher });
    try {
      const { secret } = allEventsEndpoint(s, receiver.url);
      const count = 40;
      recordWalletEvents(s.db, s.m.id, count);
      expect(fanOutEvents(s.db, Date.now())).toBe(count);
      worker.start();
      await eventually(
        async () => pending(),
        (n) => n === 0,
      );
      expect(pending()).toBe(0);
      const delivered = s.db
        .prepare(`SELECT COUNT(*) AS n FROM webhook_deliveries WHERE state = 'delivered'`)
        .get() as { n: number };
      expect(delivered.n).toBe(count);
      expect(new Set(receiver.received.map((h) => h.json.id)).size).toBe(count);
      for (const h of receiver.received) {
        const header = String(h.headers['vendpoint-signature']);
        expect(verifySignature(secret, header, h.body, Math.floor(Date.now() / 1000))).toBe(true);
      }
      // One write per delivery before batching; now outcomes arriving together share one. How
      // many arrive together depends on the machine's load, so the bound is half, not a quarter.
      expect(recordWrites).toBeLessThanOrEqual(count / 2);
    } finally {
      await worker.stop();
      await receiver.close();
      s.done();
    }
  });

  it('a sending thread that keeps dying is started again after a growing pause, not every pass', async () => {
    const s = store();
    const receiver = await startWebhookReceiver();
    // A key the thread cannot open secrets with: it dies on its first send, every time.
    const badKeyBox = Object.assign(
      Object.create(Object.getPrototypeOf(s.box) as object) as SecretBox,
      s.box,
      {
        keyForThread: () => Buffer.alloc(5).toString('base64'),
      },
    );
    const deaths: { restart_in_ms: number }[] = [];
    const worker = newWorker(s, {
      pollMs: 50,
      box: badKeyBox,
      onError: (o, m) => {
        if (m.startsWith('webhook sender thread stopped')) deaths.push(o as { restart_in_ms: number });
      },
    });
    try {
      allEventsEndpoint(s, receiver.url);
      recordWalletEvents(s.db, s.m.id, 2);
      worker.start();
      await eventually(
        async () => deaths.length,
        (n) => n >= 1,
      );
      // Passes run every 50 ms: without the pause that would be a new thread (and a log line)
      // about every pass; with it, the second start comes a second after the first death.
      await new Promise((r) => setTimeout(r, 1_500));
      expect(deaths.length).toBeGreaterThanOrEqual(1);
      expect(deaths.length).toBeLessThanOrEqual(3);
      expect(deaths.map((d) => d.restart_in_ms)).toEqual([1_000, 2_000, 4_000].slice(0, deaths.length));
      expect(receiver.received).toHaveLength(0);
      const pending = s.db
        .prepare(`SELECT COUNT(*) AS n FROM webhook_deliveries WHERE state = 'pending'`)
        .get() as { n: number };
      expect(pending.n).toBe(2);
    } finally {
      await worker.stop();
      await receiver.close();
      s.done();
    }
  });

  it('sends an event recorded after a quiet spell at once, not at the next idle pass', async () => {
    const s = store();
    const receiver = await startWebhookReceiver();
    // An idle pass a minute away: only the event's own signal can bring it out within the wait.
    const worker = newWorker(s, { pollMs: 60_000 });
    try {
      allEventsEndpoint(s, receiver.url);
      worker.start();
      // The first pass finds nothing to send; the worker then goes quiet.
      await new Promise((r) => setTimeout(r, 200));
      expect(receiver.received).toHaveLength(0);
      for (const batch of ['a', 'b']) {
        recordWalletEvents(s.db, s.m.id, 3, batch);
        const got = await eventually(
          async () => receiver.received.length,
          (n) => n >= (batch === 'a' ? 3 : 6),
          5_000,
        );
        expect(got).toBe(batch === 'a' ? 3 : 6);
      }
    } finally {
      await worker.stop();
      await receiver.close();
      s.done();
    }
  });
});
