import { startTestNode, type TestNode } from './test-node.js';
import { addUpstream } from '../../server/store/upstreams.js';
import { seedReconciliationDay, type SeedRow } from './reconcile-seed.js';

export interface ReconcilePair {
  /** Our node: it sold through the upstream named `up`. */
  ours: TestNode;
  /** The upstream: another VendPoint node where we are merchant UP. */
  theirs: TestNode;
  merchant: { id: number; code: string };
  /** Our live secret at the upstream (merchant UP). */
  upSecret: string;
  seed(rows: readonly SeedRow[]): string[];
  close(): Promise<void>;
}

/** Two real nodes on 127.0.0.1: ours with a `vending-api` upstream `up` pointing at the other. */
export async function startReconcilePair(
  opts: { smtpUrl?: string; liveNaira?: number } = {},
): Promise<ReconcilePair> {
  const theirs = await startTestNode();
  const ours = await startTestNode(opts.smtpUrl ? { smtpUrl: opts.smtpUrl } : {});
  const at = theirs.merchant('UP', { liveNaira: 10_000_000, allowIps: ['127.0.0.1'] });
  const shop = ours.merchant('SHOP', { liveNaira: opts.liveNaira ?? 10_000_000 });
  addUpstream(
    ours.node.services.db,
    ours.node.services.box,
    {
      name: 'up',
      type: 'vending-api',
      baseUrl: theirs.url,
      merchantCode: 'UP',
      keyId: at.live.key,
      secret: at.live.secret,
      products: ['airtime'],
    },
    'test',
  );
  return {
    ours,
    theirs,
    merchant: { id: shop.id, code: 'SHOP' },
    upSecret: at.live.secret,
    seed: (rows) =>
      seedReconciliationDay(
        { db: ours.node.services.db, merchantId: shop.id, upstreamName: 'up' },
        { db: theirs.node.services.db, merchantId: at.id },
        rows,
      ).references,
    async close() {
      await ours.close();
      await theirs.close();
    },
  };
}
