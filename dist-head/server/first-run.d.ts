import type { IssuedPair } from './store/merchants.js';
/** Shown once, when a new data directory is created: the DEMO test pair and a curl to try. */
export declare function printFirstRun(url: string, pair: IssuedPair): void;
