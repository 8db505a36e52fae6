import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, type Pair, type TestNode } from '../helpers/test-node.js';
import { openDatabase } from '../../server/store/db.js';
import { fundWallet } from '../../server/store/wallets.js';
import { updateUpstream } from '../../server/store/upstreams.js';
import { getMerchantByCode } from '../../server/store/merchants.js';
import { purchaseByKey, sellAirtime, startQueuedChain } from './live-node.js';

/**
 * Another process committing to the database (the operator's CLI) while live vends wait their
 * turn: the node's upstream instances must not be torn down under them. An unrelated write
 * keeps every instance; a change of the upstream itself gives a new one, and vends that were
 * waiting send through the new one even once the old pool is closed.
 */
describe('outside writes while vends wait for a slot', () => {
  let a: TestNode;
  let b: TestNode;
  let live: Pair;
  const code = 'OUTSIDE';

  beforeAll(async () => {
    ({ a, b, live } = await startQueuedChain(code));
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  const sell = (id: string) => sellAirtime(a, live, code, id);
  /** Plain writes on a second connection, as the CLI makes them. */
  const fromOutside = async (write: (db: ReturnType<typeof openDatabase>) => void) => {
    const other = openDatabase(a.dataDir);
    try {
      write(other);
    } finally {
      other.close();
    }
    await new Promise((r) => setTimeout(r, 5)); // data_version is read at most once per millisecond
  };

  it('an unrelated commit by another process keeps the upstream instance (and its pool)', async () => {
    const router = a.node.services.router;
    const before = router.byName('live', 'node-b');
    expect(before).toBeTruthy();
    await fromOutside((db) =>
      fundWallet(db, {
        merchantId: getMerchantByCode(a.node.services.db, code)!.id,
        merchantCode: code,
        env: 'test',
        amountKobo: 100,
        reason: 'top-up from the CLI',
        actor: 'cli',
      }),
    );
    expect(router.byName('live', 'node-b')).toBe(before);
  });

  it('vends queued behind the limit send through the upstream as changed, after the old pool closed', async () => {
    const router = a.node.services.router;
    const old = router.byName('live', 'node-b')!;
    const ids = Array.from({ length: 6 }, (_, i) => `outside-${i}`);
    const answers = await Promise.all(ids.map((id) => sell(id)));
    for (const r of answers) expect(r.json.response_code, r.text).toBe('02');
    // The operator changes the upstream while five of them wait; its old pool is then closed
    // (the node does that a minute after a change: here at once).
    await fromOutside((db) =>
      updateUpstream(db, a.node.services.box, 'node-b', { options: { timeoutMs: 6_000 } }, 'cli'),
    );
    expect(router.byName('live', 'node-b')).not.toBe(old);
    await old.close?.();
    const states = await eventually(
      async () => ids.map((id) => purchaseByKey(a, id)?.state),
      (s) => s.every((x) => x !== 'pending'),
    );
    expect(states).toEqual(ids.map(() => 'success'));
    expect(a.ledgerOk()).toBe(true);
  });
});
