import type { Db } from '../store/db.js';
import type { UpstreamRouter } from '../routing/upstream-router.js';
import { BACKUP_TAKEN_SETTING, deleteSetting, getSetting } from '../store/settings.js';
import { skipEventIds } from '../store/events.js';
import { markVendStarted, queuedJobs } from '../store/vend-jobs.js';
import { getPurchaseById } from '../store/purchases.js';
import { recordAudit } from '../store/audit.js';

/** Event ids skipped after a restore: at least this many, */
const EVENT_ID_GAP_MIN = 1_000_000;
/** or this many per second since the backup (several times the most a node can record). */
const EVENT_IDS_PER_SECOND = 20_000;

export interface RestoredBackup {
  takenAt: string;
  /** Live sales found queued: asked about at their upstream, never sent again. */
  asked: number;
}

/**
 * A node starting on a database restored from a backup ("Backup now" marks its copies). A
 * sale the backup holds as queued may have been sent by the node that went on running after
 * the backup, so it is treated like a send a crash interrupted: recorded as sent to the
 * upstream its route would have used, at the backup's moment, then requeried at start
 * (never re-sent). One the provider has no record of is failed and refunded after the usual
 * grace; one it delivered becomes a success. Sales made after the backup are not in this
 * database at all: the warning says to reconcile with the providers. The mark is cleared in
 * the same commit, so this runs once.
 */
export function takeOverRestoredBackup(db: Db, router: UpstreamRouter): RestoredBackup | null {
  const takenAt = getSetting<string | null>(db, BACKUP_TAKEN_SETTING, null);
  if (!takenAt) return null;
  const sentAt = Date.parse(takenAt) || Date.now();
  let asked = 0;
  db.transaction(() => {
    for (const job of queuedJobs(db, 10_000_000)) {
      const p = getPurchaseById(db, job.purchaseId);
      if (!p || p.environment !== 'live' || p.state !== 'pending') continue;
      // The built-in simulator has no effect outside this database: its sales are simply vended.
      const upstream = router.candidates(p.environment, p.kind, p.product, p.network)[job.routeIndex];
      if (!upstream || upstream.inProcess) continue;
      if (markVendStarted(db, p.id, upstream.name, sentAt)) asked++;
    }
    // The node that ran on after the backup issued event ids the backup does not know, and
    // integrators have seen them (they dedupe by id and page the feed with after=): new ids
    // start well past any it could have issued, at 20,000 a second since the backup.
    const seconds = Math.max(0, Math.ceil((Date.now() - sentAt) / 1000));
    const gap = Math.max(EVENT_ID_GAP_MIN, seconds * EVENT_IDS_PER_SECOND);
    const next = skipEventIds(db, gap);
    deleteSetting(db, BACKUP_TAKEN_SETTING);
    recordAudit(db, 'node', 'backup.restored', takenAt, {
      queued_live_sales_asked_not_sent: asked,
      event_ids_after: next,
    });
  }).immediate();
  return { takenAt, asked };
}
