import { chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';
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
 * The file whose operating-system lock decides which process runs the node: SQLite's exclusive
 * lock on it is released by the OS when its holder dies, however it dies. It is never deleted:
 * a process that opened it just before the delete would lock a file no one else sees.
 */
export const OS_LOCK_FILE = 'node.lock.db';

/** What taking the lock found: who held it last, when that node did not stop cleanly. */
export interface DataDirLock {
  release: () => void;
  /** The process a lock left behind named (a node killed or crashed), taken over; null after a clean stop. */
  tookOverFrom: number | null;
}

/** Another process runs a node on the directory: said as a node starting is told, `restore` words its own. */
export class NodeRunning extends Error {
  constructor(
    readonly pid: number,
    readonly dataDir: string,
    readonly lockFile: string,
  ) {
    super(
      `another VendPoint node (process ${pid}) is running on ${dataDir}: stop it first, or give this one another --data-dir. If no VendPoint runs as process ${pid}, delete ${lockFile}.`,
    );
  }
}

/**
 * One node per data directory: two would both recover and vend the same queued sales and
 * tear each other's upstream pools down on every commit. What decides is an exclusive lock on
 * `node.lock.db` that the OS drops with its process, so two nodes starting at once on a lock a
 * dead node left can never both win (deciding from the pid file alone, both could find its
 * holder dead, and one delete the other's fresh lock). `node.lock` beside it names the holder
 * (pid and start time) for messages and for the operator. A pid file naming a process that
 * still runs, started when that node was, is also respected (a node of an earlier version,
 * which knew no other lock); one naming a process that is gone, a process started later (its
 * pid reused after a reboot), or this very process without this process holding it (a
 * container restarted after a crash runs the node under the same pid, often 1) is taken over.
 * The CLI takes no lock: it is meant to run beside a node.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const dir = resolve(dataDir);
  const file = join(dir, LOCK_FILE);
  const holder = holderOf(file);
  if (holder?.pid === process.pid && heldHere.has(dir))
    throw new Error(`this process already runs a VendPoint node on ${dataDir}`);
  const running = (pid: number) => new NodeRunning(pid, dataDir, file);
  // Before the OS lock's file is made: a refused node writes nothing.
  if (holder && holder.pid !== process.pid && isSameProcess(holder)) throw running(holder.pid);
  const osLock = takeOsLock(join(dir, OS_LOCK_FILE));
  if (!osLock) throw running(holderOf(file)?.pid ?? holder?.pid ?? 0);
  try {
    writeFileSync(file, `${process.pid} ${startTimeOf(process.pid) ?? ''}`.trim() + '\n', { mode: 0o600 });
  } catch (err) {
    osLock.close();
    throw err;
  }
  heldHere.add(dir);
  return {
    tookOverFrom: holder?.pid ?? null,
    release: () => {
      // Only our own lock, once.
      if (!heldHere.delete(dir)) return;
      if (holderOf(file)?.pid === process.pid) rmSync(file, { force: true });
      osLock.close();
    },
  };
}

/**
 * SQLite's exclusive lock on `file`, held while the connection stays open (no wait: a held
 * lock answers SQLITE_BUSY at once); null when another process holds it. The journal is kept
 * in memory and nothing is ever written, so the file stays empty.
 */
function takeOsLock(file: string): Database.Database | null {
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { timeout: 0 });
    chmodSync(file, 0o600);
    db.pragma('journal_mode = MEMORY');
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    return db;
  } catch (err) {
    db?.close();
    if ((err as { code?: string }).code === 'SQLITE_BUSY') return null;
    throw err;
  }
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
    // A zombie (killed, not yet reaped by its parent) holds nothing any more.
    return stateOf(pid) !== 'Z';
  } catch (err) {
    // EPERM: it exists, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The fields of `/proc/<pid>/stat` after the name in parentheses (which may hold spaces):
 * [0] the state letter (R, S, Z, …), field 3; [19] the start time in clock ticks, field 22.
 * null without procfs or for a process that is gone.
 */
function statFields(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

const stateOf = (pid: number): string | null => statFields(pid)?.[0] ?? null;
const startTimeOf = (pid: number): string | null => statFields(pid)?.[19] ?? null;
