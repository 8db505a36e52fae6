import { openSync, readFileSync, rmSync, writeFileSync, closeSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The file a running node holds in its data directory: its process id (and start time). */
export const LOCK_FILE = 'node.lock';

/** Data directories this process holds, so a lock naming our pid can be told from one left by an earlier process. */
const heldHere = new Set<string>();

interface Holder {
  pid: number;
  /** The holder's start time in clock ticks since boot (Linux `/proc/<pid>/stat`); null elsewhere. */
  started: string | null;
}

/**
 * One node per data directory: two would both recover and vend the same queued sales and
 * tear each other's upstream pools down on every commit. The lock is a file holding the
 * node's pid and start time, created exclusively. One left by a node that died (kill -9) is
 * taken over when it names a process that is gone, a process started later than that node
 * (its pid reused after a reboot), or this very process without this process holding it (a
 * container restarted after a crash runs the node under the same pid, often 1, every time).
 * The CLI takes no lock: it is meant to run beside a node.
 */
export function lockDataDir(dataDir: string): () => void {
  const dir = resolve(dataDir);
  const file = join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeFileSync(fd, `${process.pid} ${startTimeOf(process.pid) ?? ''}`.trim() + '\n');
      closeSync(fd);
      heldHere.add(dir);
      return () => {
        // Only our own lock: a node that took over a stale one keeps its own.
        if (!heldHere.delete(dir)) return;
        if (holderOf(file)?.pid === process.pid) rmSync(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = holderOf(file);
      if (holder?.pid === process.pid && heldHere.has(dir))
        throw new Error(`this process already runs a VendPoint node on ${dataDir}`);
      if (holder && holder.pid !== process.pid && isSameProcess(holder))
        throw new Error(
          `another VendPoint node (process ${holder.pid}) is running on ${dataDir}: stop it first, or give this one another --data-dir. If no VendPoint runs as process ${holder.pid}, delete ${file}.`,
        );
      rmSync(file, { force: true }); // left by a node that is gone
    }
  }
  throw new Error(`could not take ${file}`);
}

function holderOf(file: string): Holder | null {
  try {
    const [pidText, started] = readFileSync(file, 'utf8').trim().split(/\s+/);
    const pid = Number.parseInt(pidText, 10);
    return Number.isSafeInteger(pid) && pid > 0 ? { pid, started: started || null } : null;
  } catch {
    return null;
  }
}

/** Whether the process the lock names still runs: alive, and (where the system says) started when it was. */
function isSameProcess(holder: Holder): boolean {
  if (!isRunning(holder.pid)) return false;
  const now = startTimeOf(holder.pid);
  return holder.started === null || now === null || now === holder.started;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A process's start time (field 22 of `/proc/<pid>/stat`, after the name in parentheses); null without procfs. */
function startTimeOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}
