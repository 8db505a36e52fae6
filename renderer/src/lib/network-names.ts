import { TELCO_LABEL } from './phone.js';

/**
 * How people write the networks and providers the API names in capitals (GLO, GOTV, BET9JA):
 * receipts, history and the admin tables show these. Distribution companies keep their
 * acronyms, which is how customers know them. Unknown codes are shown as they came.
 */
const PROVIDER_NAMES: Record<string, string> = {
  ...TELCO_LABEL,
  DSTV: 'DStv',
  GOTV: 'GOtv',
  STARTIMES: 'StarTimes',
  BET9JA: 'Bet9ja',
  SPORTYBET: 'SportyBet',
  '1XBET': '1xBet',
  BETKING: 'BetKing',
  BETWAY: 'Betway',
  NAIRABET: 'NairaBet',
  MERRYBET: 'MerryBet',
  BANGBET: 'BangBet',
  ABA: 'Aba Power',
};

/** "GLO" -> "Glo", "GOTV" -> "GOtv"; case-insensitive, anything else unchanged. */
export function networkName(code: string | null | undefined): string {
  if (!code) return '';
  return PROVIDER_NAMES[code.toUpperCase()] ?? code;
}

/** "prepaid" -> "Prepaid": the meter types the API gives in lower case. */
export function meterTypeName(value: string): string {
  return value ? value.charAt(0).toUpperCase() + value.slice(1) : value;
}
