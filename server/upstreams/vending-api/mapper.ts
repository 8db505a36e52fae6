import { apiNairaToKobo } from '../../../common/money.js';
import { INSTALL_FIELDS, TOKEN_FIELDS } from '../../domain/result-fields.js';
import { CustomerRejected, UpstreamUnavailable } from '../../domain/errors.js';
import type { VendOutcome } from '../../domain/vend-outcome.js';
import type { ListedTransaction, VerifyResult } from '../types.js';
import type { HttpResult } from './client.js';
import { deliveryShortfall, type AnsweredRequest } from './delivery-check.js';
import { lpaOf } from '../../domain/esim-sale.js';

/**
 * Pure mapping of a provider's answers (spec envelopes) to VendPoint's types. The rule that
 * shapes every branch (domain/vend-outcome.ts): only a clear 00 or 01 settles money; an answer
 * we cannot read with certainty after the request may have arrived is `unknown`, never failed.
 */

type Json = Record<string, unknown>;

/** Delivery fields worth keeping on the purchase; the provider's own ids stay out of `result`. */
export const KEPT_RESULT_FIELDS = [
  ...TOKEN_FIELDS,
  'customer_address',
  'receipt_number',
  'external_reference',
  'telco_message',
  'cards',
  ...INSTALL_FIELDS,
  'reference_code',
  'product_title',
] as const;

/**
 * 4xx answers to a create that mean the provider refused the request before accepting it, so
 * nothing was vended. 422 is deliberately absent: it is the duplicate-key answer, and the
 * provider may hold an earlier attempt of ours under that key.
 */
export const REFUSED_BEFORE_ACCEPTING = new Set([400, 401, 403, 404, 405, 413, 415, 429]);

export function isRecord(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** Provider text is shown to merchants: one line, no control characters, bounded. */
export function cleanMessage(v: unknown, max = 200): string | null {
  if (typeof v !== 'string') return null;
  const s = v
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!s) return null;
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

/** The `message` of a spec error body, if the answer is one. */
export function errorMessageOf(res: HttpResult & { ok: true }): string | null {
  const json = parseJson(res.body);
  return isRecord(json) ? cleanMessage(json.message) : null;
}

const unknown = (reason: string, code?: string): VendOutcome => ({
  kind: 'unknown',
  reason,
  ...(code ? { code } : {}),
});

/** Outcome of a create (POST transaction / order) of `req`. */
export function vendOutcomeOf(res: HttpResult, req: AnsweredRequest): VendOutcome {
  if (!res.ok) {
    if (!res.sent)
      return {
        kind: 'not_accepted',
        transport: true,
        reason: `Provider not reached, nothing sent: ${res.problem}`,
        code: res.code,
      };
    return unknown(`No usable answer after the request was sent: ${res.problem}`, res.code);
  }
  const { status } = res;
  if (status >= 200 && status < 300) return envelopeOutcome(parseJson(res.body), req);
  const message = errorMessageOf(res);
  if (REFUSED_BEFORE_ACCEPTING.has(status)) {
    return {
      kind: 'not_accepted',
      reason: `Provider refused the request (HTTP ${status})${message ? `: ${message}` : ''}`,
    };
  }
  if (status === 422)
    return unknown(
      `Provider answered 422 (duplicate key or validation)${message ? `: ${message}` : ''}; requery decides`,
    );
  if (status >= 300 && status < 400)
    return unknown(`Provider answered a redirect (HTTP ${status}); not followed`);
  return unknown(`Provider answered HTTP ${status}`);
}

/** Outcome of a status / order read. A 404 counts as "not found" only with the spec's error body. */
export function requeryOutcomeOf(res: HttpResult, req: AnsweredRequest): VendOutcome {
  if (!res.ok) return unknown(`Status read failed: ${res.problem}`, res.code);
  if (res.status >= 200 && res.status < 300) return envelopeOutcome(parseJson(res.body), req);
  if (res.status === 404 && isSpecNotFound(parseJson(res.body))) return { kind: 'not_found' };
  // A 404 page from a proxy or a wrong base path says nothing about our key.
  return unknown(`Status read answered HTTP ${res.status}`);
}

function isSpecNotFound(json: unknown): boolean {
  return isRecord(json) && json.status === 'error' && json.code === 404;
}

function outcomeWord(code: unknown): 'success' | 'failed' | 'pending' | null {
  switch (code) {
    case '00':
      return 'success';
    case '01':
      return 'failed';
    case '02':
      return 'pending';
    default:
      return null;
  }
}

/**
 * A spec purchase envelope {status, response_code, response_message, data} about `req` to an
 * outcome. A success that does not deliver what `req` bought is unknown (delivery-check.ts).
 */
export function envelopeOutcome(json: unknown, req: AnsweredRequest): VendOutcome {
  if (!isRecord(json)) return unknown('Provider answer is not a JSON object');
  const data = isRecord(json.data) ? json.data : {};
  // An answer about another key is not an answer about ours (a proxy mix-up, a provider bug).
  if (data.request_id !== undefined && String(data.request_id) !== req.reference) {
    return unknown(
      `Provider answered about request_id ${cleanMessage(String(data.request_id), 60)}, not ours`,
    );
  }
  const word = outcomeWord(json.response_code);
  if (!word)
    return unknown(
      `Provider answered an unrecognised response_code ${cleanMessage(JSON.stringify(json.response_code) ?? 'none', 20)}`,
    );
  if (json.status !== undefined && json.status !== word) {
    return unknown(
      `Provider status "${cleanMessage(String(json.status), 20)}" contradicts response_code ${String(json.response_code)}`,
    );
  }
  const upstreamReference = upstreamReferenceOf(data);
  const message = cleanMessage(json.response_message);
  if (word === 'success') {
    const shortfall = deliveryShortfall(req, data);
    if (shortfall)
      return {
        kind: 'unknown',
        reason: `Provider answered success (00) ${shortfall}; asked again until it delivers the purchase`,
        shortSuccess: true,
      };
    return { kind: 'success', result: keptResult(data), ...(upstreamReference ? { upstreamReference } : {}) };
  }
  if (word === 'pending') {
    return {
      kind: 'pending',
      ...(message ? { reason: message } : {}),
      ...(upstreamReference ? { upstreamReference } : {}),
    };
  }
  const telco = cleanMessage(data.telco_message);
  const detail = [message, telco && telco !== message ? telco : null].filter(Boolean).join(': ');
  // What the integrator may be told: another VendPoint node's own public reason, else the
  // provider's telco message, else its response message (domain/failure-reason.ts drops a bare "Failed").
  const said = cleanMessage(data.failure_reason) ?? telco ?? message;
  return {
    kind: 'failed',
    reason: `Provider answered failed (01)${detail ? `: ${detail}` : ''}`,
    ...(said ? { message: said } : {}),
  };
}

function upstreamReferenceOf(data: Json): string | undefined {
  // An order's reference_code is what its receipt prints (and what the merchant quotes).
  for (const field of ['reference_code', 'internal_reference']) {
    const v = data[field];
    if (typeof v === 'string' && v) return v;
  }
  return undefined;
}

/** Keeps the delivery fields; scalars as strings (the spec sends strings), cards as plain rows. */
export function keptResult(data: Json): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of KEPT_RESULT_FIELDS) {
    const v = data[field];
    if (field === 'cards') {
      if (Array.isArray(v)) out.cards = v.filter(isRecord).map((card) => scalarsOf(card));
      continue;
    }
    const s = scalarText(v);
    if (s !== null) out[field] = s;
  }
  // An eSIM given as its SM-DP+ address and activation code installs by the LPA string they make.
  if (out.lpa === undefined && out.smdp_address !== undefined && out.activation_code !== undefined)
    out.lpa = lpaOf(String(out.smdp_address), String(out.activation_code));
  return out;
}

function scalarText(v: unknown): string | null {
  if (typeof v === 'string') return v === '' ? null : v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v === 'boolean') return String(v);
  return null;
}

function scalarsOf(row: Json): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(row)) {
    const s = scalarText(v);
    if (s !== null) out[k] = s;
  }
  return out;
}

/** Verify: 200 -> the data as strings; 400 -> the biller rejected the customer; else unavailable. */
export function verifyResultOf(res: HttpResult): VerifyResult {
  if (!res.ok) throw new UpstreamUnavailable();
  const json = parseJson(res.body);
  if (res.status === 400) {
    const message = isRecord(json) ? cleanMessage(json.message) : null;
    throw new CustomerRejected(message ?? 'The provider rejected the customer id');
  }
  if (res.status !== 200 || !isRecord(json) || json.status === 'error' || !isRecord(json.data)) {
    throw new UpstreamUnavailable('Customer verification could not be completed; retry with backoff');
  }
  return scalarsOf(json.data);
}

/** Rows of a list envelope (`data` array), or null when the answer is not one. */
export function rowsOf(res: HttpResult): Json[] | null {
  if (!res.ok || res.status !== 200) return null;
  const json = parseJson(res.body);
  if (!isRecord(json) || json.status === 'error' || !Array.isArray(json.data)) return null;
  return json.data.filter(isRecord);
}

/**
 * A list page into rows (those without a key, an amount or a time are left out) and the page
 * count, or null when the answer is not a list envelope.
 */
export function listedTransactionsOf(
  res: HttpResult,
): { rows: ListedTransaction[]; totalPages: number } | null {
  if (!res.ok || res.status !== 200) return null;
  const json = parseJson(res.body);
  if (!isRecord(json) || json.status === 'error' || !Array.isArray(json.data)) return null;
  const rows: ListedTransaction[] = [];
  for (const r of json.data.filter(isRecord)) {
    const reference = typeof r.request_id === 'string' ? r.request_id : r.client_request_id;
    const amountKobo = typeof r.amount === 'string' ? apiNairaToKobo(r.amount) : null;
    const createdAt = isoOfListTime(r.created_at);
    if (typeof reference === 'string' && reference && amountKobo !== null && createdAt)
      rows.push({ reference, amountKobo, createdAt });
  }
  const pagination = isRecord(json.pagination) ? json.pagination : {};
  const totalPages = typeof pagination.total_pages === 'number' ? pagination.total_pages : 0;
  return { rows, totalPages };
}

/** "2026-01-02 03:04:05" (UTC, the list's form) or an ISO string -> ISO with milliseconds. */
function isoOfListTime(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const text = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(v) ? `${v.replace(' ', 'T')}Z` : v;
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}

/** Wallet balance `total` in kobo, or null when the provider cannot say. */
export function balanceOf(res: HttpResult): number | null {
  if (!res.ok || res.status !== 200) return null;
  const json = parseJson(res.body);
  return isRecord(json) && typeof json.total === 'string' ? apiNairaToKobo(json.total) : null;
}
