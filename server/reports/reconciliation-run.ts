import type { UpstreamRouter } from '../routing/upstream-router.js';
import { reconcileDay } from '../services/reconciliation.js';
import { failureMailedBefore, noteRunMail, type ReconciliationRun } from '../store/reconciliations.js';
import { getReconciliationSettings } from '../store/reconciliation-settings.js';
import { listExceptions } from '../store/reconciliation-exceptions.js';
import { koboToApiNaira } from '../../common/money.js';
import { isExceptionKind, type ExceptionKind } from '../../common/reconciliation-kinds.js';
import { getPurchaseById } from '../store/purchases.js';
import { getMerchantById } from '../store/merchants.js';
import { dayWindow, type Day } from '../domain/business-days.js';
import { InvalidInput } from '../domain/errors.js';
import { getReportSettings } from './report-settings.js';
import { openTransport, type ReportContext } from './delivery-service.js';

/** "1 exception", "2 exceptions": the console counts them so, and so do the e-mail and the CLI. */
export const exceptionCount = (n: number): string => `${n} ${n === 1 ? 'exception' : 'exceptions'}`;

export interface ReconciliationRunResult {
  day: Day;
  timezone: string;
  runs: ReconciliationRun[];
}

/**
 * A reconciliation run as the CLI, the console and the schedule start it: the day in the
 * report timezone, every vending-api upstream (or one), then one e-mail per run that left
 * exceptions open, to the operator addresses, through the same SMTP settings as the reports.
 * A run that could not finish (the upstream down, our key refused) is mailed too, once per
 * day and upstream: the schedule retries it every half hour, and silence would look like a
 * clean day.
 */
export async function runReconciliation(
  ctx: ReportContext & { router: UpstreamRouter },
  input: { day: Day; upstream?: string; actor: string },
): Promise<ReconciliationRunResult> {
  const settings = getReportSettings(ctx.db, ctx.box);
  // A day still going would be recorded as reconciled, and the morning run skips a day that
  // has a finished run: sales after this moment would never be compared.
  if (Date.parse(dayWindow(input.day, settings.timezone).to) > ctx.now())
    throw new InvalidInput(
      `${input.day} has not ended yet in ${settings.timezone}: reconcile a day once it is over (the morning run reconciles yesterday)`,
      'date',
    );
  const runs = await reconcileDay(
    { db: ctx.db, router: ctx.router },
    { day: input.day, timezone: settings.timezone, upstream: input.upstream, actor: input.actor },
  );
  const mailed: ReconciliationRun[] = [];
  for (const run of runs) mailed.push(await mailRun(ctx, run));
  return { day: input.day, timezone: settings.timezone, runs: mailed };
}

async function mailRun(ctx: ReportContext, run: ReconciliationRun): Promise<ReconciliationRun> {
  const failed = run.state === 'failed';
  if (!failed && (run.state !== 'done' || run.openExceptions === 0)) return run;
  if (failed && failureMailedBefore(ctx.db, run)) {
    const note = 'not sent: this day and upstream already had a failure e-mailed';
    noteRunMail(ctx.db, run.id, note);
    return { ...run, mail: note };
  }
  const to = getReconciliationSettings(ctx.db).operatorEmails;
  const transport = openTransport(ctx, getReportSettings(ctx.db, ctx.box));
  let note: string;
  if (!to.length) note = 'not sent: no operator e-mail address is set';
  else if (!transport) note = 'not sent: SMTP is not configured';
  else {
    try {
      const mail = failed ? composeFailureMail(run) : composeRunMail(ctx, run);
      await transport.send({
        ...mail,
        to,
        messageId: `<reconciliation-${run.id}-${ctx.now()}@vendpoint>`,
        attachment: null,
      });
      note = `sent to ${to.join(', ')}`;
    } catch (err) {
      note = `not sent: ${err instanceof Error ? err.message : String(err)}`;
      ctx.log.warn({ run: run.id, err: note }, 'reconciliation e-mail failed');
    } finally {
      transport.close();
    }
  }
  noteRunMail(ctx.db, run.id, note);
  return { ...run, mail: note };
}

function composeFailureMail(run: ReconciliationRun): { subject: string; text: string; html: string } {
  const text = [
    `Reconciliation of ${run.day} with ${run.upstreamName} could not run:`,
    `  ${run.error ?? 'unknown error'}`,
    '',
    'No exception was recorded: the day is not reconciled yet. The daily schedule tries again every 30 minutes (this e-mail is sent once per day and upstream); a run by hand: npm run cli -- reconcile run --date ' +
      run.day +
      ` --upstream ${run.upstreamName}`,
    '',
    "If the upstream refuses our key (HTTP 401/403), check the upstream's merchant code, key, secret and IP allow-list (console: Upstreams, Test connection).",
  ].join('\n');
  const esc = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return {
    subject: `VendPoint reconciliation ${run.day} ${run.upstreamName}: could not run`,
    text,
    html: `<pre>${esc(text)}</pre>`,
  };
}

/**
 * The e-mail's words for each kind, in a sentence (the console's table has its short ones,
 * renderer/src/lib/reconciliation-text.ts); a record over every kind, so none shows as its code.
 */
export const EXCEPTION_KIND_WORDS: Record<ExceptionKind, string> = {
  amount_differs: 'amount differs',
  ours_success_theirs_failed: 'we say success, upstream says failed',
  ours_failed_theirs_success: 'we refunded, upstream says success',
  ours_reversed_theirs_success: 'we reversed, upstream says success',
  ours_only: 'upstream has no record',
  theirs_only: 'we have no record',
  pending: 'still pending',
  sent_to_other_account: 'sent to another account than the upstream points at now',
};

/** Shown in the e-mail; the console lists every one. */
const MAIL_ROWS = 50;

/**
 * Under an exception: whose sale it is and what the merchant quotes in a dispute (its merchant,
 * product, customer and request id), so the operator can act without opening the console.
 */
function saleLine(ctx: ReportContext, purchaseId: number | null): string[] {
  const p = purchaseId === null ? null : getPurchaseById(ctx.db, purchaseId);
  if (!p) return [];
  const merchant = getMerchantById(ctx.db, p.merchantId)?.code ?? `merchant ${p.merchantId}`;
  const item = [p.product, p.network, p.msisdn].filter(Boolean).join(' ');
  return [`      ${merchant} ${p.environment}  ${item}  request id ${p.idemKey}`];
}

function composeRunMail(
  ctx: ReportContext,
  run: ReconciliationRun,
): { subject: string; text: string; html: string } {
  const open = listExceptions(ctx.db, {
    day: run.day,
    upstreamName: run.upstreamName,
    status: 'open',
    limit: MAIL_ROWS,
  });
  const amount = (k: number | null) => (k === null ? '-' : `NGN ${koboToApiNaira(k)}`);
  // The id is what `reconcile resolve --id` takes; the references are what the console and the
  // merchant search by.
  const lines = open.flatMap((e) => [
    `#${e.id}  ${e.reference}  ${EXCEPTION_KIND_WORDS[e.kind]}  ours: ${e.ourState ?? 'none'} ${amount(e.ourAmountKobo)}  upstream: ${e.theirState ?? 'none'} ${amount(e.theirAmountKobo)}`,
    ...(e.sentTo
      ? [`      sent to ${e.sentTo}: ask that provider, or point the upstream back and run the day again`]
      : []),
    ...saleLine(ctx, e.purchaseId),
  ]);
  // What this run compared, class by class: differences resolved earlier are counted too, so
  // these add up to more than the open ones when some were resolved.
  const counts = Object.entries(run.counts)
    .filter(([, n]) => n)
    .map(([k, n]) => `  ${isExceptionKind(k) ? EXCEPTION_KIND_WORDS[k] : k}: ${n}`);
  const more = run.openExceptions > open.length ? [`... and ${run.openExceptions - open.length} more`] : [];
  const text = [
    `Reconciliation of ${run.day} with ${run.upstreamName}: ${exceptionCount(run.openExceptions)} to resolve.`,
    '',
    'This run compared (differences resolved earlier included):',
    ...counts,
    '',
    'Open:',
    ...lines,
    ...more,
    '',
    `Resolve them in the console (Reconciliation) or with: npm run cli -- reconcile resolve --id N --action accept_upstream|settled_outside --reason TEXT`,
    `(accepting the upstream's success on one "${EXCEPTION_KIND_WORDS.ours_failed_theirs_success}" debits the wallet again: add --confirm)`,
  ].join('\n');
  const esc = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return {
    subject: `VendPoint reconciliation ${run.day} ${run.upstreamName}: ${exceptionCount(run.openExceptions)}`,
    text,
    html: `<pre>${esc(text)}</pre>`,
  };
}
