import type { Command } from 'commander';
import { formatKobo } from '../../common/money-display.js';
import { koboToApiNaira } from '../../common/money.js';
import { CLI_TAKE_OUT_HINT, fundMerchantWallet, setLowBalanceAlert } from '../services/admin-wallets.js';
import {
  envOption,
  merchantCodeFlag,
  oneLine,
  REASON_FLAG,
  withFlagWords,
  type CliTools,
  type FlagFor,
} from './tools.js';

/** `--amount NAIRA`, which the node's words call amount (or, for an alert, threshold). */
const AMOUNT_FLAGS: FlagFor[] = [
  { field: 'amount', flag: '--amount', said: /^amount\b/ },
  { field: 'threshold', flag: '--amount', said: /^threshold\b/ },
];

/** `wallet fund|threshold`: the console's Wallets and low-balance services. */
export function registerWalletCommands(program: Command, cli: CliTools): void {
  const wallet = program.command('wallet').description('merchant wallets');
  wallet
    .command('fund')
    .description("credits a merchant's wallet (one ledger entry, audited)")
    .requiredOption('--code <code>', 'merchant code', merchantCodeFlag)
    .addOption(envOption().makeOptionMandatory())
    .requiredOption('--amount <naira>', 'Naira, e.g. 5000 or 5000.50')
    .option('--reason <text>', 'why', oneLine('--reason'), 'funded by operator')
    .action((o: { code: string; env: 'test' | 'live'; amount: string; reason: string }) =>
      withFlagWords([...AMOUNT_FLAGS, REASON_FLAG], () =>
        cli.withServices((s) => {
          // The CLI funds only; an adjustment either way is the console's.
          const after = fundMerchantWallet(s, {
            ...o,
            kind: 'funding',
            actor: cli.actor,
            takeOutHint: CLI_TAKE_OUT_HINT,
          });
          cli.out(
            { balance: koboToApiNaira(after) },
            `${o.code} ${o.env} wallet balance: ${formatKobo(after)}`,
          );
        }),
      ),
    );

  wallet
    .command('threshold')
    .description('low-balance alert threshold (e-mail + wallet.low_balance event)')
    .requiredOption('--code <code>', 'merchant code', merchantCodeFlag)
    .addOption(envOption().makeOptionMandatory())
    .requiredOption('--amount <naira|off>', "alert below this many Naira; 'off' for no alert")
    .action((o: { code: string; env: 'test' | 'live'; amount: string }) =>
      withFlagWords(AMOUNT_FLAGS, () =>
        cli.withServices((s) => {
          const now = setLowBalanceAlert(s, {
            code: o.code,
            env: o.env,
            amount: o.amount === 'off' ? null : o.amount,
            actor: cli.actor,
          });
          cli.out(
            { low_balance_threshold: now === null ? null : koboToApiNaira(now) },
            now === null
              ? `${o.code} ${o.env}: no low-balance alert`
              : `${o.code} ${o.env}: alert below ${formatKobo(now)}`,
          );
        }),
      ),
    );
}
