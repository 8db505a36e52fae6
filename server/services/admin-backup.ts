import Database from 'better-sqlite3';
import { readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../store/db.js';

/** What a backup needs: the node's services, or the CLI's store. */
type BackupContext = { db: Db; config: { dataDir: string }; now: () => number };
import { recordAudit } from '../store/audit.js';
import { NotFound } from '../domain/errors.js';
import { ensurePrivateDir, ensurePrivateFile, removeSqliteSideFiles } from '../store/file-modes.js';
import { setSetting, SETTINGS } from '../store/settings.js';
import { integrityCheckOffThread } from './integrity-check-thread.js';

/** Backups live beside the database, in the data directory's backups/ folder. */
export const BACKUP_DIR = 'backups';
/** vendpoint-2026-01-31T08-15-02-123Z.db: sortable, and nothing else matches it. */
const BACKUP_NAME = /^vendpoint-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.db$/;

export interface BackupFile {
  file: string;
  path: string;
  size_bytes: number;
  created_at: string;
}

export function backupDir(s: BackupContext): string {
  return join(s.config.dataDir, BACKUP_DIR);
}

function describe(s: BackupContext, file: string): BackupFile {
  const path = join(backupDir(s), file);
  const st = statSync(path);
  return { file, path, size_bytes: st.size, created_at: st.mtime.toISOString() };
}

/** How far a backup is: the copy's pages so far, then the check of the copy. */
export type BackupProgress =
  { phase: 'copy'; copiedPages: number; totalPages: number } | { phase: 'check'; bytes: number };

/** Pages SQLite copies per step of the online backup; the node serves requests between steps. */
const PAGES_PER_STEP = 1_000;

/**
 * "Backup now": SQLite's online backup of the live database into backups/, a consistent
 * snapshot even while sales are being written (WAL included). The copy is checked with
 * integrity_check under a temporary name and only then given its final name, so a file
 * named like a backup is always a complete one. The copy is switched to a rollback journal
 * first: a backup is one self-contained file, and checking it leaves no -wal or -shm beside
 * it. Folder 0700, file 0600 from its first byte: it holds everything the database does.
 * The copy runs in steps between the node's requests and the check on a thread of its own,
 * so sales and pages go on meanwhile (a million sales: about 8 s in all, 6 of them checking);
 * `onProgress` hears each step (the CLI prints it).
 */
export async function backupNow(
  s: BackupContext,
  actor: string,
  onProgress: (p: BackupProgress) => void = () => {},
): Promise<BackupFile & { integrity: 'ok' }> {
  const dir = backupDir(s);
  ensurePrivateDir(dir);
  const file = `vendpoint-${new Date(s.now()).toISOString().replace(/[:.]/g, '-')}.db`;
  const partial = join(dir, `${file}.partial`);
  try {
    ensurePrivateFile(partial);
    const copied = await s.db.backup(partial, {
      progress: ({ totalPages, remainingPages }) => {
        onProgress({ phase: 'copy', copiedPages: totalPages - remainingPages, totalPages });
        return PAGES_PER_STEP;
      },
    });
    // better-sqlite3 tells the steps before the last one only.
    onProgress({ phase: 'copy', copiedPages: copied.totalPages, totalPages: copied.totalPages });
    const copy = new Database(partial, { fileMustExist: true });
    try {
      copy.pragma('journal_mode = DELETE');
      // Marks the copy as a backup: a node started on it later treats the sales it finds
      // queued as possibly sent after this moment (asked about, never sent again).
      setSetting(copy, SETTINGS.backupTakenAt, new Date(s.now()).toISOString());
    } finally {
      copy.close();
    }
    onProgress({ phase: 'check', bytes: statSync(partial).size });
    const result = await integrityCheckOffThread(partial);
    if (result !== 'ok') throw new Error(`the backup copy failed its integrity check: ${result}`);
    renameSync(partial, join(dir, file));
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  } finally {
    removeSqliteSideFiles(partial);
  }
  const out = describe(s, file);
  recordAudit(s.db, actor, 'backup.create', file, { size_bytes: out.size_bytes });
  return { ...out, integrity: 'ok' };
}

/** Backups in the folder, newest first. */
export function listBackups(s: BackupContext): BackupFile[] {
  let files: string[] = [];
  try {
    files = readdirSync(backupDir(s));
  } catch {
    return [];
  }
  return files
    .filter((f) => BACKUP_NAME.test(f))
    .sort()
    .reverse()
    .map((f) => describe(s, f));
}

/** The path of one backup by its name; anything but a backup file name is not found. */
export function backupPath(s: BackupContext, file: string): string {
  if (!BACKUP_NAME.test(file)) throw new NotFound('no such backup');
  const path = join(backupDir(s), file);
  try {
    statSync(path);
  } catch {
    throw new NotFound('no such backup');
  }
  return path;
}
