import type { Telco } from './networks.js';
/**
 * Number prefix -> network as allocated by the NCC. Numbers are ported between networks,
 * so this is a hint for the console (which warns on a mismatch), never a rule for the API.
 */
export declare const PREFIX_NETWORK: Record<string, Telco>;
/** Detects the network of a local (0…) or international (234…) number; null when unknown. */
export declare function detectNetwork(msisdn: string): Telco | null;
