import { prep } from './db.js';
import type { Db } from './db.js';
import { nowIso } from './db.js';

/** Every operator change is recorded with who did it and why; secrets never enter the detail. */
export function recordAudit(
  db: Db,
  actor: string,
  action: string,
  subject: string,
  detail: unknown = {},
): void {
  prep(db, 'INSERT INTO audit_log (actor, action, subject, detail, created_at) VALUES (?, ?, ?, ?, ?)').run(
    actor,
    action,
    subject,
    JSON.stringify(detail ?? {}),
    nowIso(),
  );
}
