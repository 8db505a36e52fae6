import type { Db } from './db.js';
import { deleteSetting, SETTINGS } from './settings.js';
import { skipEventIds } from './events.js';
import { markRestoredSale } from './vend-jobs.js';
import { recordAudit } from './audit.js';

/** A live sale the backup held queued or on the wire, and the route its job would have used. */
export interface RestoredSale {
  purchaseId: number;
  upstreamName: string | null;
}

/**
 * Takes a restored backup's sales over in one commit (jobs/restored-backup.ts says why): each
 * marked as sent at the backup's moment and asked about at every route, event ids moved `gap`
 * past any the lost node could have issued, the backup's mark cleared (so this runs once) and
 * audited. Returns how many sales were marked, and the next event id.
 */
export function takeOverRestoredSales(
  db: Db,
  input: { takenAt: string; sentAtMs: number; sales: readonly RestoredSale[]; eventIdGap: number },
): { asked: number; nextEventId: number | null } {
  return db
    .transaction(() => {
      let asked = 0;
      for (const s of input.sales)
        if (markRestoredSale(db, s.purchaseId, s.upstreamName, input.sentAtMs)) asked++;
      const nextEventId = skipEventIds(db, input.eventIdGap);
      deleteSetting(db, SETTINGS.backupTakenAt);
      recordAudit(db, 'node', 'backup.restored', input.takenAt, {
        live_sales_asked_not_sent: asked,
        event_ids_after: nextEventId,
      });
      return { asked, nextEventId };
    })
    .immediate();
}
