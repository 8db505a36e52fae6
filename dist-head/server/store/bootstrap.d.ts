import type { Db } from './db.js';
import { type IssuedPair } from './merchants.js';
export declare const DEMO_CODE = "DEMO";
/** ₦1,000,000 of test money so the demo merchant can try every product at once. */
export declare const DEMO_TEST_FUNDING_KOBO = 100000000;
export interface OpenedStore {
    db: Db;
    /** Present only when this call created the data directory's database: shown once. */
    demo: {
        merchantId: number;
        test: IssuedPair;
    } | null;
}
/**
 * Whatever first opens a data directory (node or CLI) initialises it fully: migrations,
 * default catalogs, the DEMO merchant with a funded test wallet (DESIGN "Runtime modes").
 */
export declare function openStore(dataDir: string, catalogDir: string): OpenedStore;
