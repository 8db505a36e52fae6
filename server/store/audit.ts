import { prep } from './db.js';
import type { Db } from './db.js';
import { nowIso } from './db.js';
import type { AuditAction } from '../../common/audit-actions.js';

/** Every operator change is recorded with who did it and why; secrets never enter the detail. */
export function recordAudit(
  db: Db,
  actor: string,
  action: AuditAction,
  subject: string,
  detail: unknown = {},
): void {
  prep(db, 'INSERT INTO audit_log (actor, action, subject, detail, created_at) VALUES (?, ?, ?, ?, ?)').run(
    actor,
    action,
    subject,
    JSON.stringify(detail ?? {}),
    nowIso(db),
  );
}

/** Who last flagged a purchase for attention by hand, and why (null when the worker flagged it at its deadline). */
export function lastFlagOf(db: Db, reference: string): { by: string; reason: string; at: string } | null {
  const row = prep(
    db,
    `SELECT actor, detail, created_at FROM audit_log WHERE subject = ? AND action = 'purchase.flag' ORDER BY id DESC LIMIT 1`,
  ).get(reference) as { actor: string; detail: string; created_at: string } | undefined;
  if (!row) return null;
  const reason = (JSON.parse(row.detail) as { reason?: unknown }).reason;
  return { by: row.actor, reason: typeof reason === 'string' ? reason : '', at: row.created_at };
}
