import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

/** How long a started export waits for its download: the desk follows its link at once. */
export const STARTED_EXPORT_TTL_MS = 60_000;
/** Started exports one user may have waiting; a further one drops the oldest. */
const MAX_WAITING_PER_USER = 3;

/** A CSV export whose checks passed and whose first page was read, waiting for its download. */
export interface StartedExport {
  filename: string;
  /** The file, from the first page on (read once, when the download asks). */
  open: () => Readable;
  /** Ends what the export holds (its search, when it is one) if it is never downloaded. */
  abandon: () => void;
}

interface Waiting extends StartedExport {
  userId: number;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * The desk's CSV exports, started in two steps so that a refusal reaches the page: a download
 * is a navigation, and a refused one (a 503 while the search thread is full, a bad date) was a
 * failed download or a raw JSON page, never a sentence on the page. The desk asks with fetch
 * (POST): every check is made and the first page read (a text search's, on its thread); a
 * refusal is an ordinary JSON answer the page shows. What passed waits here under a random
 * one-time token, for its user only, and the desk's download (GET) streams it from the page
 * already read: nothing is read twice, and nothing but one page is held.
 */
export class StartedExports {
  private readonly waiting = new Map<string, Waiting>();

  constructor(private readonly ttlMs = STARTED_EXPORT_TTL_MS) {}

  /** The token the download names. */
  add(userId: number, started: StartedExport): string {
    const mine = [...this.waiting].filter(([, w]) => w.userId === userId);
    if (mine.length >= MAX_WAITING_PER_USER) this.drop(mine[0][0]);
    const token = randomBytes(18).toString('base64url');
    const timer = setTimeout(() => this.drop(token), this.ttlMs);
    timer.unref();
    this.waiting.set(token, Object.assign({ userId, timer }, started));
    return token;
  }

  /** The export `token` names, for its user, once; undefined when unknown, taken or expired. */
  take(token: string, userId: number): StartedExport | undefined {
    const w = this.waiting.get(token);
    if (!w || w.userId !== userId) return undefined;
    this.waiting.delete(token);
    clearTimeout(w.timer);
    return w;
  }

  /** Exports waiting (tests). */
  get size(): number {
    return this.waiting.size;
  }

  private drop(token: string): void {
    const w = this.waiting.get(token);
    if (!w) return;
    this.waiting.delete(token);
    clearTimeout(w.timer);
    w.abandon();
  }
}
