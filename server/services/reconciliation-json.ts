import type { ReconciliationRun } from '../store/reconciliations.js';
import type { ReconciliationException } from '../store/reconciliation-exceptions.js';
import { koboToApiNaira } from '../../common/money.js';
import { acceptEffectOf } from '../domain/reconciliation.js';

const naira = (k: number | null) => (k === null ? null : koboToApiNaira(k));

/** A run as the CLI and the console show it. */
export function reconciliationRunJson(r: ReconciliationRun) {
  return {
    id: r.id,
    upstream: r.upstreamName,
    day: r.day,
    timezone: r.timezone,
    state: r.state,
    actor: r.actor,
    upstream_rows: r.upstreamRows,
    our_rows: r.ourRows,
    counts: r.counts as Record<string, number>,
    open_exceptions: r.openExceptions,
    open_now: r.openNow ?? r.openExceptions,
    error: r.error,
    mail: r.mail,
    started_at: r.startedAt,
    finished_at: r.finishedAt,
  };
}

/**
 * An exception with what accepting the upstream's answer would do (null: only settled outside);
 * a sale sent to another account than the upstream's now says which (`sent_to`), the only kind
 * with the field.
 */
export function reconciliationExceptionJson(e: ReconciliationException) {
  const json = {
    id: e.id,
    upstream: e.upstreamName,
    day: e.day,
    reference: e.reference,
    kind: e.kind,
    accept_effect: acceptEffectOf(e.kind),
    our_state: e.ourState,
    our_amount: naira(e.ourAmountKobo),
    their_state: e.theirState,
    their_amount: naira(e.theirAmountKobo),
    status: e.status,
    resolution: e.resolution,
    resolved_by: e.resolvedBy,
    resolved_reason: e.resolvedReason,
    resolved_at: e.resolvedAt,
    created_at: e.createdAt,
  };
  return e.sentTo === null ? json : Object.assign(json, { sent_to: e.sentTo });
}
