import { Command, CommanderError, Help, Option } from 'commander';
import { formatKobo } from '../common/money-display.js';
import { join, resolve } from 'node:path';
import { markDemoPairShown, openBooks, openStore } from './store/bootstrap.js';
import { catalogDir } from './store/catalog.js';
import { fixedModesMessage } from './store/file-modes.js';
import { resourcesDir } from './resources.js';
import { requireMerchant } from './store/merchants.js';
import { fundWallet, verifyLedger, type LedgerProblem } from './store/wallets.js';
import { backupNow } from './services/admin-backup.js';
import { restoreBackup } from './services/restore-backup.js';
import { parseNaira } from './domain/money.js';
import { koboToApiNaira } from '../common/money.js';
import { DEFAULTS } from './config.js';
import { PurchaseStore } from './store/purchase-store.js';
import { CommitBatcher } from './store/commit-batcher.js';
import type { Db } from './store/db.js';
import { registerMerchantCommands } from './cli/merchants.js';
import { registerUpstreamCommands } from './cli/upstreams.js';
import { registerPurchaseCommands } from './cli/purchases.js';
import { registerReportCommands } from './cli/reports.js';
import { registerWebhookCommands } from './cli/webhooks.js';
import { registerReconcileCommands } from './cli/reconcile.js';
import { cliErrorMessage, envOption, oneLine, sayCommandNeeded, type CliTools } from './cli/tools.js';
import { reverseSaleWith } from './services/reconciliation-reversal.js';
import { assertExistingDataDir, dataDirFlag } from './cli/data-dir.js';
import { NEW_DATA_DIR_WARNING } from './first-run.js';

/** The operator CLI (DESIGN "Operator CLI contract"). `--json` prints exactly one JSON object. */
const program = new Command('vendpoint');
program
  .showHelpAfterError()
  // A usage error (unknown flag, missing option) is thrown, not exited on, so it gets the exit
  // code and the --json answer every other refusal gets: exit 1 means "not ok" for ledger verify
  // and "exceptions open" for reconcile run, and a typo must not read as either.
  .exitOverride()
  .configureHelp({
    showGlobalOptions: true,
    // Help marks what must be given: commander's own help lists required flags like optional ones.
    optionDescription(this: Help, option: Option): string {
      const text = Help.prototype.optionDescription.call(this, option);
      return option.mandatory ? `${text} (required)`.trim() : text;
    },
  })
  .option(
    '--data-dir <dir>',
    'data directory',
    dataDirFlag,
    process.env.VENDPOINT_DATA_DIR ?? DEFAULTS.dataDir,
  )
  .option('--json', 'print one JSON object')
  .addHelpText(
    'after',
    `
Exit codes:
  0  done
  1  the command found what it checks not ok: ledger verify found problems, reconcile run left
     exceptions open or a run failed, report run or webhook test did not deliver
  2  error or refused (a usage error too); nothing was changed`,
  );

const ACTOR = `cli:${process.env.USER ?? 'operator'}`;

/**
 * Opens the data directory. A command that sets a node up creates a missing one, as a node's
 * first start does: the DEMO test pair it made goes to stderr, --json or not (stdout stays one
 * object, and the secret is shown this once), with the node's warning that it was new. Every
 * other command (`existing`) refuses a directory holding no database.
 */
function openForCli(existing: boolean): { db: Db; dataDir: string } {
  const dataDir = resolve(program.opts().dataDir as string);
  if (existing) assertExistingDataDir(dataDir);
  const { db, demo, fixedModes } = openStore(dataDir, catalogDir(resourcesDir()));
  if (fixedModes.length) console.error(fixedModesMessage(fixedModes));
  if (demo) {
    console.error(`Initialised ${dataDir}: ${NEW_DATA_DIR_WARNING}.`);
    console.error(`DEMO merchant created (test key ${demo.test.key}, secret ${demo.test.secret})`);
    markDemoPairShown(db);
  }
  return { db, dataDir };
}

function storeUser(existing: boolean) {
  return <T>(fn: (db: Db, dataDir: string) => T): T => {
    const { db, dataDir } = openForCli(existing);
    try {
      return fn(db, dataDir);
    } finally {
      db.close();
    }
  };
}

function asyncStoreUser(existing: boolean) {
  return async <T>(fn: (db: Db, dataDir: string) => Promise<T>): Promise<T> => {
    const { db, dataDir } = openForCli(existing);
    try {
      return await fn(db, dataDir);
    } finally {
      db.close();
    }
  };
}

const withStore = storeUser(false);
const withStoreAsync = asyncStoreUser(false);
const withExistingStore = storeUser(true);
const withExistingStoreAsync = asyncStoreUser(true);

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** `ledger verify` for people: the problems one per line, each naming its wallet. */
function ledgerVerdict(r: { ok: boolean; wallets: number; problems: LedgerProblem[] }): string {
  if (r.ok) return `ledger ok: ${count(r.wallets, 'wallet', 'wallets')}`;
  const lines = r.problems.map(
    (p) => `  ${p.merchant_code ? `${p.merchant_code} ${p.environment} wallet: ` : ''}${p.problem}`,
  );
  return `ledger NOT ok (${count(r.problems.length, 'problem', 'problems')}):\n${lines.join('\n')}`;
}

function out(json: unknown, human: string): void {
  if (program.opts().json) process.stdout.write(`${JSON.stringify(json)}\n`);
  else console.log(human);
}

const env = () => envOption().makeOptionMandatory();

const tools: CliTools = {
  withStore,
  withStoreAsync,
  withExistingStore,
  withExistingStoreAsync,
  out,
  actor: ACTOR,
};

// Groups register in the order help lists them: merchant, credentials, wallet, upstream, backup,
// ledger, purchase, report, webhook, reconcile, settings.
registerMerchantCommands(program, tools);

const wallet = program.command('wallet').description('merchant wallets');
wallet
  .command('fund')
  .description("credits a merchant's wallet (one ledger entry, audited)")
  .requiredOption('--code <code>')
  .addOption(env())
  .requiredOption('--amount <naira>')
  .option('--reason <text>', 'why', oneLine('--reason'), 'funded by operator')
  .action((o: { code: string; env: 'test' | 'live'; amount: string; reason: string }) =>
    withStore((db) => {
      const m = requireMerchant(db, o.code);
      const after = fundWallet(db, {
        merchantId: m.id,
        merchantCode: m.code,
        env: o.env,
        amountKobo: parseNaira(o.amount, 'amount'),
        reason: o.reason,
        actor: ACTOR,
      });
      out({ balance: koboToApiNaira(after) }, `${o.code} ${o.env} wallet balance: ${formatKobo(after)}`);
    }),
  );

registerUpstreamCommands(program, tools);

program
  .command('backup')
  .description(
    "a consistent copy of the database into <data dir>/backups/ while the node runs (as the console's Backup now); keep secret.key apart",
  )
  .action(() =>
    withExistingStoreAsync(async (db, dataDir) => {
      const b = await backupNow({ db, config: { dataDir }, now: Date.now }, ACTOR);
      out(
        {
          file: b.file,
          path: b.path,
          size_bytes: b.size_bytes,
          created_at: b.created_at,
          integrity: b.integrity,
        },
        `Backup written: ${b.path} (${b.size_bytes} bytes, integrity ok). Restore it together with ${join(dataDir, 'secret.key')}.`,
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
    const r = restoreBackup(resolve(program.opts().dataDir as string), resolve(o.from));
    out(
      r,
      `Restored ${r.restored_from} (taken ${r.backup_taken_at})` +
        (r.moved_aside_to ? `; the database it replaced is in ${r.moved_aside_to}` : '') +
        '. Start the node: it asks the providers about the live sales the backup held as queued or on the wire and never sends them again. Sales made after the backup are not in it: reconcile each provider for the days since.',
    );
  });

program
  .command('ledger')
  .description('the books: every wallet against its ledger')
  .command('verify')
  .description('checks every wallet against its ledger and every sale against its debit; exit 1 when not ok')
  .action(() => {
    // The books only: no secret.key is needed, so a backup can be checked before its key is found.
    const dataDir = resolve(program.opts().dataDir as string);
    assertExistingDataDir(dataDir);
    const { db, fixedModes } = openBooks(dataDir);
    try {
      if (fixedModes.length) console.error(fixedModesMessage(fixedModes));
      const r = verifyLedger(db);
      out(r, ledgerVerdict(r));
      if (!r.ok) process.exitCode = 1;
    } finally {
      db.close();
    }
  });

registerPurchaseCommands(program, tools);

registerReportCommands(program, tools);

registerWebhookCommands(program, wallet, tools);
registerReconcileCommands(program, {
  ...tools,
  reverseSaleFor: (db) => reverseSaleWith({ db, purchases: new PurchaseStore(db, new CommitBatcher(db)) }),
});
registerSettingsCommands(program, tools);

for (const group of [program, ...program.commands]) if (group.commands.length) sayCommandNeeded(group);

program.parseAsync(process.argv).catch((err: unknown) => {
  if (err instanceof CommanderError) {
    // Help and version were asked for: they are printed, and that is success.
    if (err.exitCode === 0) return;
    // Commander has already printed the usage error and the help to stderr.
    // A command group without its command prints its help and throws commander's placeholder.
    const message =
      err.code === 'commander.help'
        ? 'a command is needed: the help above lists them'
        : err.message.replace(/^error: /, '');
    if (process.argv.includes('--json')) process.stdout.write(`${JSON.stringify({ error: message })}\n`);
    process.exitCode = 2;
    return;
  }
  const message = cliErrorMessage(err);
  if (program.opts().json) process.stdout.write(`${JSON.stringify({ error: message })}\n`);
  else console.error(`error: ${message}`);
  process.exitCode = 2;
});
