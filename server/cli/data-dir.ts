import { InvalidArgumentError } from 'commander';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** How an operator makes a data directory, said when a command refuses a missing one. */
const HOW_TO_CREATE =
  'check --data-dir (or VENDPOINT_DATA_DIR); a new data directory is made by the first start of a node on it, or by a command that sets one up (merchant create, upstream add)';

/** A command that reads or acts on what a node holds was pointed at a directory holding none. */
export class NoDataDirectory extends Error {}

/**
 * Refuses a data directory that does not exist or holds no database, before anything creates
 * it: `ledger verify` answering "ok" about a database it has just made would mislead.
 */
export function assertExistingDataDir(dataDir: string): void {
  if (!existsSync(dataDir))
    throw new NoDataDirectory(
      `no data directory at ${dataDir}, and this command creates none: ${HOW_TO_CREATE}`,
    );
  const db = join(dataDir, 'vendpoint.db');
  if (!existsSync(db) || statSync(db).size === 0)
    throw new NoDataDirectory(
      `${dataDir} holds no VendPoint database (vendpoint.db), and this command creates none: ${HOW_TO_CREATE}`,
    );
}

/** `--data-dir --json`: commander takes the next word as the value, and a directory named "--json" would be made. */
export function dataDirFlag(value: string): string {
  if (value.startsWith('--'))
    throw new InvalidArgumentError(`"${value}" is a flag, not a directory: give --data-dir a directory`);
  return value;
}
