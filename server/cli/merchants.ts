import { Option, type Command } from 'commander';
import { listMerchants, merchantJson } from '../store/merchants.js';
import {
  createMerchantProfile,
  rotateMerchantCredentials,
  updateMerchantProfile,
} from '../services/admin-merchants.js';
import { CLI_NEW_MERCHANT_WORDS, CLI_PATCH_WORDS } from '../domain/merchant-rules.js';
import { InvalidInput } from '../domain/errors.js';
import { MERCHANT_LIMITS } from '../../common/input-limits.js';
import {
  collectLimited,
  envOption,
  limited,
  limitedOneLine,
  merchantCodeFlag,
  withFlagWords,
  type CliTools,
  type FlagFor,
} from './tools.js';

/**
 * A merchant's name is printed on receipts and reports: never empty, nor longer than the
 * console's field. Refused as the flag is read, so a blank name creates no data directory either.
 */
const merchantName = (v: string) => {
  const name = limitedOneLine('--name', MERCHANT_LIMITS.name)(v).trim();
  if (!name) throw new InvalidInput(CLI_NEW_MERCHANT_WORDS.name, 'name');
  return name;
};

/** `merchant update`: an allowlist entry the node refuses is named by its flag. */
const UPDATE_FLAGS: FlagFor[] = [{ field: 'allow_ips', flag: '--allow-ip' }];

/** `merchant create|update|list` and `credentials rotate`. */
export function registerMerchantCommands(program: Command, cli: CliTools): void {
  const merchant = program.command('merchant').description('merchant profiles');
  merchant
    .command('create')
    .description('a new merchant with a test and a live credential pair (secrets shown once)')
    .requiredOption(
      '--code <code>',
      '2-20 capital letters, digits or _',
      limited('--code', MERCHANT_LIMITS.code),
    )
    .requiredOption('--name <name>', 'display name', merchantName)
    .action((o: { code: string; name: string }) =>
      cli.withServices((s) => {
        const r = createMerchantProfile(s, o, CLI_NEW_MERCHANT_WORDS, cli.actor);
        cli.out(
          { merchant_code: r.merchant.code, merchant_id: r.merchant.id, test: r.test, live: r.live },
          `Merchant ${r.merchant.code} (#${r.merchant.id}) created. Secrets are shown once:\n  test key ${r.test.key}\n  test secret ${r.test.secret}\n  live key ${r.live.key}\n  live secret ${r.live.secret}`,
        );
      }),
    );
  merchant
    .command('update')
    .description("changes a merchant's name, status, live IP allowlist, live bills or report recipients")
    .requiredOption('--code <code>', 'merchant code', merchantCodeFlag)
    .option('--name <name>', 'display name', merchantName)
    .option(
      '--allow-ip <ipOrCidr>',
      "live IP allowlist entry (repeatable; replaces the list; --allow-ip '' clears it)",
      collectLimited('--allow-ip', {
        each: MERCHANT_LIMITS.allowIp,
        most: MERCHANT_LIMITS.allowIps,
        oneLine: false,
      }),
      [],
    )
    .option('--enable-bills <products>', 'bill products enabled for live, e.g. ELECTRICITY,CABLE')
    .option(
      '--report-email <addr>',
      "report recipient (repeatable; replaces the list; --report-email '' clears it)",
      collectLimited('--report-email', {
        each: MERCHANT_LIMITS.reportEmail,
        most: MERCHANT_LIMITS.reportEmails,
        oneLine: true,
      }),
      [],
    )
    .addOption(
      new Option('--status <status>', 'suspended refuses every API call of its pairs').choices([
        'active',
        'suspended',
      ]),
    )
    .addOption(
      new Option(
        '--report-test <onOff>',
        "e-mail the test wallet's daily report too (live's always goes)",
      ).choices(['on', 'off']),
    )
    .action(
      (o: {
        code: string;
        name?: string;
        allowIp: string[];
        enableBills?: string;
        reportEmail: string[];
        status?: 'active' | 'suspended';
        reportTest?: 'on' | 'off';
      }) =>
        withFlagWords(UPDATE_FLAGS, () =>
          cli.withServices((s) => {
            // Given at all, the flag replaces the list; empty values alone clear it.
            const m = updateMerchantProfile(
              s,
              o.code,
              {
                name: o.name,
                status: o.status,
                allowIps: o.allowIp.length ? o.allowIp : undefined,
                liveBills: o.enableBills?.split(',').filter((b) => b.trim()),
                reportEmails: o.reportEmail.length ? o.reportEmail : undefined,
                reportTest: o.reportTest === undefined ? undefined : o.reportTest === 'on',
              },
              CLI_PATCH_WORDS,
              cli.actor,
            );
            cli.out(
              merchantJson(m),
              `Merchant ${m.code} updated: ${m.status}; allow ${m.allowIps.join(', ') || '(none)'}; live bills ${m.liveBills.join(', ') || '(none)'}; reports to ${m.reportEmails.join(', ') || '(none)'}${m.reportTest ? ' (live and test)' : ''}`,
            );
          }),
        ),
    );
  merchant
    .command('list')
    .description('all merchants')
    .action(() =>
      cli.withExistingServices(({ db }) => {
        const all = listMerchants(db);
        cli.out(
          { merchants: all.map(merchantJson) },
          all.map((m) => `${m.code.padEnd(12)} #${m.id} ${m.status.padEnd(9)} ${m.name}`).join('\n'),
        );
      }),
    );

  program
    .command('credentials')
    .description('credential pairs')
    .command('rotate')
    .description('a new key and secret for one environment; the old pair stops working at once')
    .requiredOption('--code <code>', 'merchant code', merchantCodeFlag)
    .addOption(envOption().makeOptionMandatory())
    .action((o: { code: string; env: 'test' | 'live' }) =>
      cli.withServices((s) => {
        const pair = rotateMerchantCredentials(s, o.code, o.env, cli.actor);
        cli.out(
          pair,
          `New ${o.env} pair for ${o.code} (the old one is revoked). Shown once:\n  key ${pair.key}\n  secret ${pair.secret}`,
        );
      }),
    );
}
