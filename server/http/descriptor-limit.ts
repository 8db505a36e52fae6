import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

/**
 * Descriptors kept for the node's own use whatever its inbound connections: SQLite (database,
 * WAL, shared memory), a backup's copy and journal, the log files, the SMTP connection, the
 * webhook sender's sockets, the libuv and V8 internals, and a margin.
 */
const OWN_FILES = 256;
/** Spare outgoing sockets beside one upstream's vends on the wire (the pool's own spare). */
const OUTGOING_SPARE = 64;
/** Used when the limit cannot be read (Windows, where a socket is a handle without such a limit). */
export const UNKNOWN_LIMIT_CEILING = 8192;

/**
 * The process's soft limit on open files, or null when it cannot be read. Node raises the
 * soft limit to the hard one at start on Linux and macOS (src/node.cc, PlatformInit), so the
 * soft limit read here is already as high as the process may go without privileges.
 */
export function readDescriptorLimit(): number | null {
  if (process.platform === 'win32') return null;
  try {
    return limitFromProcLimits(readFileSync('/proc/self/limits', 'utf8'));
  } catch {
    // Not Linux: the shell's `ulimit -n` reports the soft limit the child inherited from us.
    const r = spawnSync('/bin/sh', ['-c', 'ulimit -n'], { encoding: 'utf8', timeout: 2_000 });
    const value = r.status === 0 ? r.stdout.trim() : '';
    if (value === 'unlimited') return Number.MAX_SAFE_INTEGER;
    return /^\d+$/.test(value) ? Number(value) : null;
  }
}

/** The soft limit from the text of /proc/self/limits ("Max open files  20000  20000  files"). */
export function limitFromProcLimits(text: string): number | null {
  const m = /^Max open files\s+(\S+)\s+(\S+)/m.exec(text);
  if (!m) return null;
  if (m[1] === 'unlimited') return Number.MAX_SAFE_INTEGER;
  return /^\d+$/.test(m[1]) ? Number(m[1]) : null;
}

/**
 * How many inbound connections the node keeps open at once: the descriptor limit less a reserve
 * for its own files and outgoing sockets (one upstream's vends on the wire, `--max-in-flight`,
 * plus OWN_FILES), at least a quarter of the limit and at most half of it. A node with 20,000
 * descriptors serves 15,000 connections; with 1,024, 512.
 */
export function connectionCeiling(limit: number | null, maxInFlight: number): number {
  if (limit === null) return UNKNOWN_LIMIT_CEILING;
  const wanted = OWN_FILES + maxInFlight + OUTGOING_SPARE;
  const reserve = Math.min(Math.floor(limit / 2), Math.max(Math.floor(limit / 4), wanted));
  return Math.max(1, limit - reserve);
}
