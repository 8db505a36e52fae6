import type { Db } from '../store/db.js';
import { recordAudit } from '../store/audit.js';
import {
  deleteSetting,
  getSetting,
  hasSetting,
  setSetting,
  SETTINGS,
  storedForm,
  type Setting,
} from '../store/settings.js';
import { InvalidInput } from '../domain/errors.js';
import { parseNaira } from '../domain/money.js';
import { formatKobo } from '../../common/money-display.js';
import type { Kobo } from '../../common/money.js';

/**
 * The settings an operator sets (CLI `settings set`, the console's catalog and upstream pages),
 * each read from what the operator typed
 * with the node's rule. A running node reads both afresh (the catalog sync's schedule every
 * 5 seconds, jobs/schedules.ts; the threshold at every balance read), so a change applies
 * without a restart.
 */
interface OperatorSetting<T> {
  readonly setting: Setting<T>;
  /** What it does, for `--help`. */
  readonly about: string;
  /** A value as the operator types it on a command line (quoted when it has spaces). */
  readonly example: string;
  /** What the operator typed -> the value; refused in the operator's words when it is not one. */
  read(text: string): Promise<T>;
  /** The value as people read it (₦ for an amount). */
  words(value: T): string;
  /** The audit entry's detail for a new value. */
  audit(value: T): object;
}

const op = <T>(entry: OperatorSetting<T>): OperatorSetting<T> => entry;

/** The seconds field when six are given (five: seconds are 0). */
const secondsField = (fields: string[]) => (fields.length === 6 ? fields[0] : '0');

async function readSyncSchedule(text: string): Promise<string> {
  const expression = text.trim().split(/\s+/).join(' ');
  // node-cron is loaded only here and by the schedules (docs/performance.md).
  const { default: cron } = await import('node-cron');
  if (!cron.validate(expression) || SETTINGS.catalogSyncCron.parse(expression) === undefined)
    throw new InvalidInput(
      `catalog_sync_cron must be a cron schedule: six fields (second minute hour day-of-month month weekday), or five without the seconds, e.g. "0 0 * * * *" (hourly, the default) or "0 30 */2 * * *" (every two hours at half past); got ${JSON.stringify(text)}`,
      'catalog_sync_cron',
    );
  // A sync asks every provider for its catalogs: at most once a minute, not every second.
  if (!/^\d{1,2}$/.test(secondsField(expression.split(' '))))
    throw new InvalidInput(
      `catalog_sync_cron runs at most once a minute: give its seconds field one number, e.g. "0 ${expression.split(' ').slice(1).join(' ')}"`,
      'catalog_sync_cron',
    );
  return expression;
}

export const OPERATOR_SETTINGS = {
  catalog_sync_cron: op<string>({
    setting: SETTINGS.catalogSyncCron,
    about: 'when catalogs are synced from vending-api upstreams (cron, six fields; default hourly)',
    example: "'0 30 */2 * * *'",
    read: readSyncSchedule,
    words: (v) => v,
    audit: (v) => ({ schedule: v }),
  }),
  upstream_low_balance_naira: op<Kobo>({
    setting: SETTINGS.upstreamLowBalance,
    about: 'the low-balance alert (Naira) of an upstream that sets none of its own (default 50000)',
    example: '20000',
    read: async (text) => parseNaira(text.trim(), 'upstream_low_balance_naira'),
    words: formatKobo,
    audit: (v) => ({ threshold_kobo: v }),
  }),
} as const;

export type OperatorSettingKey = keyof typeof OPERATOR_SETTINGS;
export const OPERATOR_SETTING_KEYS = Object.keys(OPERATOR_SETTINGS) as OperatorSettingKey[];

/** The key as typed, refused with the list when it is none an operator may set. */
export function operatorSettingKey(key: string): OperatorSettingKey {
  if (Object.hasOwn(OPERATOR_SETTINGS, key)) return key as OperatorSettingKey;
  throw new InvalidInput(
    `unknown setting ${JSON.stringify(key)}: an operator may set ${OPERATOR_SETTING_KEYS.join(' or ')}`,
    'key',
  );
}

/** A setting as the CLI answers it: the value in force, its default, and which of the two applies. */
export interface OperatorSettingJson {
  key: OperatorSettingKey;
  /** As it is stored: a cron schedule, a Naira amount ("20000.00"). */
  value: string;
  default: string;
  /** `set` when a stored value applies, `default` when none is stored (or a stored one is unreadable). */
  source: 'set' | 'default';
}

/** Each entry as one type: the registry's entries differ only in T, which these functions pass through. */
const entryOf = (key: OperatorSettingKey) => OPERATOR_SETTINGS[key] as OperatorSetting<unknown>;

export function operatorSettingJson(db: Db, key: OperatorSettingKey): OperatorSettingJson {
  const { setting } = entryOf(key);
  return {
    key,
    value: String(storedForm(setting, getSetting(db, setting))),
    default: String(storedForm(setting, setting.default)),
    source: hasSetting(db, setting) ? 'set' : 'default',
  };
}

/** The setting in a line: `upstream_low_balance_naira = ₦10,000.00 (set; default ₦50,000.00)`. */
export function operatorSettingLine(db: Db, key: OperatorSettingKey): string {
  const { setting, words } = entryOf(key);
  const source = hasSetting(db, setting) ? 'set' : 'the default';
  const otherwise = hasSetting(db, setting) ? `; default ${words(setting.default)}` : '';
  return `${key} = ${words(getSetting(db, setting))} (${source}${otherwise})`;
}

/** Checks and stores a new value, audited in the same commit; the setting as it now stands. */
export async function setOperatorSetting(
  db: Db,
  key: OperatorSettingKey,
  text: string,
  actor: string,
): Promise<OperatorSettingJson> {
  const entry = entryOf(key);
  const value = await entry.read(text);
  db.transaction(() => {
    setSetting(db, entry.setting, value);
    recordAudit(db, actor, 'settings.set', key, entry.audit(value));
  }).immediate();
  return operatorSettingJson(db, key);
}

/** Removes the stored value, audited: the default applies again. */
export function unsetOperatorSetting(db: Db, key: OperatorSettingKey, actor: string): OperatorSettingJson {
  const entry = entryOf(key);
  db.transaction(() => {
    deleteSetting(db, entry.setting);
    recordAudit(db, actor, 'settings.set', key, { back_to_default: true });
  }).immediate();
  return operatorSettingJson(db, key);
}
