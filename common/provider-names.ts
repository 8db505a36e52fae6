/**
 * How people write the bill providers the API names in capitals (GOTV, BET9JA): the console's
 * receipts and tables, and the test simulator's refusals, which the desk shows to the agent.
 * Distribution companies keep their acronyms, which is how customers know them.
 */
export const BILL_PROVIDER_NAMES: Readonly<Record<string, string>> = {
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

/** "GOTV" -> "GOtv", "SPORTYBET" -> "SportyBet"; case-insensitive, anything else unchanged. */
export function billProviderName(code: string): string {
  return Object.hasOwn(BILL_PROVIDER_NAMES, code.toUpperCase())
    ? BILL_PROVIDER_NAMES[code.toUpperCase()]
    : code;
}
