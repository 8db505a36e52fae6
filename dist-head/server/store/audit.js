import { prep } from './db.js';
import { nowIso } from './db.js';
/** Every operator change is recorded with who did it and why; secrets never enter the detail. */
export function recordAudit(db, actor, action, subject, detail = {}) {
    prep(db, 'INSERT INTO audit_log (actor, action, subject, detail, created_at) VALUES (?, ?, ?, ?, ?)').run(actor, action, subject, JSON.stringify(detail ?? {}), nowIso());
}
export function listAudit(db, limit = 200) {
    return prep(db, 'SELECT * FROM audit_log ORDER BY id DESC LIMIT ?').all(limit);
}
//# sourceMappingURL=audit.js.map