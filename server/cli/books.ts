import type { Command } from 'commander';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openBooks } from '../store/bootstrap.js';
import { fixedModesMessage } from '../store/file-modes.js';
import { verifyLedger, type LedgerProblem } from '../store/wallets.js';
import { backupNow } from '../services/admin-backup.js';
import { StderrProgress, backupProgressWords } from './progress.js';
import { restoreBackup } from '../services/restore-backup.js';
import { assertExistingDataDir } from './data-dir.js';
import type { CliTools } from './tools.js';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** `ledger verify` for people: the problems one per line, each naming its wallet. */
function ledgerVerdict(r: { ok: boolean; wallets: number; problems: LedgerProblem[] }): string {
  if (r.ok) return `ledger ok: ${count(r.wallets, 'wallet', 'wallets')}`;
  const lines = r.problems.map(
    (p) => `  ${p.merchant_code ? `${p.merchant_code} ${p.environment} wallet: ` : ''}${p.problem}`,
  );
  return `ledger NOT ok (${count(r.problems.length, 'problem', 'problems')}):\n${lines.join('\n')}`;
}

/** `backup`, `restore` and `ledger verify`: the database as a whole. */
export function registerBookCommands(program: Command, cli: CliTools): void {
  program
    .command('backup')
    .description(
      "a consistent copy of the database into <data dir>/backups/ while the node runs (as the console's Backup now); keep secret.key apart",
    )
    .action(() =>
      cli.withExistingServices(async (s) => {
        const progress = new StderrProgress();
        const b = await backupNow(s, cli.actor, backupProgressWords(progress)).finally(() => progress.done());
        cli.out(
          {
            file: b.file,
            path: b.path,
            size_bytes: b.size_bytes,
            created_at: b.created_at,
            integrity: b.integrity,
          },
          `Backup written: ${b.path} (${b.size_bytes} bytes, integrity ok). Restore it together with ${join(s.config.dataDir, 'secret.key')}.`,
        );
      }),
    );

  program
    .command('restore')
    .description(
      'put a backup in place of the database, the node stopped: the replaced database and its -wal/-shm are moved aside together (secret.key is kept)',
    )
    .requiredOption('--from <file>', 'the backup file (from <data dir>/backups/)')
    .action((o: { from: string }) => {
      const progress = new StderrProgress();
      let r;
      try {
        r = restoreBackup(cli.dataDir(), resolve(o.from), (words) => progress.update(words));
      } finally {
        progress.done();
      }
      // A fresh directory (a new machine) has no key yet, and the node refuses to start without it.
      const key = join(cli.dataDir(), 'secret.key');
      const start = existsSync(key)
        ? 'Start the node'
        : `${key} is missing: copy in the secret.key kept with the backup (the one from the directory it was taken in), then start the node`;
      // Under --json the answer has no words: the one step the node cannot start without goes to stderr.
      if (cli.json() && !existsSync(key)) console.error(`${start}.`);
      cli.out(
        r,
        `Restored ${r.restored_from} (taken ${r.backup_taken_at})` +
          (r.moved_aside_to ? `; the database it replaced is in ${r.moved_aside_to}` : '') +
          `. ${start}: it asks the providers about the live sales the backup held as queued or on the wire and never sends them again. Sales made after the backup are not in it: reconcile each provider for the days since.`,
      );
    });

  program
    .command('ledger')
    .description('the books: every wallet against its ledger')
    .command('verify')
    .description(
      'checks every wallet against its ledger and every sale against its debit; exit 1 when not ok',
    )
    .action(() => {
      // The books only: no secret.key is needed, so a backup can be checked before its key is found.
      const dataDir = cli.dataDir();
      assertExistingDataDir(dataDir);
      const { db, fixedModes } = openBooks(dataDir);
      try {
        if (fixedModes.length) console.error(fixedModesMessage(fixedModes));
        // Every entry and every sale is read: seconds at a million sales, so say so first.
        const progress = new StderrProgress();
        progress.update('Checking every wallet against its ledger and every sale against its debit...');
        progress.done();
        const r = verifyLedger(db);
        cli.out(r, ledgerVerdict(r));
        if (!r.ok) process.exitCode = 1;
      } finally {
        db.close();
      }
    });
}
