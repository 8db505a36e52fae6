/**
 * Why a sale failed, in words an integrator's support desk can repeat to a customer. The node's
 * own reason (`failure_reason`) names upstreams, HTTP codes and operators' notes; this one says
 * only what happened to the customer's purchase, and the provider's own words when it gave some.
 */
export const PUBLIC_FAILURE = {
  declined: 'The provider declined the purchase',
  notAccepted: 'No provider accepted the purchase; nothing was delivered',
  notFound: 'The provider has no record of the purchase; nothing was delivered',
  noProvider: 'No provider is available for this product',
  operator: 'The provider confirmed it failed; nothing was delivered',
} as const;

/** A provider message that says more than the state word itself ("Failed", "01", "error"). */
function saysMore(message: string | undefined): message is string {
  const m = message?.trim() ?? '';
  return m.length > 0 && !/^(failed?|failure|error|declined|0?1|not successful|unsuccessful)\.?$/i.test(m);
}

/** A provider's refusal: its own words when they say why ("Invalid meter number"), else the general one. */
export function declinedReason(providerMessage: string | undefined): string {
  return saysMore(providerMessage) ? providerMessage.trim().slice(0, 200) : PUBLIC_FAILURE.declined;
}
