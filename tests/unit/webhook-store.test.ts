import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../../server/store/bootstrap.js';
import { catalogDir } from '../../server/store/catalog.js';
import { resourcesDir } from '../../server/resources.js';
import { createMerchant } from '../../server/store/merchants.js';
import { SecretBox } from '../../server/store/secret-box.js';
import { listEvents, pruneEvents, recordEvent } from '../../server/store/events.js';
import { createEndpoint } from '../../server/store/webhooks.js';
import { dueDeliveries, dueDeliveriesAfter, fanOutEvents } from '../../server/store/webhook-deliveries.js';

function store() {
  const dir = mkdtempSync(join(tmpdir(), 'vendpoint-hookstore-'));
  const { db } = openStore(dir, catalogDir(resourcesDir()));
  const m = createMerchant(db, { code: 'ST', name: 'ST' }, 't').merchant;
  return {
    db,
    dir,
    m,
    box: SecretBox.forDataDir(dir),
    done: () => (db.close(), rmSync(dir, { recursive: true })),
  };
}
/** A test endpoint of the store's merchant that takes every event type. */
const endpointForAll = (s: ReturnType<typeof store>) =>
  createEndpoint(s.db, s.box, {
    merchantId: s.m.id,
    environment: 'test',
    url: 'http://x.test/h',
    eventTypes: ['*'],
    actor: 't',
  });
const ev = (merchantId: number, objectKey: string) => ({
  merchantId,
  environment: 'test' as const,
  type: 'wallet.funded' as const,
  objectKey,
  data: {},
});

describe('event store', () => {
  it('keeps events 30 days; older ones go unless a delivery of them is still pending', () => {
    const s = store();
    try {
      const ep = endpointForAll(s);
      const ids = s.db.transaction(() =>
        [1, 2, 3, 4].map((i) => recordEvent(s.db, ev(s.m.id, `wallet:${i}`))),
      )();
      fanOutEvents(s.db, 0);
      // The first three are 31 days old; 1 and 2 were delivered, 3 is still being retried; 4 is recent.
      const old = new Date(Date.now() - 31 * 86_400_000).toISOString();
      // Ids grow with time, so everything before them (the DEMO funding at start-up) is old too.
      s.db.prepare('UPDATE events SET created_at = ? WHERE id <= ?').run(old, ids[2]);
      s.db
        .prepare(`UPDATE webhook_deliveries SET state = 'delivered' WHERE event_id IN (?, ?)`)
        .run(ids[0], ids[1]);
      expect(pruneEvents(s.db, Date.now())).toBe(ids[2] - 1);
      expect(listEvents(s.db, s.m.id, 'test', 0, 10).map((e) => e.id)).toEqual(ids.slice(2));
      expect(ep.endpoint.id).toBeGreaterThan(0);
    } finally {
      s.done();
    }
  });

  it('without endpoints the fan-out writes nothing; a later endpoint gets only what follows it', () => {
    const s = store();
    try {
      const cursor = () =>
        (s.db.prepare('SELECT last_event_id AS id FROM webhook_fanout WHERE id = 1').get() as { id: number })
          .id;
      const deliveries = () =>
        (s.db.prepare('SELECT COUNT(*) AS n FROM webhook_deliveries').get() as { n: number }).n;
      const before = cursor();
      s.db.transaction(() => [1, 2, 3].forEach((i) => recordEvent(s.db, ev(s.m.id, `wallet:${i}`))))();
      const changes = s.db.prepare('SELECT total_changes() AS n').pluck();
      const writes = changes.get();
      expect(fanOutEvents(s.db, 0)).toBe(0);
      expect(changes.get()).toBe(writes);
      expect(cursor()).toBe(before);
      // The cursor is behind, but the new endpoint's first event is where reading starts.
      endpointForAll(s);
      const after = s.db.transaction(() => [4, 5].map((i) => recordEvent(s.db, ev(s.m.id, `wallet:${i}`))))();
      expect(fanOutEvents(s.db, 0)).toBe(2);
      expect(deliveries()).toBe(2);
      expect(cursor()).toBe(after[1]);
      const delivered = s.db
        .prepare('SELECT event_id FROM webhook_deliveries ORDER BY event_id')
        .pluck()
        .all();
      expect(delivered).toEqual(after);
    } finally {
      s.done();
    }
  });
  it('offers only the oldest pending delivery of each object, so a later event never overtakes an earlier one', () => {
    const s = store();
    try {
      endpointForAll(s);
      const [a1, b1, a2] = s.db.transaction(() => [
        recordEvent(s.db, ev(s.m.id, 'purchase:1')),
        recordEvent(s.db, ev(s.m.id, 'purchase:2')),
        recordEvent(s.db, ev(s.m.id, 'purchase:1')),
      ])();
      expect(fanOutEvents(s.db, 0)).toBe(3);
      expect(fanOutEvents(s.db, 0)).toBe(0); // the cursor moved: nothing twice
      expect(dueDeliveries(s.db, 0, 10).map((d) => d.eventId)).toEqual([a1, b1]);
      s.db.prepare(`UPDATE webhook_deliveries SET state = 'delivered' WHERE event_id = ?`).run(a1);
      expect(dueDeliveries(s.db, 0, 10).map((d) => d.eventId)).toEqual([b1, a2]);
    } finally {
      s.done();
    }
  });

  it('reads on from a position in due order, across due times, never more than asked', () => {
    const s = store();
    try {
      endpointForAll(s);
      s.db.transaction(() => {
        for (let i = 1; i <= 6; i++) recordEvent(s.db, ev(s.m.id, `purchase:${i}`));
      })();
      expect(fanOutEvents(s.db, 0)).toBe(6);
      const ids = dueDeliveries(s.db, 0, 10).map((d) => d.id);
      // The last two come due later: the rest of due time 0, then those, in order.
      s.db
        .prepare('UPDATE webhook_deliveries SET next_attempt_at = 5 WHERE id IN (?, ?)')
        .run(ids[4], ids[5]);
      const after = (dueAt: number, n: number, limit: number) =>
        dueDeliveriesAfter(s.db, 10, { dueAt, id: ids[n] }, limit).map((d) => d.id);
      expect(after(0, 1, 3)).toEqual([ids[2], ids[3], ids[4]]);
      expect(after(0, 1, 10)).toEqual(ids.slice(2));
      expect(after(5, 4, 10)).toEqual([ids[5]]);
    } finally {
      s.done();
    }
  });
});
