import { openSync, readFileSync, rmSync, writeFileSync, closeSync } from 'node:fs';
import { join } from 'node:path';

/** The file a running node holds in its data directory: its process id. */
export const LOCK_FILE = 'node.lock';

/**
 * One node per data directory: two would both recover and vend the same queued sales and
 * tear each other's upstream pools down on every commit. The lock is a file holding the
 * node's pid, created exclusively; one left by a node that died (kill -9) names a process
 * that is gone, and is taken over. The CLI takes no lock: it is meant to run beside a node.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeFileSync(fd, `${process.pid}\n`);
      closeSync(fd);
      return () => {
        // Only our own lock: a node that took over a stale one keeps its own.
        if (holderOf(file) === process.pid) rmSync(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = holderOf(file);
      if (holder !== null && holder !== process.pid && isRunning(holder))
        throw new Error(
          `another VendPoint node (process ${holder}) is running on ${dataDir}: stop it first, or give this one another --data-dir. If no VendPoint runs as process ${holder}, delete ${file}.`,
        );
      if (holder === process.pid) throw new Error(`this process already runs a VendPoint node on ${dataDir}`);
      rmSync(file, { force: true }); // left by a node that is gone
    }
  }
  throw new Error(`could not take ${file}`);
}

function holderOf(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
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
