import type { Db } from '../store/db.js';
import type { UpstreamRouter } from '../routing/upstream-router.js';
import { getSetting, SETTINGS } from '../store/settings.js';
import { queuedJobs, sendingJobs } from '../store/vend-jobs.js';
import { getPurchaseById } from '../store/purchases.js';
import { takeOverRestoredSales, type RestoredSale } from '../store/restored-backup.js';

/** Event ids skipped after a restore: at least this many, */
const EVENT_ID_GAP_MIN = 1_000_000;
/** or this many per second since the backup (several times the most a node can record). */
const EVENT_IDS_PER_SECOND = 20_000;

export interface RestoredBackup {
  takenAt: string;
  /** Live sales found queued or on the wire: asked about at every route, never sent again. */
  asked: number;
}

/**
 * A node starting on a database restored from a backup ("Backup now" marks its copies). A
 * sale the backup holds as queued, or as sent but unanswered, may have been sent by the node
 * that went on running after the backup, and not necessarily to the route its job names: a
 * refusal before accepting moves a sale to the next route, and an open circuit skips one
 * unrecorded. So it is recorded as sent (at the backup's moment when it was still queued),
 * never sent again, and asked about at every route of its product (vend-requery.ts
 * askEveryRoute): the provider that has a record of it decides, and one no provider has a
 * record of is held for an operator rather than refunded. Sales made after the backup are not
 * in this database at all: the warning says to reconcile with the providers. The mark is
 * cleared in the same commit (store/restored-backup.ts), so this runs once.
 */
export function takeOverRestoredBackup(db: Db, router: UpstreamRouter): RestoredBackup | null {
  const takenAt = getSetting(db, SETTINGS.backupTakenAt);
  if (!takenAt) return null;
  const sentAt = Date.parse(takenAt) || Date.now();
  // Read before the commit: this runs at start-up, before the worker or any request, and each
  // mark is guarded in SQL by the job's state anyway.
  const sales: RestoredSale[] = [];
  for (const job of [...queuedJobs(db, 10_000_000), ...sendingJobs(db)]) {
    const p = getPurchaseById(db, job.purchaseId);
    if (!p || p.environment !== 'live' || p.state !== 'pending') continue;
    const first = router.candidates(p.environment, p.kind, p.product, p.network)[job.routeIndex];
    // The built-in simulator has no effect outside this database: its sales are simply vended.
    if (job.state === 'queued' && first?.inProcess) continue;
    sales.push({ purchaseId: p.id, upstreamName: first?.name ?? null });
  }
  // The node that ran on after the backup issued event ids the backup does not know, and
  // integrators have seen them (they dedupe by id and page the feed with after=): new ids
  // start well past any it could have issued, at 20,000 a second since the backup.
  const seconds = Math.max(0, Math.ceil((Date.now() - sentAt) / 1000));
  const eventIdGap = Math.max(EVENT_ID_GAP_MIN, seconds * EVENT_IDS_PER_SECOND);
  const { asked } = takeOverRestoredSales(db, { takenAt, sentAtMs: sentAt, sales, eventIdGap });
  return { takenAt, asked };
}
