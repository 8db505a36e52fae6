import { holdStampsFromBooks } from './stamp-clock.js';
import type { Db } from './db.js';
import { migrate, openDatabase } from './db.js';
import { seedCatalogs } from './catalog.js';
import { createMerchant, getMerchantByCode, rotateCredentials, type IssuedPair } from './merchants.js';
import { fundWallet } from './wallets.js';
import { getSetting, setSetting, SETTINGS } from './settings.js';
import { SecretBox } from './secret-box.js';
import { attachSecretBox, sealClearResults } from './sealed-results.js';
import { tightenDataDir } from './file-modes.js';
import { sealedWitnesses } from './key-witnesses.js';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const DEMO_CODE = 'DEMO';

/** Set to 1 to start on a database whose secret.key is lost for good (its sealed data is then unreadable). */
export const REPLACE_LOST_KEY_ENV = 'VENDPOINT_REPLACE_LOST_SECRET_KEY';

/**
 * The data directory's secret.key, refusing a missing or foreign one for a database that was
 * sealed with another: a new key would leave every sealed secret and result unreadable (500s
 * on status, upstreams gone) and seal new ones with a key the real one cannot open. A
 * restore needs the database and its key file together.
 */
function openSecretBox(db: Db, dataDir: string): SecretBox {
  const file = join(dataDir, 'secret.key');
  const replacing = process.env[REPLACE_LOST_KEY_ENV] === '1';
  const { check, initialised } = storedKeyCheck(db);
  // A database from before the check was still made with a key: initialised says it exists.
  if ((check !== null || initialised) && !existsSync(file) && !replacing)
    throw new Error(
      `${file} is missing, but the database in ${dataDir} was sealed with one. Copy in the secret.key that belongs to this database (a backup is restored together with its key file). If that key is lost for good, start once with ${REPLACE_LOST_KEY_ENV}=1: a new key is made, and the upstream, webhook and SMTP secrets and the sealed purchase results (tokens, card codes) stored so far stay unreadable; re-enter the secrets.`,
    );
  const box = SecretBox.forDataDir(dataDir);
  // A database from before the check (the first release's) says nothing of its key, but a secret
  // it sealed does: a foreign key must not be recorded as its own and seal its results.
  if (check === null && initialised && !replacing && !opensSealedWitness(db, box))
    throw new Error(
      `${file} is not the key the database in ${dataDir} was sealed with: it cannot open what is stored there sealed (an upstream's or a webhook's secret, the SMTP URL, a sale's token or card codes). Copy in the secret.key that belongs to this database, or see ${REPLACE_LOST_KEY_ENV} if it is lost for good.`,
    );
  if (check !== null && check !== box.fingerprint()) {
    if (!replacing)
      throw new Error(
        `${file} is not the key the database in ${dataDir} was sealed with (it belongs to another data directory). Copy in the right secret.key, or see ${REPLACE_LOST_KEY_ENV} if it is lost for good.`,
      );
    setSetting(db, SETTINGS.secretKeyCheck, box.fingerprint());
  }
  return box;
}

/** Whether the key opens a value the database sealed (key-witnesses.ts lists them); true when it holds none. */
function opensSealedWitness(db: Db, box: SecretBox): boolean {
  const witnesses = sealedWitnesses(db);
  if (witnesses.length === 0) return true;
  // A wrong key opens none. One that opens some is the key the directory last sealed with: a
  // version of this age made a new key silently when the file was missing, so older values may
  // be sealed with a lost one.
  return witnesses.some((sealed) => {
    try {
      box.open(sealed);
      return true;
    } catch {
      return false;
    }
  });
}

/** The stored key check (null for a new database or one from before the check), and whether it was set up. */
function storedKeyCheck(db: Db): { check: string | null; initialised: boolean } {
  const hasSettings = db
    .prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'settings'`)
    .get();
  if (!hasSettings) return { check: null, initialised: false };
  return {
    check: getSetting(db, SETTINGS.secretKeyCheck),
    initialised: getSetting(db, SETTINGS.initialised),
  };
}
export function markDemoPairShown(db: Db): void {
  if (getSetting(db, SETTINGS.demoPairUnshown)) setSetting(db, SETTINGS.demoPairUnshown, false);
}

/**
 * The DEMO test pair of a first start that stopped before its banner (killed, a power cut):
 * nobody saw it, so a fresh one replaces it (the unseen one is revoked) for this start to show;
 * null when it was shown. Still marked unshown until the caller has shown it.
 */
export function reissueUnshownDemoPair(db: Db): IssuedPair | null {
  if (!getSetting(db, SETTINGS.demoPairUnshown)) return null;
  if (!getMerchantByCode(db, DEMO_CODE)) {
    markDemoPairShown(db);
    return null;
  }
  return db.transaction(() => {
    const pair = rotateCredentials(db, DEMO_CODE, 'test', 'system');
    setSetting(db, SETTINGS.demoPairUnshown, true); // the rotation counts as shown; this one is not yet
    return pair;
  })();
}

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
 * The database alone, for checking the books (`ledger verify`): secret.key is neither needed
 * nor made, and nothing is sealed or seeded, so a backup can be checked before its key is
 * found. Pending migrations are applied, as by any opening (they are SQL alone).
 */
export function openBooks(dataDir: string): { db: Db; fixedModes: string[] } {
  const fixedModes = tightenDataDir(dataDir);
  const db = openDatabase(dataDir);
  try {
    migrate(db);
  } catch (err) {
    db.close();
    throw err;
  }
  return { db, fixedModes };
}

/**
 * Whatever first opens a data directory (node or CLI) initialises it fully: migrations,
 * default catalogs, the DEMO merchant with a funded test wallet (DESIGN "Runtime modes").
 */
export function openStore(dataDir: string, catalogDir: string): OpenedStore {
  // Before opening, so a directory or file an earlier version left readable is reported.
  const fixedModes = tightenDataDir(dataDir);
  const db = openDatabase(dataDir);
  let box: SecretBox;
  try {
    box = openSecretBox(db, dataDir);
  } catch (err) {
    db.close();
    throw err;
  }
  attachSecretBox(db, box);
  migrate(db);
  // A clock set back while the node was stopped must not stamp new records before old ones.
  holdStampsFromBooks(db);
  // Databases from before the check get it now, from the key they were opened with.
  if (getSetting(db, SETTINGS.secretKeyCheck) === null)
    setSetting(db, SETTINGS.secretKeyCheck, box.fingerprint());
  const sealedResults = sealClearResults(db);
  let demo: OpenedStore['demo'] = null;
  db.transaction(() => {
    if (getSetting(db, SETTINGS.initialised)) return;
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
    setSetting(db, SETTINGS.initialised, true);
    setSetting(db, SETTINGS.demoPairUnshown, true);
    demo = { merchantId: created.merchant.id, test: created.test };
  }).immediate();
  return { db, box, fixedModes, sealedResults, demo };
}
