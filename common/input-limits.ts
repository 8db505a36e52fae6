/**
 * How long the values an operator types may be, where the console's forms and the operator CLI
 * both take them. The console's request schemas (server/http/console/) declare these as their
 * `maxLength` and `maxItems`; the CLI refuses a longer flag value with the same words
 * (`tooLongWords`, `tooManyWords`), naming its flag where the console names its field.
 */

/** New merchant and merchant profile (Merchants; `merchant create|update`). */
export const MERCHANT_LIMITS = {
  /** Before trimming: the code itself is 2 to 20 characters once trimmed. */
  code: 40,
  name: 100,
  allowIp: 50,
  allowIps: 200,
  liveBill: 20,
  liveBills: 3,
  reportEmail: 254,
  reportEmails: 20,
} as const;

/** A live upstream (Upstreams & routes; `upstream add`). */
export const UPSTREAM_LIMITS = {
  /** The store's own rule too (1 to this many letters, digits, _ . -): one limit, not a looser schema. */
  name: 40,
  baseUrl: 500,
  merchantCode: 60,
  key: 200,
  secret: 500,
  route: 60,
  routes: 100,
} as const;

/** A webhook endpoint's URL (Merchants → Webhooks; `webhook add`). */
export const WEBHOOK_URL_MAX = 2000;

/** Reconciliation: one upstream to run, and the operator addresses (`reconcile run|settings`). */
export const RECONCILIATION_LIMITS = {
  upstream: UPSTREAM_LIMITS.name,
  operatorEmail: 200,
  operatorEmails: 20,
} as const;

/** The one merchant a report run is for (Reports → Run now; `report run --code`). */
export const REPORT_RUN_CODE_MAX = 20;

/**
 * A text's length as the console's schema validator counts it: characters (code points), so an
 * emoji is one, as a person counts it, not two UTF-16 units.
 */
export const textLength = (text: string): number => [...text].length;

/** The words for a value longer than its limit, after the field (or flag) it was given in. */
export const tooLongWords = (field: string, limit: number): string =>
  `${field} must be at most ${limit} characters`;

/** The words for a list with more entries than its limit. */
export const tooManyWords = (field: string, limit: number): string =>
  `${field} must list at most ${limit} ${limit === 1 ? 'entry' : 'entries'}`;
