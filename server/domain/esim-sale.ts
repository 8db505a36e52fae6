/**
 * A gift card redeemed into a travel eSIM is sold on POST /v1/transactions with this product
 * (spec), and is delivered, routed, shown and drawn as a QR like an eSIM order.
 */
export const ESIM_REDEMPTION_PRODUCT = 'ESIM';

/** Whether a purchase (or a request for one) delivers an eSIM: an eSIM order, or a redemption into one. */
export function deliversEsim(p: { kind: string; product: string }): boolean {
  return p.kind === 'esim' || p.product === ESIM_REDEMPTION_PRODUCT;
}
