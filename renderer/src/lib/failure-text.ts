import { sentence } from './sentences.js';

/**
 * Why a sale failed and what the agent does next, from the node's failure reason. `why` is for
 * the customer too (it prints on the slip); `todo` is for the agent's panel only.
 */
export interface FailureText {
  why: string;
  todo: string;
}

/** A provider's word that says only that it failed ("Failed", "Transaction failed."): no reason. */
const SAYS_NOTHING =
  /^(?:(?:the\s+)?(?:transaction|sale|purchase|request|order|vend)\s+)?(?:has\s+|was\s+)?(?:failed|failure|declined|error|unsuccessful|not successful)[.!]?$/i;

/** What to check before trying again, for the product sold. */
function checkFirst(product: string, kind: string): string {
  if (kind === 'giftcard' || kind === 'esim' || product === 'ESIM')
    return 'Try again in a few minutes; if it fails again, tell your admin.';
  const what =
    product === 'ELECTRICITY'
      ? 'meter number'
      : product === 'CABLE'
        ? 'smartcard / IUC number'
        : product === 'BETTING'
          ? 'customer ID'
          : 'phone number and network';
  return `Check the ${what} with the customer, then try again. If it fails again, try later.`;
}

/**
 * The provider's own words without the parts that only say it failed ("Failed: Subscriber
 * barred" -> "Subscriber barred"); '' when nothing else is left.
 */
function providerWords(text: string): string {
  return text
    .split(/:\s+/)
    .map((part) => part.trim())
    .filter((part) => part && !SAYS_NOTHING.test(part))
    .join(': ');
}

/**
 * The failure reasons the node writes, by class: the provider's message when it has one, else a
 * plain sentence; never a bare "Failed." (the node's own upstream answers just that).
 */
export function failureText(reason: string, product: string, kind: string): FailureText {
  const r = reason.trim();
  const tryLater = 'Try again in a few minutes. If it keeps failing, tell your admin.';
  let m = /^resolved by operator:\s*(.*)$/is.exec(r);
  if (m)
    return {
      why: sentence(`An admin marked it as not delivered${m[1].trim() ? `: ${m[1].trim()}` : ''}`),
      todo: 'Sell it again if the customer still wants it.',
    };
  if (/^No upstream available/i.test(r))
    return { why: 'No provider was available to sell it.', todo: tryLater };
  if (/^Provider not reached/i.test(r)) return { why: 'The provider could not be reached.', todo: tryLater };
  if (/^Not sent to /i.test(r))
    return { why: 'The sale could not be sent to the provider.', todo: 'Tell your admin.' };
  if (/^The provider has no record/i.test(r))
    return {
      why: 'The provider has no record of it.',
      todo: 'Sell it again if the customer still wants it.',
    };
  m = /^Provider refused the request \(HTTP \d+\)(?::\s*(.*))?$/is.exec(r);
  if (m) {
    const words = providerWords(m[1] ?? '');
    return {
      why: words ? sentence(`The provider refused it: ${words}`) : 'The provider refused it.',
      todo: checkFirst(product, kind),
    };
  }
  // The provider's answer (a "failed" from an upstream API, or the simulator's own words).
  const words = providerWords(r.replace(/^Provider answered failed \(\d+\)(?::\s*)?/i, ''));
  return {
    why: words ? sentence(`The provider said: ${words}`) : 'The provider gave no reason.',
    todo: checkFirst(product, kind),
  };
}
