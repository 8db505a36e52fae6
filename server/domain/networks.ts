import { InvalidInput } from './errors.js';

import { isMobileNumber, TELCOS, toLocalMsisdn, type Telco } from '../../common/network-prefixes.js';

export { TELCOS, type Telco };
export { SOLD_PRODUCTS } from '../../common/products.js';

export const BILL_PRODUCTS = ['ELECTRICITY', 'CABLE', 'BETTING'] as const;
export type BillProduct = (typeof BILL_PRODUCTS)[number];
export type TelcoProduct = 'airtime' | 'data';

export type TransactionProduct = TelcoProduct | BillProduct | 'ESIM';

export const BILL_NETWORKS: Record<BillProduct, readonly string[]> = {
  ELECTRICITY: [
    'Ikeja Electric',
    'EKEDC',
    'AEDC',
    'IBEDC',
    'EEDC',
    'KEDCO',
    'JED',
    'PHED',
    'BEDC',
    'ABEDC',
    'KAEDCO',
    'YEDC',
    'ABA',
  ],
  CABLE: ['DSTV', 'GOTV', 'STARTIMES'],
  BETTING: ['BET9JA', 'SPORTYBET', '1XBET', 'BETKING', 'BETWAY', 'NAIRABET', 'MERRYBET', 'BANGBET'],
};

export function isBillProduct(p: string): p is BillProduct {
  return (BILL_PRODUCTS as readonly string[]).includes(p);
}

export function parseProduct(value: unknown): TransactionProduct {
  if (value === 'airtime' || value === 'data' || value === 'ESIM') return value;
  if (typeof value === 'string' && isBillProduct(value)) return value;
  throw new InvalidInput(
    'product must be one of airtime, data, ELECTRICITY, CABLE, BETTING, ESIM',
    'product',
  );
}

/** Telco network: the four names in any case; echoed uppercase. */
export function parseTelco(value: unknown): Telco {
  const upper = typeof value === 'string' ? value.toUpperCase() : '';
  if ((TELCOS as readonly string[]).includes(upper)) return upper as Telco;
  throw new InvalidInput('network must be one of mtn, glo, airtel, 9mobile', 'network');
}

/** Bill network: the spec's exact values; case-insensitive match, canonical spelling returned. */
export function parseBillNetwork(product: BillProduct, value: unknown): string {
  const wanted = typeof value === 'string' ? value.trim().toLowerCase() : '';
  const found = BILL_NETWORKS[product].find((n) => n.toLowerCase() === wanted);
  if (!found) {
    throw new InvalidInput(
      `network for ${product} must be one of ${BILL_NETWORKS[product].join(', ')}`,
      'network',
    );
  }
  return found;
}

/**
 * Nigerian mobile number: 11 digits starting 0 (080…, 070…, 090…, 081…, 091…; not 0800,
 * 0700 or 0900) or the same in international form 234… (13 digits). Returns the local
 * 0-prefixed form.
 */
export function parseMsisdn(value: unknown, field = 'customer_msisdn'): string {
  if (typeof value !== 'string') throw new InvalidInput(`${field} must be a string`, field);
  if (isMobileNumber(value)) return toLocalMsisdn(value);
  throw new InvalidInput(
    `${field} must be a Nigerian mobile number like 08031234567 or 2348031234567`,
    field,
  );
}

/** Meter, smartcard and betting ids: 1-40 characters of letters, digits and dashes. */
export function parseCustomerId(value: unknown, field = 'customer_msisdn'): string {
  if (typeof value !== 'string' || !/^[A-Za-z0-9-]{1,40}$/.test(value)) {
    throw new InvalidInput(
      `${field} must be the meter, smartcard or betting account id (letters and digits)`,
      field,
    );
  }
  return value;
}

/**
 * The network a pricing term or an upstream route names, in the spelling sales carry, or ''
 * for the whole product. A name no sale of the product carries is refused: a term or a route
 * for it would be saved and never apply (a console hint once suggested "IKEDC", which is not a
 * distribution company's code).
 */
export function productNetwork(product: string, network: string): string {
  const n = network.trim();
  if (!n) return '';
  if (product === 'airtime' || product === 'data') return parseTelco(n);
  if (isBillProduct(product)) return parseBillNetwork(product, n);
  throw new InvalidInput(`${product} is priced and routed as a whole: leave the network empty`, 'network');
}
