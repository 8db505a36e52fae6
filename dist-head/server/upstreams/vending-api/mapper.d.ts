import type { VendOutcome } from '../../domain/vend-outcome.js';
import type { VerifyResult } from '../types.js';
import type { HttpResult } from './client.js';
/**
 * Pure mapping of a provider's answers (spec envelopes) to VendPoint's types. The rule that
 * shapes every branch (domain/vend-outcome.ts): only a clear 00 or 01 settles money; an answer
 * we cannot read with certainty after the request may have arrived is `unknown`, never failed.
 */
type Json = Record<string, unknown>;
/** Delivery fields worth keeping on the purchase; the provider's own ids stay out of `result`. */
export declare const KEPT_RESULT_FIELDS: readonly ["token", "units", "kct1", "kct2", "payment_spent_on", "customer_name", "customer_address", "receipt_number", "external_reference", "telco_message", "cards", "iccid", "activation_code", "smdp_address", "lpa", "redemption_instructions", "reference_code", "product_title"];
/**
 * 4xx answers to a create that mean the provider refused the request before accepting it, so
 * nothing was vended. 422 is deliberately absent: it is the duplicate-key answer, and the
 * provider may hold an earlier attempt of ours under that key.
 */
export declare const REFUSED_BEFORE_ACCEPTING: Set<number>;
export declare function isRecord(v: unknown): v is Json;
export declare function parseJson(body: Buffer): unknown;
/** Provider text is shown to merchants: one line, no control characters, bounded. */
export declare function cleanMessage(v: unknown, max?: number): string | null;
/** The `message` of a spec error body, if the answer is one. */
export declare function errorMessageOf(res: HttpResult & {
    ok: true;
}): string | null;
/** Outcome of a create (POST transaction / order). */
export declare function vendOutcomeOf(res: HttpResult, reference: string): VendOutcome;
/** Outcome of a status / order read. A 404 counts as "not found" only with the spec's error body. */
export declare function requeryOutcomeOf(res: HttpResult, reference: string): VendOutcome;
/** A spec purchase envelope {status, response_code, response_message, data} to an outcome. */
export declare function envelopeOutcome(json: unknown, reference: string): VendOutcome;
/** Keeps the delivery fields; scalars as strings (the spec sends strings), cards as plain rows. */
export declare function keptResult(data: Json): Record<string, unknown>;
/** Verify: 200 -> the data as strings; 400 -> the biller rejected the customer; else unavailable. */
export declare function verifyResultOf(res: HttpResult): VerifyResult;
/** Rows of a list envelope (`data` array), or null when the answer is not one. */
export declare function rowsOf(res: HttpResult): Json[] | null;
/** "1000.50" -> 100050 kobo with integer arithmetic only; null when not a Naira string. */
export declare function koboOfNaira(text: unknown): number | null;
/** Wallet balance `total` in kobo, or null when the provider cannot say. */
export declare function balanceOf(res: HttpResult): number | null;
export declare function isPng(buf: Buffer): boolean;
export {};
