import Database from 'better-sqlite3';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestNode, type Pair, type TestNode } from '../helpers/test-node.js';
import { startNode, type RunningNode } from '../../server/node.js';
import { testConfig } from '../../server/config.js';
import { backupNow } from '../../server/services/admin-backup.js';
import { getSetting, SETTINGS } from '../../server/store/settings.js';
import { verifyLedger } from '../../server/store/wallets.js';
import { liveMerchant, routeTo, sellAirtime, startQueuedChain } from './live-node.js';
import { closedPort } from './fault-child.js';

/**
 * A node restored from a "Backup now" copy must never send again a sale the backup held as
 * queued: the node that went on running after the backup may have sent it. The restored node
 * asks the provider instead, and the provider's record decides.
 */
describe('starting on a restored backup', () => {
  let b: TestNode;
  let a: TestNode;
  let restored: RunningNode | null = null;
  let live: Pair;
  const code = 'RESTORE';
  const restoredDir = mkdtempSync(join(tmpdir(), 'vendpoint-restored-'));
  const ids = Array.from({ length: 6 }, (_, i) => `restore-${i}`);

  beforeAll(async () => {
    // One vend at a time: the backup catches most of the sales still queued.
    ({ a, b, live } = await startQueuedChain(code));
  });
  afterAll(async () => {
    await restored?.close();
    await a?.close();
    await b?.close();
    rmSync(restoredDir, { recursive: true, force: true });
  });

  /** How many times the provider (node B) vended each of A's sales, by A's reference. */
  const vendsAtB = () =>
    (
      b.node.services.db
        .prepare(`SELECT COUNT(*) AS n FROM purchases WHERE environment = 'test' AND product = 'airtime'`)
        .get() as { n: number }
    ).n;
  const statesOf = (node: RunningNode) =>
    ids.map(
      (id) =>
        (
          node.services.db
            .prepare(`SELECT state FROM purchases WHERE idem_key = ? AND environment = 'live'`)
            .get(id) as { state: string } | undefined
        )?.state,
    );

  it('asks the provider about the sales the backup held as queued, and sends none of them again', async () => {
    const answers = await Promise.all(ids.map((id) => sellAirtime(a, live, code, id)));
    for (const r of answers) expect(r.json.response_code, r.text).toBe('02');
    const backup = await backupNow(a.node.services, 'user:admin');
    const [queuedInBackup, lastEventInBackup] = (() => {
      const copy = new Database(backup.path, { readonly: true });
      try {
        return [
          (
            copy
              .prepare(`SELECT COUNT(*) AS n FROM vend_jobs WHERE state IN ('queued', 'vend_started')`)
              .get() as {
              n: number;
            }
          ).n,
          (copy.prepare(`SELECT COALESCE(MAX(id), 0) AS id FROM events`).get() as { id: number }).id,
        ];
      } finally {
        copy.close();
      }
    })();
    expect(queuedInBackup).toBeGreaterThan(0);

    // The original node goes on and sells them all; then it is lost and the backup restored.
    await eventually(
      async () => statesOf(a.node),
      (s) => s.every((x) => x === 'success'),
    );
    expect(vendsAtB()).toBe(ids.length);
    const lastEventOfOriginal = (
      a.node.services.db.prepare('SELECT MAX(id) AS id FROM events').get() as { id: number }
    ).id;
    await a.node.close();
    copyFileSync(backup.path, join(restoredDir, 'vendpoint.db'));
    copyFileSync(join(a.dataDir, 'secret.key'), join(restoredDir, 'secret.key'));
    // Schedules on: the requery poller runs as it does in production.
    restored = await startNode(testConfig(restoredDir, { maxInFlight: 1, schedules: true }));

    const states = await eventually(
      async () => statesOf(restored!),
      (s) => s.every((x) => x !== 'pending'),
    );
    expect(states).toEqual(ids.map(() => 'success'));
    expect(vendsAtB()).toBe(ids.length); // not one sent twice
    const db = restored.services.db;
    expect(getSetting(db, SETTINGS.backupTakenAt)).toBeNull();
    const audit = db.prepare(`SELECT detail FROM audit_log WHERE action = 'backup.restored'`).all() as {
      detail: string;
    }[];
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0].detail)).toEqual({
      live_sales_asked_not_sent: queuedInBackup,
      event_ids_after: expect.any(Number),
    });
    // Events recorded after the restore never reuse an id the original node issued after the
    // backup (integrators dedupe by id and page the feed with after=).
    const count = (sql: string, ...args: number[]) => (db.prepare(sql).get(...args) as { n: number }).n;
    expect(lastEventOfOriginal).toBeGreaterThan(lastEventInBackup);
    expect(
      count(
        'SELECT COUNT(*) AS n FROM events WHERE id > ? AND id <= ?',
        lastEventInBackup,
        lastEventOfOriginal,
      ),
    ).toBe(0);
    expect(count('SELECT COUNT(*) AS n FROM events WHERE id > ?', lastEventOfOriginal)).toBeGreaterThan(0);
    expect(verifyLedger(db).ok).toBe(true);
  });
});

describe('starting on a restored backup, when the sale may have gone to another route', () => {
  let b: TestNode | undefined;
  let a: TestNode | undefined;
  let restored: RunningNode | null = null;
  const dirs: string[] = [];
  afterAll(async () => {
    await restored?.close();
    await a?.close();
    await b?.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  /** The backup copied into a fresh directory with A's key, then a node started on it. */
  async function restore(
    backupPath: string,
    hooks: Parameters<typeof startNode>[1] = {},
  ): Promise<RunningNode> {
    const dir = mkdtempSync(join(tmpdir(), 'vendpoint-restored-'));
    dirs.push(dir);
    copyFileSync(backupPath, join(dir, 'vendpoint.db'));
    copyFileSync(join(a!.dataDir, 'secret.key'), join(dir, 'secret.key'));
    return startNode(testConfig(dir, { maxInFlight: 1, schedules: true }), hooks);
  }

  it('a sale the running node sent past a paused first route is found at the route that took it, not refunded', async () => {
    const code = 'RESTPAST';
    b = await startTestNode({}, { simulator: { latencyMs: 150 } });
    a = await startTestNode({ maxInFlight: 1, syncTimeoutMs: 10_000 });
    routeTo(a, 'first', `http://127.0.0.1:${await closedPort()}`, ['airtime']);
    routeTo(a, 'node-b', b.url, ['airtime'], {
      merchantCode: 'DEMO',
      key: b.demo.key,
      secret: b.demo.secret,
      options: { timeoutMs: 5_000 },
    });
    expect(
      a.node.services.router.candidates('live', 'transaction', 'airtime', 'MTN').map((u) => u.name),
    ).toEqual(['first', 'node-b']);
    const live = liveMerchant(a, code).live;
    // The first route's circuit is open: the running node sends past it without recording that.
    for (let i = 0; i < 5; i++) a.node.services.router.breaker.recordTransportFailure('first');
    const keys = Array.from({ length: 6 }, (_, i) => `past-${i}`);
    for (const r of await Promise.all(keys.map((id) => sellAirtime(a!, live, code, id))))
      expect(r.json.response_code, r.text).toBe('02');
    const backup = await backupNow(a.node.services, 'user:admin');
    await eventually(
      async () => salesOf(a!.node, keys).map((x) => x.state),
      (states) => states.every((x) => x === 'success'),
    );
    expect(takenBy(b)).toBe(keys.length);
    await a.node.close();
    restored = await restore(backup.path);
    const after = await eventually(
      async () => salesOf(restored!, keys),
      (sales) => sales.every((x) => x.state !== 'pending'),
    );
    expect(after.map((x) => [x.state, x.upstream])).toEqual(keys.map(() => ['success', 'node-b']));
    expect(takenBy(b)).toBe(keys.length); // none sent again
    expect(verifyLedger(restored.services.db).ok).toBe(true);
  });

  it('a sale no routed provider has a record of is held for an operator, not refunded, and never sent', async () => {
    await restored?.close();
    restored = null;
    await a?.close();
    await b?.close();
    const code = 'RESTHOLD';
    let live: Pair;
    ({ a, b, live } = await startQueuedChain(code));
    const keys = Array.from({ length: 10 }, (_, i) => `hold-${i}`);
    for (const r of await Promise.all(keys.map((id) => sellAirtime(a!, live, code, id))))
      expect(r.json.response_code, r.text).toBe('02');
    const backup = await backupNow(a.node.services, 'user:admin');
    // Lost at once: what it had not sent yet was never sent by anyone.
    await a.node.close();
    const sentByOriginal = takenBy(b);
    expect(sentByOriginal).toBeLessThan(keys.length);
    // No grace: "no record" is believed at once, so only the hold keeps the money from moving.
    restored = await restore(backup.path, { notFoundGraceMs: 0 });
    const after = await eventually(
      async () => salesOf(restored!, keys),
      (sales) => sales.every((x) => x.state === 'success' || x.held === 1),
    );
    const held = after.filter((x) => x.state === 'pending');
    expect(held).toHaveLength(keys.length - sentByOriginal);
    expect(held.every((x) => x.held === 1)).toBe(true);
    expect(after.filter((x) => x.state === 'success')).toHaveLength(sentByOriginal);
    expect(takenBy(b)).toBe(sentByOriginal); // none sent by the restored node
    const reason = restored.services.db
      .prepare(`SELECT last_error FROM vend_jobs WHERE ask_every_route = 1 LIMIT 1`)
      .pluck()
      .get() as string;
    expect(reason).toBe(
      'Restored from a backup: none of its providers (node-b) has a record of it; it may have gone to one no longer routed. Ask the providers, then resolve it',
    );
    expect(verifyLedger(restored.services.db).ok).toBe(true);
  });
});

/** A's live airtime sales by key: state, the operator hold and the upstream on record. */
function salesOf(node: RunningNode, keys: string[]) {
  return keys.map(
    (id) =>
      node.services.db
        .prepare(
          `SELECT state, needs_attention AS held, upstream_name AS upstream FROM purchases
            WHERE idem_key = ? AND environment = 'live'`,
        )
        .get(id) as { state: string; held: number; upstream: string | null },
  );
}

/** How many sales node B took (each of A's sales arrives there as a test-environment sale). */
function takenBy(b: TestNode): number {
  return (
    b.node.services.db
      .prepare(`SELECT COUNT(*) AS n FROM purchases WHERE environment = 'test' AND product = 'airtime'`)
      .get() as { n: number }
  ).n;
}
