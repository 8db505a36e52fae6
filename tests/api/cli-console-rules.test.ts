import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { startTestNode, type TestNode } from '../helpers/test-node.js';
import { setupFirstAdmin, type ConsoleClient } from '../helpers/console-admin-session.js';

/**
 * The CLI and the console change a merchant, an upstream or a wallet through one service
 * function each (server/services/admin-*.ts), so the same input gets the same outcome from both;
 * only the words of a refusal name each edge's own field or flag.
 */
let t: TestNode;
let admin: ConsoleClient;
beforeAll(async () => {
  t = await startTestNode();
  admin = await setupFirstAdmin(t.url, 'admin', 'a long enough password');
});
afterAll(async () => t?.close());

const cli = (...args: string[]) => runCli(t.dataDir, ['--json', ...args]);

describe('the CLI applies the console’s rules', () => {
  it('merchant create takes a code in any case, trimmed, as the console’s New merchant does', async () => {
    const page = await admin.post('/console/admin/merchants', { code: ' rules_a ', name: ' Rules A ' });
    expect(page.status).toBe(201);
    expect(page.json.merchant).toMatchObject({ merchant_code: 'RULES_A', name: 'Rules A' });
    const made = cli('merchant', 'create', '--code', ' rules_b ', '--name', ' Rules B ');
    expect(made.status).toBe(0);
    expect(made.json.merchant_code).toBe('RULES_B');
    expect(cli('merchant', 'list').json.merchants).toContainEqual(
      expect.objectContaining({ merchant_code: 'RULES_B', name: 'Rules B' }),
    );
    // The same code refused by both, each in its own words.
    expect((await admin.post('/console/admin/merchants', { code: 'R', name: 'R' })).json.message).toBe(
      'the merchant code must be 2 to 20 capital letters, digits or _',
    );
    expect(cli('merchant', 'create', '--code', 'R', '--name', 'R').json).toEqual({
      error: '--code: 2-20 capital letters, digits or _',
    });
  });

  it('upstream add trims the name and saves a blank base URL as none, as the console’s Add upstream does', async () => {
    const page = await admin.post('/console/admin/upstreams', {
      name: '  sim-page  ',
      type: 'simulator',
      base_url: '  ',
      routes: [' ELECTRICITY '],
    });
    expect(page.status).toBe(201);
    const added = cli(
      'upstream',
      'add',
      '--name',
      '  sim-cli  ',
      '--type',
      'simulator',
      '--base-url',
      '  ',
      '--products',
      ' CABLE ',
    );
    expect(added.status).toBe(0);
    const { warning, ...pageView } = page.json;
    expect(warning).toBeNull();
    // The CLI's answer is the console's upstream, apart from its own name, id, route and times.
    const same = (u: Record<string, unknown>) => ({
      ...u,
      id: 0,
      name: '',
      routes: [],
      created_at: '',
      updated_at: '',
    });
    expect(same(added.json)).toEqual(same(pageView));
    expect(added.json).toMatchObject({
      name: 'sim-cli',
      base_url: null,
      routes: [{ product: 'CABLE', network: '', priority: 0 }],
    });
  });

  it('wallet fund trims the amount and refuses a negative one, as the console’s Funding does', async () => {
    const fund = (amount: string) =>
      admin.post('/console/admin/merchants/RULES_A/wallets/test/fund', {
        kind: 'funding',
        amount,
        reason: 'bank transfer',
      });
    expect((await fund(' 10 ')).json.balance).toBe('10.00');
    const cliFund = cli('wallet', 'fund', '--code', 'RULES_B', '--env', 'test', '--amount', ' 10 ');
    expect(cliFund.json).toEqual({ balance: '10.00' });
    expect((await fund('-5')).json.message).toBe(
      'a funding amount must be positive; use an adjustment to take money out',
    );
    // The CLI only funds: it says where the adjustment that takes money out is.
    expect(cli('wallet', 'fund', '--code', 'RULES_B', '--env', 'test', '--amount', '-5').json).toEqual({
      error: "a funding amount must be positive; the console's Wallets → Adjustment takes money out",
    });
    expect(cli('wallet', 'fund', '--code', 'RULES_B', '--env', 'test', '--amount', '5').json).toEqual({
      balance: '15.00',
    });
  });

  it('wallet threshold takes an empty amount as off, as the console’s low-balance field does', async () => {
    const set = cli('wallet', 'threshold', '--code', 'RULES_B', '--env', 'test', '--amount', '500');
    expect(set.json).toEqual({ low_balance_threshold: '500.00' });
    expect(cli('wallet', 'threshold', '--code', 'RULES_B', '--env', 'test', '--amount', '').json).toEqual({
      low_balance_threshold: null,
    });
    const page = await admin.put('/console/admin/merchants/RULES_A/wallets/test/low-balance', { amount: '' });
    expect(page.json).toEqual({ low_balance_threshold: null });
  });
});

describe('a merchant code typed in any case', () => {
  it('names the merchant `merchant create` made of it in every command that takes --code (shop1 is SHOP1)', () => {
    expect(cli('merchant', 'create', '--code', 'case_a', '--name', 'Case A').json.merchant_code).toBe(
      'CASE_A',
    );
    expect(cli('merchant', 'update', '--code', ' case_a ', '--name', 'Case A2').json).toMatchObject({
      merchant_code: 'CASE_A',
      name: 'Case A2',
    });
    expect(cli('credentials', 'rotate', '--code', 'case_a', '--env', 'test').json.key).toMatch(/^vpk_test_/);
    expect(cli('wallet', 'fund', '--code', 'case_a', '--env', 'test', '--amount', '10').json).toEqual({
      balance: '10.00',
    });
    expect(cli('wallet', 'threshold', '--code', 'Case_A', '--env', 'test', '--amount', '5').json).toEqual({
      low_balance_threshold: '5.00',
    });
    expect(cli('webhook', 'list', '--code', 'case_a').json).toEqual({ webhooks: [] });
    const reports = cli('report', 'run', '--date', '2025-01-02', '--code', 'case_a');
    expect(reports.status).toBe(0);
    expect(reports.json.reports.map((r: { merchant_code: string }) => r.merchant_code)).toEqual(['CASE_A']);
  }, 180_000);
});
