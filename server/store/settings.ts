import { prep } from './db.js';
import type { Db } from './db.js';
import { recordAudit } from './audit.js';
import type { AuditAction } from '../../common/audit-actions.js';
import { SETTINGS, type Setting } from './setting-keys.js';

export { SETTINGS, type Setting } from './setting-keys.js';

/** Where a stored value that fails its check is said (the node's log; stderr until it has one). */
export interface SettingsLog {
  warn(o: object, m: string): void;
}

const stderrLog: SettingsLog = { warn: (_o, m) => console.warn(`warning: ${m}`) };
const logs = new WeakMap<Db, SettingsLog>();
/** Per database, the stored values already warned about (key and text): each is said once, not on every read. */
const warned = new WeakMap<Db, Set<string>>();

/** Done by the node once it has its log (node.ts); the CLI keeps stderr. */
export function setSettingsLog(db: Db, log: SettingsLog): void {
  logs.set(db, log);
}

/** How a value shows in a warning or an answer: its stored JSON form (a Naira string, not kobo). */
export const storedForm = <T>(setting: Setting<T>, value: T): unknown =>
  setting.toStored ? setting.toStored(value) : value;

/**
 * Says once per stored text that a setting's value was not used, and what applies instead. For
 * the registry's own checks (getSetting) and for checks made where more is loaded (the catalog
 * sync's node-cron, jobs/catalog-sync.ts).
 */
export function warnBadSetting<T>(
  db: Db,
  setting: Setting<T>,
  stored: string,
  expected = setting.expected,
): void {
  let seen = warned.get(db);
  if (!seen) warned.set(db, (seen = new Set()));
  const said = `${setting.key}\u0000${stored}`;
  if (seen.has(said)) return;
  seen.add(said);
  const applies = storedForm(setting, setting.default);
  (logs.get(db) ?? stderrLog).warn(
    { setting: setting.key, stored, applies },
    `setting ${setting.key} ignored: its stored value ${stored} is not ${expected}; the default ${JSON.stringify(applies)} applies until it is set again`,
  );
}

function storedText(db: Db, key: string): string | undefined {
  const r = prep(db, 'SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined;
  return r?.value;
}

function parsed<T>(setting: Setting<T>, text: string): T | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  return setting.parse(json);
}

/**
 * The setting's value, checked: its default while unset, and also when the stored value is not
 * what the setting holds (hand-edited, or left by a version with other rules). That one is
 * warned about, naming the key, and never thrown: a setting read on a sale's path or at start
 * must not stop the node over a value an operator can set again.
 */
export function getSetting<T>(db: Db, setting: Setting<T>): T {
  const text = storedText(db, setting.key);
  if (text === undefined) return setting.default;
  const value = parsed(setting, text);
  if (value === undefined) {
    warnBadSetting(db, setting, text);
    return setting.default;
  }
  return value;
}

/** Whether the setting has a stored value its check accepts (a bad one reads as its default). */
export function hasSetting<T>(db: Db, setting: Setting<T>): boolean {
  const text = storedText(db, setting.key);
  return text !== undefined && parsed(setting, text) !== undefined;
}

/** Stores a value; one its own reader would refuse is a bug here, not a value to store. */
export function setSetting<T>(db: Db, setting: Setting<T>, value: T): void {
  const stored = storedForm(setting, value);
  if (setting.parse(stored) === undefined)
    throw new Error(`setting ${setting.key}: ${JSON.stringify(stored)} is not ${setting.expected}`);
  prep(
    db,
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
  ).run(setting.key, JSON.stringify(stored));
}

export function deleteSetting<T>(db: Db, setting: Setting<T>): void {
  prep(db, 'DELETE FROM settings WHERE key = ?').run(setting.key);
}

/** One setting and its value, for storing several together (setSettingsAudited). */
export interface SettingWrite {
  readonly key: string;
  write(db: Db): void;
}

export const settingWrite = <T>(setting: Setting<T>, value: T): SettingWrite => ({
  key: setting.key,
  write: (db) => setSetting(db, setting, value),
});

/**
 * Several settings and their audit entry in one commit (the report settings form saves them
 * together): either all are stored, audited, or none.
 */
export function setSettingsAudited(
  db: Db,
  writes: readonly SettingWrite[],
  audit: { actor: string; action: AuditAction; subject: string; detail: object },
): void {
  db.transaction(() => {
    for (const w of writes) w.write(db);
    recordAudit(db, audit.actor, audit.action, audit.subject, audit.detail);
  }).immediate();
}

/**
 * The node's business timezone (an IANA zone): where its days begin for reports, cash-ups,
 * agents' daily limits, the console's date filters, exports and schedules. Read afresh on every
 * call, so a changed setting (console or CLI) applies at once.
 */
export function businessTimezone(db: Db): string {
  return getSetting(db, SETTINGS.businessTimezone);
}
