/**
 * Names of the fields an upstream's delivery may carry, in the order answers list them. The
 * adapter keeps them on the purchase; the v1 and console views pick what each shows.
 */

/** A prepaid token's fields (the first fields of every delivery list). */
export const TOKEN_FIELDS = ['token', 'units', 'kct1', 'kct2', 'payment_spent_on', 'customer_name'] as const;

/** eSIM install fields, shown only once an ICCID has been issued (spec "eSIM order data"). */
export const INSTALL_FIELDS = [
  'iccid',
  'activation_code',
  'smdp_address',
  'lpa',
  'redemption_instructions',
] as const;

/** The provider's own reference and message: kept on a reversed sale, which a dispute quotes. */
export const PROVIDER_FIELDS = ['external_reference', 'telco_message'] as const;
