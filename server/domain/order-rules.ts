import { InvalidInput } from './errors.js';
import { parseMsisdn } from './networks.js';

/** The spec's gift-card and eSIM rules (sections "Gift cards", "eSIM", "Limits"); pure. */

export const GIFTCARD_CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AED'] as const;
export const MAX_GIFTCARD_QUANTITY = 5;
export const MAX_ESIM_REQUEST_ID_LENGTH = 40;
export const SEND_VIA = ['email', 'sms', 'whatsapp'] as const;
export type SendVia = (typeof SEND_VIA)[number];

export type Fulfillment = 'immediate' | 'standard' | 'out_of_stock' | 'preorder';

/** The spec's stock table: what each `fulfillment` value means and whether it may be bought. */
export const STOCK: Record<Fulfillment, { purchasable: boolean; detail: string }> = {
  immediate: { purchasable: true, detail: 'In stock: cards are returned on the order' },
  standard: {
    purchasable: true,
    detail: 'In stock: delivery may take a few minutes; if the order answers 02, poll it',
  },
  out_of_stock: { purchasable: false, detail: 'Out of stock: this plan cannot be purchased now' },
  preorder: { purchasable: false, detail: 'Pre-order only: this plan cannot be purchased now' },
};

/** Refuses a purchase of a plan the stock table rejects (400, "out of stock"). */
export function checkPurchasable(fulfillment: Fulfillment, title: string): void {
  const stock = STOCK[fulfillment];
  if (!stock || !stock.purchasable) {
    const why = fulfillment === 'preorder' ? 'is pre-order only' : 'is out of stock';
    throw new InvalidInput(`${title} ${why}; choose another plan_id`, 'plan_id');
  }
}

/**
 * Quantity of cards: default 1, an integer 1..5. Query strings arrive as text, so digits are
 * accepted there (`fromQuery`); JSON bodies must send a number.
 */
export function parseQuantity(value: unknown, fromQuery = false): number {
  if (value === undefined || (fromQuery && value === '')) return 1;
  let n: number;
  if (fromQuery && typeof value === 'string' && /^\d{1,3}$/.test(value)) n = Number(value);
  else if (typeof value === 'number') n = value;
  else
    throw new InvalidInput(`quantity must be a whole number from 1 to ${MAX_GIFTCARD_QUANTITY}`, 'quantity');
  if (!Number.isInteger(n) || n < 1 || n > MAX_GIFTCARD_QUANTITY) {
    throw new InvalidInput(`quantity must be a whole number from 1 to ${MAX_GIFTCARD_QUANTITY}`, 'quantity');
  }
  return n;
}

const EMAIL =
  /^[^\s@"<>,;]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,24}$/;
/** International form for recipients abroad: + and 8 to 15 digits (E.164). */
const E164 = /^\+[1-9]\d{7,14}$/;

/**
 * Delivery channel: `send_via` optional; when set, `destination` is required and must be an
 * e-mail address (email) or a phone number (sms, whatsapp). A destination without a channel
 * is refused rather than silently ignored, so nobody believes a card was sent.
 */
export function parseDelivery(
  sendVia: unknown,
  destination: unknown,
): { send_via: SendVia; destination: string } | null {
  const hasDestination = destination !== undefined && destination !== null && destination !== '';
  if (sendVia === undefined || sendVia === null || sendVia === '') {
    if (hasDestination)
      throw new InvalidInput(
        'send_via (email, sms or whatsapp) is required when destination is set',
        'send_via',
      );
    return null;
  }
  if (typeof sendVia !== 'string' || !(SEND_VIA as readonly string[]).includes(sendVia)) {
    throw new InvalidInput('send_via must be one of email, sms, whatsapp', 'send_via');
  }
  if (!hasDestination)
    throw new InvalidInput(`destination is required when send_via is ${sendVia}`, 'destination');
  if (typeof destination !== 'string') throw new InvalidInput('destination must be a string', 'destination');
  if (sendVia === 'email') {
    if (destination.length > 254 || !EMAIL.test(destination)) {
      throw new InvalidInput('destination must be an e-mail address when send_via is email', 'destination');
    }
    return { send_via: sendVia, destination };
  }
  if (E164.test(destination)) return { send_via: sendVia as SendVia, destination };
  try {
    parseMsisdn(destination, 'destination');
  } catch {
    throw new InvalidInput(
      `destination must be a phone number (08031234567, 2348031234567 or +447700900123) when send_via is ${sendVia}`,
      'destination',
    );
  }
  return { send_via: sendVia as SendVia, destination };
}

/** What the price rule needs to know about a gift-card plan. */
export interface PricedCard {
  fixed_price: number | boolean;
  face_value: number | null;
  min_price: number | null;
  max_price: number | null;
  currency_code: string;
}

/**
 * The face value a card is bought at, in the card's currency. Fixed plans use their own:
 * face_value may be left out, and one sent must be that value. DESIGN says fixed plans
 * ignore it, but a shop that sends the customer's denomination to the wrong plan would be
 * charged for a card nobody asked for, so a different value is refused before any charge.
 * Variable plans take one within min_price..max_price, with at most two decimals, and their
 * minimum when none is sent.
 */
export function faceValueOf(plan: PricedCard, sent: unknown): number {
  if (plan.fixed_price) {
    const own = plan.face_value ?? 0;
    if (sent === undefined || sent === null) return own;
    if (!isCardAmount(sent) || Math.round(sent * 100) !== Math.round(own * 100))
      throw new InvalidInput(
        `face_value ${JSON.stringify(sent)} does not match this fixed-price plan's ${own} ${plan.currency_code}: send ${own}, or leave face_value out`,
        'face_value',
      );
    return own;
  }
  const min = plan.min_price ?? 0;
  const max = plan.max_price ?? min;
  // The spec's order body has no face_value ("face value and price come from the plan"): one
  // sent without it buys the plan's minimum, the value its catalog ngn_price and quote show.
  if (sent === undefined || sent === null) return min;
  if (!isCardAmount(sent)) {
    throw new InvalidInput(
      'face_value must be a number with at most two decimals, in the card currency',
      'face_value',
    );
  }
  if (sent < min || sent > max) {
    throw new InvalidInput(
      `face_value ${sent} is outside this plan's range of ${min} to ${max} ${plan.currency_code}`,
      'face_value',
    );
  }
  return sent;
}

/** A number with at most two decimals: a card amount in its currency. */
function isCardAmount(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v) && Math.abs(v * 100 - Math.round(v * 100)) <= 1e-6;
}

/** `face_value` as a query parameter (GET quote): a plain decimal, or absent. */
export function faceValueFromQuery(value: unknown): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !/^(0|[1-9]\d{0,6})(\.\d{1,2})?$/.test(value)) {
    throw new InvalidInput(
      'face_value must be a number with at most two decimals and no leading zero, in the card currency',
      'face_value',
    );
  }
  return Number(value);
}

/** A catalog plan id in a path: gift cards use integers. */
export function parseGiftcardPlanId(value: unknown): number {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  if (typeof value === 'string' && /^[1-9]\d{0,9}$/.test(value)) return Number(value);
  throw new InvalidInput('plan_id must be an integer gift-card catalog id', 'plan_id');
}

/** ISO-2 country filter of the eSIM catalog. */
export function parseCountryFilter(value: unknown): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !/^[A-Za-z]{2}$/.test(value))
    throw new InvalidInput('country must be an ISO-2 country code, e.g. GB', 'country');
  return value.toUpperCase();
}
