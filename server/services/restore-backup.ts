import Database from 'better-sqlite3';
import {
  copyFileSync,
  existsSync,
  fsyncSync,
  closeSync,
  openSync,
  renameSync,
  statSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { join } from 'node:path';
import { latestKnownVersion } from '../store/db.js';
import { ensurePrivateDir, ensurePrivateFile, SQLITE_SIDE_SUFFIXES } from '../store/file-modes.js';
import { lockDataDir, NodeRunning } from '../store/node-lock.js';
import { getSetting, setSetting, SETTINGS } from '../store/settings.js';
import { SecretBox } from '../store/secret-box.js';

const DB_FILE = 'vendpoint.db';

export interface RestoredFiles {
  restored_from: string;
  backup_taken_at: string;
  /** Where the database it replaced (and its -wal and -shm) were moved; null on an empty directory. */
  moved_aside_to: string | null;
}

/**
 * `restore --from FILE`: puts a backup in place of the data directory's database, with the node
 * stopped. The replaced database and its `-wal`/`-shm` are moved aside together, never left
 * beside the copy: SQLite would replay that `-wal` onto the copy and damage it. The backup is
 * checked first (a "Backup now" copy, whole, and from this VendPoint or older), copied under a
 * temporary name and synced, and only then given its final name. secret.key is not touched.
 */
export function restoreBackup(
  dataDir: string,
  from: string,
  /** Told as each long step begins (the CLI prints it: at a million sales each takes seconds). */
  onStep: (words: string) => void = () => {},
): RestoredFiles {
  if (!existsSync(from) || !statSync(from).isFile()) throw new Error(`${from}: no such backup file`);
  onStep(`Checking the backup (${Math.round(statSync(from).size / (1024 * 1024))} MB)...`);
  const { takenAt, keyCheck, unmarked } = checkBackup(from);
  assertSameKey(dataDir, from, keyCheck);
  ensurePrivateDir(dataDir);
  // The node must be stopped: a running one would go on writing to the file it has open.
  const lock = lockRestoredDir(dataDir);
  try {
    const target = join(dataDir, DB_FILE);
    const present = [DB_FILE, ...SQLITE_SIDE_SUFFIXES.map((s) => DB_FILE + s)].filter((f) =>
      existsSync(join(dataDir, f)),
    );
    let aside: string | null = null;
    if (present.length) {
      aside = join(dataDir, `replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`);
      ensurePrivateDir(aside);
      for (const f of present) renameSync(join(dataDir, f), join(aside, f));
    }
    const partial = `${target}.restoring`;
    ensurePrivateFile(partial);
    try {
      onStep('Copying it in...');
      copyFileSync(from, partial);
      // copyFileSync gives the copy the backup's mode: an earlier version's backups were 0644.
      ensurePrivateFile(partial);
      if (unmarked) markAsBackup(partial, takenAt);
      syncFile(partial);
      renameSync(partial, target);
      syncFile(dataDir);
    } catch (err) {
      rmSync(partial, { force: true });
      throw err;
    }
    return { restored_from: from, backup_taken_at: takenAt, moved_aside_to: aside };
  } finally {
    lock.release();
  }
}

/**
 * The data directory's lock, taken for the restore. A running node is refused in a restore's
 * words: the node's own advice, to start on another --data-dir, would restore the wrong directory.
 */
function lockRestoredDir(dataDir: string) {
  try {
    return lockDataDir(dataDir);
  } catch (err) {
    if (!(err instanceof NodeRunning)) throw err;
    throw new Error(
      `a VendPoint node (process ${err.pid}) is running on ${dataDir}: stop it, then restore (it goes on writing to the database it has open). If no VendPoint runs as process ${err.pid}, delete ${err.lockFile}.`,
    );
  }
}

/**
 * A backup sealed with another key than the directory's secret.key is refused before anything
 * moves: restored, no node or command could open it, and overwriting the key afterwards would
 * lose the one the replaced database needs. A directory without a key takes the backup (its key
 * is copied in after, or the node's lost-key start applies).
 */
function assertSameKey(dataDir: string, from: string, keyCheck: string | null): void {
  const file = join(dataDir, 'secret.key');
  if (keyCheck === null || !existsSync(file)) return;
  if (SecretBox.fromKey(readFileSync(file, 'utf8').trim()).fingerprint() === keyCheck) return;
  throw new Error(
    `${from} was sealed with another secret.key than ${file}, which belongs to the database now in ${dataDir}: keep that key apart with it, copy in the secret.key kept with the backup, then restore (nothing was moved)`,
  );
}

/**
 * The newest schema of a VendPoint whose backups carried no mark: marks came with cc6eeb5,
 * while the schema stood at 16 (added by b1038e4), so a schema-16 copy may have one or not, and
 * the first release's Backup now (schema 6) made copies without one. Such a copy is restored
 * and marked here, the moment it was taken read from the database itself.
 */
export const LAST_SCHEMA_WITHOUT_BACKUP_MARK = 16;

/**
 * The last moment an unmarked backup's database recorded (a sale, a ledger entry, an audit
 * entry): it was taken then or later. Earlier than the true moment is the safe side: the event
 * ids a restore skips grow with the time since the backup.
 */
function lastRecordedMoment(db: Database.Database): string | null {
  const times = ['purchases', 'ledger_entries', 'audit_log'].map(
    (table) => (db.prepare(`SELECT MAX(created_at) AS t FROM ${table}`).get() as { t: string | null }).t,
  );
  const updated = (db.prepare('SELECT MAX(updated_at) AS t FROM purchases').get() as { t: string | null }).t;
  const ms = [...times, updated].map((t) => (t ? Date.parse(t) : NaN)).filter(Number.isFinite);
  return ms.length ? new Date(Math.max(...ms)).toISOString() : null;
}

/**
 * An unmarked backup's moment: the time in its Backup now name (`vendpoint-2026-11-20T15-00-01-630Z.db`)
 * when it has one no earlier than the last moment it records, else that last moment.
 */
function unmarkedBackupMoment(from: string, lastRecorded: string | null): string | null {
  const m = /vendpoint-(\d{4}-\d\d-\d\d)T(\d\d)-(\d\d)-(\d\d)-(\d{3})Z\.db$/.exec(from);
  const named = m ? `${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z` : null;
  if (named && Number.isFinite(Date.parse(named)) && (!lastRecorded || named >= lastRecorded)) return named;
  return lastRecorded;
}

/** Marks a copied-in backup of an earlier version as the backups of this one are marked. */
function markAsBackup(path: string, takenAt: string): void {
  const db = new Database(path, { fileMustExist: true });
  try {
    setSetting(db, SETTINGS.backupTakenAt, takenAt);
  } finally {
    db.close();
  }
}

/** The backup's moment and key check; throws, saying why, for a file that is not a whole VendPoint backup. */
function checkBackup(from: string): { takenAt: string; keyCheck: string | null; unmarked: boolean } {
  const madeBySqlite = READ_SIDE_SUFFIXES.filter((suffix) => !existsSync(from + suffix));
  try {
    return readBackup(from);
  } finally {
    removeReadSideFiles(from, madeBySqlite);
  }
}

/**
 * Side files SQLite makes to read a database in WAL mode, as the first release's Backup now
 * copies were (a copy of its WAL database): a read-only connection creates an empty -wal and
 * a -shm beside the file and, unable to checkpoint, never removes them.
 */
const READ_SIDE_SUFFIXES = ['-wal', '-shm'];

/**
 * Removes the side files the check's read made beside the operator's backup: only those absent
 * before it, and a -wal only while empty (a read-only connection writes none). Ones that were
 * there already (a node running on that file, say) are left alone.
 */
function removeReadSideFiles(from: string, madeBySqlite: readonly string[]): void {
  for (const suffix of madeBySqlite) {
    const path = from + suffix;
    if (existsSync(path) && (suffix === '-shm' || statSync(path).size === 0)) rmSync(path, { force: true });
  }
}

function readBackup(from: string): { takenAt: string; keyCheck: string | null; unmarked: boolean } {
  let db: Database.Database;
  try {
    db = new Database(from, { readonly: true, fileMustExist: true });
  } catch (err) {
    throw new Error(`${from} cannot be opened as a database (${(err as Error).message})`);
  }
  try {
    const has = (name: string) =>
      db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(name);
    const ours = has('schema_migrations') && has('settings');
    const marked = ours ? getSetting(db, SETTINGS.backupTakenAt) : null;
    const schema = ours
      ? (db.prepare('SELECT MAX(version) AS v FROM schema_migrations').get() as { v: number | null }).v
      : null;
    // An earlier version's backup has no mark: its moment is read from what it holds.
    const unmarked =
      !marked && schema !== null && schema <= LAST_SCHEMA_WITHOUT_BACKUP_MARK && Boolean(has('purchases'));
    const takenAt = marked ?? (unmarked ? unmarkedBackupMoment(from, lastRecordedMoment(db)) : null);
    if (!takenAt)
      throw new Error(
        `${from} is not a VendPoint backup (one made by \`backup\` or the console's Backup now): a copy without its mark would send again sales the node made after it`,
      );
    if (schema !== null && schema > latestKnownVersion())
      throw new Error(
        `${from} was made by a newer VendPoint (schema ${schema}; this one knows up to ${latestKnownVersion()}): upgrade VendPoint first`,
      );
    const integrity = String(db.pragma('integrity_check(1)', { simple: true }));
    if (integrity !== 'ok')
      throw new Error(`${from} fails its integrity check (${integrity}): restore another backup`);
    return { takenAt, keyCheck: getSetting(db, SETTINGS.secretKeyCheck), unmarked };
  } catch (err) {
    if (
      (err as { code?: string }).code === 'SQLITE_NOTADB' ||
      (err as { code?: string }).code === 'SQLITE_CORRUPT'
    )
      throw new Error(
        `${from} is not a readable database (${(err as Error).message}): restore another backup`,
      );
    throw err;
  } finally {
    db.close();
  }
}

function syncFile(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
