import { rmSync } from 'node:fs';
import cron from 'node-cron';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from '../helpers/test-node.js';
import { testConfig } from '../../server/config.js';
import { startNode } from '../../server/node.js';
import { addUpstream } from '../../server/store/upstreams.js';
import { setSetting, setSettingsLog, SETTINGS } from '../../server/store/settings.js';
import { checkUpstreamBalances, upstreamHealth } from '../../server/services/upstream-health.js';
import { upstreamHealthJob, UPSTREAM_HEALTH_CRON } from '../../server/jobs/upstream-health.js';
import { catalogSyncJob, CATALOG_SYNC_DEFAULT_CRON } from '../../server/jobs/catalog-sync.js';
import { closedPort, spawnFaultUpstream, type FaultChild } from './fault-child.js';
import { liveBalanceKobo, liveMerchant, requestOf, routeTo } from './live-node.js';

/** A value as it may sit in an existing database: written past setSetting, which refuses it. */
const storeRaw = (t: TestNode, key: string, json: string) =>
  t.node.services.db
    .prepare(
      'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
    )
    .run(key, json);

/** Upstream health for the console: circuit, balance, low-balance warning, last check and error. */
describe('upstream health', () => {
  let t: TestNode;
  let fault: FaultChild;
  const warnings: { o: any; m: string }[] = [];
  const log = { warn: (o: object, m: string) => void warnings.push({ o, m }) };
  let keepDir = false;

  beforeAll(async () => {
    fault = await spawnFaultUpstream();
    t = await startTestNode();
    routeTo(t, 'fault', fault.url, ['airtime']);
    routeTo(t, 'dead', `http://127.0.0.1:${await closedPort()}`, ['data']);
    routeTo(t, 'rich', fault.url, ['esim'], {
      options: { timeoutMs: 1_000, connectTimeoutMs: 500, lowBalanceNaira: '100.00' },
    });
    addUpstream(
      t.node.services.db,
      t.node.services.box,
      { name: 'demo-sim', type: 'simulator', products: ['giftcard'] },
      'test',
    );
    setSetting(t.node.services.db, SETTINGS.upstreamLowBalance, 500_000);
  });
  afterAll(async () => {
    // The restart test closed the node itself and kept its directory for the second start.
    if (keepDir) rmSync(t.dataDir, { recursive: true, force: true });
    else await t?.close();
    await fault?.kill();
  });

  const byName = (name: string) => upstreamHealth(t.node.services).find((h) => h.name === name)!;

  it('before any check: every upstream listed with its circuit, no balance, never checked', () => {
    const all = upstreamHealth(t.node.services);
    expect(all.map((h) => h.name)).toEqual(['fault', 'dead', 'rich', 'demo-sim']);
    expect(byName('fault')).toEqual({
      name: 'fault',
      type: 'vending-api',
      enabled: true,
      circuit: { state: 'closed', failures: 0, open_until: null },
      balance: null,
      balance_checked_at: null,
      low_balance: false,
      low_balance_threshold: '5000.00',
      last_checked_at: null,
      last_error: null,
      problem: null,
    });
    expect(byName('rich').low_balance_threshold).toBe('100.00'); // the upstream's own option wins
  });

  it('a balance under the threshold is flagged and logged; an unreadable one keeps its error; simulators are not read', async () => {
    await fault.control({ balance: '1000.00' });
    const result = await checkUpstreamBalances(t.node.services, log);
    expect(result).toEqual(upstreamHealth(t.node.services));
    expect(byName('fault')).toMatchObject({ balance: '1000.00', low_balance: true, last_error: null });
    expect(byName('fault').last_checked_at).toEqual(expect.any(String));
    expect(byName('rich')).toMatchObject({ balance: '1000.00', low_balance: false });
    expect(byName('dead')).toMatchObject({
      balance: null,
      low_balance: false,
      last_error: expect.stringMatching(/balance/),
    });
    expect(byName('demo-sim')).toMatchObject({ balance: null, last_checked_at: null, last_error: null });
    expect(warnings.filter((w) => w.m.includes('balance is low')).map((w) => w.o)).toEqual([
      { upstream: 'fault', balance: '1000.00', threshold: '5000.00' },
    ]);
    expect(warnings.some((w) => w.o.upstream === 'dead')).toBe(true);
  });

  it('a funded upstream is no longer low; a failed read keeps the last balance and shows the error', async () => {
    await fault.control({ balance: '900000.00' });
    await checkUpstreamBalances(t.node.services, log);
    expect(byName('fault')).toMatchObject({ balance: '900000.00', low_balance: false, last_error: null });
    const good = byName('fault');

    await fault.control({ mode: '5xx' });
    await checkUpstreamBalances(t.node.services, log);
    const after = byName('fault');
    expect(after).toMatchObject({
      balance: '900000.00',
      low_balance: false,
      balance_checked_at: good.balance_checked_at,
    });
    expect(after.last_error).toMatch(/did not answer its balance \(HTTP 5\d\d/);
    expect(after.last_checked_at! >= good.last_checked_at!).toBe(true);
    await fault.control({ mode: 'ok' });
  });

  it('shows the circuit breaker state; while every provider of a sale is paused, says so with Retry-After', async () => {
    for (let i = 0; i < 5; i++) t.node.services.router.breaker.recordTransportFailure('dead');
    expect(byName('dead').circuit).toMatchObject({
      state: 'open',
      failures: 5,
      open_until: expect.any(String),
    });
    // Data is routed only to 'dead': not "no provider configured", but paused, and for how long.
    const m = liveMerchant(t, 'PAUSED');
    const before = liveBalanceKobo(t, 'PAUSED');
    const { path, body } = requestOf('data', 'PAUSED', 'paused-1');
    const r = await t.call('POST', path, { pair: m.live, body });
    expect(r.status).toBe(503);
    expect(r.json.message).toMatch(
      /^Every provider for live data MTN is paused after repeated failures; try again in \d+ s\. Nothing was charged$/,
    );
    expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(r.headers['retry-after'])).toBeLessThanOrEqual(30);
    expect(liveBalanceKobo(t, 'PAUSED')).toBe(before);
    // A product with no route at all keeps its own answer, without Retry-After.
    const bill = requestOf('betting', 'PAUSED', 'paused-2');
    const none = await t.call('POST', bill.path, { pair: m.live, body: bill.body });
    expect(none.status).toBe(503);
    expect(none.json.message).toMatch(/^No provider is configured/);
    expect(none.headers['retry-after']).toBeUndefined();
    t.node.services.router.breaker.recordSuccess('dead');
    expect(byName('dead').circuit.state).toBe('closed');
  });

  it('gift-card availability on live answers what the order would while its providers are paused: 503 with Retry-After', async () => {
    const m = liveMerchant(t, 'GCPAUSE');
    const ask = () => t.call('GET', '/v1/giftcards/plans/5001/availability', { pair: m.live });
    expect((await ask()).json.data).toMatchObject({ available: true });
    for (let i = 0; i < 5; i++) t.node.services.router.breaker.recordTransportFailure('demo-sim');
    try {
      const paused = await ask();
      expect(paused.status).toBe(503);
      expect(paused.json.message).toMatch(
        /^Every provider for live gift cards is paused after repeated failures; try again in \d+ s$/,
      );
      expect(Number(paused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      const order = await t.call('POST', '/v1/giftcards/orders', {
        pair: m.live,
        body: { request_id: 'gc-paused-1', plan_id: 5001 },
      });
      expect(order.status).toBe(503);
      // Test credentials never go to a provider: unaffected.
      expect((await t.call('GET', '/v1/giftcards/plans/5001/availability', { pair: m.test })).status).toBe(
        200,
      );
    } finally {
      t.node.services.router.breaker.recordSuccess('demo-sim');
    }
    expect((await ask()).json.data).toMatchObject({ available: true });
  });

  it('readings are kept in SQLite: a restarted node shows them', async () => {
    keepDir = true;
    await t.node.close();
    const node = await startNode(testConfig(t.dataDir));
    try {
      const h = upstreamHealth(node.services).find((x) => x.name === 'fault')!;
      expect(h).toMatchObject({ balance: '900000.00', last_error: expect.stringMatching(/balance/) });
    } finally {
      await node.close();
    }
  });
});

describe('an unreadable low-balance threshold', () => {
  it('is logged once per value, not on every read, and the next one applies: the setting, else 50000.00', async () => {
    const fault = await spawnFaultUpstream();
    const t = await startTestNode();
    try {
      // Stored as a zero could be before the node refused it where it is entered (the store parses no options).
      routeTo(t, 'zeroed', fault.url, [], {
        options: { timeoutMs: 1_000, connectTimeoutMs: 500, lowBalanceNaira: '0' },
      });
      await fault.control({ balance: '20000.00' });
      const warnings: { o: any; m: string }[] = [];
      const log = { warn: (o: object, m: string) => void warnings.push({ o, m }) };
      const ignored = () =>
        warnings.filter((w) => w.m.startsWith('low-balance threshold ignored')).map((w) => w.o);
      const health = () => upstreamHealth(t.node.services).find((h) => h.name === 'zeroed')!;

      await checkUpstreamBalances(t.node.services, log);
      await checkUpstreamBalances(t.node.services, log);
      expect(health()).toMatchObject({
        balance: '20000.00',
        low_balance: true,
        low_balance_threshold: '50000.00',
      });
      expect(ignored()).toEqual([
        {
          upstream: 'zeroed',
          source: 'upstream zeroed option lowBalanceNaira',
          value: '0',
          applies: '50000.00',
        },
      ]);

      // A bad stored setting is the settings registry's to say (store/settings.ts), naming its key.
      setSettingsLog(t.node.services.db, log);
      storeRaw(t, 'upstream_low_balance_naira', '"fifty"');
      await checkUpstreamBalances(t.node.services, log);
      await checkUpstreamBalances(t.node.services, log);
      expect(health()).toMatchObject({ low_balance: true, low_balance_threshold: '50000.00' });
      expect(ignored()).toHaveLength(1);
      expect(warnings.filter((w) => w.m.startsWith('setting upstream_low_balance_naira ignored'))).toEqual([
        {
          o: { setting: 'upstream_low_balance_naira', stored: '"fifty"', applies: '50000.00' },
          m: 'setting upstream_low_balance_naira ignored: its stored value "fifty" is not a Naira amount above zero, like "50000"; the default "50000.00" applies until it is set again',
        },
      ]);

      setSetting(t.node.services.db, SETTINGS.upstreamLowBalance, 1_000_000);
      await checkUpstreamBalances(t.node.services, log);
      expect(health()).toMatchObject({ low_balance: false, low_balance_threshold: '10000.00' });
      expect(ignored()).toHaveLength(1);
    } finally {
      await t.close();
      await fault.kill();
    }
  });
});

describe('schedules', () => {
  it('balance every 5 minutes, catalog sync hourly by default (a setting overrides it); a node starts and stops with them', async () => {
    expect(cron.validate(UPSTREAM_HEALTH_CRON)).toBe(true);
    expect(cron.validate(CATALOG_SYNC_DEFAULT_CRON)).toBe(true);
    const t = await startTestNode({ schedules: true });
    try {
      const log = { warn: () => {} };
      expect(upstreamHealthJob(t.node.services, log).expression).toBe('0 */5 * * * *');
      const expression = () => {
        const e = catalogSyncJob(t.node.services, log).expression;
        return typeof e === 'function' ? e() : e;
      };
      expect(expression()).toBe('0 0 * * * *');
      setSetting(t.node.services.db, SETTINGS.catalogSyncCron, '0 30 */2 * * *');
      expect(expression()).toBe('0 30 */2 * * *');
      // Not a schedule (stored by hand: the writers refuse it), or one node-cron refuses: hourly.
      const warnings: string[] = [];
      setSettingsLog(t.node.services.db, { warn: (_o, m) => void warnings.push(m) });
      storeRaw(t, 'catalog_sync_cron', '"not cron"');
      expect(expression()).toBe('0 0 * * * *');
      storeRaw(t, 'catalog_sync_cron', '"99 * * * * *"');
      expect(expression()).toBe('0 0 * * * *');
      expect(expression()).toBe('0 0 * * * *');
      expect(warnings).toEqual([
        'setting catalog_sync_cron ignored: its stored value "not cron" is not a cron schedule like "0 0 * * * *"; the default "0 0 * * * *" applies until it is set again',
        'setting catalog_sync_cron ignored: its stored value "99 * * * * *" is not a schedule node-cron accepts; the default "0 0 * * * *" applies until it is set again',
      ]);
    } finally {
      await t.close();
    }
  });
});
