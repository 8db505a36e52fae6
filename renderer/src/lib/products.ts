import { BILL_TEXT, type BillProduct } from './bills.js';
import { networkName } from './network-names.js';
import {
  ESIM_REDEMPTION_PRODUCT,
  PRODUCT_NAMES,
  isSoldProduct,
  type SoldProduct,
} from '../../../common/products.js';

/** The seven things an agent sells, with their tile shortcut keys. */
export type SellProduct = 'airtime' | 'data' | 'electricity' | 'cable' | 'betting' | 'giftcards' | 'esim';

export interface ProductTile {
  id: SellProduct;
  label: string;
  hint: string;
  key: string;
}

/** The node's name for each tile's product (GET /console/products answers by these). */
export const TILE_PRODUCT: Record<SellProduct, SoldProduct> = {
  airtime: 'airtime',
  data: 'data',
  electricity: 'ELECTRICITY',
  cable: 'CABLE',
  betting: 'BETTING',
  giftcards: 'giftcard',
  esim: 'esim',
};

/** A tile names its product as a whole, as the admin pages and reports do. */
const tile = (id: SellProduct, hint: string, key: string): ProductTile => ({
  id,
  label: PRODUCT_NAMES[TILE_PRODUCT[id]].category,
  hint,
  key,
});

export const PRODUCT_TILES: ProductTile[] = [
  tile('airtime', 'MTN, Glo, Airtel, 9mobile', 'A'),
  tile('data', 'Bundles for every network', 'D'),
  tile('electricity', 'Prepaid tokens and postpaid bills', 'E'),
  tile('cable', 'DStv, GOtv, StarTimes', 'C'),
  tile('betting', 'Fund a betting wallet', 'B'),
  tile('giftcards', 'Gaming, shopping, streaming', 'G'),
  tile('esim', 'Travel data abroad', 'S'),
];

/** The tile for a keyboard key, if any (case-insensitive). */
export function tileForKey(key: string): ProductTile | undefined {
  const k = key.toUpperCase();
  return PRODUCT_TILES.find((t) => t.key === k);
}

/**
 * The sold product a purchase is: orders by their kind (their product column is the kind too),
 * a gift card redeemed into an eSIM (transaction product ESIM) as an eSIM.
 */
function soldProductOf(product: string, kind?: string): SoldProduct | undefined {
  const p =
    kind === 'giftcard' || kind === 'esim' ? kind : product === ESIM_REDEMPTION_PRODUCT ? 'esim' : product;
  return isSoldProduct(p) ? p : undefined;
}

/** A purchase's product as the receipt and history name one sale of it ("Gift card"). */
export function productName(product: string, kind?: string): string {
  const sold = soldProductOf(product, kind);
  return sold ? PRODUCT_NAMES[sold].sale : product;
}

/**
 * A purchase's product inside a sentence ("Another gift card sale"): a name whose only capital
 * is its first letter is an ordinary noun and goes lower case; one with a capital of its own
 * elsewhere (Cable TV, eSIM, a code the console does not know) is spelled as it is.
 */
export function productNameInText(product: string, kind?: string): string {
  const name = productName(product, kind);
  return /^[A-Z][^A-Z]*$/.test(name) ? name.charAt(0).toLowerCase() + name.slice(1) : name;
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
  const sold = soldProductOf(words[0]);
  if (sold) words[0] = `${PRODUCT_NAMES[sold].sale} ·`;
  return words.join(' ');
}

/** "Airtel only", "IBEDC, EKEDC only": the networks a live product is routed for, as a tile says them. */
export const onlyNetworksText = (networks: readonly string[]): string =>
  `${networks.map(networkName).join(', ')} only`;

/**
 * Why a live sale of `product` cannot go to `network` (no provider routed for it), naming the
 * networks that can be sold; '' when it can, or when any can (`routed` null, as in test).
 */
export function unroutedNetworkText(
  product: SoldProduct,
  routed: readonly string[] | null,
  network: string | null | undefined,
): string {
  if (!network || !routed || routed.some((n) => n.toLowerCase() === network.toLowerCase())) return '';
  // "Cable TV" -> "cable TV": the first letter only, as in the tiles' reasons.
  const category = PRODUCT_NAMES[product].category;
  const name = category.charAt(0).toLowerCase() + category.slice(1);
  const sold = routed.length ? routed.map(networkName).join(', ') : 'no network';
  return `Live ${name} can be sold for ${sold} only: no provider is set up for ${networkName(network)}. An admin can add one.`;
}
