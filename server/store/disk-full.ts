import type { Db } from './db.js';
import { SETTINGS } from './setting-keys.js';

/** SQLite refused a write for want of space (the write's transaction rolled back). */
export const isDiskFull = (err: unknown): boolean => (err as { code?: unknown })?.code === 'SQLITE_FULL';

/** What the API and the CLI say about it, in the same words. */
export const diskFullMessage = (whose: string): string =>
  `${whose} disk is full: nothing was stored or charged; retry once space is freed`;

interface DiskFullLog {
  error(o: object, m: string): void;
  warn(o: object, m: string): void;
  info(o: object, m: string): void;
}

/** Rewrites one existing row: a commit that needs a page in the WAL, like any sale's. */
export function probeWrite(db: Db): void {
  db.prepare(`UPDATE settings SET value = value WHERE key = ?`).run(SETTINGS.initialised.key);
}

const silent: DiskFullLog = { error: () => {}, warn: () => {}, info: () => {} };

/**
 * A full disk refuses every write, and every refused request used to log a full stack trace.
 * This keeps one episode to three kinds of line: the first refusal with its stack, a count once
 * a minute while refusals go on, and "writes succeed again" when a small test write (made once a
 * minute while full) goes through. `since` is what /v1/healthz reports meanwhile.
 */
export class DiskFullWatch {
  private sinceMs: number | null = null;
  private refusedInAll = 0;
  private refusedSinceLine = 0;
  private timer: NodeJS.Timeout | null = null;
  private log: DiskFullLog = silent;

  constructor(
    /** A small write that throws SQLITE_FULL while the disk is still full (probeWrite). */
    private readonly probe: () => void,
    private readonly now: () => number,
    private readonly everyMs = 60_000,
  ) {}

  setLogger(log: DiskFullLog): void {
    this.log = log;
  }

  /** When writes began to be refused (ISO time), or null while they succeed. */
  get since(): string | null {
    return this.sinceMs === null ? null : new Date(this.sinceMs).toISOString();
  }

  /** A write was refused: the first of an episode is logged with its error, the rest counted. */
  refused(err: unknown): void {
    this.refusedInAll++;
    if (this.sinceMs !== null) {
      this.refusedSinceLine++;
      return;
    }
    this.sinceMs = this.now();
    this.log.error(
      { err },
      `disk full: a write was refused (nothing stored or charged); further refusals are counted once a minute until writes succeed again`,
    );
    this.timer = setInterval(() => this.tick(), this.everyMs);
    this.timer.unref();
  }

  /** Once a minute while full: try a write; say the count, or that writes succeed again. */
  tick(): void {
    if (this.sinceMs === null) return;
    try {
      this.probe();
    } catch (err) {
      // Busy beside the CLI, say: this minute tells nothing, the next one asks again.
      if (!isDiskFull(err)) return;
      if (this.refusedSinceLine > 0)
        this.log.warn(
          { refused: this.refusedSinceLine, refused_in_all: this.refusedInAll, since: this.since },
          `disk full: ${this.refusedSinceLine} more ${this.refusedSinceLine === 1 ? 'write' : 'writes'} refused since the last count (${this.refusedInAll} since ${this.since})`,
        );
      this.refusedSinceLine = 0;
      return;
    }
    this.log.info(
      { refused_in_all: this.refusedInAll, since: this.since },
      `disk full no longer: writes succeed again (${this.refusedInAll} refused since ${this.since})`,
    );
    this.stop();
    this.sinceMs = null;
    this.refusedInAll = 0;
    this.refusedSinceLine = 0;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
