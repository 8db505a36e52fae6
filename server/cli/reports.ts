import type { Command } from 'commander';
import { resolve } from 'node:path';
import { openStore } from '../store/bootstrap.js';
import { catalogDir } from '../store/catalog.js';
import { resourcesDir } from '../resources.js';
import { SecretBox } from '../store/secret-box.js';
import { silentLog, type ReportContext } from '../reports/delivery-service.js';
import { runReports } from '../reports/report-run.js';
import { assertExistingDataDir } from './data-dir.js';
import { SMTP_URL_HELP, type CliTools } from './tools.js';

/** The CLI's own way to give SMTP is its flag or environment variable, not only the node's. */
const SMTP_NOT_GIVEN =
  'SMTP is not configured: pass --smtp-url (or set VENDPOINT_SMTP_URL), or set it in the console settings';

export interface ReportsCommandInput {
  dataDir: string;
  date: string;
  send: boolean;
  code?: string;
  smtpUrl: string | null;
  actor: string;
  /** Tests and callers embedding the CLI may pin the clock. */
  now?: () => number;
}

/** `report run` on a data directory: runReports (reports/report-run.ts) on a connection of its own. */
export async function runReportsCommand(
  o: ReportsCommandInput,
): Promise<{ ok: boolean; json: unknown; human: string }> {
  const { db } = openStore(o.dataDir, catalogDir(resourcesDir()));
  try {
    const ctx: ReportContext = {
      db,
      box: SecretBox.forDataDir(o.dataDir),
      flagSmtpUrl: o.smtpUrl,
      now: o.now ?? Date.now,
      nodeUrl: null,
      log: silentLog,
    };
    return await runReports(ctx, { ...o, smtpMissing: SMTP_NOT_GIVEN });
  } finally {
    db.close();
  }
}

/** `report run`. */
export function registerReportCommands(program: Command, cli: CliTools): void {
  program
    .command('report')
    .description('daily reports')
    .command('run')
    .description("builds a day's merchant reports (and with --send e-mails those not delivered yet)")
    .requiredOption('--date <YYYY-MM-DD>')
    .option('--send', 'send the e-mails too')
    .option('--code <code>', 'one merchant only')
    .option('--smtp-url <url>', SMTP_URL_HELP)
    .action(async (o: { date: string; send?: boolean; code?: string; smtpUrl?: string }) => {
      const dataDir = resolve(program.opts().dataDir as string);
      assertExistingDataDir(dataDir);
      const r = await runReportsCommand({
        dataDir,
        date: o.date,
        send: Boolean(o.send),
        code: o.code,
        smtpUrl: o.smtpUrl ?? process.env.VENDPOINT_SMTP_URL ?? null,
        actor: cli.actor,
      });
      cli.out(r.json, r.human);
      if (!r.ok) process.exitCode = 1;
    });
}
