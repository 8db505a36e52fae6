/** Said by the node and the CLI when they cannot write the data directory. */
export const DATA_DIR_WRITE_HINT =
  'VendPoint must be able to write its data directory (--data-dir or VENDPOINT_DATA_DIR): check that this user owns it, that the directories above it exist, and that the disk is not read-only.';

/**
 * A failure to create or write the data directory: permissions, a read-only disk, a directory
 * that cannot be made (ENOENT from mkdir: a parent that is gone, a dangling link), or SQLite
 * unable to open or write the database. A port the node may not bind is not one.
 */
export function cannotWriteDataDir(err: unknown): boolean {
  const { code, syscall } = (err ?? {}) as { code?: unknown; syscall?: unknown };
  if (typeof code !== 'string' || syscall === 'listen' || syscall === 'bind') return false;
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') return true;
  if (code === 'ENOENT') return syscall === 'mkdir';
  return code.startsWith('SQLITE_READONLY') || code === 'SQLITE_CANTOPEN';
}
