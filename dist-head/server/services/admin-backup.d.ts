import type { Services } from './context.js';
/** Backups live beside the database, in the data directory's backups/ folder. */
export declare const BACKUP_DIR = "backups";
export interface BackupFile {
    file: string;
    path: string;
    size_bytes: number;
    created_at: string;
}
export declare function backupDir(s: Services): string;
/**
 * "Backup now": SQLite's online backup of the live database into backups/, a consistent
 * snapshot even while sales are being written (WAL included). The copy is checked with
 * integrity_check under a temporary name and only then given its final name, so a file
 * named like a backup is always a complete one.
 */
export declare function backupNow(s: Services, actor: string): Promise<BackupFile & {
    integrity: 'ok';
}>;
/** Backups in the folder, newest first. */
export declare function listBackups(s: Services): BackupFile[];
/** The path of one backup by its name; anything but a backup file name is not found. */
export declare function backupPath(s: Services, file: string): string;
