/** The seven things the node sells, by their route product: a route, a price and a console tile each. */
export const SOLD_PRODUCTS = [
  'airtime',
  'data',
  'ELECTRICITY',
  'CABLE',
  'BETTING',
  'giftcard',
  'esim',
] as const;
export type SoldProduct = (typeof SOLD_PRODUCTS)[number];

export interface ProductNames {
  /** One sale of it: a receipt, a History row, a ledger line ("Gift card"). */
  sale: string;
  /** The product as a whole: a tile, a filter, a table or report line ("Gift cards"). */
  category: string;
}

/**
 * What people call each product, on the console and in the node's reports alike: the one place
 * these words live, so a screen and an e-mail never name a product two ways.
 */
export const PRODUCT_NAMES: Record<SoldProduct, ProductNames> = {
  airtime: { sale: 'Airtime', category: 'Airtime' },
  data: { sale: 'Data', category: 'Data' },
  ELECTRICITY: { sale: 'Electricity', category: 'Electricity' },
  CABLE: { sale: 'Cable TV', category: 'Cable TV' },
  BETTING: { sale: 'Betting', category: 'Betting' },
  giftcard: { sale: 'Gift card', category: 'Gift cards' },
  esim: { sale: 'eSIM', category: 'eSIM' },
};

/**
 * A gift card redeemed into a travel eSIM is sold on POST /v1/transactions with this product
 * (spec), and is delivered, routed, shown and drawn as a QR like an eSIM order.
 */
export const ESIM_REDEMPTION_PRODUCT = 'ESIM';

/**
 * The order products are listed in wherever the console or a report counts them (the tiles'
 * order; a redemption into an eSIM after eSIM orders; anything else after them, alphabetically):
 * the codes' own order put the bills (upper case) before airtime.
 */
const PRODUCT_ORDER: readonly string[] = [...SOLD_PRODUCTS, ESIM_REDEMPTION_PRODUCT];

export function compareProducts(a: string, b: string): number {
  const rank = (p: string) => {
    const i = PRODUCT_ORDER.indexOf(p);
    return i === -1 ? PRODUCT_ORDER.length : i;
  };
  return rank(a) - rank(b) || a.localeCompare(b);
}

export function isSoldProduct(p: string): p is SoldProduct {
  return (SOLD_PRODUCTS as readonly string[]).includes(p);
}

/** A product's name as a whole ("Gift cards"); a code that is none of the seven as it is. */
export function productCategoryName(product: string): string {
  return isSoldProduct(product) ? PRODUCT_NAMES[product].category : product;
}

/** A product's name for one sale of it ("Gift card"); a code that is none of the seven as it is. */
export function productSaleName(product: string): string {
  return isSoldProduct(product) ? PRODUCT_NAMES[product].sale : product;
}

/**
 * A line of a daily report's totals by product (the e-mail and the console's summary): reports
 * count redemptions into an eSIM apart from eSIM orders, so they are named apart too.
 */
export function reportProductName(product: string): string {
  return product === ESIM_REDEMPTION_PRODUCT
    ? `${PRODUCT_NAMES.esim.category} (gift-card redemption)`
    : productCategoryName(product);
}
