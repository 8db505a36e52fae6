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
});
