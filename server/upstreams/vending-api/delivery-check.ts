import { apiNairaToKobo, koboToApiNaira } from '../../../common/money.js';
import { deliversEsim } from '../../domain/esim-sale.js';
import type { VendRequest } from '../types.js';

/** What a provider's answer is checked against: the purchase as it was sent. */
export type AnsweredRequest = Pick<
  VendRequest,
  'reference' | 'kind' | 'product' | 'amountKobo' | 'quantity' | 'details'
>;

type Json = Record<string, unknown>;

const filled = (v: unknown): boolean =>
  (typeof v === 'string' && v.trim() !== '') || (typeof v === 'number' && Number.isFinite(v));

/**
 * How a provider's success (`00`) falls short of what was bought, in words that follow
 * "Provider answered success (00)", or null when it delivers it. The merchant's wallet pays for
 * the whole purchase, so a 00 that falls short is no clear success: it stays pending and is
 * asked again (the provider may complete it), and reaches an operator after the deadline,
 * instead of charging for three gift cards while one arrived, or for an eSIM nobody can install.
 */
export function deliveryShortfall(req: AnsweredRequest, data: Json): string | null {
  if (deliversEsim(req)) {
    if (filled(data.lpa) || (filled(data.activation_code) && filled(data.smdp_address))) return null;
    return 'without eSIM install details (lpa, or activation_code and smdp_address)';
  }
  if (req.kind === 'giftcard') return cardShortfall(req, data.cards);
  // A transaction's answer echoes its amount: another figure means another vend than ours.
  const said = typeof data.amount === 'string' ? apiNairaToKobo(data.amount) : null;
  if (said !== null && req.amountKobo > 0 && said !== req.amountKobo)
    return `for an amount of ${koboToApiNaira(said)}, not the ${koboToApiNaira(req.amountKobo)} sent`;
  // Prepaid electricity without a token only when the payment cleared a meter debt (the spec's payment_spent_on).
  if (
    req.product === 'ELECTRICITY' &&
    req.details.meter_type === 'prepaid' &&
    !filled(data.token) &&
    !filled(data.payment_spent_on)
  )
    return 'without a token for a prepaid meter';
  return null;
}

/**
 * A gift-card order's success carries one card per card ordered (spec: `cards` present on
 * success). An order sent by e-mail, SMS or WhatsApp may leave them off the answer.
 */
function cardShortfall(req: AnsweredRequest, cards: unknown): string | null {
  const sentElsewhere = filled(req.details.send_via);
  if (cards === undefined && sentElsewhere) return null;
  const count = Array.isArray(cards) ? cards.filter((c) => typeof c === 'object' && c !== null).length : 0;
  if (count === req.quantity) return null;
  return `with ${count} of the ${req.quantity} card${req.quantity === 1 ? '' : 's'} ordered`;
}
