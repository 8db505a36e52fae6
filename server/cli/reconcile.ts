import { Option, type Command } from 'commander';
import {
  countOpenExceptions,
  listExceptions,
  type ReconciliationException,
} from '../store/reconciliation-exceptions.js';
import { getReconciliationSettings, setReconciliationSettings } from '../store/reconciliation-settings.js';
import { listRuns, type ReconciliationRun } from '../store/reconciliations.js';
import { askUpstreamWith, resolveException } from '../services/reconciliation-resolve.js';
import { reverseSaleWith } from '../services/reconciliation-reversal.js';
import { reconciliationExceptionJson, reconciliationRunJson } from '../services/reconciliation-json.js';
import { exceptionCount, runReconciliation } from '../reports/reconciliation-run.js';
import { reportContextOf } from '../reports/delivery-service.js';
import { parseDay } from '../domain/business-days.js';
import { InvalidInput } from '../domain/errors.js';
import {
  assertFlagEntries,
  assertFlagLength,
  DATE_FLAG,
  REASON_FLAG,
  limited,
  SMTP_URL_HELP,
  smtpUrlFlag,
  smtpUrlOf,
  withFlagWords,
  type CliTools,
  type FlagFor,
} from './tools.js';
import { RECONCILIATION_LIMITS } from '../../common/input-limits.js';

const exceptionLine = (e: ReconciliationException) =>
  `#${e.id} ${e.day} ${e.upstreamName} ${e.reference} ${e.kind} ours=${e.ourState ?? 'none'} upstream=${e.theirState ?? 'none'} ${e.status}` +
  (e.sentTo
    ? `\n    sent to ${e.sentTo}: ask that provider, or point ${e.upstreamName} back and run the day again`
    : '');

/** A run's sales sent to another account than the upstream points at now, said apart from "no record". */
const sentElsewhereNote = (r: ReconciliationRun) => {
  const n = r.counts.sent_to_other_account ?? 0;
  return n ? ` (${n} sent to another account than ${r.upstreamName} points at now: see reconcile list)` : '';
};

/** `reconcile settings`: the run time and operator addresses, as the console's fields name them. */
const SETTINGS_FLAGS: FlagFor[] = [
  { field: 'run_time', flag: '--time', said: /^run_time\b/ },
  { field: 'operator_emails', flag: '--email' },
];

/** `reconcile run|list|resolve|settings` (README "Reconciliation"). */
export function registerReconcileCommands(program: Command, cli: CliTools): void {
  const reconcile = program
    .command('reconcile')
    .description('daily reconciliation with vending-api upstreams');

  reconcile
    .command('run')
    .description('reconcile one business day; exit 1 while exceptions stay open or a run failed')
    .requiredOption('--date <YYYY-MM-DD>')
    .option('--upstream <name>', 'one upstream only', limited('--upstream', RECONCILIATION_LIMITS.upstream))
    .option('--smtp-url <url>', SMTP_URL_HELP)
    .action((o: { date: string; upstream?: string; smtpUrl?: string }) =>
      withFlagWords([DATE_FLAG, ...smtpUrlFlag(o.smtpUrl)], () => reconcileRun(o)),
    );
  async function reconcileRun(o: { date: string; upstream?: string; smtpUrl?: string }) {
    const day = parseDay(o.date);
    await cli.withExistingServices(async (s) => {
      const db = s.db;
      const r = await runReconciliation(
        {
          ...reportContextOf({ ...s, config: { smtpUrl: smtpUrlOf(o.smtpUrl) } }, { nodeUrl: null }),
          router: s.upstreamRouter(),
        },
        { day, upstream: o.upstream, actor: cli.actor },
      );
      const open = countOpenExceptions(db, day, o.upstream);
      const failed = r.runs.some((x) => x.state === 'failed');
      cli.out(
        {
          day,
          timezone: r.timezone,
          runs: r.runs.map(reconciliationRunJson),
          open_exceptions: open,
          exceptions: listExceptions(db, { day, upstreamName: o.upstream, status: 'open' }).map(
            reconciliationExceptionJson,
          ),
        },
        [
          ...r.runs.map((x) =>
            // A failed run compared nothing: what is open is what earlier runs left.
            x.state === 'failed'
              ? `${x.upstreamName} ${day}: failed (${x.error ?? 'no reason recorded'}); ${exceptionCount(countOpenExceptions(db, day, x.upstreamName))} still open from earlier runs${x.mail ? `; e-mail ${x.mail}` : ''}`
              : `${x.upstreamName} ${day}: ${x.state}, ${x.upstreamRows} upstream rows, ${x.ourRows} ours, ${exceptionCount(x.openExceptions)} open${sentElsewhereNote(x)}${x.mail ? `; e-mail ${x.mail}` : ''}`,
          ),
          r.runs.length ? '' : 'no vending-api upstream to reconcile',
        ]
          .filter(Boolean)
          .join('\n'),
      );
      if (open > 0 || failed) process.exitCode = 1;
    });
  }

  reconcile
    .command('list')
    .description('runs and exceptions')
    .option('--date <YYYY-MM-DD>')
    .addOption(new Option('--status <status>').choices(['open', 'cleared', 'resolved']))
    .action((o: { date?: string; status?: 'open' | 'cleared' | 'resolved' }) =>
      withFlagWords([DATE_FLAG], () => reconcileList(o)),
    );
  const reconcileList = (o: { date?: string; status?: 'open' | 'cleared' | 'resolved' }) =>
    cli.withExistingServices(({ db }) => {
      const day = o.date ? parseDay(o.date) : undefined;
      const runs = listRuns(db, 50).filter((r) => !day || r.day === day);
      const exceptions = listExceptions(db, { day, status: o.status });
      cli.out(
        { runs: runs.map(reconciliationRunJson), exceptions: exceptions.map(reconciliationExceptionJson) },
        [
          ...runs.map(
            (r) =>
              `run #${r.id} ${r.day} ${r.upstreamName} ${r.state}: left ${r.openExceptions} open; the day has ${r.openNow ?? r.openExceptions} open now`,
          ),
          ...exceptions.map(exceptionLine),
        ].join('\n') || 'nothing reconciled yet',
      );
    });

  reconcile
    .command('resolve')
    .description("accept the upstream's answer or mark settled outside the system (audited)")
    .requiredOption('--id <id>', 'exception id')
    .addOption(
      new Option('--action <action>').choices(['accept_upstream', 'settled_outside']).makeOptionMandatory(),
    )
    .requiredOption('--reason <text>', 'why, kept in the audit log')
    .option('--confirm', 'confirm a debit correction (marks a refunded purchase as success)')
    .action(
      async (o: {
        id: string;
        action: 'accept_upstream' | 'settled_outside';
        reason: string;
        confirm?: boolean;
      }) => {
        const id = Number(o.id);
        if (!Number.isSafeInteger(id) || id <= 0)
          throw new InvalidInput('--id must be an exception id', 'id');
        await withFlagWords([REASON_FLAG], () =>
          cli.withExistingServices(async (s) => {
            // A debit correction asks the upstream what it delivered, as the console's does.
            const e = await resolveException(
              {
                db: s.db,
                reverseSale: reverseSaleWith(s),
                askUpstream: askUpstreamWith(s.upstreamRouter(), s.db),
              },
              { id, action: o.action, reason: o.reason, actor: cli.actor, confirm: Boolean(o.confirm) },
            );
            cli.out(reconciliationExceptionJson(e), exceptionLine(e));
          }),
        );
      },
    );

  reconcile
    .command('settings')
    .description('daily run time (HH:MM, business timezone) and the operator e-mail addresses')
    .option('--time <HH:MM>', 'daily run time, in the business timezone')
    .option(
      '--email <addr>',
      'operator address (repeat; replaces the list)',
      // After --no-email the previous value is false; the action then refuses the pair.
      (v: string, p: string[] | false) =>
        assertFlagEntries(
          [...(p || []), assertFlagLength(v, '--email', RECONCILIATION_LIMITS.operatorEmail)],
          '--email',
          RECONCILIATION_LIMITS.operatorEmails,
        ),
      [],
    )
    .option('--no-email', 'no operator e-mail')
    .action((o: { time?: string; email?: string[] | false }) =>
      withFlagWords(SETTINGS_FLAGS, () =>
        cli.withServices(({ db }) => {
          // Commander keeps whichever came last; both at once is a contradiction, not a choice.
          if (process.argv.includes('--no-email') && process.argv.some((a) => a.startsWith('--email')))
            throw new InvalidInput('--email and --no-email contradict each other: give one', 'email');
          const change: { runTime?: string; operatorEmails?: string[] } = {};
          if (o.time) change.runTime = o.time;
          if (o.email === false) change.operatorEmails = [];
          else if (o.email && o.email.length) change.operatorEmails = o.email;
          const s = Object.keys(change).length
            ? setReconciliationSettings(db, change, cli.actor)
            : getReconciliationSettings(db);
          cli.out(
            { run_time: s.runTime, operator_emails: s.operatorEmails },
            `runs at ${s.runTime}; e-mails ${s.operatorEmails.join(', ') || 'nobody'}`,
          );
        }),
      ),
    );
}
