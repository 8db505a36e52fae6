export declare const TELCOS: readonly ["MTN", "GLO", "AIRTEL", "9MOBILE"];
export type Telco = (typeof TELCOS)[number];
export declare const BILL_PRODUCTS: readonly ["ELECTRICITY", "CABLE", "BETTING"];
export type BillProduct = (typeof BILL_PRODUCTS)[number];
export type TelcoProduct = 'airtime' | 'data';
export type TransactionProduct = TelcoProduct | BillProduct | 'ESIM';
export declare const BILL_NETWORKS: Record<BillProduct, readonly string[]>;
export declare function isBillProduct(p: string): p is BillProduct;
export declare function parseProduct(value: unknown): TransactionProduct;
/** Telco network: the four names in any case; echoed uppercase. */
export declare function parseTelco(value: unknown): Telco;
/** Bill network: the spec's exact values; case-insensitive match, canonical spelling returned. */
export declare function parseBillNetwork(product: BillProduct, value: unknown): string;
/**
 * Nigerian mobile number: 11 digits starting 0 (080…, 070…, 090…, 081…, 091…) or the same
 * in international form 234… (13 digits). Returns the local 0-prefixed form.
 */
export declare function parseMsisdn(value: unknown, field?: string): string;
/** Meter, smartcard and betting ids: 1-40 characters of letters, digits and dashes. */
export declare function parseCustomerId(value: unknown, field?: string): string;
