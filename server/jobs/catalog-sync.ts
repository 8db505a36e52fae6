import cron from 'node-cron';
import type { Services } from '../services/context.js';
import { getSetting } from '../store/settings.js';
import { syncCatalogs } from '../services/catalog-sync.js';

/** Hourly by default; the `catalog_sync_cron` setting (six-field node-cron) overrides it. */
export const CATALOG_SYNC_DEFAULT_CRON = '0 0 * * * *';

/** The schedule of the catalog sync (services/catalog-sync.ts). */
export function catalogSyncJob(
  s: Services,
  log: { warn: (o: object, m: string) => void },
): { expression: string; run: () => Promise<unknown> } {
  const configured = getSetting<string | null>(s.db, 'catalog_sync_cron', null);
  const expression = configured && cron.validate(configured) ? configured : CATALOG_SYNC_DEFAULT_CRON;
  return { expression, run: () => syncCatalogs(s, 'schedule', log) };
}
