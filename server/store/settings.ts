import { prep } from './db.js';
import type { Db } from './db.js';
import { DEFAULT_BUSINESS_TIMEZONE } from '../domain/business-timezone.js';
import { recordAudit } from './audit.js';
import type { AuditAction } from '../../common/audit-actions.js';

export function getSetting<T>(db: Db, key: string, fallback: T): T {
  const r = prep(db, 'SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined;
  return r ? (JSON.parse(r.value) as T) : fallback;
}

export function setSetting(db: Db, key: string, value: unknown): void {
  prep(
    db,
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
  ).run(key, JSON.stringify(value));
}

/**
 * Several settings and their audit entry in one commit (the report settings form saves them
 * together): either all are stored, audited, or none.
 */
export function setSettingsAudited(
  db: Db,
  entries: readonly (readonly [key: string, value: unknown])[],
  audit: { actor: string; action: AuditAction; subject: string; detail: object },
): void {
  db.transaction(() => {
    for (const [key, value] of entries) setSetting(db, key, value);
    recordAudit(db, audit.actor, audit.action, audit.subject, audit.detail);
  }).immediate();
}

export function deleteSetting(db: Db, key: string): void {
  prep(db, 'DELETE FROM settings WHERE key = ?').run(key);
}

/**
 * Set only inside a backup copy (the moment it was taken): a node that starts on a database
 * holding it was restored from that backup. Start-up clears it after acting on it.
 */
export const BACKUP_TAKEN_SETTING = 'backup.taken_at';

/** The settings key of the business timezone (kept under the report settings, where it is edited). */
export const BUSINESS_TIMEZONE_SETTING = 'reports.timezone';

/**
 * The node's business timezone (an IANA zone): where its days begin for reports, cash-ups,
 * agents' daily limits, the console's date filters, exports and schedules. Read afresh on every
 * call, so a changed setting (console or CLI) applies at once.
 */
export function businessTimezone(db: Db): string {
  return getSetting(db, BUSINESS_TIMEZONE_SETTING, DEFAULT_BUSINESS_TIMEZONE);
}
