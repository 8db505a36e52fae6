import { BILL_TEXT, type BillProduct } from './bills.js';

/** The seven things an agent sells, with their tile shortcut keys. */
export type SellProduct = 'airtime' | 'data' | 'electricity' | 'cable' | 'betting' | 'giftcards' | 'esim';

export interface ProductTile {
  id: SellProduct;
  label: string;
  hint: string;
  key: string;
}

export const PRODUCT_TILES: ProductTile[] = [
  { id: 'airtime', label: 'Airtime', hint: 'MTN, Glo, Airtel, 9mobile', key: 'A' },
  { id: 'data', label: 'Data', hint: 'Bundles for every network', key: 'D' },
  { id: 'electricity', label: 'Electricity', hint: 'Prepaid tokens and postpaid bills', key: 'E' },
  { id: 'cable', label: 'Cable TV', hint: 'DStv, GOtv, StarTimes', key: 'C' },
  { id: 'betting', label: 'Betting', hint: 'Fund a betting wallet', key: 'B' },
  { id: 'giftcards', label: 'Gift cards', hint: 'Gaming, shopping, streaming', key: 'G' },
  { id: 'esim', label: 'eSIM', hint: 'Travel data abroad', key: 'S' },
];

/** The node's name for each tile's product (GET /console/products answers by these). */
export const TILE_PRODUCT: Record<SellProduct, string> = {
  airtime: 'airtime',
  data: 'data',
  electricity: 'ELECTRICITY',
  cable: 'CABLE',
  betting: 'BETTING',
  giftcards: 'giftcard',
  esim: 'esim',
};

/** The tile for a keyboard key, if any (case-insensitive). */
export function tileForKey(key: string): ProductTile | undefined {
  const k = key.toUpperCase();
  return PRODUCT_TILES.find((t) => t.key === k);
}

const PRODUCT_NAMES: Record<string, string> = {
  airtime: 'Airtime',
  data: 'Data',
  ELECTRICITY: 'Electricity',
  CABLE: 'Cable TV',
  BETTING: 'Betting',
  giftcard: 'Gift card',
  esim: 'eSIM',
  ESIM: 'eSIM',
};

/** A purchase's product as the receipt and history name it. */
export function productName(product: string, kind?: string): string {
  if (kind === 'giftcard') return 'Gift card';
  if (kind === 'esim') return 'eSIM';
  return PRODUCT_NAMES[product] ?? product;
}

/** The names of a sale's provider, plan and customer id: a bill's are its form's (BILL_TEXT). */
export interface SaleFieldLabels {
  provider: string;
  plan: string;
  customer: string;
}

/** The receipt's names for a sale's fields, the ones its sell form and confirm step use. */
export function saleFieldLabels(product: string, kind: string): SaleFieldLabels {
  if (product in BILL_TEXT) return BILL_TEXT[product as BillProduct];
  return { provider: 'Network', plan: kind === 'transaction' ? 'Plan' : 'Item', customer: 'Phone number' };
}

export const STATUS_LABEL: Record<string, string> = {
  success: 'Successful',
  failed: 'Failed',
  pending: 'Pending',
  reversed: 'Reversed',
};

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/**
 * The last 8 characters of a purchase reference: enough to find it in History, short enough to
 * read out. Not the first block: references are time-ordered (UUID v7), so every sale of the same
 * minute starts alike; the tail is random in old and new references.
 */
export const shortReference = (ref: string): string => ref.slice(-8).toUpperCase();

/** Ledger reasons that start with the entry's own kind, which the Entry column already shows. */
const KIND_PREFIXED = /^(refund|correction|reversal) /;

/**
 * A ledger line for people: "ELECTRICITY …-…45e1a9c2" becomes "Electricity · 45E1A9C2", product
 * codes by their names and references by their short form; "refund …45e1a9c2: why" becomes
 * "Sale 45E1A9C2: why" (the Entry column beside it already says "Refund").
 */
export function ledgerText(reason: string): string {
  const words = reason
    .replace(KIND_PREFIXED, 'Sale ')
    .replace(UUID, (u) => shortReference(u))
    .split(' ');
  if (words.length && PRODUCT_NAMES[words[0]]) words[0] = `${PRODUCT_NAMES[words[0]]} ·`;
  return words.join(' ');
}
