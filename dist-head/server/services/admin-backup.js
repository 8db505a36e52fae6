import Database from 'better-sqlite3';
import { mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { recordAudit } from '../store/audit.js';
import { NotFound } from '../domain/errors.js';
/** Backups live beside the database, in the data directory's backups/ folder. */
export const BACKUP_DIR = 'backups';
/** vendpoint-2026-01-31T08-15-02-123Z.db: sortable, and nothing else matches it. */
const BACKUP_NAME = /^vendpoint-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.db$/;
export function backupDir(s) {
    return join(s.config.dataDir, BACKUP_DIR);
}
function describe(s, file) {
    const path = join(backupDir(s), file);
    const st = statSync(path);
    return { file, path, size_bytes: st.size, created_at: st.mtime.toISOString() };
}
/**
 * "Backup now": SQLite's online backup of the live database into backups/, a consistent
 * snapshot even while sales are being written (WAL included). The copy is checked with
 * integrity_check under a temporary name and only then given its final name, so a file
 * named like a backup is always a complete one.
 */
export async function backupNow(s, actor) {
    const dir = backupDir(s);
    mkdirSync(dir, { recursive: true });
    const file = `vendpoint-${new Date(s.now()).toISOString().replace(/[:.]/g, '-')}.db`;
    const partial = join(dir, `${file}.partial`);
    try {
        await s.db.backup(partial);
        const copy = new Database(partial, { readonly: true, fileMustExist: true });
        try {
            const result = copy.pragma('integrity_check', { simple: true });
            if (result !== 'ok')
                throw new Error(`the backup copy failed its integrity check: ${String(result)}`);
        }
        finally {
            copy.close();
        }
        renameSync(partial, join(dir, file));
    }
    catch (err) {
        rmSync(partial, { force: true });
        throw err;
    }
    const out = describe(s, file);
    recordAudit(s.db, actor, 'backup.create', file, { size_bytes: out.size_bytes });
    return { ...out, integrity: 'ok' };
}
/** Backups in the folder, newest first. */
export function listBackups(s) {
    let files = [];
    try {
        files = readdirSync(backupDir(s));
    }
    catch {
        return [];
    }
    return files
        .filter((f) => BACKUP_NAME.test(f))
        .sort()
        .reverse()
        .map((f) => describe(s, f));
}
/** The path of one backup by its name; anything but a backup file name is not found. */
export function backupPath(s, file) {
    if (!BACKUP_NAME.test(file))
        throw new NotFound('no such backup');
    const path = join(backupDir(s), file);
    try {
        statSync(path);
    }
    catch {
        throw new NotFound('no such backup');
    }
    return path;
}
//# sourceMappingURL=admin-backup.js.map