import { Option } from 'commander';
import type { Db } from './store/db.js';
import { assertOneLineText } from './domain/text-hygiene.js';
import { diskFullMessage, isDiskFull } from './store/disk-full.js';
import { DATA_DIR_WRITE_HINT, cannotWriteDataDir } from './store/write-hint.js';

/** What cli.ts lends the command groups it registers from other files: the store, the output, the actor. */
export interface CliTools {
  /** For commands that set a node up: a missing data directory is created (and said to be new). */
  withStore<T>(fn: (db: Db, dataDir: string) => T): T;
  withStoreAsync<T>(fn: (db: Db, dataDir: string) => Promise<T>): Promise<T>;
  /** For commands that read or act on what a node holds: a directory without a database is refused. */
  withExistingStore<T>(fn: (db: Db, dataDir: string) => T): T;
  withExistingStoreAsync<T>(fn: (db: Db, dataDir: string) => Promise<T>): Promise<T>;
  out(json: unknown, human: string): void;
  actor: string;
}

/** `--env test|live`: which of a merchant's two environments a command acts on. */
export const envOption = () => new Option('--env <env>', 'test or live').choices(['test', 'live']);

/** A flag whose value is stored: refused, with the API's words, when it holds a control character. */
export const oneLine = (flag: string) => (v: string) => assertOneLineText(v, flag);

/**
 * A refusal's words: a full disk as the API says it (not SQLite's "database or disk is full"),
 * and a data directory it cannot write with the node's hint.
 */
export function cliErrorMessage(err: unknown): string {
  if (isDiskFull(err)) return diskFullMessage("The data directory's");
  const message = err instanceof Error ? err.message : String(err);
  // The node's hint, in the one line (or {"error"}) the CLI answers with.
  return cannotWriteDataDir(err) ? `${message}. ${DATA_DIR_WRITE_HINT}` : message;
}
