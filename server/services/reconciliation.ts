import type { Db } from '../store/db.js';
import type { UpstreamRouter } from '../routing/upstream-router.js';
import { listUpstreams } from '../store/upstreams.js';
import { failRun, finishRun, startRun, type ReconciliationRun } from '../store/reconciliations.js';
import {
  countStaged,
  ourOrdersOfDay,
  ourSideOfDay,
  purchaseSide,
  stageRows,
  theirSideOnly,
} from '../store/reconciliation-staging.js';
import type { FoundException } from '../store/reconciliation-exceptions.js';
import { dayWindow, type Day } from '../domain/business-days.js';
import {
  classify,
  DAY_EDGE_MARGIN_MS,
  emptyCounts,
  sideStateOf,
  type Classification,
  type SideRow,
  type TheirState,
} from '../domain/reconciliation.js';
import { InvalidInput, NotFound } from '../domain/errors.js';
import { vendRequestOf, type Upstream, type VendRequest } from '../upstreams/types.js';
import { providerSays, type VendOutcome } from '../domain/vend-outcome.js';
import { getPurchaseById } from '../store/purchases.js';
import { getJob } from '../store/vend-jobs.js';
import { accountByFingerprint } from '../store/upstream-accounts.js';

export interface ReconcileInput {
  day: Day;
  /** The business (report) timezone the day is read in. */
  timezone: string;
  /** One upstream by name; every vending-api upstream when absent. */
  upstream?: string;
  actor: string;
  /** Rows per list page asked of the upstream (the spec caps it at 100). */
  pageSize?: number;
}

const STATUSES: readonly TheirState[] = ['success', 'failed', 'pending'];
/** Requeries of suspected differences run this many at a time: enough to be quick, few enough to be polite. */
const REQUERY_CONCURRENCY = 8;

/** The vending-api upstreams to reconcile (disabled ones too: their past sales still count). */
export function reconcilableUpstreams(db: Db, only?: string): string[] {
  const all = listUpstreams(db).filter((u) => u.type === 'vending-api');
  if (!only) return all.map((u) => u.name);
  const hit = all.find((u) => u.name === only);
  if (!hit) throw new NotFound(`no vending-api upstream named ${only}`);
  return [hit.name];
}

/**
 * Reconciles one business day against each `vending-api` upstream: pages through the
 * upstream's own transaction list (one status at a time, since list rows carry no status),
 * stages the rows on disk, compares them with our live transactions sent there, re-asks the
 * upstream about every difference, asks it about each of our gift-card and eSIM orders of the
 * day by its status (no list holds them), and stores the run with its exceptions. Memory stays
 * flat: only a page, the differences and the day's order ids are held.
 */
export async function reconcileDay(
  s: { db: Db; router: UpstreamRouter },
  input: ReconcileInput,
): Promise<ReconciliationRun[]> {
  const runs: ReconciliationRun[] = [];
  for (const name of reconcilableUpstreams(s.db, input.upstream)) {
    const upstream = s.router.byName('live', name);
    const run = startRun(s.db, {
      upstreamName: name,
      day: input.day,
      timezone: input.timezone,
      actor: input.actor,
    });
    try {
      const unusable = s.router.unusableReason(name);
      if (unusable) throw new InvalidInput(unusable);
      if (!upstream?.listTransactions)
        throw new InvalidInput(`upstream ${name} cannot list its transactions`);
      runs.push(await reconcileRun(s.db, upstream, run.id, input));
    } catch (err) {
      // The stored run, as `reconcile list` shows it: finished when it failed, not null.
      runs.push(failRun(s.db, run.id, err instanceof Error ? err.message : String(err)));
    }
  }
  return runs;
}

async function reconcileRun(
  db: Db,
  upstream: Upstream,
  runId: number,
  input: ReconcileInput,
): Promise<ReconciliationRun> {
  const day = dayWindow(input.day, input.timezone);
  const wide = {
    from: new Date(Date.parse(day.from) - DAY_EDGE_MARGIN_MS).toISOString(),
    to: new Date(Date.parse(day.to) + DAY_EDGE_MARGIN_MS).toISOString(),
  };
  await stageUpstreamDay(db, upstream, runId, wide, input.pageSize ?? 100);
  const upstreamRows = countStaged(db, runId);

  const counts = emptyCounts();
  const suspects: Suspect[] = [];
  let ourRows = 0;
  for (const r of ourSideOfDay(db, runId, upstream.name, day)) {
    ourRows++;
    const ours = { state: sideStateOf(r.state), amountKobo: r.amountKobo };
    const theirs = r.theirState ? { state: r.theirState, amountKobo: r.theirAmountKobo ?? 0 } : null;
    const c = classify(ours, theirs);
    if (c === 'matched') counts.matched++;
    else if (c) suspects.push({ reference: r.reference, purchaseId: r.purchaseId, theirs });
  }
  for (const r of theirSideOnly(db, runId, upstream.name, day)) {
    const theirs = { state: r.state, amountKobo: r.amountKobo };
    if (classify(null, theirs))
      suspects.push({ reference: r.reference, purchaseId: null, theirs, otherPurchaseId: r.purchaseId });
  }

  const found: FoundException[] = [];
  const tally = (verdict: Verdict | null) => {
    if (!verdict) return;
    counts[verdict.kind]++;
    if (verdict.kind !== 'matched') found.push(verdict.exception);
  };
  await eachLimited(suspects, REQUERY_CONCURRENCY, async (x) => tally(await confirm(db, upstream, x)));
  // Gift-card and eSIM orders: the spec lists none, so each of ours is asked about by its status.
  const orders = ourOrdersOfDay(db, upstream.name, day);
  ourRows += orders.length;
  await eachLimited(orders, REQUERY_CONCURRENCY, async (id) => tally(await checkOrder(db, upstream, id)));
  return finishRun(db, runId, { counts, upstreamRows, ourRows, found });
}

/**
 * One order of ours against the upstream's order status. An answer that cannot be had (the
 * upstream down or unclear) ends the run as failed, to be tried again, rather than leave an
 * order unchecked in a run that says done. The order's amount is ours: the order answer's
 * figure is the provider's price, not the one charged here.
 */
async function checkOrder(db: Db, upstream: Upstream, purchaseId: number): Promise<Verdict | null> {
  const p = getPurchaseById(db, purchaseId);
  if (!p) return null;
  const outcome = await upstream.requery(vendRequestOf(p));
  const theirState = theirStateOf(outcome);
  if (theirState === undefined)
    throw new Error(
      `could not read order ${p.internalReference} at ${upstream.name}: ${'reason' in outcome ? outcome.reason : outcome.kind}`,
    );
  // Read again after the answer: a settle may have landed while the upstream was asked.
  const now = purchaseSide(db, p.internalReference);
  if (!now) return null;
  const theirs = theirState ? { state: theirState, amountKobo: 0 } : null;
  return verdictOf(p.internalReference, now, theirs, null, theirs ? null : sentElsewhere(db, upstream, p.id));
}

/**
 * The account a sale was sent to, in words, when the upstream points at another one now (an
 * operator edited its base URL or merchant code since): that account's "no record" says nothing
 * about the sale (upstreams/types.ts fromAccountSentTo), so it is not an `ours_only`. Null when
 * it was sent to this account, or before sent accounts were kept, or to the simulator.
 */
function sentElsewhere(db: Db, upstream: Upstream, purchaseId: number): string | null {
  const sent = getJob(db, purchaseId)?.sentAccount ?? null;
  if (sent === null || upstream.account === undefined || sent === upstream.account) return null;
  return accountByFingerprint(db, sent);
}

interface Suspect {
  reference: string;
  /** Our purchase sent to this upstream; null for a row only the upstream has. */
  purchaseId: number | null;
  theirs: SideRow | null;
  /** A purchase of ours with the key that was not sent to this upstream. */
  otherPurchaseId?: number | null;
}

/**
 * Stages the upstream's rows of the widened day; returns how many were read. The day is read
 * in windows of a few minutes (`from`/`to`), so no page needs a deep offset: a provider's
 * offset paging costs it more the further in a page is. A provider that ignores the window
 * (rows outside it come back) is read in one pass instead, newest first, until the day is behind.
 */
async function stageUpstreamDay(
  db: Db,
  upstream: Upstream,
  runId: number,
  wide: { from: string; to: string },
  limit: number,
): Promise<number> {
  let read = 0;
  const start = Date.parse(wide.from);
  const end = Date.parse(wide.to);
  const windows: { from: string; to: string }[] = [];
  for (let t = start; t < end; t += READ_WINDOW_MS)
    windows.push({
      from: new Date(t).toISOString(),
      to: new Date(Math.min(t + READ_WINDOW_MS, end)).toISOString(),
    });
  for (const status of STATUSES) {
    let honoured = true;
    // A few windows in flight: the provider answers one while this side stages the last.
    await eachLimited(windows, READ_CONCURRENCY, async (window) => {
      if (!honoured) return;
      const r = await stagePages(db, upstream, runId, status, window, wide, limit);
      read += r.read;
      honoured &&= r.honoured;
    });
    if (!honoured) read += (await stagePages(db, upstream, runId, status, wide, wide, limit)).read;
  }
  return read;
}

const READ_CONCURRENCY = 4;
/** How much of the day one series of list pages covers. */
const READ_WINDOW_MS = 10 * 60_000;

async function stagePages(
  db: Db,
  upstream: Upstream,
  runId: number,
  status: TheirState,
  window: { from: string; to: string },
  wide: { from: string; to: string },
  limit: number,
): Promise<{ read: number; honoured: boolean }> {
  let read = 0;
  for (let page = 1; ; page++) {
    const { rows, totalPages } = await upstream.listTransactions!({ status, page, limit, ...window });
    if (rows.some((r) => r.createdAt < window.from || r.createdAt >= window.to) && window !== wide)
      return { read, honoured: false };
    const inDay = rows.filter((r) => r.createdAt >= wide.from && r.createdAt < wide.to);
    stageRows(
      db,
      runId,
      inDay.map((r) => ({
        reference: r.reference,
        state: status,
        amountKobo: r.amountKobo,
        createdAt: r.createdAt,
      })),
    );
    read += inDay.length;
    // Newest first: once a page reaches before the day, the rest is older still.
    const oldest = rows.at(-1)?.createdAt;
    if (rows.length === 0 || page >= totalPages || (oldest !== undefined && oldest < wide.from))
      return { read, honoured: true };
  }
}

/**
 * Re-asks the upstream about one suspected difference and classifies again with its answer
 * and our purchase as it is now. A requery that cannot be answered keeps the listed answer.
 */
async function confirm(db: Db, upstream: Upstream, x: Suspect): Promise<Verdict | null> {
  let theirs = x.theirs;
  const theirState = theirStateOf(await upstream.requery(requeryOf(x.reference)));
  if (theirState) theirs = { state: theirState, amountKobo: theirs?.amountKobo ?? 0 };
  else if (theirState === null) theirs = null;
  const now = x.purchaseId === null ? null : purchaseSide(db, x.reference);
  const elsewhere = now && !theirs ? sentElsewhere(db, upstream, now.id) : null;
  return verdictOf(x.reference, now, theirs, x.otherPurchaseId ?? null, elsewhere);
}

/** The upstream's state in a status answer: null when it has no record, undefined when it could not say. */
function theirStateOf(outcome: VendOutcome): TheirState | null | undefined {
  const says = providerSays(outcome);
  return says === 'not_found' ? null : (says ?? undefined);
}

type Verdict = { kind: Classification; exception: FoundException };

/**
 * Classifies our purchase as it is now against the upstream's answer. An answer without an
 * amount (a requery, an order status) is compared with our amount: only a list row carries one.
 * A sale the upstream has no record of that was sent to another account (`sentTo`, in words) is
 * `sent_to_other_account`, not `ours_only`: the books asked never had it.
 */
function verdictOf(
  reference: string,
  now: { id: number; state: string; amountKobo: number } | null,
  theirs: SideRow | null,
  otherPurchaseId: number | null = null,
  sentTo: string | null = null,
): Verdict | null {
  const ours = now ? { state: sideStateOf(now.state), amountKobo: now.amountKobo } : null;
  if (theirs && ours && theirs.amountKobo === 0) theirs = { ...theirs, amountKobo: ours.amountKobo };
  const compared = classify(ours, theirs);
  if (!compared) return null;
  const kind = compared === 'ours_only' && sentTo ? 'sent_to_other_account' : compared;
  return {
    kind,
    exception: {
      sentTo: kind === 'sent_to_other_account' ? sentTo : null,
      reference,
      kind: kind === 'matched' ? 'pending' : kind,
      purchaseId: now?.id ?? otherPurchaseId,
      ourState: now?.state ?? null,
      ourAmountKobo: now?.amountKobo ?? null,
      theirState: theirs?.state ?? null,
      theirAmountKobo: theirs?.amountKobo ?? null,
    },
  };
}

/** A transaction requery needs only the key (`client_request_id`). */
function requeryOf(reference: string): VendRequest {
  return {
    reference,
    kind: 'transaction',
    product: '',
    network: '',
    msisdn: '',
    phone: null,
    planId: null,
    amountKobo: 0,
    quantity: 1,
    details: {},
  };
}

async function eachLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await fn(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}
