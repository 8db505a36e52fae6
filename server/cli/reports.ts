import type { Command } from 'commander';
import { reportContextOf } from '../reports/delivery-service.js';
import { runReports } from '../reports/report-run.js';
import {
  DATE_FLAG,
  limited,
  merchantCodeFlag,
  SMTP_URL_HELP,
  smtpUrlFlag,
  smtpUrlOf,
  withFlagWords,
  type CliTools,
} from './tools.js';
import { REPORT_RUN_CODE_MAX } from '../../common/input-limits.js';

/** The CLI's own way to give SMTP is its flag or environment variable, not only the node's. */
const SMTP_NOT_GIVEN =
  'SMTP is not configured: pass --smtp-url (or set VENDPOINT_SMTP_URL), or set it in the console settings';

/** `report run`: the console's report run (reports/report-run.ts) on the data directory. */
export function registerReportCommands(program: Command, cli: CliTools): void {
  program
    .command('report')
    .description('daily reports')
    .command('run')
    .description("builds a day's merchant reports (and with --send e-mails those not delivered yet)")
    .requiredOption('--date <YYYY-MM-DD>')
    .option('--send', 'send the e-mails too')
    .option('--code <code>', 'one merchant only', (v: string) =>
      merchantCodeFlag(limited('--code', REPORT_RUN_CODE_MAX)(v)),
    )
    .option('--smtp-url <url>', SMTP_URL_HELP)
    .action(async (o: { date: string; send?: boolean; code?: string; smtpUrl?: string }) => {
      const r = await withFlagWords([DATE_FLAG, ...smtpUrlFlag(o.smtpUrl)], () =>
        cli.withExistingServices((s) =>
          runReports(
            reportContextOf({ ...s, config: { smtpUrl: smtpUrlOf(o.smtpUrl) } }, { nodeUrl: null }),
            {
              date: o.date,
              send: Boolean(o.send),
              code: o.code,
              actor: cli.actor,
              smtpMissing: SMTP_NOT_GIVEN,
            },
          ),
        ),
      );
      cli.out(r.json, r.human);
      if (!r.ok) process.exitCode = 1;
    });
}
