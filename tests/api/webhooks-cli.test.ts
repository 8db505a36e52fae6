import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, eventually, type TestNode } from '../helpers/test-node.js';
import { startWebhookReceiver } from '../helpers/webhook-receiver.js';
import { runCli, runCliAsync } from '../helpers/cli.js';
import { verifySignature } from '../../server/domain/webhook-signature.js';
import { fundWallet } from '../../server/store/wallets.js';

/**
 * The operator side of webhooks: `webhook add|list|rotate|test|deliveries|replay|pause|resume|
 * remove` and `wallet threshold` on a running node's data directory, against a real receiver.
 */

let t: TestNode;
let m: { id: number };

beforeAll(async () => {
  t = await startTestNode({ webhooksAllowPrivate: true }, { webhookRetryScheduleMs: [100, 100] });
  m = t.merchant('CLIHOOK', { testNaira: 1_000 });
});
afterAll(async () => t?.close());

/** A posting to CLIHOOK's test wallet: a funding, or (with `kind: 'adjustment'`) a debit. */
const post = (amountKobo: number, entry: { kind?: 'adjustment'; reason: string }) =>
  fundWallet(t.node.services.db, {
    merchantId: m.id,
    merchantCode: 'CLIHOOK',
    env: 'test',
    amountKobo,
    actor: 'test',
    ...entry,
  });
const fund = (kobo: number) => post(kobo, { reason: 'test funding' });

/** `webhook add` for a merchant's test wallet, with the flags the case needs (and its environment). */
const webhookAdd = (
  dataDir: string,
  code: string,
  url: string,
  flags: string[] = [],
  env?: Record<string, string>,
) =>
  runCli(dataDir, ['--json', 'webhook', 'add', '--code', code, '--env', 'test', '--url', url, ...flags], env);

/** `wallet threshold` of CLIHOOK's test wallet: an amount in Naira, or `off`. */
const threshold = (amount: string) =>
  runCli(t.dataDir, [
    '--json',
    'wallet',
    'threshold',
    '--code',
    'CLIHOOK',
    '--env',
    'test',
    '--amount',
    amount,
  ]);

const deliveryStates = (endpointId: string) =>
  t.node.services.db
    .prepare(`SELECT state FROM webhook_deliveries WHERE endpoint_id = ? ORDER BY id`)
    .pluck()
    .all(Number(endpointId.slice(3))) as string[];

describe('webhook CLI', () => {
  it('a receiver down for the whole retry window: deliveries end failed, and `webhook replay` delivers them with the same event ids', async () => {
    const rx = await startWebhookReceiver();
    const port = rx.port;
    await rx.close(); // down
    const add = webhookAdd(t.dataDir, 'CLIHOOK', `http://127.0.0.1:${port}/hooks`, [
      '--events',
      'wallet.funded',
      '--allow-private-webhooks',
    ]);
    expect(add.status, add.stderr + add.stdout).toBe(0);
    expect(add.json).toMatchObject({
      id: expect.stringMatching(/^we_\d+$/),
      secret: expect.stringMatching(/^whsec_/),
    });
    const id = add.json.id as string;
    const list = runCli(t.dataDir, ['--json', 'webhook', 'list', '--code', 'CLIHOOK']);
    expect(list.json.webhooks).toEqual([expect.objectContaining({ id, status: 'enabled' })]);
    expect(list.stdout).not.toContain(add.json.secret);

    fund(100);
    fund(200);
    await eventually(
      async () => deliveryStates(id),
      (s) => s.length === 2 && s.every((x) => x === 'failed'),
    );
    expect(deliveryStates(id)).toEqual(['failed', 'failed']);
    const log = runCli(t.dataDir, ['--json', 'webhook', 'deliveries', '--id', id]);
    expect(log.json.deliveries).toHaveLength(2);
    expect(log.json.deliveries[0]).toMatchObject({
      event_id: expect.stringMatching(/^evt_\d+$/),
      state: 'failed',
      attempts: 3,
      last_status: null,
    });
    for (const limit of ['-1', '0', 'abc', '501']) {
      const bad = runCli(t.dataDir, ['--json', 'webhook', 'deliveries', '--id', id, '--limit', limit]);
      expect(bad.status, limit).toBe(2);
      expect(bad.json.error).toBe('--limit must be a whole number from 1 to 500');
    }

    // The human log shows when a pending delivery is tried next; failed ones have no next try.
    expect(runCli(t.dataDir, ['webhook', 'deliveries', '--id', id]).stdout).not.toMatch(/ next /);
    // A named delivery must be a failed one of this endpoint: refused (exit 2), nothing replayed.
    const failedId = String(log.json.deliveries[0].id);
    for (const [delivery, error] of [
      ['abc', /--delivery must be a delivery id/],
      ['', /--delivery must be a delivery id/],
      ['999999', /Delivery 999999 is not one of we_\d+'s deliveries/],
    ] as const) {
      const bad = runCli(t.dataDir, ['--json', 'webhook', 'replay', '--id', id, '--delivery', delivery]);
      expect(bad.status, delivery).toBe(2);
      expect(bad.json.error).toMatch(error);
    }
    expect(deliveryStates(id)).toEqual(['failed', 'failed']);

    const back = await startWebhookReceiver(port);
    /** Waits until the receiver has had `n` hooks in all. */
    const receivedAtLeast = (n: number) =>
      eventually(
        async () => back.received.length,
        (k) => k >= n,
      );
    try {
      const one = runCli(t.dataDir, ['--json', 'webhook', 'replay', '--id', id, '--delivery', failedId]);
      expect(one.json).toEqual({ replayed: 1 });
      await receivedAtLeast(1);
      // Its outcome committed before the next replay: a later event still on the wire when an
      // earlier one is replayed is not sent again after it (README, "Webhooks": replay).
      await eventually(
        async () => deliveryStates(id),
        (s) => s.includes('delivered'),
      );
      const again = runCli(t.dataDir, ['--json', 'webhook', 'replay', '--id', id, '--delivery', failedId]);
      expect(again.status).toBe(2);
      expect(again.json.error).toMatch(/is (pending|delivered), not failed: there is nothing to replay/);
      const replay = runCli(t.dataDir, ['--json', 'webhook', 'replay', '--id', id]);
      expect(replay.json).toEqual({ replayed: 1 });
      await receivedAtLeast(3);
      // Newest first in the log: the named one was the second funding's. The first, replayed
      // after it, brings the second again (session 34): the receiver ends on the wallet's latest.
      expect(back.received.map((h) => h.json.data.total)).toEqual(['1003.00', '1001.00', '1003.00']);
      for (const h of back.received)
        expect(
          verifySignature(
            add.json.secret,
            String(h.headers['vendpoint-signature']),
            h.body,
            Math.floor(Date.now() / 1000),
          ),
        ).toBe(true);
      expect(
        await eventually(
          async () => deliveryStates(id),
          (s) => s.every((x) => x === 'delivered'),
        ),
      ).toEqual(['delivered', 'delivered']);

      // test event, rotation with two signatures, pause keeps deliveries queued, remove.
      // A loopback receiver needs the flag here too, as `webhook add` did; refused without it.
      const refused = await runCliAsync(t.dataDir, ['--json', 'webhook', 'test', '--id', id]);
      expect(refused.status).toBe(1);
      expect(refused.json).toMatchObject({ delivered: false, error: expect.stringMatching(/private/) });
      // The node delivers there (it runs with its flag): the operator is told which flag the command lacks.
      expect(refused.stderr).toMatch(/needs the command's own --allow-private-webhooks/);
      const test = await runCliAsync(t.dataDir, [
        '--json',
        'webhook',
        'test',
        '--id',
        id,
        '--allow-private-webhooks',
      ]);
      expect(test.json, test.stdout + test.stderr).toMatchObject({ delivered: true, status_code: 200 });
      expect(test.stderr).toContain('Sending a test event to http://127.0.0.1:');
      expect(back.received.at(-1)!.json.type).toBe('webhook.test');
      // Not delivered: the human line says what the receiver answered.
      back.answer = (hook) => (hook.json.type === 'webhook.test' ? 500 : 200);
      const answered500 = await runCliAsync(t.dataDir, [
        'webhook',
        'test',
        '--id',
        id,
        '--allow-private-webhooks',
      ]);
      back.answer = () => 200;
      expect(answered500.status).toBe(1);
      expect(answered500.stdout).toMatch(/^Test event NOT delivered: HTTP 500/);

      const rot = runCli(t.dataDir, ['--json', 'webhook', 'rotate', '--id', id, '--overlap-hours', '1']);
      expect(rot.json.secret).toMatch(/^whsec_/);
      expect(rot.json.secret).not.toBe(add.json.secret);
      const before = back.received.length;
      fund(300);
      await receivedAtLeast(before + 1);
      const h = back.received.at(-1)!;
      const header = String(h.headers['vendpoint-signature']);
      expect(header.match(/v1=/g)).toHaveLength(2);
      const nowS = Math.floor(Date.now() / 1000);
      expect(verifySignature(rot.json.secret, header, h.body, nowS)).toBe(true);
      expect(verifySignature(add.json.secret, header, h.body, nowS)).toBe(true);
      // Rotated again inside that hour: both earlier secrets sign until the first window's end.
      const rotatedAgain = runCli(t.dataDir, ['webhook', 'rotate', '--id', id, '--overlap-hours', '0.5']);
      expect(rotatedAgain.stdout).toContain(
        `New signing secret for ${id} (shown once; the secrets it replaced sign until ${rot.json.old_secret_expires_at}):`,
      );

      expect(runCli(t.dataDir, ['--json', 'webhook', 'pause', '--id', id]).json.status).toBe('paused');
      const paused = back.received.length;
      fund(400);
      await new Promise((r) => setTimeout(r, 700));
      expect(back.received.length).toBe(paused);
      expect(runCli(t.dataDir, ['--json', 'webhook', 'resume', '--id', id]).json.status).toBe('enabled');
      await receivedAtLeast(paused + 1);
      expect(back.received.at(-1)!.json.data.total).toBe('1010.00');

      expect(runCli(t.dataDir, ['--json', 'webhook', 'remove', '--id', id]).json).toEqual({
        id,
        removed: true,
      });
      expect(runCli(t.dataDir, ['--json', 'webhook', 'list', '--code', 'CLIHOOK']).json.webhooks).toEqual([]);
    } finally {
      await back.close();
    }
  });

  it('webhook add refuses a loopback URL unless told private targets are allowed', () => {
    const r = webhookAdd(t.dataDir, 'CLIHOOK', 'http://127.0.0.1:9/x', [], {
      VENDPOINT_WEBHOOKS_ALLOW_PRIVATE: '',
    });
    expect(r.status).toBe(2);
    expect(r.json.error).toMatch(/allow-private-webhooks/);
  });

  it('webhook test to a host that does not resolve names no flag: no flag would make it reachable', async () => {
    const add = webhookAdd(t.dataDir, 'CLIHOOK', 'http://no-such-receiver.invalid/h', [
      '--allow-private-webhooks',
    ]);
    expect(add.status, add.stdout + add.stderr).toBe(0);
    const r = await runCliAsync(t.dataDir, ['--json', 'webhook', 'test', '--id', add.json.id], {
      VENDPOINT_WEBHOOKS_ALLOW_PRIVATE: '',
    });
    expect(r.status).toBe(1);
    expect(r.json.delivered).toBe(false);
    expect(r.stderr).not.toMatch(/allow-private-webhooks/);
    runCli(t.dataDir, ['--json', 'webhook', 'remove', '--id', add.json.id]);
  });

  it('wallet threshold: one wallet.low_balance event per crossing, again only after the balance went back above it', async () => {
    expect(threshold('500').json).toEqual({ low_balance_threshold: '500.00' });
    const low = () =>
      t.node.services.db
        .prepare(`SELECT COUNT(*) FROM events WHERE merchant_id = ? AND type = 'wallet.low_balance'`)
        .pluck()
        .get(m.id) as number;
    // An operator's negative adjustment is a debit like a purchase's: it goes through the same posting.
    const debit = (kobo: number) => post(-kobo, { kind: 'adjustment', reason: 'test adjustment' });
    debit(60_000); // 1010 -> 410: below
    debit(10_000); // 310: still below, no repeat
    expect(low()).toBe(1);
    fund(40_000); // 710: back above
    debit(30_000); // 410: below again
    expect(low()).toBe(2);
    expect(threshold('off').json).toEqual({ low_balance_threshold: null });
  });
});

describe('webhook CLI beside a node started without --allow-private-webhooks', () => {
  let plain: TestNode;
  beforeAll(async () => {
    plain = await startTestNode();
    plain.merchant('CLIWARN', { testNaira: 100 });
  });
  afterAll(async () => plain?.close());

  const addLoopback = (dataDir: string, code: string, path = 'hooks') =>
    webhookAdd(dataDir, code, `http://127.0.0.1:9/${path}`, ['--allow-private-webhooks']);

  it('saves a loopback URL with the command flag, and warns that this node will refuse to deliver there', () => {
    const add = addLoopback(plain.dataDir, 'CLIWARN');
    expect(add.status, add.stderr).toBe(0);
    expect(add.json.id).toMatch(/^we_\d+$/);
    expect(add.stderr).toContain(
      'Warning: the node on this data directory was last started without --allow-private-webhooks',
    );
  });

  it('webhook rotate refuses an overlap beyond a week, naming the flag and its unit', () => {
    const id = addLoopback(plain.dataDir, 'CLIWARN', 'rotated').json.id as string;
    const r = runCli(plain.dataDir, ['webhook', 'rotate', '--id', id, '--overlap-hours', '200']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--overlap-hours must be a number of hours from 0 to 168 (7 days)');
  });

  it('says nothing of the kind when the node runs with the flag', () => {
    const add = addLoopback(t.dataDir, 'CLIHOOK');
    expect(add.status, add.stderr).toBe(0);
    expect(add.stderr).not.toContain('Warning');
  });
});
