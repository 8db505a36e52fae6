import type { BackupProgress } from '../services/admin-backup.js';

const MB = 1024 * 1024;

/**
 * A long command's progress on stderr, so stdout stays its answer (one JSON object under
 * --json): on a terminal one line rewritten in place (at most five times a second), elsewhere
 * (a log, a pipe) one line per phase.
 */
export class StderrProgress {
  private shown = '';
  private lastAt = 0;
  private phase = '';

  constructor(
    private readonly stream: NodeJS.WriteStream = process.stderr,
    private readonly now: () => number = Date.now,
  ) {}

  /** A phase's line, and on a terminal how far it is (`detail`). */
  update(phase: string, detail = ''): void {
    if (!this.stream.isTTY) {
      if (phase !== this.phase) this.stream.write(`${phase}\n`);
      this.phase = phase;
      return;
    }
    const line = detail ? `${phase} ${detail}` : phase;
    if (phase === this.phase && this.now() - this.lastAt < 200) return;
    this.phase = phase;
    this.lastAt = this.now();
    this.stream.write(`\r${line.padEnd(this.shown.length)}`);
    this.shown = line;
  }

  /** Ends the rewritten line, so what follows starts on a line of its own. */
  done(): void {
    if (this.stream.isTTY && this.shown) this.stream.write('\n');
    this.shown = '';
  }
}

/** A backup's steps in words: the copy with its share done, then the check. */
export function backupProgressWords(progress: StderrProgress): (p: BackupProgress) => void {
  return (p) => {
    if (p.phase === 'copy') {
      const share = p.totalPages === 0 ? 100 : Math.floor((100 * p.copiedPages) / p.totalPages);
      progress.update('Copying the database...', `${share}%`);
    } else progress.update(`Checking the copy (${Math.round(p.bytes / MB)} MB)...`);
  };
}
