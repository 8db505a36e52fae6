import cron from 'node-cron';
import type { Services } from '../services/context.js';
import type { Db } from '../store/db.js';
import { getSetting, SETTINGS, warnBadSetting } from '../store/settings.js';
import { syncCatalogs } from '../services/catalog-sync.js';
import type { ScheduledJob } from './schedules.js';

/** Hourly by default; the `catalog_sync_cron` setting (six-field node-cron) overrides it. */
export const CATALOG_SYNC_DEFAULT_CRON = SETTINGS.catalogSyncCron.default;

/**
 * The catalog sync's schedule now: the setting when node-cron takes it, else hourly. The
 * registry checks only the setting's shape (it keeps node-cron off a start without schedules);
 * one node-cron refuses is warned about here, naming the key, and the default runs.
 */
export function catalogSyncExpression(db: Db): string {
  const configured = getSetting(db, SETTINGS.catalogSyncCron);
  if (cron.validate(configured)) return configured;
  warnBadSetting(db, SETTINGS.catalogSyncCron, JSON.stringify(configured), 'a schedule node-cron accepts');
  return CATALOG_SYNC_DEFAULT_CRON;
}

/** The schedule of the catalog sync (services/catalog-sync.ts), read again as the setting changes. */
export function catalogSyncJob(s: Services, log: { warn: (o: object, m: string) => void }): ScheduledJob {
  return { expression: () => catalogSyncExpression(s.db), run: () => syncCatalogs(s, 'schedule', log) };
}
