import type { Db } from './db.js';
import { migrate, openDatabase } from './db.js';
import { seedCatalogs } from './catalog.js';
import { createMerchant, type IssuedPair } from './merchants.js';
import { fundWallet } from './wallets.js';
import { getSetting, setSetting } from './settings.js';
import { SecretBox } from './secret-box.js';
import { attachSecretBox, sealClearResults } from './sealed-results.js';
import { tightenDataDir } from './file-modes.js';

export const DEMO_CODE = 'DEMO';
/** ₦1,000,000 of test money so the demo merchant can try every product at once. */
export const DEMO_TEST_FUNDING_KOBO = 100_000_000;

export interface OpenedStore {
  db: Db;
  /** Seals purchase results and upstream secrets; its key file lives beside the database. */
  box: SecretBox;
  /** Group/other permissions removed on start ("path 0644 -> 0600"): the caller logs them once. */
  fixedModes: string[];
  /** Purchase results an earlier version stored in clear, sealed by this start. */
  sealedResults: number;
  /** Present only when this call created the data directory's database: shown once. */
  demo: { merchantId: number; test: IssuedPair } | null;
}

/**
 * Whatever first opens a data directory (node or CLI) initialises it fully: migrations,
 * default catalogs, the DEMO merchant with a funded test wallet (DESIGN "Runtime modes").
 */
export function openStore(dataDir: string, catalogDir: string): OpenedStore {
  // Before opening, so a directory or file an earlier version left readable is reported.
  const fixedModes = tightenDataDir(dataDir);
  const db = openDatabase(dataDir);
  const box = SecretBox.forDataDir(dataDir);
  attachSecretBox(db, box);
  migrate(db);
  const sealedResults = sealClearResults(db);
  let demo: OpenedStore['demo'] = null;
  db.transaction(() => {
    if (getSetting(db, 'initialised', false)) return;
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
  return { db, box, fixedModes, sealedResults, demo };
}
