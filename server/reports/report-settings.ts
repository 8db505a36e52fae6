import { DEFAULT_BUSINESS_TIMEZONE } from '../domain/business-timezone.js';
import type { Db } from '../store/db.js';
import type { SecretBox } from '../store/secret-box.js';
import {
  BUSINESS_TIMEZONE_SETTING,
  businessTimezone,
  getSetting,
  setSettingsAudited,
} from '../store/settings.js';
import { InvalidInput } from '../domain/errors.js';
import { assertOneLineText } from '../domain/text-hygiene.js';
import { isDay, isValidTimezone, parseTimeOfDay } from '../domain/business-days.js';
import { parseSmtpUrl, redactSmtpUrl } from './mailer.js';
import { isEmailAddress } from '../../common/email-address.js';

/** Shown on the Settings page while the SMTP URL in use sends its password without TLS. */
export const SMTP_TLS_OFF_WARNING =
  'The SMTP URL in use says tls=off and carries a password: it is sent to the mail server without encryption. Use smtps:// or a server with STARTTLS, and remove ?tls=off.';

function credentialsWithoutTls(url: string): boolean {
  try {
    return parseSmtpUrl(url).credentialsWithoutTls;
  } catch {
    return false;
  }
}

/**
 * Daily-report settings, kept in the settings table so the admin console edits them on a
 * running node (every tick reads them afresh). The SMTP URL carries a password, so it is
 * stored sealed with the data directory's key, like upstream secrets.
 */
export interface ReportSettings {
  /** From settings; the node's --smtp-url / VENDPOINT_SMTP_URL, when given, takes precedence. */
  smtpUrl: string | null;
  from: string;
  /** Local time (HH:MM) from which a business day's reports go out. */
  sendTime: string;
  /** The node's business timezone (store/settings.ts `businessTimezone`): reports cut their days in it. */
  timezone: string;
  /** Days (YYYY-MM-DD) that are not business days, besides weekends. */
  holidays: string[];
  /** A CSV larger than this is linked to the console instead of attached. */
  maxAttachmentBytes: number;
  /** Base URL of the console for download links; null: the node's own URL. */
  consoleUrl: string | null;
  /** How many days back a missed report is still sent automatically. */
  lookbackDays: number;
}

export const REPORT_DEFAULTS: Omit<ReportSettings, 'smtpUrl'> = {
  from: 'VendPoint Reports <reports@vendpoint.local>',
  sendTime: '07:00',
  timezone: DEFAULT_BUSINESS_TIMEZONE,
  holidays: [],
  maxAttachmentBytes: 5_000_000,
  consoleUrl: null,
  lookbackDays: 7,
};

const KEYS = {
  smtpUrl: 'reports.smtp_url_sealed',
  from: 'reports.from',
  sendTime: 'reports.send_time',
  timezone: BUSINESS_TIMEZONE_SETTING,
  holidays: 'reports.holidays',
  maxAttachmentBytes: 'reports.max_attachment_bytes',
  consoleUrl: 'reports.console_url',
  lookbackDays: 'reports.lookback_days',
} as const satisfies Record<keyof ReportSettings, string>;

export function getReportSettings(db: Db, box: SecretBox): ReportSettings {
  const sealed = getSetting<string | null>(db, KEYS.smtpUrl, null);
  let smtpUrl: string | null = null;
  try {
    smtpUrl = sealed ? box.open(sealed) : null;
  } catch {
    // Sealed under another data directory's key (a copied database): as if unset.
    smtpUrl = null;
  }
  const d = REPORT_DEFAULTS;
  return {
    smtpUrl,
    from: getSetting(db, KEYS.from, d.from),
    sendTime: getSetting(db, KEYS.sendTime, d.sendTime),
    timezone: businessTimezone(db),
    holidays: getSetting(db, KEYS.holidays, d.holidays),
    maxAttachmentBytes: getSetting(db, KEYS.maxAttachmentBytes, d.maxAttachmentBytes),
    consoleUrl: getSetting(db, KEYS.consoleUrl, d.consoleUrl),
    lookbackDays: getSetting(db, KEYS.lookbackDays, d.lookbackDays),
  };
}

/** Checks a patch field by field; messages name the field as the console shows it. */
function validate(patch: Partial<ReportSettings>): void {
  // The From address goes into a mail header: a line break there would add headers of its own.
  assertOneLineText(patch.from, 'from');
  assertOneLineText(patch.smtpUrl, 'smtp_url');
  assertOneLineText(patch.consoleUrl, 'console_url');
  if (patch.smtpUrl !== undefined && patch.smtpUrl !== null) parseSmtpUrl(patch.smtpUrl);
  if (patch.from !== undefined) {
    const addr = /<([^>]+)>\s*$/.exec(patch.from)?.[1] ?? patch.from.trim();
    if (!isEmailAddress(addr))
      throw new InvalidInput('from must be an address, e.g. "Reports <reports@example.com>"', 'from');
  }
  if (patch.sendTime !== undefined) parseTimeOfDay(patch.sendTime);
  if (patch.timezone !== undefined && !isValidTimezone(patch.timezone)) {
    throw new InvalidInput(`timezone must be an IANA zone like Africa/Lagos`, 'timezone');
  }
  if (patch.holidays !== undefined) {
    if (!Array.isArray(patch.holidays))
      throw new InvalidInput('holidays must be a list of dates', 'holidays');
    for (const h of patch.holidays)
      if (!isDay(h)) throw new InvalidInput(`holidays: "${h}" is not a date YYYY-MM-DD`, 'holidays');
  }
  if (
    patch.maxAttachmentBytes !== undefined &&
    (!Number.isInteger(patch.maxAttachmentBytes) || patch.maxAttachmentBytes < 0)
  ) {
    throw new InvalidInput('max_attachment_bytes must be a non-negative integer', 'max_attachment_bytes');
  }
  if (
    patch.consoleUrl !== undefined &&
    patch.consoleUrl !== null &&
    !/^https?:\/\/[^\s]+$/.test(patch.consoleUrl)
  ) {
    throw new InvalidInput('console_url must be an http(s) URL', 'console_url');
  }
  if (
    patch.lookbackDays !== undefined &&
    (!Number.isInteger(patch.lookbackDays) || patch.lookbackDays < 1 || patch.lookbackDays > 60)
  ) {
    throw new InvalidInput('lookback_days must be an integer from 1 to 60', 'lookback_days');
  }
}

/** Validates and stores the given fields (null clears smtpUrl/consoleUrl), audited without secrets. */
export function updateReportSettings(
  db: Db,
  box: SecretBox,
  patch: Partial<ReportSettings>,
  actor: string,
): ReportSettings {
  validate(patch);
  const entries: [string, unknown][] = [];
  for (const [field, value] of Object.entries(patch) as [keyof ReportSettings, unknown][]) {
    if (value === undefined) continue;
    if (field === 'smtpUrl') entries.push([KEYS.smtpUrl, value === null ? null : box.seal(value as string)]);
    else if (field === 'holidays') entries.push([KEYS.holidays, [...new Set(value as string[])].sort()]);
    else entries.push([KEYS[field], value]);
  }
  const detail = { ...patch, smtpUrl: patch.smtpUrl ? redactSmtpUrl(patch.smtpUrl) : patch.smtpUrl };
  setSettingsAudited(db, entries, { actor, action: 'reports.settings', subject: 'reports', detail });
  return getReportSettings(db, box);
}

/** The SMTP URL in force and where it comes from (the console shows when a flag overrides it). */
export function effectiveSmtpUrl(
  settings: ReportSettings,
  flagUrl: string | null,
): { url: string | null; source: 'flag' | 'settings' | null } {
  if (flagUrl) return { url: flagUrl, source: 'flag' };
  if (settings.smtpUrl) return { url: settings.smtpUrl, source: 'settings' };
  return { url: null, source: null };
}

/** Settings as the console API returns them: SMTP password redacted. */
export function reportSettingsJson(settings: ReportSettings, flagUrl: string | null) {
  const smtp = effectiveSmtpUrl(settings, flagUrl);
  return {
    smtp_url: settings.smtpUrl ? redactSmtpUrl(settings.smtpUrl) : null,
    smtp_in_use: smtp.url ? redactSmtpUrl(smtp.url) : null,
    smtp_source: smtp.source,
    smtp_warning: smtp.url && credentialsWithoutTls(smtp.url) ? SMTP_TLS_OFF_WARNING : null,
    from: settings.from,
    send_time: settings.sendTime,
    timezone: settings.timezone,
    holidays: settings.holidays,
    max_attachment_bytes: settings.maxAttachmentBytes,
    console_url: settings.consoleUrl,
    lookback_days: settings.lookbackDays,
  };
}
