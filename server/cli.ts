import { Command, CommanderError, Help, Option } from 'commander';
import { resolve } from 'node:path';
import { DEFAULTS } from './config.js';
import { cliErrorMessage, sayCommandNeeded, type CliTools } from './cli/tools.js';
import { dataDirFlag } from './cli/data-dir.js';
import { withCliServices } from './cli/services.js';
import { registerMerchantCommands } from './cli/merchants.js';
import { registerWalletCommands } from './cli/wallets.js';
import { registerUpstreamCommands } from './cli/upstreams.js';
import { registerBookCommands } from './cli/books.js';
import { registerPurchaseCommands } from './cli/purchases.js';
import { registerReportCommands } from './cli/reports.js';
import { registerWebhookCommands } from './cli/webhooks.js';
import { registerReconcileCommands } from './cli/reconcile.js';
import { registerSettingsCommands } from './cli/settings.js';
import { registerUserCommands } from './cli/users.js';

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

const dataDir = () => resolve(program.opts().dataDir as string);

const tools: CliTools = {
  withServices: (command) => withCliServices(dataDir(), { existing: false }, command),
  withExistingServices: (command) => withCliServices(dataDir(), { existing: true }, command),
  dataDir,
  out(json, human) {
    if (program.opts().json) process.stdout.write(`${JSON.stringify(json)}\n`);
    else console.log(human);
  },
  json: () => Boolean(program.opts().json),
  actor: `cli:${process.env.USER ?? 'operator'}`,
};

// Groups register in the order help lists them: merchant, credentials, wallet, upstream, backup,
// restore, ledger, purchase, report, webhook, reconcile, settings, user.
registerMerchantCommands(program, tools);
registerWalletCommands(program, tools);
registerUpstreamCommands(program, tools);
registerBookCommands(program, tools);
registerPurchaseCommands(program, tools);
registerReportCommands(program, tools);
registerWebhookCommands(program, tools);
registerReconcileCommands(program, tools);
registerSettingsCommands(program, tools);
registerUserCommands(program, tools);

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
