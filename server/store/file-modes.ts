import { chmodSync, closeSync, lstatSync, mkdirSync, openSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The data directory holds every merchant's sales, hashed credentials, the key that unseals
 * upstream secrets and voucher PINs, and backups of all of it: only the user running the node
 * may read it. Directories are 0700, files 0600.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Sub-folders of the data directory whose whole content is the node's own. */
const PRIVATE_SUBDIRS = ['backups', 'crash-dumps'];

/** Creates the directory (and parents) if missing, and makes it 0700. */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  tighten(dir);
}

/**
 * Creates the file empty if missing, 0600 from its first byte (no window in which another
 * user can open it), and makes an existing one 0600. SQLite gives a database's -wal, -shm
 * and -journal files the mode of the database file itself, so a 0600 database file is what
 * keeps those private too, whatever the process umask.
 */
export function ensurePrivateFile(path: string): void {
  closeSync(openSync(path, 'a', PRIVATE_FILE_MODE));
  tighten(path);
}

/** Removes group and other permission bits; returns "name 0644 -> 0600" when it changed one. */
function tighten(path: string): string | null {
  let st;
  try {
    st = lstatSync(path);
  } catch {
    return null;
  }
  // Never follow a link: chmod on it would change whatever it points at.
  if (st.isSymbolicLink() || !(st.isFile() || st.isDirectory())) return null;
  const mode = st.mode & 0o7777;
  if ((mode & 0o077) === 0) return null;
  const next = mode & ~0o077;
  chmodSync(path, next);
  return `${path} ${mode.toString(8).padStart(4, '0')} -> ${next.toString(8).padStart(4, '0')}`;
}

/**
 * Makes an existing data directory private: the directory, every file directly in it
 * (database, -wal, -shm, secret.key, logs) and the backups and crash-dump folders with their
 * files. Returns what it changed, so the caller can say so once in its log.
 */
/** What a start that tightened modes says (node log and CLI alike): each path with old -> new mode. */
export const fixedModesMessage = (fixed: string[]): string =>
  `data directory was readable by other users: removed their access (folders 0700, files 0600): ${fixed.join('; ')}`;

export function tightenDataDir(dataDir: string): string[] {
  const fixed: string[] = [];
  const note = (path: string) => {
    const change = tighten(path);
    if (change) fixed.push(change);
  };
  note(dataDir);
  for (const entry of safeList(dataDir)) {
    const path = join(dataDir, entry.name);
    if (entry.isFile()) note(path);
    else if (entry.isDirectory() && PRIVATE_SUBDIRS.includes(entry.name)) {
      note(path);
      for (const inner of safeList(path)) if (inner.isFile()) note(join(path, inner.name));
    }
  }
  return fixed;
}

function safeList(dir: string) {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

/** The files SQLite keeps beside a database, by suffix. */
export const SQLITE_SIDE_SUFFIXES = ['-wal', '-shm', '-journal'];

/** SQLite's side files of a database path, removed after a copy is closed. */
export function removeSqliteSideFiles(dbPath: string): void {
  for (const suffix of SQLITE_SIDE_SUFFIXES) rmSync(`${dbPath}${suffix}`, { force: true });
}

/** Makes SQLite's side files of an open WAL database private (belt and braces beside the inherited mode). */
export function tightenSqliteSideFiles(dbPath: string): void {
  for (const suffix of ['-wal', '-shm']) tighten(`${dbPath}${suffix}`);
}
