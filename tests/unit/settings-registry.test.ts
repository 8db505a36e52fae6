import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import {
  getSetting,
  hasSetting,
  setSetting,
  setSettingsLog,
  SETTINGS,
  storedForm,
  type Setting,
} from '../../server/store/settings.js';
import type { Db } from '../../server/store/db.js';

/** The settings table alone, as migration 001 makes it. */
function settingsDb() {
  const db = new Database(':memory:') as Db;
  db.exec('CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
  const warnings: { o: any; m: string }[] = [];
  setSettingsLog(db, { warn: (o, m) => void warnings.push({ o, m }) });
  /** A stored text as an existing data directory may hold it (past setSetting's check). */
  const store = (key: string, text: string) =>
    db
      .prepare(
        'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
      )
      .run(key, text);
  const stored = (key: string) =>
    (db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined)?.value;
  return { db, warnings, store, stored };
}

const entries = Object.entries(SETTINGS) as [string, Setting<unknown>][];

describe('the settings registry (store/setting-keys.ts)', () => {
  it('keeps the keys existing data directories hold, each once', () => {
    expect(entries.map(([, s]) => s.key).sort()).toEqual([
      'backup.taken_at',
      'catalog_sync_cron',
      'demo.test_pair_unshown',
      'fx',
      'initialised',
      'limits',
      'node.allow_private_webhooks',
      'purchases.results_sealed',
      'reconciliation.operator_emails',
      'reconciliation.run_time',
      'reports.console_url',
      'reports.from',
      'reports.holidays',
      'reports.lookback_days',
      'reports.max_attachment_bytes',
      'reports.send_time',
      'reports.smtp_url_sealed',
      'reports.timezone',
      'secret_key.check',
      'upstream_low_balance_naira',
    ]);
  });

  it.each(entries)('%s: its default passes its own check', (_name, s) => {
    expect(s.parse(storedForm(s, s.default))).toEqual(s.default);
  });

  // Stored JSON (as existing data directories hold it) -> the value read, or undefined: refused.
  const cases: [Setting<any>, unknown, unknown][] = [
    [SETTINGS.initialised, true, true],
    [SETTINGS.initialised, 1, undefined],
    [SETTINGS.secretKeyCheck, 'ab12', 'ab12'],
    [SETTINGS.secretKeyCheck, 12, undefined],
    [SETTINGS.demoPairUnshown, false, false],
    [SETTINGS.demoPairUnshown, 'false', undefined],
    [SETTINGS.resultsSealed, true, true],
    [SETTINGS.resultsSealed, null, undefined],
    [SETTINGS.backupTakenAt, '2026-05-01T10:00:00.000Z', '2026-05-01T10:00:00.000Z'],
    [SETTINGS.backupTakenAt, {}, undefined],
    [SETTINGS.webhooksAllowPrivate, null, null],
    [SETTINGS.webhooksAllowPrivate, true, true],
    [SETTINGS.webhooksAllowPrivate, 'yes', undefined],
    [
      SETTINGS.fx,
      { rates_ngn: { USD: 1550, EUR: 1680 }, margin_percent: 3 },
      { rates_ngn: { USD: 1550, EUR: 1680 }, margin_percent: 3 },
    ],
    [SETTINGS.fx, { rates_ngn: { USD: '1550' }, margin_percent: 3 }, undefined],
    [SETTINGS.fx, { rates_ngn: {} }, undefined],
    [SETTINGS.fx, [], undefined],
    // Either bound alone: the other keeps its default.
    [SETTINGS.limits, { airtimeMinKobo: 10_050 }, { airtimeMinKobo: 10_050, airtimeMaxKobo: 5_000_000 }],
    [
      SETTINGS.limits,
      { airtimeMinKobo: 10_050, airtimeMaxKobo: 6_000_000 },
      { airtimeMinKobo: 10_050, airtimeMaxKobo: 6_000_000 },
    ],
    [SETTINGS.limits, { airtimeMinKobo: 1.5 }, undefined],
    [SETTINGS.limits, { airtimeMinKobo: 6_000_000 }, undefined], // above the maximum
    [SETTINGS.limits, 'cheap', undefined],
    [SETTINGS.catalogSyncCron, '0 30 */2 * * *', '0 30 */2 * * *'],
    [SETTINGS.catalogSyncCron, '30 */2 * * *', '30 */2 * * *'],
    [SETTINGS.catalogSyncCron, 'not cron', undefined],
    [SETTINGS.catalogSyncCron, '0 0 * * * *\n0', undefined],
    [SETTINGS.catalogSyncCron, 3600, undefined],
    // Stored as the API's Naira string; a number an earlier version wrote reads too.
    [SETTINGS.upstreamLowBalance, '5000.00', 500_000],
    [SETTINGS.upstreamLowBalance, 5000, 500_000],
    [SETTINGS.upstreamLowBalance, 'fifty', undefined],
    [SETTINGS.upstreamLowBalance, '0', undefined],
    [SETTINGS.upstreamLowBalance, '-5', undefined],
    [SETTINGS.businessTimezone, 'Europe/London', 'Europe/London'],
    [SETTINGS.businessTimezone, 'Lagos', undefined],
    [SETTINGS.reportsSmtpUrlSealed, null, null],
    [SETTINGS.reportsSmtpUrlSealed, 'v1.sealed', 'v1.sealed'],
    [SETTINGS.reportsFrom, 'Ops <ops@shop.ng>', 'Ops <ops@shop.ng>'],
    [SETTINGS.reportsFrom, null, undefined],
    [SETTINGS.reportsSendTime, '06:45', '06:45'],
    [SETTINGS.reportsSendTime, '6:45', undefined],
    [SETTINGS.reportsHolidays, ['2026-12-25'], ['2026-12-25']],
    [SETTINGS.reportsHolidays, ['2026-02-30'], undefined],
    [SETTINGS.reportsMaxAttachmentBytes, 0, 0],
    [SETTINGS.reportsMaxAttachmentBytes, -1, undefined],
    [SETTINGS.reportsConsoleUrl, 'https://vp.example.ng', 'https://vp.example.ng'],
    [SETTINGS.reportsConsoleUrl, 'vp.example.ng', undefined],
    [SETTINGS.reportsLookbackDays, 60, 60],
    [SETTINGS.reportsLookbackDays, 61, undefined],
    [SETTINGS.reconciliationRunTime, '02:30', '02:30'],
    [SETTINGS.reconciliationRunTime, '24:00', undefined],
    [SETTINGS.reconciliationOperatorEmails, ['ops@shop.ng'], ['ops@shop.ng']],
    [SETTINGS.reconciliationOperatorEmails, ['ops@localhost'], undefined],
  ];
  it.each(cases.map(([s, stored, read]) => [s.key, JSON.stringify(stored), s, stored, read] as const))(
    '%s stored as %s',
    (_key, _text, s, stored, read) => {
      expect(s.parse(stored)).toEqual(read);
    },
  );

  it('reads a setting unset as its default, and a stored one as its type', () => {
    const { db, store } = settingsDb();
    expect(getSetting(db, SETTINGS.upstreamLowBalance)).toBe(5_000_000);
    expect(hasSetting(db, SETTINGS.upstreamLowBalance)).toBe(false);
    store('upstream_low_balance_naira', '"12500.50"');
    expect(getSetting(db, SETTINGS.upstreamLowBalance)).toBe(1_250_050);
    expect(hasSetting(db, SETTINGS.upstreamLowBalance)).toBe(true);
  });

  it('a bad stored value reads as the default, warned once per value with its key, never thrown', () => {
    const { db, warnings, store } = settingsDb();
    store('reports.lookback_days', '"a week"');
    expect(getSetting(db, SETTINGS.reportsLookbackDays)).toBe(7);
    expect(getSetting(db, SETTINGS.reportsLookbackDays)).toBe(7);
    expect(hasSetting(db, SETTINGS.reportsLookbackDays)).toBe(false);
    expect(warnings).toEqual([
      {
        o: { setting: 'reports.lookback_days', stored: '"a week"', applies: 7 },
        m: 'setting reports.lookback_days ignored: its stored value "a week" is not whole days from 1 to 60; the default 7 applies until it is set again',
      },
    ]);
    // Not JSON at all (edited by hand): the same.
    store('reports.timezone', 'Africa/Lagos');
    expect(getSetting(db, SETTINGS.businessTimezone)).toBe('Africa/Lagos');
    store('upstream_low_balance_naira', '"0"');
    expect(getSetting(db, SETTINGS.upstreamLowBalance)).toBe(5_000_000);
    expect(warnings.map((w) => w.o)).toEqual([
      { setting: 'reports.lookback_days', stored: '"a week"', applies: 7 },
      { setting: 'reports.timezone', stored: 'Africa/Lagos', applies: 'Africa/Lagos' },
      // In the form it is stored in: Naira, not kobo.
      { setting: 'upstream_low_balance_naira', stored: '"0"', applies: '50000.00' },
    ]);
    // Another bad value of the same key is said too.
    store('reports.lookback_days', '0');
    expect(getSetting(db, SETTINGS.reportsLookbackDays)).toBe(7);
    expect(warnings).toHaveLength(4);
  });

  it('stores the JSON form existing data directories hold, and refuses what its reader would', () => {
    const { db, stored } = settingsDb();
    setSetting(db, SETTINGS.upstreamLowBalance, 2_000_000);
    expect(stored('upstream_low_balance_naira')).toBe('"20000.00"');
    setSetting(db, SETTINGS.catalogSyncCron, '0 30 */2 * * *');
    expect(stored('catalog_sync_cron')).toBe('"0 30 */2 * * *"');
    setSetting(db, SETTINGS.fx, { rates_ngn: { USD: 1550 }, margin_percent: 3 });
    expect(stored('fx')).toBe('{"rates_ngn":{"USD":1550},"margin_percent":3}');
    setSetting(db, SETTINGS.initialised, true);
    expect(stored('initialised')).toBe('true');
    expect(() => setSetting(db, SETTINGS.reportsSendTime, '7am')).toThrow(
      'setting reports.send_time: "7am" is not a time HH:MM',
    );
    expect(stored('reports.send_time')).toBeUndefined();
  });
});
