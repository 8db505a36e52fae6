import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../server/config.js';
import { startNode, type RunningNode } from '../../server/node.js';
import { reconcileDay } from '../../server/services/reconciliation.js';
import { runCli } from '../helpers/cli.js';
import { setupFirstAdmin } from '../helpers/console-admin-session.js';

/**
 * An upstream the node cannot build is not dropped in silence: after secret.key was replaced
 * (the key lost for good), its sealed secret cannot be opened. The console, the log and a
 * reconciliation run say why, and its routes are unavailable until the secret is entered again.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'vendpoint-upstream-problem-'));
let node: RunningNode | null = null;
afterAll(async () => {
  await node?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('an upstream the node cannot use', () => {
  it('is shown with its reason, logged once, and named by reconciliation; fixing the secret brings it back', async () => {
    const add = runCli(dataDir, [
      'upstream',
      'add',
      '--name',
      'prov',
      '--type',
      'vending-api',
      '--base-url',
      'http://127.0.0.1:9',
      '--merchant-code',
      'OURS',
      '--key',
      'vpk_live_x',
      '--secret',
      'the-old-secret',
      '--products',
      'airtime',
    ]);
    expect(add.status).toBe(0);
    rmSync(join(dataDir, 'secret.key'));
    // Any command that opens the store with its key (ledger verify needs none, so not that one).
    const replaced = runCli(dataDir, ['reconcile', 'settings'], { VENDPOINT_REPLACE_LOST_SECRET_KEY: '1' });
    expect(replaced.status).toBe(0);

    const warnings: string[] = [];
    node = await startNode(testConfig(dataDir));
    node.services.router.setLogger({ warn: (_o, m) => warnings.push(m) });
    const problem =
      /its stored secret cannot be opened with this node's secret\.key .*: enter the secret again/;

    const admin = await setupFirstAdmin(node.url, 'admin', 'correct horse battery staple');
    const overview = await admin.get('/console/admin/upstreams');
    expect(overview.json.upstreams[0].health.problem).toMatch(problem);
    expect(warnings).toEqual([expect.stringMatching(problem)]);
    expect(node.services.router.available('live', 'transaction', 'airtime', 'MTN')).toEqual([]);

    const [run] = await reconcileDay(node.services, {
      day: '2026-11-20',
      timezone: 'Africa/Lagos',
      actor: 'test',
      upstream: 'prov',
    });
    expect(run.error).toMatch(/^upstream prov cannot be used: its stored secret cannot be opened/);

    // Entered again: usable, and nothing more is logged.
    const fixed = await admin.patch('/console/admin/upstreams/prov', { secret: 'the-new-secret' });
    expect(fixed.status).toBe(200);
    const after = await admin.get('/console/admin/upstreams');
    expect(after.json.upstreams[0].health.problem).toBeNull();
    expect(
      node.services.router.available('live', 'transaction', 'airtime', 'MTN').map((u) => u.name),
    ).toEqual(['prov']);
    expect(warnings).toHaveLength(1);
  });
});
