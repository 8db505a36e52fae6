import Database from 'better-sqlite3';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, type Pair, type TestNode } from '../helpers/test-node.js';
import { startNode, type RunningNode } from '../../server/node.js';
import { testConfig } from '../../server/config.js';
import { backupNow } from '../../server/services/admin-backup.js';
import { BACKUP_TAKEN_SETTING, getSetting } from '../../server/store/settings.js';
import { verifyLedger } from '../../server/store/wallets.js';
import { sellAirtime, startQueuedChain } from './live-node.js';

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
          (copy.prepare(`SELECT COUNT(*) AS n FROM vend_jobs WHERE state = 'queued'`).get() as { n: number })
            .n,
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
    expect(getSetting(db, BACKUP_TAKEN_SETTING, null)).toBeNull();
    const audit = db.prepare(`SELECT detail FROM audit_log WHERE action = 'backup.restored'`).all() as {
      detail: string;
    }[];
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0].detail)).toEqual({
      queued_live_sales_asked_not_sent: queuedInBackup,
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
