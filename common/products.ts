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
