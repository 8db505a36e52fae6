/**
 * A catalog plan's facts in the words people use, for the node's admin Catalogs table and the
 * console's pickers: the catalog itself keeps the provider's codes (`out_of_stock`, `range`).
 */

/** Gift card stock (the spec's `fulfillment`), as the agent's gift card list and Catalogs say it. */
export const STOCK_WORDS: Record<string, string> = {
  immediate: 'in stock',
  standard: 'in stock, delivered within minutes',
  out_of_stock: 'out of stock',
  preorder: 'pre-order only',
};

/** A bill plan's `amount_type`: a bouquet's fixed price, or any amount between its limits. */
export const AMOUNT_TYPE_WORDS: Record<string, string> = {
  fixed: 'fixed amount',
  range: 'amount in a range',
};

/** An electricity plan's `meter_type`. */
export const METER_TYPE_WORDS: Record<string, string> = {
  prepaid: 'prepaid meter',
  postpaid: 'postpaid meter',
};

const regions = new Intl.DisplayNames(['en'], { type: 'region' });

/** "GB" -> "United Kingdom"; anything that is not a two-letter country code is shown as it came. */
export function regionName(code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  try {
    return regions.of(code) ?? code;
  } catch {
    return code;
  }
}

/** A word from one of the tables above, or the value as it came when the table has none. */
export const wordFor = (words: Record<string, string>, value: string): string => words[value] ?? value;
