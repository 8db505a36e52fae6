import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { runCli } from '../helpers/cli.js';
import { buyAirtime, eventually, startTestNode, type TestNode } from '../helpers/test-node.js';
import { addUpstream, listUpstreams } from '../../server/store/upstreams.js';
import { SecretBox } from '../../server/store/secret-box.js';

const ROOT = join(import.meta.dirname, '..', '..');

let t: TestNode;
beforeAll(async () => {
  t = await startTestNode();
});
afterAll(async () => t.close());

describe('operator CLI contract (--json prints exactly one object)', () => {
  let created: any;

  it('merchant create prints the code, id and both pairs once', () => {
    const r = runCli(t.dataDir, ['--json', 'merchant', 'create', '--code', 'SHOP1', '--name', 'Shop One']);
    expect(r.status).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
    created = r.json;
    expect(Object.keys(created).sort()).toEqual(['live', 'merchant_code', 'merchant_id', 'test']);
    expect(created.merchant_code).toBe('SHOP1');
    expect(created.merchant_id).toEqual(expect.any(Number));
    expect(created.test).toEqual({
      key: expect.stringMatching(/^vpk_test_/),
      secret: expect.stringMatching(/^vps_test_/),
    });
    expect(created.live).toEqual({
      key: expect.stringMatching(/^vpk_live_/),
      secret: expect.stringMatching(/^vps_live_/),
    });
  });

  it('a merchant created by the CLI can call the running node at once', async () => {
    const r = await t.call('GET', '/v1/wallet/balance', { pair: created.test });
    expect(r.status).toBe(200);
    expect(r.json.total).toBe('0.00');
  });

  it('wallet fund credits one ledger entry and the running node sees it', async () => {
    const r = runCli(t.dataDir, [
      '--json',
      'wallet',
      'fund',
      '--code',
      'SHOP1',
      '--env',
      'test',
      '--amount',
      '2500.50',
    ]);
    expect(r.status).toBe(0);
    expect(r.json).toEqual({ balance: '2500.50' });
    expect((await t.call('GET', '/v1/wallet/balance', { pair: created.test })).json.total).toBe('2500.50');
  });

  it('wallet fund refuses a malformed amount', () => {
    const r = runCli(t.dataDir, [
      '--json',
      'wallet',
      'fund',
      '--code',
      'SHOP1',
      '--env',
      'test',
      '--amount',
      '1e3',
    ]);
    expect(r.status).not.toBe(0);
    expect(r.json.error).toMatch(/amount/);
  });

  it('wallet fund refuses a reason too short to say why, as the console does, and credits nothing', async () => {
    const fund = (reason: string) =>
      runCli(t.dataDir, [
        '--json',
        'wallet',
        'fund',
        '--code',
        'SHOP1',
        '--env',
        'test',
        '--amount',
        '10',
        '--reason',
        reason,
      ]);
    const r = fund(' x ');
    expect(r.status).toBe(2);
    expect(r.json).toEqual({
      error:
        'say why in a few words (at least 3 characters): the reason is kept in the ledger and the audit log',
    });
    expect(fund('y'.repeat(301)).json).toEqual({ error: '--reason must be at most 300 characters' });
    expect((await t.call('GET', '/v1/wallet/balance', { pair: created.test })).json.total).toBe('2500.50');
  });

  it('merchant update sets the allowlist, live bills and report recipients', async () => {
    const r = runCli(t.dataDir, [
      '--json',
      'merchant',
      'update',
      '--code',
      'SHOP1',
      '--allow-ip',
      '127.0.0.1',
      '--allow-ip',
      '10.0.0.0/8',
      '--enable-bills',
      'ELECTRICITY,CABLE',
      '--report-email',
      'ops@shop1.test',
    ]);
    expect(r.status).toBe(0);
    expect(r.json).toMatchObject({
      merchant_code: 'SHOP1',
      allow_ips: ['127.0.0.1', '10.0.0.0/8'],
      live_bills: ['ELECTRICITY', 'CABLE'],
      report_emails: ['ops@shop1.test'],
    });
    expect((await t.call('GET', '/v1/wallet/balance', { pair: created.live })).status).toBe(200);
  });

  it("merchant update --report-test on|off turns the test wallet's daily report on and off, as the console's switch does", () => {
    const update = (...args: string[]) =>
      runCli(t.dataDir, ['--json', 'merchant', 'update', '--code', 'SHOP1', ...args]);
    expect(update('--report-test', 'on').json).toMatchObject({ merchant_code: 'SHOP1', report_test: true });
    // Left out, it stays as it was.
    expect(update('--name', 'Shop One').json).toMatchObject({ name: 'Shop One', report_test: true });
    expect(update('--report-test', 'off').json).toMatchObject({ report_test: false });
    const refused = update('--report-test', 'yes');
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toMatch(/--report-test.*yes.*on, off/s);
  });

  it('merchant update trims and dedupes as the console does, and refuses a display-form address', () => {
    const r = runCli(t.dataDir, [
      '--json',
      'merchant',
      'update',
      '--code',
      'SHOP1',
      '--allow-ip',
      ' 127.0.0.1',
      '--allow-ip',
      '127.0.0.1 ',
      '--allow-ip',
      '10.0.0.0/8',
      '--enable-bills',
      'electricity, CABLE,ELECTRICITY',
      '--report-email',
      ' ops@shop1.test ',
      '--report-email',
      'ops@shop1.test',
    ]);
    expect(r.status).toBe(0);
    expect(r.json).toMatchObject({
      allow_ips: ['127.0.0.1', '10.0.0.0/8'],
      live_bills: ['ELECTRICITY', 'CABLE'],
      report_emails: ['ops@shop1.test'],
    });
    const angled = runCli(t.dataDir, [
      '--json',
      'merchant',
      'update',
      '--code',
      'SHOP1',
      '--report-email',
      '<ops@x.ng>',
    ]);
    expect(angled.status).toBe(2);
    expect(angled.json).toEqual({ error: '--report-email: "<ops@x.ng>" is not an e-mail address' });
    const list = runCli(t.dataDir, ['--json', 'merchant', 'list']);
    const shop = list.json.merchants.find((m: { merchant_code: string }) => m.merchant_code === 'SHOP1');
    expect(shop.report_emails).toEqual(['ops@shop1.test']);
  });

  it('merchant update rejects an invalid CIDR', () => {
    const r = runCli(t.dataDir, [
      '--json',
      'merchant',
      'update',
      '--code',
      'SHOP1',
      '--allow-ip',
      '10.0.0.0/33',
    ]);
    expect(r.status).not.toBe(0);
    expect(r.json.error).toMatch(/prefix/);
  });

  it('merchant list shows every merchant', () => {
    const r = runCli(t.dataDir, ['--json', 'merchant', 'list']);
    expect(r.json.merchants.map((m: { merchant_code: string }) => m.merchant_code)).toEqual([
      'DEMO',
      'SHOP1',
    ]);
  });

  it('credentials rotate revokes the old pair on the running node', async () => {
    const r = runCli(t.dataDir, ['--json', 'credentials', 'rotate', '--code', 'SHOP1', '--env', 'test']);
    expect(Object.keys(r.json).sort()).toEqual(['key', 'secret']);
    expect((await t.call('GET', '/v1/wallet/balance', { pair: created.test })).status).toBe(401);
    expect((await t.call('GET', '/v1/wallet/balance', { pair: r.json })).status).toBe(200);
  });

  it('upstream add stores an upstream and its routes; list shows them without the secret', () => {
    const add = runCli(t.dataDir, [
      '--json',
      'upstream',
      'add',
      '--name',
      'provider-a',
      '--type',
      'vending-api',
      '--base-url',
      'http://127.0.0.1:9/',
      '--merchant-code',
      'US1',
      '--key',
      'k1',
      '--secret',
      'very-secret-value',
      '--products',
      'airtime,data,ELECTRICITY',
    ]);
    expect(add.status).toBe(0);
    expect(add.json).toMatchObject({ name: 'provider-a', type: 'vending-api', has_secret: true });
    expect(add.stdout).not.toContain('very-secret-value');
    const list = runCli(t.dataDir, ['--json', 'upstream', 'list']);
    expect(list.json.upstreams[0].routes.map((r: { product: string }) => r.product).sort()).toEqual([
      'ELECTRICITY',
      'airtime',
      'data',
    ]);
    expect(list.stdout).not.toContain('very-secret-value');
  });

  it('upstream add --secret - reads the secret from standard input, so it is never on a command line', () => {
    const args = (name: string) => [
      '--json',
      'upstream',
      'add',
      '--name',
      name,
      '--type',
      'vending-api',
      '--base-url',
      'http://127.0.0.1:9/',
      '--merchant-code',
      'US1',
      '--key',
      'k2',
      '--secret',
      '-',
    ];
    const add = runCli(t.dataDir, args('provider-stdin'), {}, 'piped-secret-value\n');
    expect(add.status).toBe(0);
    expect(add.json).toMatchObject({ name: 'provider-stdin', has_secret: true });
    const sealed = listUpstreams(t.node.services.db).find((u) => u.name === 'provider-stdin')!.secretSealed!;
    expect(SecretBox.forDataDir(t.dataDir).open(sealed)).toBe('piped-secret-value');
    const empty = runCli(t.dataDir, args('provider-empty'), {}, '');
    expect(empty.status).not.toBe(0);
    expect(empty.json).toEqual({ error: '--secret -: standard input held no secret' });
  });

  it('purchase resolve refuses a purchase that is already final', async () => {
    const made = await t.call('POST', '/v1/transactions/airtime/sync', {
      body: {
        merchant_code: 'DEMO',
        customer_msisdn: '08031234567',
        network: 'mtn',
        amount: '100',
        client_request_id: 'cli-final',
      },
    });
    expect(made.json.status).toBe('success');
    const r = runCli(t.dataDir, [
      '--json',
      'purchase',
      'resolve',
      '--ref',
      made.json.data.internal_reference,
      '--outcome',
      'failed',
      '--reason',
      'test',
    ]);
    expect(r.status).not.toBe(0);
    expect(r.json.error).toMatch(/already success/);
  });

  it('ledger verify is ok after all of the above', () => {
    const r = runCli(t.dataDir, ['--json', 'ledger', 'verify']);
    expect(r.status).toBe(0);
    expect(r.json).toEqual({ ok: true, wallets: 4, problems: [] });
    // Seconds at a million sales: what it does is said on stderr first, stdout keeps the answer.
    expect(r.stderr).toBe('Checking every wallet against its ledger and every sale against its debit...\n');
  });
});

describe('ledger verify on a hand-corrupted database', () => {
  it('fails with exit 1 and names the problem', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vendpoint-corrupt-'));
    try {
      expect(
        runCli(dir, ['--json', 'wallet', 'threshold', '--code', 'DEMO', '--env', 'test', '--amount', 'off'])
          .status,
      ).toBe(0);
      expect(runCli(dir, ['--json', 'ledger', 'verify']).json.ok).toBe(true);
      const db = new Database(join(dir, 'vendpoint.db'));
      db.prepare("UPDATE wallets SET balance_kobo = balance_kobo + 100 WHERE environment = 'test'").run();
      db.close();
      // Checking the books needs no secret: a backup can be checked before its key is found.
      renameSync(join(dir, 'secret.key'), join(dir, 'secret.key.away'));
      const r = runCli(dir, ['--json', 'ledger', 'verify']);
      expect(r.status).toBe(1);
      expect(r.json).toEqual({
        ok: false,
        wallets: 2,
        problems: [
          {
            wallet_id: expect.any(Number),
            merchant_code: 'DEMO',
            environment: 'test',
            problem: 'cached balance ₦1,000,001.00 ≠ ledger sum ₦1,000,000.00',
          },
        ],
      });
      // The text names the wallet, as the JSON does, in Naira.
      const text = runCli(dir, ['ledger', 'verify']);
      expect(text.status).toBe(1);
      expect(text.stdout).toBe(
        'ledger NOT ok (1 problem):\n  DEMO test wallet: cached balance ₦1,000,001.00 ≠ ledger sum ₦1,000,000.00\n',
      );
      expect(existsSync(join(dir, 'secret.key'))).toBe(false); // none was made either
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a purchase's problem names the wallet it was paid from", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vendpoint-corrupt-'));
    try {
      const node = await startTestNode({ dataDir: dir });
      const m = node.merchant('LEDGERP', { testNaira: 1000 });
      const sale = await node.call('POST', '/v1/transactions/airtime/sync', {
        pair: m.test,
        body: {
          merchant_code: 'LEDGERP',
          customer_msisdn: '08031234567',
          network: 'mtn',
          product: 'airtime',
          amount: '100',
          client_request_id: 'ledger-p-1',
        },
      });
      expect(sale.status, sale.text).toBe(200);
      await node.close();
      const db = new Database(join(dir, 'vendpoint.db'));
      db.prepare("UPDATE purchases SET state = 'failed' WHERE idem_key = 'ledger-p-1'").run();
      db.close();
      const r = runCli(dir, ['--json', 'ledger', 'verify']);
      expect(r.status).toBe(1);
      const problem = r.json.problems.find((p: { problem: string }) => /was not refunded/.test(p.problem));
      expect(problem).toMatchObject({ merchant_code: 'LEDGERP', environment: 'test' });
      expect(problem.wallet_id).toBeGreaterThan(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('purchase resolve and a sale still in the provider’s hands', () => {
  it('is refused (exit 2, nothing refunded) until the sale needs attention, then settles once', async () => {
    const node = await startTestNode();
    try {
      addUpstream(
        node.node.services.db,
        node.node.services.box,
        {
          name: 'slow-sim',
          type: 'simulator',
          options: { pendingRate: 1, pendingForMs: 3_600_000 },
          products: ['airtime'],
        },
        'test',
      );
      const m = node.merchant('WAITING', { liveNaira: 1000, allowIps: ['127.0.0.1'] });
      const sale = await buyAirtime(node, 'cli-in-flight', { merchant_code: 'WAITING' }, m.live);
      expect(sale.json.response_code).toBe('02');
      const ref = sale.json.data.internal_reference as string;
      // The provider has answered "pending" (before that, a hand settlement is refused anyway).
      await eventually(
        async () =>
          (
            node.node.services.db
              .prepare(
                `SELECT j.state FROM vend_jobs j JOIN purchases p ON p.id = j.purchase_id WHERE p.internal_reference = ?`,
              )
              .get(ref) as { state: string }
          ).state,
        (state) => state === 'polling',
      );
      const resolveIt = (reference = ref) =>
        runCli(node.dataDir, [
          '--json',
          'purchase',
          'resolve',
          '--ref',
          reference,
          '--outcome',
          'failed',
          '--reason',
          'customer says nothing came',
        ]);
      const early = resolveIt();
      expect(early.status).toBe(2);
      expect(early.json.error).toMatch(/does not need attention yet/);
      expect((await node.call('GET', '/v1/wallet/balance', { pair: m.live })).json.total).toBe('900.00');

      // The operator knows its outcome: flag it (audited), then settle it, both by the
      // merchant's request id, as reverse takes it (what a customer or merchant quotes).
      const flag = runCli(node.dataDir, [
        '--json',
        'purchase',
        'flag',
        '--ref',
        'cli-in-flight',
        '--reason',
        'provider portal: never vended',
      ]);
      expect(flag.status).toBe(0);
      expect(flag.json).toMatchObject({ status: 'pending', needs_attention: true });
      expect(runCli(node.dataDir, ['--json', 'purchase', 'flag', '--ref', ref, '--reason', 'x']).status).toBe(
        2,
      );
      expect(resolveIt('no-such-sale').json.error).toMatch(
        /no purchase with internal reference or request id/,
      );
      // The console's reason rule: a one-letter reason (padded or not) refunds nothing.
      for (const reason of ['x', '  ab  ']) {
        const short = runCli(node.dataDir, [
          '--json',
          'purchase',
          'resolve',
          '--ref',
          ref,
          '--outcome',
          'failed',
          '--reason',
          reason,
        ]);
        expect(short.status).toBe(2);
        expect(short.json).toEqual({
          error: 'say why in a few words (at least 3 characters): the reason is kept in the audit log',
        });
      }
      expect((await node.call('GET', '/v1/wallet/balance', { pair: m.live })).json.total).toBe('900.00');
      const done = resolveIt('cli-in-flight');
      expect(done.status).toBe(0);
      expect(done.json).toMatchObject({ status: 'failed', internal_reference: ref });
      expect((await node.call('GET', '/v1/wallet/balance', { pair: m.live })).json.total).toBe('1000.00');
    } finally {
      await node.close();
    }
  });
});

describe('refusals: exit 2, one JSON object under --json, nothing changed', () => {
  it('a usage error (unknown or missing flag) is exit 2 with {"error"}, not the 1 that means "not ok"', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'vendpoint-usage-')), 'data');
    try {
      const typo = runCli(dir, ['--json', 'reconcile', 'run', '--date', '2026-11-20', '--upstrem', 'x']);
      expect(typo.status).toBe(2);
      expect(typo.stdout.trim().split('\n')).toHaveLength(1);
      expect(typo.json.error).toMatch(/unknown option '--upstrem'/);
      const missing = runCli(dir, ['--json', 'ledger', 'verify', '--bogus']);
      expect(missing.status).toBe(2);
      // A command group without its command: a message, not commander's "(outputHelp)".
      const group = runCli(dir, ['--json', 'merchant']);
      expect(group.status).toBe(2);
      expect(group.json).toEqual({ error: 'merchant needs a command: create, update or list' });
      expect(runCli(dir, ['--json', 'wallet', 'fund', '--code', 'DEMO']).status).toBe(2);
      // Refused before anything was opened or created.
      expect(existsSync(dir)).toBe(false);
      expect(runCli(dir, ['--help']).status).toBe(0);
      // Help marks the flags that must be given, and lists the global ones on every command.
      const help = runCli(dir, ['wallet', 'fund', '--help']);
      expect(help.status).toBe(0);
      expect(help.stdout).toMatch(/--amount <naira>\s+Naira, e\.g\. 5000 or 5000\.50 \(required\)/);
      expect(help.stdout).toMatch(/--reason <text>\s+why \(default: "funded by operator"\)\n/);
      expect(help.stdout).toContain('--data-dir <dir>');
    } finally {
      rmSync(dirname(dir), { recursive: true, force: true });
    }
  });

  it("a command that sets a node up creates the data directory, printing the DEMO test pair and the node's warning on stderr, --json or not", () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'vendpoint-first-')), 'data');
    try {
      const r = runCli(dir, ['--json', 'merchant', 'create', '--code', 'FIRST', '--name', 'First']);
      expect(r.status).toBe(0);
      expect(r.json.merchant_code).toBe('FIRST');
      expect(r.stderr).toContain(
        `Initialised ${dir}: this data directory was new (if you expected your sales here, stop now and check --data-dir).`,
      );
      expect(r.stderr).toMatch(/DEMO merchant created \(test key vpk_test_\S+, secret vps_test_\S+\)/);
      const again = runCli(dir, ['--json', 'merchant', 'list']);
      expect(again.json.merchants).toHaveLength(2);
      expect(again.stderr).toBe('');
    } finally {
      rmSync(dirname(dir), { recursive: true, force: true });
    }
  });

  it('help describes every command in one line and states the exit codes; a group alone says a command is needed', () => {
    const dir = join(tmpdir(), 'vendpoint-help-never-made');
    const top = runCli(dir, ['--help']);
    expect(top.status).toBe(0);
    expect(top.stdout).toMatch(/Exit codes:\n {2}0 {2}done\n {2}1 {2}.*ledger verify found problems/);
    expect(top.stdout).toMatch(/\n {2}2 {2}error or refused/);
    const groups = [...top.stdout.matchAll(/^ {2}([a-z]+) {2,}\S/gm)]
      .map((m) => m[1])
      .filter((g) => g !== 'help');
    expect(groups).toContain('ledger');
    let commands = 0;
    for (const group of groups) {
      const help = runCli(dir, [group, '--help']).stdout;
      const listed = help.includes('Commands:') ? help.split('Commands:\n')[1] : '';
      for (const line of listed.split('\n').filter((l) => /^ {2}[a-z]/.test(l))) {
        commands++;
        // "  name [options] <arg>  what it does": never a bare name.
        expect(line, `${group}: ${line}`).toMatch(/^ {2}[a-z][a-z-]*(?: \[[a-z]+\])?(?: <[a-z.]+>)* {2,}\S/);
      }
    }
    expect(commands).toBeGreaterThan(25);
    // A password in --smtp-url would show in ps: help sends it to the environment variable.
    for (const command of [
      ['report', 'run'],
      ['reconcile', 'run'],
    ])
      expect(runCli(dir, [...command, '--help']).stdout.replace(/\s+/g, ' ')).toContain(
        'a URL with a password belongs in VENDPOINT_SMTP_URL instead (a command line shows in ps and the shell history)',
      );
    // reconcile run's line names both reasons for its exit 1, as the exit codes do.
    expect(runCli(dir, ['reconcile', '--help']).stdout.replace(/\s+/g, ' ')).toContain(
      'exit 1 while exceptions stay open or a run failed',
    );
    const alone = runCli(dir, ['ledger']);
    expect(alone.status).toBe(2);
    expect(alone.stdout).toBe('');
    expect(alone.stderr).toMatch(/^error: ledger needs a command: verify\n\nUsage: vendpoint ledger/);
    expect(existsSync(dir)).toBe(false);
  }, 120_000);

  it('a command that reads or acts on what a node holds refuses a missing or empty data directory, creating nothing (exit 2)', () => {
    const parent = mkdtempSync(join(tmpdir(), 'vendpoint-missing-'));
    try {
      const missing = join(parent, 'typo', 'data');
      for (const args of [
        ['ledger', 'verify'],
        ['merchant', 'list'],
        ['upstream', 'list'],
        ['reconcile', 'list'],
        ['reconcile', 'run', '--date', '2026-01-01'],
        ['webhook', 'list', '--code', 'DEMO'],
        ['webhook', 'deliveries', '--id', 'we_1'],
        ['purchase', 'reverse', '--ref', 'x', '--reason', 'why not'],
        ['report', 'run', '--date', '2026-01-01'],
        ['backup'],
        ['settings', 'list'],
        ['settings', 'unset', 'catalog_sync_cron'],
        ['user', 'list'],
        ['user', 'unlock', '--username', 'admin'],
        ['user', 'reset-password', '--username', 'admin'],
      ]) {
        const r = runCli(missing, ['--json', ...args]);
        expect(r.status, args.join(' ')).toBe(2);
        expect(r.stdout.trim().split('\n')).toHaveLength(1);
        expect(r.json.error).toBe(
          `no data directory at ${missing}, and this command creates none: check --data-dir (or VENDPOINT_DATA_DIR); a new data directory is made by the first start of a node on it, or by a command that sets one up (merchant create, upstream add)`,
        );
      }
      expect(existsSync(join(parent, 'typo'))).toBe(false);
      // A directory that exists but holds no database: the same, in words.
      const text = runCli(parent, ['ledger', 'verify']);
      expect(text.status).toBe(2);
      expect(text.stdout).toBe('');
      expect(text.stderr).toMatch(
        new RegExp(`^error: ${parent} holds no VendPoint database \\(vendpoint\\.db\\)`),
      );
      expect(existsSync(join(parent, 'vendpoint.db'))).toBe(false);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it('refuses a --data-dir that is another flag (--data-dir --json), creating no directory named after it', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'vendpoint-flagdir-'));
    try {
      const r = spawnSync(
        join(ROOT, 'node_modules', '.bin', 'tsx'),
        [
          join(ROOT, 'server', 'cli.ts'),
          '--data-dir',
          '--json',
          'merchant',
          'create',
          '--code',
          'AB',
          '--name',
          'A',
        ],
        { cwd, encoding: 'utf8' },
      );
      expect(r.status).toBe(2);
      expect(JSON.parse(r.stdout).error).toMatch(
        /"--json" is a flag, not a directory: give --data-dir a directory/,
      );
      expect(readdirSync(cwd)).toEqual([]);
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });

  it('refuses a blank merchant name, a base URL with a password, a day not yet begun and contradicting flags', () => {
    const blank = runCli(t.dataDir, ['--json', 'merchant', 'create', '--code', 'BLANK', '--name', '   ']);
    expect(blank.status).toBe(2);
    expect(blank.json.error).toBe('--name: the merchant needs a name');
    expect(runCli(t.dataDir, ['--json', 'merchant', 'update', '--code', 'DEMO', '--name', '']).status).toBe(
      2,
    );
    const creds = runCli(t.dataDir, [
      '--json',
      'upstream',
      'add',
      '--name',
      'with-creds',
      '--type',
      'vending-api',
      '--base-url',
      'https://user:pw@provider.example',
      '--merchant-code',
      'US',
      '--key',
      'k',
      '--secret',
      's',
    ]);
    expect(creds.status).toBe(2);
    expect(creds.json.error).toMatch(/must not carry a user name or password/);
    expect(runCli(t.dataDir, ['--json', 'upstream', 'list']).stdout).not.toContain('user:pw');
    const future = runCli(t.dataDir, ['--json', 'report', 'run', '--date', '2099-01-01']);
    expect(future.status).toBe(2);
    expect(future.json.error).toMatch(/2099-01-01 has not begun yet/);
    // In either order.
    for (const flags of [
      ['--email', 'a@b.ng', '--no-email'],
      ['--no-email', '--email', 'a@b.ng'],
    ]) {
      const both = runCli(t.dataDir, ['--json', 'reconcile', 'settings', ...flags]);
      expect(both.status).toBe(2);
      expect(both.json.error).toBe('--email and --no-email contradict each other: give one');
    }
  });

  it("merchant update --allow-ip '' and --report-email '' clear their lists", () => {
    const set = runCli(t.dataDir, [
      '--json',
      'merchant',
      'update',
      '--code',
      'DEMO',
      '--allow-ip',
      '203.0.113.10',
      '--report-email',
      'ops@example.ng',
    ]);
    expect(set.json).toMatchObject({ allow_ips: ['203.0.113.10'], report_emails: ['ops@example.ng'] });
    const cleared = runCli(t.dataDir, [
      '--json',
      'merchant',
      'update',
      '--code',
      'DEMO',
      '--allow-ip',
      '',
      '--report-email',
      '',
    ]);
    expect(cleared.status).toBe(0);
    expect(cleared.json).toMatchObject({ allow_ips: [], report_emails: [] });
  });
});
