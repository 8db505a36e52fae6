import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from '../../server/store/bootstrap.js';
import { catalogDir } from '../../server/store/catalog.js';
import { resourcesDir } from '../../server/resources.js';
import { createMerchant } from '../../server/store/merchants.js';
import { fundWallet } from '../../server/store/wallets.js';
import { createEndpoint } from '../../server/store/webhooks.js';
import { SecretBox } from '../../server/store/secret-box.js';
import { startNodeProcess, type NodeProcess } from '../helpers/node-process.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';

/**
 * A real node under libfaketime whose clock is set back two hours while it runs (NTP correcting
 * a point-of-sale PC), as `faketime` does with a changing offset: the webhooks of sales made after
 * the step still go out. The monotonic clock is left alone, as a real step leaves it.
 */
const LIBFAKETIME = '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1';
const nodes: NodeProcess[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const n of nodes) await n.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function startNodeUnderFaketime(dataDir: string, offsetFile: string): Promise<string> {
  const node = await startNodeProcess({
    dataDir,
    args: ['--allow-private-webhooks'],
    schedules: true,
    env: {
      LD_PRELOAD: LIBFAKETIME,
      FAKETIME_TIMESTAMP_FILE: offsetFile,
      FAKETIME_NO_CACHE: '1',
      FAKETIME_DONT_FAKE_MONOTONIC: '1',
    },
  });
  nodes.push(node);
  return node.url;
}

/** Resolves once the receiver holds `count` requests (the test's timeout bounds the wait). */
function received(rx: WebhookReceiver, count: number): Promise<void> {
  return new Promise((resolve) => {
    const check = () => (rx.received.length >= count ? resolve() : setTimeout(check, 20));
    check();
  });
}

describe.skipIf(!existsSync(LIBFAKETIME))('webhooks when the clock is set back two hours', () => {
  it('deliver the events of sales made after the step at once, not once the clock is back at the old time', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vendpoint-hook-clock-'));
    dirs.push(dataDir);
    // libfaketime reads the clock's offset from this file at every reading.
    const offsetFile = `${dataDir}-faketime`;
    dirs.push(offsetFile);
    writeFileSync(offsetFile, '+0\n');
    const rx = await startWebhookReceiver();
    try {
      const { db } = openStore(dataDir, catalogDir(resourcesDir()));
      const m = createMerchant(db, { code: 'HOOKCLOCK', name: 'Hook Clock' }, 'test');
      fundWallet(db, {
        merchantId: m.merchant.id,
        merchantCode: 'HOOKCLOCK',
        env: 'test',
        amountKobo: 1_000_000,
        reason: 'test funding',
        actor: 'test',
      });
      createEndpoint(db, SecretBox.forDataDir(dataDir), {
        merchantId: m.merchant.id,
        environment: 'test',
        url: rx.url,
        eventTypes: ['transaction.succeeded'],
        actor: 'test',
      });
      db.close();
      const url = await startNodeUnderFaketime(dataDir, offsetFile);
      const sell = (key: string) =>
        request(`${url}/v1/transactions`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-merchant-key': m.test.key,
            'x-merchant-secret': m.test.secret,
          },
          body: JSON.stringify({
            merchant_code: 'HOOKCLOCK',
            customer_msisdn: '08031234567',
            network: 'mtn',
            product: 'airtime',
            amount: '50',
            client_request_id: key,
          }),
        }).then((r) => r.body.json() as Promise<{ status: string }>);
      await sell('before-the-step');
      await received(rx, 1);
      writeFileSync(offsetFile, '-2h\n');
      await sell('after-the-step');
      await received(rx, 2);
      expect(rx.received.map((h) => h.json.type)).toEqual(['transaction.succeeded', 'transaction.succeeded']);
    } finally {
      await rx.close();
    }
  }, 60_000);
});
