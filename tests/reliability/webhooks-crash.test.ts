import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Agent, request } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from '../../server/store/bootstrap.js';
import { catalogDir } from '../../server/store/catalog.js';
import { resourcesDir } from '../../server/resources.js';
import { createMerchant } from '../../server/store/merchants.js';
import { fundWallet } from '../../server/store/wallets.js';
import { createEndpoint } from '../../server/store/webhooks.js';
import { SecretBox } from '../../server/store/secret-box.js';
import { verifySignature } from '../../server/domain/webhook-signature.js';
import { startNodeProcess, type NodeProcess } from '../helpers/node-process.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';

/**
 * kill -9 of the node while 500 events are being delivered: after the restarts every
 * purchase's outcome event reached the receiver at least once, validly signed, and nothing
 * arrived that the database does not hold (no invented event, none contradicting the
 * purchase's final state).
 */

const nodes = new Set<NodeProcess>();
afterAll(async () => {
  for (const n of nodes) await n.stop('SIGKILL');
});

async function startNodeChild(dataDir: string): Promise<NodeProcess> {
  const node = await startNodeProcess({
    dataDir,
    args: ['--rate-limit', '0', '--allow-private-webhooks'],
    schedules: true, // the pending poller settles the sales a kill left pending
  });
  nodes.add(node);
  void node.exited.then(() => nodes.delete(node));
  return node;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('webhooks: crash during delivery', () => {
  it('kill -9 twice while 500 events are delivered: afterwards every event arrived at least once and none was invented', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vendpoint-hookcrash-'));
    let rx: WebhookReceiver | null = null;
    try {
      rx = await startWebhookReceiver();
      const { db } = openStore(dataDir, catalogDir(resourcesDir()));
      const m = createMerchant(db, { code: 'HOOKKILL', name: 'Hook Kill' }, 'test');
      fundWallet(db, {
        merchantId: m.merchant.id,
        merchantCode: 'HOOKKILL',
        env: 'test',
        amountKobo: 10_000_000_00,
        reason: 'test funding',
        actor: 'test',
      });
      const { secret } = createEndpoint(db, SecretBox.forDataDir(dataDir), {
        merchantId: m.merchant.id,
        environment: 'test',
        url: rx.url,
        eventTypes: ['transaction.succeeded', 'transaction.failed'],
        actor: 'test',
      });
      db.close();
      const agent = new Agent({ connections: 16 });
      let node = await startNodeChild(dataDir);
      const TOTAL = 500;
      let next = 0;
      const fire = async (url: string) => {
        while (next < TOTAL) {
          const i = next++;
          try {
            await request(`${url}/v1/transactions`, {
              method: 'POST',
              dispatcher: agent,
              headers: {
                'content-type': 'application/json',
                'x-merchant-key': m.test.key,
                'x-merchant-secret': m.test.secret,
              },
              body: JSON.stringify({
                merchant_code: 'HOOKKILL',
                customer_msisdn: '08031234567',
                network: 'mtn',
                product: 'airtime',
                amount: '50',
                client_request_id: `k-${i}`,
              }),
            }).then((r) => r.body.dump());
          } catch {
            next = Math.min(next, i); // the node died under this request: send it again later (422 if it was stored)
            return;
          }
        }
      };
      await Promise.all(Array.from({ length: 16 }, () => fire(node.url)));
      for (const killAt of [120, 300]) {
        const until = Date.now() + 30_000;
        while (rx.received.length < killAt && Date.now() < until) await sleep(5);
        await node.stop('SIGKILL');
        node = await startNodeChild(dataDir);
        await Promise.all(Array.from({ length: 16 }, () => fire(node.url)));
      }
      const check = new Database(join(dataDir, 'vendpoint.db'), { readonly: true });
      const finals = () =>
        check
          .prepare(`SELECT idem_key, state FROM purchases WHERE merchant_id = ? AND state <> 'pending'`)
          .all(m.merchant.id) as { idem_key: string; state: string }[];
      const distinct = () => new Set(rx!.received.map((h) => h.json.id)).size;
      const until = Date.now() + 60_000;
      while (Date.now() < until && (finals().length < TOTAL || distinct() < finals().length))
        await sleep(100);
      const purchases = finals();
      expect(purchases.length).toBe(TOTAL);
      const stateOf = new Map(purchases.map((p) => [p.idem_key, p.state]));
      const received = new Map<string, { type: string; key: string }>();
      for (const h of rx.received) {
        expect(
          verifySignature(
            secret,
            String(h.headers['vendpoint-signature']),
            h.body,
            Math.floor(Date.now() / 1000),
          ),
        ).toBe(true);
        received.set(h.json.id, { type: h.json.type, key: h.json.data.data.request_id });
      }
      // Every purchase's outcome arrived, under the event id the database holds for it.
      const stored = check
        .prepare(
          `SELECT id, type, json_extract(data, '$.data.request_id') AS key FROM events WHERE merchant_id = ? AND type LIKE 'transaction.%'`,
        )
        .all(m.merchant.id) as { id: number; type: string; key: string }[];
      expect(stored.length).toBe(TOTAL);
      for (const e of stored)
        expect(received.get(`evt_${e.id}`), `evt_${e.id}`).toEqual({ type: e.type, key: e.key });
      // Nothing invented: each arrival is a stored event matching its purchase's final state.
      expect(received.size).toBe(TOTAL);
      for (const { type, key } of received.values())
        expect(type).toBe(stateOf.get(key) === 'success' ? 'transaction.succeeded' : 'transaction.failed');
      console.log(
        `webhook crash run: ${rx.received.length} requests for ${received.size} events (${rx.received.length - received.size} repeats after kills)`,
      );
      check.close();
      await node.stop('SIGKILL');
      await agent.close();
    } finally {
      await rx?.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
