import { formatNaira } from '../../../common/money-display.js';

/** An API failure carrying the sentence to show the agent. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** A request the page itself aborted (its signal): nothing to show, the node was not at fault. */
export class RequestAborted extends Error {
  constructor() {
    super('The request was cancelled');
    this.name = 'RequestAborted';
  }
}

const FIELD_NAMES: Record<string, string> = {
  customer_msisdn: 'the customer number',
  plan_code: 'the plan',
  client_request_id: 'the sale reference',
  request_id: 'the sale reference',
  merchant_code: 'the merchant',
  phone: 'the phone number',
  amount: 'the amount',
  network: 'the network',
  // Settings and admin pages: the names their fields carry on screen.
  max_attachment_bytes: 'the CSV attachment limit',
  lookback_days: 'the number of missed days to catch up',
  smtp_url: 'the SMTP server address',
  console_url: 'the console address',
  base_url: 'the base URL',
};

/** One-word fields that open a refusal ("timezone must …"), in their on-screen names. */
const LEADING_FIELDS: Record<string, string> = {
  timezone: 'the time zone',
  counted: 'the counted cash',
};

/**
 * First letter up, a full stop at the end. Only a first word of plain letters is capitalised:
 * one that is a reference or a code (digits, hyphens) is shown as the node wrote it.
 */
function sentence(text: string): string {
  const t = text.trim();
  if (!t) return t;
  const first = /^[a-z]+(?![\w-])/.test(t) ? t.charAt(0).toUpperCase() + t.slice(1) : t;
  return /[.!?]$/.test(first) ? first : `${first}.`;
}

/** Field names and Naira amounts of server messages, as an agent would say them. */
function plainWords(message: string): string {
  let m = message
    .replace(/\b([a-z]+_[a-z_]+)\b/g, (w) => FIELD_NAMES[w] ?? w.replace(/_/g, ' '))
    .replace(/^([a-z]+) must\b/, (all, w: string) => (LEADING_FIELDS[w] ? `${LEADING_FIELDS[w]} must` : all))
    // A webhook's refusals open with its field ("url host … does not resolve"): "Url" read as a typo.
    .replace(/^url\b/, 'the URL');
  if (/amount|price|balance|between/i.test(m))
    // A sign already written ("₦838296.50") is taken with its number, not doubled.
    m = m.replace(/(?<![\d.,])₦?(\d+\.\d{2})(?![\d.])/g, (_all, n: string) => formatNaira(n));
  return m;
}

export const INSUFFICIENT_BALANCE =
  "Nothing was charged: the merchant's wallet does not hold enough for this sale. An admin funds it on Admin → Wallets.";

/** How a used key's refusal begins: a sell page then looks the sale up by its key. */
export const ALREADY_SENT = 'This sale was already sent once';

/** The wait a Retry-After header gives, as the desk says it. */
function waitWords(retryAfterSeconds: number | undefined): string {
  if (retryAfterSeconds === undefined || !Number.isFinite(retryAfterSeconds) || retryAfterSeconds <= 10)
    return 'a few seconds';
  if (retryAfterSeconds < 120) return `${Math.ceil(retryAfterSeconds)} seconds`;
  return `${Math.ceil(retryAfterSeconds / 60)} minutes`;
}

/**
 * Every API error as a human sentence. The node's messages are
 * written for people already; this adds what a status alone means, and never shows JSON.
 * `retryAfterSeconds` is the answer's Retry-After: the API's "retry after the Retry-After delay"
 * names a header a desk agent never sees (and "retry after 5 s" is an abbreviation), so the wait
 * is said in words.
 */
export function humanMessage(
  status: number,
  serverMessage: string | undefined,
  retryAfterSeconds?: number,
): string {
  // The API's words ask the caller to fund the wallet: a desk agent cannot, so say who can.
  if (serverMessage?.startsWith('Insufficient wallet balance')) return INSUFFICIENT_BALANCE;
  const told = serverMessage
    ?.replace(/\bretry after the Retry-After delay\b/i, `try again in ${waitWords(retryAfterSeconds)}`)
    .replace(/\bretry after (\d+) s\b/i, (_all, n: string) => `try again in ${waitWords(Number(n))}`);
  const server = told ? sentence(plainWords(told)) : '';
  switch (status) {
    case 0:
      return 'The VendPoint node is not answering. Check that it is running, then try again.';
    case 413:
      return 'That request is too large to send.';
    case 422:
      return server.startsWith('Duplicate')
        ? `${ALREADY_SENT}. Open History to see how it ended before selling again.`
        : server || 'The node could not accept this request.';
    case 429:
      return server || 'Too many attempts in a short time. Wait a minute, then try again.';
    case 500:
      return 'The node hit an unexpected error. Check History to see whether the sale went through before trying again.';
    case 502:
      return server && !/retry with backoff/i.test(server)
        ? server
        : 'The provider could not be reached. Nothing was charged; try again in a moment.';
    case 503:
      return server || 'The service is busy or not available right now. Try again in a moment.';
    default:
      return (
        server ||
        `The request failed (HTTP ${status}). Try again; if it keeps failing, tell your administrator.`
      );
  }
}
