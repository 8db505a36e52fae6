import { ESIM_REDEMPTION_PRODUCT } from '../../common/products.js';

export { ESIM_REDEMPTION_PRODUCT };

/** Whether a purchase (or a request for one) delivers an eSIM: an eSIM order, or a redemption into one. */
export function deliversEsim(p: { kind: string; product: string }): boolean {
  return p.kind === 'esim' || p.product === ESIM_REDEMPTION_PRODUCT;
}

/**
 * The LPA string an eSIM installs by (what its QR encodes), from its SM-DP+ address and
 * activation code, in the GSMA's activation code format.
 */
export const lpaOf = (smdpAddress: string, activationCode: string): string =>
  `LPA:1$${smdpAddress}$${activationCode}`;
