import { koboToApiNaira, readNairaAmount, type Kobo } from '../../common/money.js';
import { isEmailAddress } from '../../common/email-address.js';
import { DEFAULT_BUSINESS_TIMEZONE } from '../domain/business-timezone.js';
import { isDay, isTimeOfDay, isValidTimezone } from '../domain/business-days.js';
import type { FxConfig } from '../domain/fx-pricing.js';
import { DEFAULT_LIMITS, type PurchaseLimits } from '../domain/purchase-limits.js';
import { DEFAULT_LOW_BALANCE_KOBO } from '../domain/upstream-options.js';

/**
 * One row of the settings table: its key, what applies while it is unset, and the check a
 * stored value must pass before anything reads it as a T (store/settings.ts getSetting).
 */
export interface Setting<T> {
  readonly key: string;
  readonly default: T;
  /** What a stored value must be, in the words of the warning about one that is not. */
  readonly expected: string;
  /** The stored JSON as a T; undefined when it is not one (the reader then applies the default). */
  readonly parse: (stored: unknown) => T | undefined;
  /** The JSON a value is stored as, when that is not the value itself. */
  readonly toStored?: (value: T) => unknown;
}

/** An entry, checked against Setting<T> with T given (a literal default would otherwise narrow it). */
const setting = <T>(entry: Setting<T>): Setting<T> => entry;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const flag = (v: unknown) => (typeof v === 'boolean' ? v : undefined);
const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
const textOrNull = (v: unknown) => (v === null || typeof v === 'string' ? v : undefined);
const wholeNumber = (min: number, max: number) => (v: unknown) =>
  Number.isSafeInteger(v) && (v as number) >= min && (v as number) <= max ? (v as number) : undefined;
const listOf = (ok: (item: string) => boolean) => (v: unknown) =>
  Array.isArray(v) && v.every((item) => typeof item === 'string' && ok(item)) ? (v as string[]) : undefined;

function fxConfig(v: unknown): FxConfig | undefined {
  if (!isObject(v) || !isObject(v.rates_ngn)) return undefined;
  const rates = Object.values(v.rates_ngn);
  if (!rates.every((r) => typeof r === 'number' && Number.isFinite(r))) return undefined;
  return typeof v.margin_percent === 'number' && Number.isFinite(v.margin_percent)
    ? (v as unknown as FxConfig)
    : undefined;
}

/** Stored as either bound or both (`{"airtimeMinKobo":10050}`); the other keeps its default. */
function purchaseLimits(v: unknown): PurchaseLimits | undefined {
  if (!isObject(v)) return undefined;
  const bound = (name: keyof PurchaseLimits) =>
    v[name] === undefined ? DEFAULT_LIMITS[name] : wholeNumber(1, Number.MAX_SAFE_INTEGER)(v[name]);
  const airtimeMinKobo = bound('airtimeMinKobo');
  const airtimeMaxKobo = bound('airtimeMaxKobo');
  return airtimeMinKobo !== undefined && airtimeMaxKobo !== undefined && airtimeMinKobo <= airtimeMaxKobo
    ? { airtimeMinKobo, airtimeMaxKobo }
    : undefined;
}

/**
 * Five or six fields, node-cron's shape. node-cron's own check (`validate`) runs where node-cron
 * is loaded: the schedule (jobs/catalog-sync.ts) and the writers (services/operator-settings.ts).
 * This module is on every start's path, and a node started with schedules off never loads
 * node-cron (docs/performance.md).
 */
function cronShaped(v: unknown): string | undefined {
  if (typeof v !== 'string' || /[\r\n]/.test(v)) return undefined;
  const fields = v.trim().split(/\s+/).length;
  return fields === 5 || fields === 6 ? v : undefined;
}

/** A Naira amount above zero; numbers too, as an earlier version may have stored one. */
function nairaAboveZero(v: unknown): Kobo | undefined {
  const read = readNairaAmount(typeof v === 'number' ? String(v) : v);
  return read.ok ? read.kobo : undefined;
}

const CONSOLE_URL = /^https?:\/\/[^\s]+$/;

/**
 * Every setting the node stores, by what it is. The keys and JSON forms are those existing data
 * directories hold: change neither without a migration. Read and written only through
 * store/settings.ts (getSetting, setSetting), which checks each value with its entry.
 */
export const SETTINGS = {
  /** The data directory was set up (catalogs seeded, DEMO made); also the row disk-full.ts rewrites. */
  initialised: setting<boolean>({
    key: 'initialised',
    default: false,
    expected: 'true or false',
    parse: flag,
  }),
  /** The fingerprint of the secret.key this database was sealed with (store/bootstrap.ts). */
  secretKeyCheck: setting<string | null>({
    key: 'secret_key.check',
    default: null,
    expected: 'a key fingerprint',
    parse: textOrNull,
  }),
  /**
   * Set in the transaction that creates DEMO (store/bootstrap.ts) and cleared once its test pair
   * has been shown: the node's banner, the CLI's stderr, or any rotation of that pair (whoever
   * rotated it saw the new one). A first start killed before its banner leaves it set, and the
   * next start shows a fresh pair.
   */
  demoPairUnshown: setting<boolean>({
    key: 'demo.test_pair_unshown',
    default: false,
    expected: 'true or false',
    parse: flag,
  }),
  /** Results an earlier version stored in clear have been sealed (store/sealed-results.ts). */
  resultsSealed: setting<boolean>({
    key: 'purchases.results_sealed',
    default: false,
    expected: 'true or false',
    parse: flag,
  }),
  /** Only in a backup copy: when it was taken (jobs/restored-backup.ts acts on it and clears it). */
  backupTakenAt: setting<string | null>({
    key: 'backup.taken_at',
    default: null,
    expected: 'a time',
    parse: textOrNull,
  }),
  /**
   * Whether the node delivers to private addresses (--allow-private-webhooks), written at every
   * start that changes it (null: never recorded). The CLI takes its own flag, so it reads this to
   * warn when the node would refuse what it just saved.
   */
  webhooksAllowPrivate: setting<boolean | null>({
    key: 'node.allow_private_webhooks',
    default: null,
    expected: 'true or false',
    parse: (v: unknown) => (v === null ? null : flag(v)),
  }),
  /** Rates and margin of gift cards and eSIMs, seeded from resources/catalog/fx.json. */
  fx: setting<FxConfig>({
    key: 'fx',
    default: { rates_ngn: {}, margin_percent: 0 },
    expected: '{"rates_ngn":{CODE:number},"margin_percent":number}',
    parse: fxConfig,
  }),
  /** Airtime amount bounds (services/catalog-service.ts). */
  limits: setting<PurchaseLimits>({
    key: 'limits',
    default: DEFAULT_LIMITS,
    expected: '{"airtimeMinKobo":kobo,"airtimeMaxKobo":kobo}, the minimum not above the maximum',
    parse: purchaseLimits,
  }),
  /** When catalogs are synced from vending-api upstreams (six-field node-cron): hourly unless set. */
  catalogSyncCron: setting<string>({
    key: 'catalog_sync_cron',
    default: '0 0 * * * *',
    expected: 'a cron schedule like "0 0 * * * *"',
    parse: cronShaped,
  }),
  /** The low-balance alert of an upstream that sets none of its own (stored as a Naira string). */
  upstreamLowBalance: setting<Kobo>({
    key: 'upstream_low_balance_naira',
    default: DEFAULT_LOW_BALANCE_KOBO,
    expected: 'a Naira amount above zero, like "50000"',
    parse: nairaAboveZero,
    toStored: koboToApiNaira,
  }),
  /** The node's business timezone, edited with the daily-report settings (store/settings.ts businessTimezone). */
  businessTimezone: setting<string>({
    key: 'reports.timezone',
    default: DEFAULT_BUSINESS_TIMEZONE,
    expected: 'an IANA time zone like Africa/Lagos',
    parse: (v: unknown) => (isValidTimezone(v) ? v : undefined),
  }),
  reportsSmtpUrlSealed: setting<string | null>({
    key: 'reports.smtp_url_sealed',
    default: null,
    expected: 'a sealed SMTP URL',
    parse: textOrNull,
  }),
  reportsFrom: setting<string>({
    key: 'reports.from',
    default: 'VendPoint Reports <reports@vendpoint.local>',
    expected: 'a From address',
    parse: text,
  }),
  reportsSendTime: setting<string>({
    key: 'reports.send_time',
    default: '07:00',
    expected: 'a time HH:MM',
    parse: (v: unknown) => (isTimeOfDay(v) ? v : undefined),
  }),
  reportsHolidays: setting<string[]>({
    key: 'reports.holidays',
    default: [],
    expected: 'a list of dates YYYY-MM-DD',
    parse: listOf(isDay),
  }),
  reportsMaxAttachmentBytes: setting<number>({
    key: 'reports.max_attachment_bytes',
    default: 5_000_000,
    expected: 'a whole number of bytes',
    parse: wholeNumber(0, Number.MAX_SAFE_INTEGER),
  }),
  reportsConsoleUrl: setting<string | null>({
    key: 'reports.console_url',
    default: null,
    expected: 'an http(s) URL or null',
    parse: (v: unknown) => (v === null || (typeof v === 'string' && CONSOLE_URL.test(v)) ? v : undefined),
  }),
  reportsLookbackDays: setting<number>({
    key: 'reports.lookback_days',
    default: 7,
    expected: 'whole days from 1 to 60',
    parse: wholeNumber(1, 60),
  }),
  reconciliationRunTime: setting<string>({
    key: 'reconciliation.run_time',
    default: '02:30',
    expected: 'a time HH:MM',
    parse: (v: unknown) => (isTimeOfDay(v) ? v : undefined),
  }),
  reconciliationOperatorEmails: setting<string[]>({
    key: 'reconciliation.operator_emails',
    default: [],
    expected: 'a list of e-mail addresses',
    parse: listOf(isEmailAddress),
  }),
} as const;
