import { migrate, openDatabase } from './db.js';
import { seedCatalogs } from './catalog.js';
import { createMerchant } from './merchants.js';
import { fundWallet } from './wallets.js';
import { getSetting, setSetting } from './settings.js';
export const DEMO_CODE = 'DEMO';
/** ₦1,000,000 of test money so the demo merchant can try every product at once. */
export const DEMO_TEST_FUNDING_KOBO = 100_000_000;
/**
 * Whatever first opens a data directory (node or CLI) initialises it fully: migrations,
 * default catalogs, the DEMO merchant with a funded test wallet (DESIGN "Runtime modes").
 */
export function openStore(dataDir, catalogDir) {
    const db = openDatabase(dataDir);
    migrate(db);
    let demo = null;
    db.transaction(() => {
        if (getSetting(db, 'initialised', false))
            return;
        seedCatalogs(db, catalogDir);
        const created = createMerchant(db, { code: DEMO_CODE, name: 'Demo Merchant' }, 'system');
        fundWallet(db, {
            merchantId: created.merchant.id,
            merchantCode: DEMO_CODE,
            env: 'test',
            amountKobo: DEMO_TEST_FUNDING_KOBO,
            reason: 'demo test funding on first start',
            actor: 'system',
        });
        setSetting(db, 'initialised', true);
        demo = { merchantId: created.merchant.id, test: created.test };
    }).immediate();
    return { db, demo };
}
//# sourceMappingURL=bootstrap.js.map