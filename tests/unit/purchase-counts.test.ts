import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../../server/store/bootstrap.js';
import { catalogDir } from '../../server/store/catalog.js';
import { resourcesDir } from '../../server/resources.js';
import { loadMigrations, migrate, openDatabase, type Db } from '../../server/store/db.js';
import { storeWithMerchant } from '../helpers/test-store.js';
import { createPurchase } from '../../server/store/purchase-create.js';
import {
  correctFailedToSuccess,
  reverseCompletedSale,
  settleFailed,
  settleSuccess,
} from '../../server/store/purchase-settle.js';
import { listPurchases, type PurchaseFilter } from '../../server/store/purchase-lists.js';
import { duePolls, queuedJobs, recoverInterruptedJobs } from '../../server/store/vend-jobs.js';
import { PurchaseStore } from '../../server/store/purchase-store.js';
import { CommitBatcher } from '../../server/store/commit-batcher.js';
import { salesByProductAndState } from '../../server/store/admin-queries.js';
import { ourSideOfDay } from '../../server/store/reconciliation-staging.js';
import type { PurchaseState } from '../../server/domain/purchase-state.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function store() {
  const s = storeWithMerchant(dirs, 'CT', 1e12);
  s.db.pragma('synchronous = OFF'); // positions and counts only; no durability asked of this file
  return s;
}

const NETWORKS = ['MTN', 'GLO', 'AIRTEL'];

function buy(db: Db, merchantId: number, i: number) {
  return db.transaction(() =>
    createPurchase(db, {
      merchantId,
      environment: 'test',
      idemKey: `k-${i}`,
      kind: 'transaction',
      surface: 'v1',
      product: 'airtime',
      network: NETWORKS[i % 3],
      msisdn: '08031234567',
      amountText: '100',
      amountKobo: 10_000,
      debitKobo: 10_000,
      actor: 't',
    }),
  )();
}

function kept(db: Db) {
  return db
    .prepare(
      'SELECT merchant_id, environment, kind, network, state, n FROM purchase_counts WHERE n > 0 ORDER BY 1, 2, 3, 4, 5',
    )
    .all();
}
function counted(db: Db) {
  return db
    .prepare(
      `SELECT merchant_id, environment, kind, network, state, COUNT(*) AS n FROM purchases
       GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`,
    )
    .all();
}

/** The same page by a plain OFFSET scan: what every list answer must equal. */
function byOffset(db: Db, f: PurchaseFilter, page: number, limit: number) {
  const where = [`merchant_id = ${f.merchantId}`, `environment = '${f.environment}'`];
  if (f.state) where.push(`state = '${f.state}'`);
  if (f.failedOrReversed) where.push(`state IN ('failed', 'reversed')`);
  if (f.network) where.push(`network = '${f.network}' COLLATE NOCASE`);
  const all = db
    .prepare(`SELECT idem_key FROM purchases WHERE ${where.join(' AND ')} ORDER BY id DESC`)
    .all() as { idem_key: string }[];
  return {
    keys: all.slice((page - 1) * limit, page * limit).map((r) => r.idem_key),
    total: all.length,
  };
}

describe('kept purchase counts (purchase_counts)', () => {
  it('equal COUNT(*) per merchant, environment, kind, network and state after sales settle either way', () => {
    const { db, m } = store();
    const made = Array.from({ length: 90 }, (_, i) => buy(db, m.id, i));
    db.transaction(() => {
      for (const p of made.slice(0, 40)) settleSuccess(db, p.id, {});
      for (const p of made.slice(40, 55)) settleFailed(db, p.id, { reason: 'no', publicReason: 'no' }, 't');
      for (const p of made.slice(30, 36))
        reverseCompletedSale(db, p.id, { reason: 'r', actor: 't', source: 'admin' });
      // Already final: changes nothing, counts nothing twice.
      settleSuccess(db, made[0].id, {});
      settleFailed(db, made[1].id, { reason: 'late', publicReason: 'late' }, 't');
    })();
    expect(kept(db)).toEqual(counted(db));
    expect(listPurchases(db, { merchantId: m.id, environment: 'test', state: 'failed' }, 1, 10).total).toBe(
      15,
    );
    db.close();
  });

  it('never run ahead of the purchases after a crash mid-transaction', () => {
    const { dir, db, m } = store();
    for (let i = 0; i < 5; i++) buy(db, m.id, i);
    // A write that never commits: the process dies with the transaction open.
    db.exec('BEGIN');
    buy(db, m.id, 100);
    db.prepare(`UPDATE purchases SET state = 'success' WHERE idem_key = 'k-1'`).run();
    db.close();
    const again = openStore(dir, catalogDir(resourcesDir())).db;
    expect(kept(again)).toEqual(counted(again));
    expect(
      listPurchases(again, { merchantId: m.id, environment: 'test', kind: 'transaction' }, 1, 10).total,
    ).toBe(5);
    again.close();
  });

  it('are filled from the stored purchases when the migration runs on an older database', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vendpoint-counts-old-'));
    dirs.push(dir);
    const db = openDatabase(dir);
    const all = loadMigrations();
    migrate(
      db,
      all.filter((x) => x.version < 15),
    );
    db.pragma('foreign_keys = OFF');
    const ins = db.prepare(
      `INSERT INTO purchases (internal_reference, merchant_id, environment, idem_key, kind, product, network, amount_text, amount_kobo, debit_kobo, state, created_at, updated_at)
       VALUES (?, ?, ?, ?, 'transaction', 'airtime', ?, '1', 100, 100, ?, 'x', 'x')`,
    );
    for (let i = 0; i < 60; i++)
      ins.run(
        `r${i}`,
        1 + (i % 2),
        i % 3 ? 'test' : 'live',
        `k${i}`,
        NETWORKS[i % 3],
        ['pending', 'success', 'failed'][i % 4] ?? 'success',
      );
    // Up to 15 only: the rows above have no merchants, which a later table rebuild's key check refuses.
    migrate(
      db,
      all.filter((x) => x.version <= 15),
    );
    expect(kept(db)).toEqual(counted(db));
    db.close();
  });
});

describe('state-filtered lists (anchored) equal OFFSET paging while older sales settle', () => {
  it('pages of every state and network filter, deep and shallow, before and after settling', () => {
    const { db, m } = store();
    const made = db.transaction(() => Array.from({ length: 2_400 }, (_, i) => buy(db, m.id, i)))();
    const settle = (from: number, to: number) =>
      db.transaction(() => {
        for (let i = from; i < to; i++)
          if (i % 4 === 3) settleFailed(db, made[i].id, { reason: 'no', publicReason: 'no' }, 't');
          else if (i % 4) settleSuccess(db, made[i].id, {});
      })();
    settle(1_000, 2_400);
    const check = () => {
      const filters: Partial<PurchaseFilter>[] = [
        ...(['success', 'failed', 'pending', 'reversed'] as PurchaseState[]).map((state) => ({ state })),
        { failedOrReversed: true },
      ];
      for (const filter of filters)
        for (const network of [undefined, 'mtn'])
          for (const page of [1, 2, 30, 60, 100, 170, 400]) {
            const f: PurchaseFilter = { merchantId: m.id, environment: 'test', ...filter, network };
            const r = listPurchases(db, f, page, 5);
            const want = byOffset(db, f, page, 5);
            expect({ filter, network, page, keys: r.rows.map((p) => p.idemKey), total: r.total }).toEqual({
              filter,
              network,
              page,
              ...want,
            });
          }
    };
    check(); // anchors built over the settled and pending rows
    settle(0, 1_000); // the oldest sales settle: every anchor after them moved
    check();
    db.transaction(() => {
      // Old completed sales reversed: success shrinks and failed-or-reversed grows in the middle.
      for (let i = 5; i < 900; i += 7)
        reverseCompletedSale(db, made[i].id, { reason: 'r', actor: 't', source: 'admin' });
    })();
    check();
    db.transaction(() => {
      // Old refunded sales the upstream did deliver: failed becomes success in the middle.
      for (let i = 3; i < 900; i += 40) correctFailedToSuccess(db, made[i].id, { actor: 't', reason: 'r' });
    })();
    check();
    expect(kept(db)).toEqual(counted(db));
    db.close();
  }, 60_000);
});

/**
 * Runs `work` while recording every statement prepared on `db`; returns each one with its
 * query plan (placeholders bound to 0).
 */
function plansOf(db: Db, work: () => void): { sql: string; plan: string }[] {
  const seen: string[] = [];
  const prepare = db.prepare.bind(db);
  db.prepare = ((sql: string) => {
    seen.push(sql);
    return prepare(sql);
  }) as typeof db.prepare;
  try {
    work();
  } finally {
    db.prepare = prepare;
  }
  return seen.map((sql) => ({
    sql,
    plan: (
      prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...Array(sql.split('?').length - 1).fill(0)) as {
        detail: string;
      }[]
    )
      .map((r) => r.detail)
      .join('; '),
  }));
}

describe('open-job queries', () => {
  it('use the open-jobs index instead of scanning every job ever stored', () => {
    const { db } = store();
    const onJobs = plansOf(db, () => {
      queuedJobs(db);
      duePolls(db, Date.now());
      recoverInterruptedJobs(db, Date.now());
    }).filter(({ sql }) => /FROM vend_jobs|UPDATE vend_jobs/.test(sql));
    expect(onJobs).toHaveLength(3);
    for (const { sql, plan } of onJobs) expect(plan, sql).toContain('vend_jobs_due');
    db.close();
  });
});

describe('day reads across every merchant', () => {
  it('read each merchant through purchases_merchant_created, with no index of their own', () => {
    const { db } = store();
    const window = { from: '2026-01-01T00:00:00.000Z', to: '2026-01-02T00:00:00.000Z' };
    let ours: unknown[] = [];
    const dayReads = plansOf(db, () => {
      salesByProductAndState(db, 'test', window.from, window.to);
      ours = [...ourSideOfDay(db, 1, 'up', window)];
    }).filter(({ sql }) => /FROM purchases/.test(sql) && /created_at >= \?/.test(sql));
    expect(ours).toEqual([]);
    expect(dayReads).toHaveLength(2);
    for (const { sql, plan } of dayReads) {
      expect(plan, sql).toContain('purchases_merchant_created');
      expect(plan, sql).not.toMatch(/SCAN (purchases|p)\b/);
    }
    const indexes = db
      .prepare(`SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'purchases'`)
      .pluck()
      .all();
    expect(indexes).not.toContain('purchases_created');
    db.close();
  });
});

describe('the store functions that move money', () => {
  it('refuse to run outside a transaction, before writing anything', () => {
    const { db, m } = store();
    const [a, b] = [buy(db, m.id, 1), buy(db, m.id, 2)];
    db.transaction(() => settleSuccess(db, b.id, {}))();
    const ledger = () => (db.prepare('SELECT COUNT(*) AS n FROM ledger_entries').get() as { n: number }).n;
    const before = ledger();
    expect(() => settleFailed(db, a.id, { reason: 'no', publicReason: 'no' }, 't')).toThrow(
      /settleFailed moves money/,
    );
    expect(() => reverseCompletedSale(db, b.id, { reason: 'r', actor: 't', source: 'admin' })).toThrow(
      /inside a transaction/,
    );
    expect(ledger()).toBe(before);
    const states = db.prepare('SELECT state FROM purchases WHERE id IN (?, ?) ORDER BY id').all(a.id, b.id);
    expect(states).toEqual([{ state: 'pending' }, { state: 'success' }]);
  });
});

describe("an operator's flag", () => {
  it('of a purchase settled since the console read it is refused, and nothing is audited', async () => {
    const { db, m } = store();
    const purchases = new PurchaseStore(db, new CommitBatcher(db));
    const stale = buy(db, m.id, 1); // as the console read it: pending
    db.transaction(() => settleSuccess(db, stale.id, {}))();
    await expect(purchases.flagByOperator(stale, 'user:ada', 'customer called')).rejects.toThrow(
      /is no longer pending: it was settled meanwhile/,
    );
    const flags = db.prepare(`SELECT COUNT(*) AS n FROM audit_log WHERE action = 'purchase.flag'`).get();
    expect(flags).toEqual({ n: 0 });
  });
});
