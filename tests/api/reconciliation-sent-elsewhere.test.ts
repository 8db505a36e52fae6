import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, airtimeSale, type Pair, type TestNode } from '../helpers/test-node.js';
import { setupFirstAdmin, type ConsoleClient } from '../helpers/console-admin-session.js';
import { runCli, runCliAsync } from '../helpers/cli.js';
import { addUpstream } from '../../server/store/upstreams.js';
import { reconcileDay } from '../../server/services/reconciliation.js';
import { listExceptions } from '../../server/store/reconciliation-exceptions.js';
import { localDay } from '../../server/domain/business-days.js';
import { accountFingerprint } from '../../server/domain/upstream-account.js';
import { startReconcilePair } from '../helpers/reconcile-pair.js';
import Database from 'better-sqlite3';
import { join } from 'node:path';

/**
 * An operator points an upstream at another account (here the same provider, another merchant
 * code there) after sales were sent to the first one. The day's reconciliation, against the
 * account the upstream points at now, finds no record of those sales: that is not an "upstream
 * has no record" difference (those books never had them) but its own kind, naming the account
 * they were sent to, with no answer to accept; pointed back, the day reconciles clean. Two real
 * nodes on 127.0.0.1: ours sells through `up` to theirs over HTTP.
 */
describe('reconciling sales sent to another account than the upstream points at now', () => {
  const TZ = 'Africa/Lagos';
  let ours: TestNode;
  let theirs: TestNode;
  let shop: Pair;
  let first: { key: string; secret: string };
  let second: { key: string; secret: string };
  let admin: ConsoleClient;
  /** The business day the sales were moved to (a day that has ended, which `reconcile run` wants). */
  let soldOn = '';
  const day = () => soldOn;
  const run = () =>
    reconcileDay(ours.node.services, { day: day(), timezone: TZ, actor: 'test', upstream: 'up' });

  beforeAll(async () => {
    [theirs, ours] = await Promise.all([startTestNode(), startTestNode()]);
    first = theirs.merchant('UP', { liveNaira: 100_000, allowIps: ['127.0.0.1'] }).live;
    second = theirs.merchant('UP2', { liveNaira: 100_000, allowIps: ['127.0.0.1'] }).live;
    shop = ours.merchant('SHOP', { liveNaira: 100_000, allowIps: ['127.0.0.1'] }).live;
    addUpstream(
      ours.node.services.db,
      ours.node.services.box,
      {
        name: 'up',
        type: 'vending-api',
        baseUrl: theirs.url,
        merchantCode: 'UP',
        keyId: first.key,
        secret: first.secret,
        products: ['airtime'],
      },
      'test',
    );
    // The provider's own live sales go to its simulator, which answers at once.
    addUpstream(
      theirs.node.services.db,
      theirs.node.services.box,
      { name: 'sim', type: 'simulator', products: ['airtime'] },
      'test',
    );
    admin = await setupFirstAdmin(ours.url, 'admin', 'correct horse battery');
  });
  afterAll(async () => {
    await ours?.close();
    await theirs?.close();
  });

  /** Sells airtime through `up` and waits for it to settle (its status checks run by hand). */
  const sell = async (key: string): Promise<string> => {
    const sold = await ours.call('POST', '/v1/transactions', {
      pair: shop,
      body: airtimeSale(key, { merchant_code: 'SHOP' }),
    });
    expect(sold.status, sold.text).toBe(200);
    const reference = sold.json.data.internal_reference as string;
    const state = () =>
      ours.node.services.db
        .prepare('SELECT state FROM purchases WHERE internal_reference = ?')
        .pluck()
        .get(reference);
    for (let i = 0; i < 400 && state() === 'pending'; i++) {
      await ours.node.services.worker.pollDue();
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(state()).toBe('success');
    // Both sides' rows a day earlier, as another process would write them (caches see it).
    const earlier = (dataDir: string, sql: string) => {
      const other = new Database(join(dataDir, 'vendpoint.db'));
      try {
        other.prepare(sql).run(reference);
      } finally {
        other.close();
      }
    };
    const dayBack = `strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '-1 day')`;
    earlier(ours.dataDir, `UPDATE purchases SET created_at = ${dayBack} WHERE internal_reference = ?`);
    earlier(theirs.dataDir, `UPDATE purchases SET created_at = ${dayBack} WHERE idem_key = ?`);
    const createdAt = ours.node.services.db
      .prepare('SELECT created_at FROM purchases WHERE internal_reference = ?')
      .pluck()
      .get(reference) as string;
    soldOn ||= localDay(Date.parse(createdAt), TZ);
    return reference;
  };

  const pointAt = async (merchantCode: string, pair: { key: string; secret: string }) => {
    const r = await admin.patch('/console/admin/upstreams/up', {
      merchant_code: merchantCode,
      key: pair.key,
      secret: pair.secret,
    });
    expect(r.status, r.text).toBe(200);
  };

  it('files them as sent_to_other_account with the account they went to, not as ours_only; pointed back, they match', async () => {
    const reference = await sell('elsewhere-1');

    await pointAt('UP2', second);
    const [r] = await run();
    expect(r.state, r.error ?? '').toBe('done');
    expect(r.counts).toMatchObject({ ours_only: 0, sent_to_other_account: 1 });
    const [e] = listExceptions(ours.node.services.db, { day: day(), status: 'open' });
    expect(e).toMatchObject({
      reference,
      kind: 'sent_to_other_account',
      ourState: 'success',
      theirState: null,
      sentTo: `${theirs.url} (merchant code UP)`,
    });

    // The console's page: the kind, the account in words, no key or secret, no answer to accept.
    const page = await admin.get('/console/admin/reconciliation');
    const shown = page.json.exceptions.find((x: { id: number }) => x.id === e.id);
    expect(shown).toMatchObject({
      kind: 'sent_to_other_account',
      accept_effect: null,
      sent_to: `${theirs.url} (merchant code UP)`,
    });
    expect(JSON.stringify(page.json)).not.toContain(first.secret);
    expect(JSON.stringify(page.json)).not.toContain(first.key);
    const accepted = await admin.post(`/console/admin/reconciliation/exceptions/${e.id}/resolve`, {
      action: 'accept_upstream',
      reason: 'the provider has no record',
    });
    expect(accepted.status, accepted.text).toBe(400);
    expect(accepted.json.message).toContain(
      `${reference} was sent to ${theirs.url} (merchant code UP), which upstream up no longer points at`,
    );

    // The CLI's run and list say it too, in both forms.
    // (Without blocking this process: the upstream node answers from it.)
    const ran = await runCliAsync(ours.dataDir, ['reconcile', 'run', '--date', day(), '--upstream', 'up']);
    expect(ran.status).toBe(1);
    expect(ran.stdout, ran.stderr).toContain(
      '1 exception open (1 sent to another account than up points at now: see reconcile list)',
    );
    const text = runCli(ours.dataDir, ['reconcile', 'list', '--date', day()]);
    expect(text.stdout).toContain(`${reference} sent_to_other_account ours=success upstream=none open`);
    expect(text.stdout).toContain(`sent to ${theirs.url} (merchant code UP): ask that provider`);
    const json = runCli(ours.dataDir, ['--json', 'reconcile', 'list', '--date', day()]);
    expect(json.json.exceptions[0]).toMatchObject({ sent_to: `${theirs.url} (merchant code UP)` });

    // Pointed back at the account it was sent to, the day compares clean: the exception is cleared.
    await pointAt('UP', first);
    const [again] = await run();
    expect(again.counts).toMatchObject({ ours_only: 0, sent_to_other_account: 0 });
    expect(listExceptions(ours.node.services.db, { day: day(), status: 'open' })).toEqual([]);
  }, 60_000);

  it('a sale sent to the account the upstream points at, which it has no record of, is still ours_only', async () => {
    const reference = await sell('here-1');
    // The upstream loses the sale (its row's key changed as another process would).
    theirs.node.services.db
      .prepare(`UPDATE purchases SET idem_key = 'gone-' || idem_key WHERE idem_key = ?`)
      .run(reference);
    const [r] = await run();
    expect(r.counts).toMatchObject({ ours_only: 1, sent_to_other_account: 0 });
    // (The renamed row is one the upstream alone has now: a theirs_only beside it.)
    const open = listExceptions(ours.node.services.db, { day: day(), status: 'open' });
    expect(open.filter((e) => e.reference === reference)).toEqual([
      expect.objectContaining({ kind: 'ours_only', sentTo: null }),
    ]);
  }, 60_000);
});

describe('a gift-card order sent to another account, asked about by its status', () => {
  it('is sent_to_other_account too, named by its fingerprint when the account was never noted here', async () => {
    const pair = await startReconcilePair();
    try {
      const day = '2026-03-10';
      const [gone, here] = pair.seed([
        {
          order: 'giftcard',
          ours: 'success',
          theirs: null,
          amountKobo: 120_000,
          at: '2026-03-10T09:00:00.000Z',
        },
        {
          order: 'giftcard',
          ours: 'success',
          theirs: null,
          amountKobo: 80_000,
          at: '2026-03-10T10:00:00.000Z',
        },
      ]);
      // One was sent to an account `up` pointed at before this node kept accounts; one to its own.
      const db = pair.ours.node.services.db;
      const old = accountFingerprint('https://old-provider.example', 'M1');
      const job = db.prepare(
        `INSERT INTO vend_jobs (purchase_id, state, sent_account)
           VALUES ((SELECT id FROM purchases WHERE internal_reference = ?), 'done', ?)`,
      );
      job.run(gone, old);
      job.run(here, accountFingerprint(pair.theirs.url, 'UP'));
      const [r] = await reconcileDay(pair.ours.node.services, {
        day,
        timezone: 'Africa/Lagos',
        actor: 'test',
      });
      expect(r.counts).toMatchObject({ ours_only: 1, sent_to_other_account: 1 });
      const byRef = new Map(listExceptions(db, { day }).map((e) => [e.reference, e]));
      expect(byRef.get(gone)).toMatchObject({
        kind: 'sent_to_other_account',
        sentTo: `an account not on record here (fingerprint ${old})`,
      });
      expect(byRef.get(here)).toMatchObject({ kind: 'ours_only', sentTo: null });
    } finally {
      await pair.close();
    }
  }, 60_000);
});
