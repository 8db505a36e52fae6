import type { Command } from 'commander';
import { formatKobo } from '../../common/money-display.js';
import { koboToApiNaira } from '../../common/money.js';
import { requireMerchant } from '../store/merchants.js';
import { fundWallet, getLowBalanceThreshold, setLowBalanceThreshold } from '../store/wallets.js';
import { parseNaira } from '../domain/money.js';
import { envOption, oneLine, type CliTools } from './tools.js';

/** `wallet fund|threshold`. */
export function registerWalletCommands(program: Command, cli: CliTools): void {
  const wallet = program.command('wallet').description('merchant wallets');
  wallet
    .command('fund')
    .description("credits a merchant's wallet (one ledger entry, audited)")
    .requiredOption('--code <code>')
    .addOption(envOption().makeOptionMandatory())
    .requiredOption('--amount <naira>')
    .option('--reason <text>', 'why', oneLine('--reason'), 'funded by operator')
    .action((o: { code: string; env: 'test' | 'live'; amount: string; reason: string }) =>
      cli.withServices(({ db }) => {
        const m = requireMerchant(db, o.code);
        const after = fundWallet(db, {
          merchantId: m.id,
          merchantCode: m.code,
          env: o.env,
          amountKobo: parseNaira(o.amount, 'amount'),
          reason: o.reason,
          actor: cli.actor,
        });
        cli.out(
          { balance: koboToApiNaira(after) },
          `${o.code} ${o.env} wallet balance: ${formatKobo(after)}`,
        );
      }),
    );

  wallet
    .command('threshold')
    .description('low-balance alert threshold (e-mail + wallet.low_balance event)')
    .requiredOption('--code <code>')
    .addOption(envOption().makeOptionMandatory())
    .requiredOption('--amount <naira|off>')
    .action((o: { code: string; env: 'test' | 'live'; amount: string }) =>
      cli.withServices(({ db }) => {
        const m = requireMerchant(db, o.code);
        const kobo = o.amount === 'off' ? null : parseNaira(o.amount, 'amount');
        setLowBalanceThreshold(db, {
          merchantId: m.id,
          merchantCode: m.code,
          env: o.env,
          thresholdKobo: kobo,
          actor: cli.actor,
        });
        const now = getLowBalanceThreshold(db, m.id, o.env);
        cli.out(
          { low_balance_threshold: now === null ? null : koboToApiNaira(now) },
          now === null
            ? `${o.code} ${o.env}: no low-balance alert`
            : `${o.code} ${o.env}: alert below ${formatKobo(now)}`,
        );
      }),
    );
}
