import { TELCO_LABEL } from './phone.js';
import { BILL_PROVIDER_NAMES } from '../../../common/provider-names.js';

/**
 * How people write the networks and providers the API names in capitals (GLO, GOTV, BET9JA):
 * receipts, history and the admin tables show these. Unknown codes are shown as they came.
 */
const PROVIDER_NAMES: Record<string, string> = { ...TELCO_LABEL, ...BILL_PROVIDER_NAMES };

/** "GLO" -> "Glo", "GOTV" -> "GOtv"; case-insensitive, anything else unchanged. */
export function networkName(code: string | null | undefined): string {
  if (!code) return '';
  return PROVIDER_NAMES[code.toUpperCase()] ?? code;
}

/** "prepaid" -> "Prepaid": the meter types the API gives in lower case. */
export function meterTypeName(value: string): string {
  return value ? value.charAt(0).toUpperCase() + value.slice(1) : value;
}
