import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from '../helpers/test-node.js';
import { runCliAsync } from '../helpers/cli.js';
import { setupFirstAdmin, type ConsoleClient } from '../helpers/console-admin-session.js';
import { addUpstream } from '../../server/store/upstreams.js';
import { SCHEDULE_SETTINGS_CRON } from '../../server/jobs/schedules.js';

/**
 * `settings list|get|set|unset` (server/cli/settings.ts) on the data directory of a running
 * node: the node applies each change without a restart.
 */
let t: TestNode;
let admin: ConsoleClient;

beforeAll(async () => {
  t = await startTestNode({ schedules: true });
  addUpstream(
    t.node.services.db,
    t.node.services.box,
    { name: 'sim', type: 'simulator', products: [] },
    'test',
  );
  admin = await setupFirstAdmin(t.url, 'admin', 'correct horse battery');
});
afterAll(async () => {
  await t?.close();
});

/** One CLI run with --json: its exit code and the one JSON object it printed. */
async function cli(...args: string[]) {
  const r = await runCliAsync(t.dataDir, ['--json', ...args]);
  // --json prints exactly one JSON object, whatever the outcome.
  expect(r.stdout.trim().split('\n')).toHaveLength(1);
  return { status: r.status, json: r.json, stderr: r.stderr };
}

const threshold = async () =>
  (await admin.get('/console/admin/upstreams')).json.upstreams.find((u: { name: string }) => u.name === 'sim')
    .health.low_balance_threshold;

describe('settings CLI', () => {
  it('lists what an operator may set, each at its default', async () => {
    expect(await cli('settings', 'list')).toMatchObject({
      status: 0,
      json: {
        settings: [
          { key: 'catalog_sync_cron', value: '0 0 * * * *', default: '0 0 * * * *', source: 'default' },
          { key: 'upstream_low_balance_naira', value: '50000.00', default: '50000.00', source: 'default' },
        ],
      },
    });
  });

  it('sets the upstream low-balance threshold: the running node uses it at once, audited', async () => {
    expect(await threshold()).toBe('50000.00');
    const r = await cli('settings', 'set', 'upstream_low_balance_naira', '20000');
    expect(r).toMatchObject({
      status: 0,
      json: { key: 'upstream_low_balance_naira', value: '20000.00', default: '50000.00', source: 'set' },
    });
    expect(await threshold()).toBe('20000.00');
    expect((await cli('settings', 'get', 'upstream_low_balance_naira')).json).toEqual(r.json);
    const audit = t.node.services.db
      .prepare(`SELECT actor, subject, detail FROM audit_log WHERE action = 'settings.set'`)
      .all() as { actor: string; subject: string; detail: string }[];
    expect(audit).toEqual([
      {
        actor: expect.stringMatching(/^cli:/),
        subject: 'upstream_low_balance_naira',
        detail: JSON.stringify({ threshold_kobo: 2_000_000 }),
      },
    ]);
  });

  it('sets the catalog sync schedule: the running node moves its job without a restart', async () => {
    const schedules = t.node.schedules!;
    expect(schedules.tasks['catalog-sync'].getPattern()).toBe('0 0 * * * *');
    const r = await cli('settings', 'set', 'catalog_sync_cron', '0 30 */2 * * *');
    expect(r).toMatchObject({ status: 0, json: { value: '0 30 */2 * * *', source: 'set' } });
    // What the node's own `schedule-settings` task does every 5 seconds, called here at once.
    expect(schedules.tasks['schedule-settings'].getPattern()).toBe(SCHEDULE_SETTINGS_CRON);
    expect(await schedules.refresh()).toEqual(['catalog-sync']);
    expect(schedules.tasks['catalog-sync'].getPattern()).toBe('0 30 */2 * * *');
    expect(await schedules.refresh()).toEqual([]);

    expect((await cli('settings', 'unset', 'catalog_sync_cron')).json).toMatchObject({
      value: '0 0 * * * *',
      source: 'default',
    });
    expect(await schedules.refresh()).toEqual(['catalog-sync']);
    expect(schedules.tasks['catalog-sync'].getPattern()).toBe('0 0 * * * *');
  });

  it('refuses an unknown key and a bad value with what to do (exit 2), changing nothing', async () => {
    const refused = async (args: string[], error: string) => {
      const r = await cli('settings', ...args);
      expect(r.status).toBe(2);
      expect(r.json).toEqual({ error });
    };
    await refused(
      ['set', 'catalog_sync', '0 0 * * * *'],
      'unknown setting "catalog_sync": an operator may set catalog_sync_cron or upstream_low_balance_naira',
    );
    await refused(
      ['get', 'fx'],
      'unknown setting "fx": an operator may set catalog_sync_cron or upstream_low_balance_naira',
    );
    await refused(
      ['set', 'catalog_sync_cron', 'every hour'],
      'catalog_sync_cron must be a cron schedule: six fields (second minute hour day-of-month month weekday), or five without the seconds, e.g. "0 0 * * * *" (hourly, the default) or "0 30 */2 * * *" (every two hours at half past); got "every hour"',
    );
    // node-cron's own check: six fields, but no 61st minute.
    await refused(
      ['set', 'catalog_sync_cron', '0 61 * * * *'],
      'catalog_sync_cron must be a cron schedule: six fields (second minute hour day-of-month month weekday), or five without the seconds, e.g. "0 0 * * * *" (hourly, the default) or "0 30 */2 * * *" (every two hours at half past); got "0 61 * * * *"',
    );
    await refused(
      ['set', 'catalog_sync_cron', '*/10 * * * * *'],
      'catalog_sync_cron runs at most once a minute: give its seconds field one number, e.g. "0 * * * * *"',
    );
    // Unquoted, the shell has split the schedule (and expanded each *).
    await refused(
      ['set', 'catalog_sync_cron', '0', '30', 'README.md', 'server'],
      "the value is one argument: put it in quotes, e.g. settings set catalog_sync_cron '0 30 */2 * * *' (unquoted, the shell splits it at each space and turns a * into file names)",
    );
    await refused(
      ['set', 'upstream_low_balance_naira', '0'],
      'upstream_low_balance_naira must be greater than zero',
    );
    await refused(
      ['set', 'upstream_low_balance_naira', '₦20,000'],
      'upstream_low_balance_naira must be a positive Naira amount with at most two decimals, e.g. "100.00"',
    );
    expect((await cli('settings', 'list')).json.settings.map((s: { value: string }) => s.value)).toEqual([
      '0 0 * * * *',
      '20000.00',
    ]);
  });

  it('says each setting in a line without --json', async () => {
    const r = await runCliAsync(t.dataDir, ['settings', 'list']);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(
      'catalog_sync_cron = 0 0 * * * * (the default)\n' +
        'upstream_low_balance_naira = ₦20,000.00 (set; default ₦50,000.00)\n',
    );
  });
});

describe('the console sets the same settings (PUT /console/admin/node-settings/:key)', () => {
  it('as the CLI reads them, with the same refusals, and null for the default', async () => {
    const put = (key: string, value: string | null) =>
      admin.put(`/console/admin/node-settings/${key}`, { value });
    const r = await put('catalog_sync_cron', ' 0 15 * * * * ');
    expect(r.status).toBe(200);
    expect(r.json).toEqual({
      key: 'catalog_sync_cron',
      value: '0 15 * * * *',
      default: '0 0 * * * *',
      source: 'set',
    });
    expect((await cli('settings', 'get', 'catalog_sync_cron')).json).toEqual(r.json);
    // The node's own settings check (schedule-settings) may have moved it first: then this
    // refresh finds nothing left to move, and the task runs on the new schedule either way.
    expect(['catalog-sync', '']).toContain((await t.node.schedules!.refresh()).join());
    expect(t.node.schedules!.tasks['catalog-sync'].getPattern()).toBe('0 15 * * * *');

    expect(await put('catalog_sync_cron', '* * * * * *')).toMatchObject({
      status: 400,
      json: {
        message:
          'catalog_sync_cron runs at most once a minute: give its seconds field one number, e.g. "0 * * * * *"',
      },
    });
    expect(await put('upstream_low_balance_naira', '0')).toMatchObject({
      status: 400,
      json: { message: 'upstream_low_balance_naira must be greater than zero' },
    });
    expect(await put('limits', '1')).toMatchObject({
      status: 400,
      json: {
        message:
          'unknown setting "limits": an operator may set catalog_sync_cron or upstream_low_balance_naira',
      },
    });
    expect((await put('catalog_sync_cron', null)).json).toMatchObject({
      value: '0 0 * * * *',
      source: 'default',
    });
    expect((await admin.get('/console/admin/node-settings')).json).toEqual(
      (await cli('settings', 'list')).json,
    );
    // Audited under the admin's name, like the CLI's changes under the operator's.
    const actors = t.node.services.db
      .prepare(`SELECT actor FROM audit_log WHERE action = 'settings.set' AND subject = 'catalog_sync_cron'`)
      .pluck()
      .all();
    expect(actors.filter((a) => a === 'user:admin')).toHaveLength(2);
  });
});
