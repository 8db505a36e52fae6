import { appendFileSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The desktop shell's log, in the data directory so it travels with the database it describes. */
export const DESKTOP_LOG_FILE = 'desktop.log';
const ROTATE_AT_BYTES = 5 * 1024 * 1024;

export type LogLevel = 'info' | 'warn' | 'error';

/**
 * Appends one line per event: ISO time, level, message (and an error's stack). Synchronous on
 * purpose: the lines that matter most are written just before a crash. Never log a secret.
 */
export class DesktopLog {
  readonly path: string;

  constructor(
    dataDir: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.path = join(dataDir, DESKTOP_LOG_FILE);
    mkdirSync(dirname(this.path), { recursive: true, mode: 0o700 });
    rotateIfLarge(this.path);
  }

  info(message: string): void {
    this.write('info', message);
  }

  warn(message: string): void {
    this.write('warn', message);
  }

  error(message: string, err?: unknown): void {
    this.write('error', err === undefined ? message : `${message}: ${describeError(err)}`);
  }

  write(level: LogLevel, message: string): void {
    const line = `${this.now().toISOString()} ${level.toUpperCase().padEnd(5)} ${message.replace(/\r?\n/g, '\n    ')}\n`;
    try {
      // 0600: the log sits beside the database and is as private (the mode applies on creation).
      appendFileSync(this.path, line, { mode: 0o600 });
    } catch {
      // A full or read-only disk must not turn logging into a second crash.
    }
  }
}

export function describeError(err: unknown): string {
  if (err instanceof Error) return err.stack ?? `${err.name}: ${err.message}`;
  return String(err);
}

/** Keeps one previous file (desktop.log.1) once the log passes 5 MB. */
function rotateIfLarge(path: string): void {
  try {
    if (statSync(path).size > ROTATE_AT_BYTES) renameSync(path, `${path}.1`);
  } catch {
    // No log yet.
  }
}
