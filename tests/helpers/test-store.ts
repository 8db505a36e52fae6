import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../../server/store/bootstrap.js';
import { catalogDir } from '../../server/store/catalog.js';
import { resourcesDir } from '../../server/resources.js';
import { createMerchant } from '../../server/store/merchants.js';
import { fundWallet } from '../../server/store/wallets.js';
import { recordEvent } from '../../server/store/events.js';
import type { Db } from '../../server/store/db.js';
import type { NewPurchase } from '../../server/store/purchases.js';

/**
 * A store on a fresh data directory with one merchant whose test wallet holds `fundKobo`, for
 * tests of store functions without a node. The directory is pushed onto `dirs` for cleanup.
 */
export function storeWithMerchant(dirs: string[], code: string, fundKobo: number) {
  const dir = mkdtempSync(join(tmpdir(), `vendpoint-${code.toLowerCase()}-`));
  dirs.push(dir);
  const { db } = openStore(dir, catalogDir(resourcesDir()));
  const m = createMerchant(db, { code, name: code }, 't').merchant;
  fundWallet(db, {
    merchantId: m.id,
    merchantCode: code,
    env: 'test',
    amountKobo: fundKobo,
    reason: 'test funding',
    actor: 't',
  });
  return { dir, db, m };
}

/** Records `count` wallet.funded events (objects `wallet:<prefix><i>`) in one transaction: an outbox to deliver. */
export function recordWalletEvents(db: Db, merchantId: number, count: number, prefix = ''): void {
  db.transaction(() => {
    for (let i = 0; i < count; i++)
      recordEvent(db, {
        merchantId,
        environment: 'test',
        type: 'wallet.funded',
        objectKey: `wallet:${prefix}${i}`,
        data: { i },
      });
  })();
}

/** A ₦100 MTN airtime sale on test under `idemKey`, debited in full; `change` alters any field. */
export function airtimePurchase(
  merchantId: number,
  idemKey: string,
  change: Partial<NewPurchase> = {},
): NewPurchase {
  return Object.assign(
    {
      merchantId,
      environment: 'test',
      idemKey,
      kind: 'transaction',
      surface: 'v1',
      product: 'airtime',
      network: 'MTN',
      msisdn: '08031234567',
      amountText: '100',
      amountKobo: 10_000,
      debitKobo: 10_000,
      actor: 't',
    } satisfies NewPurchase,
    change,
  );
}
