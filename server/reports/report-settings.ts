import type { Db } from '../store/db.js';
import type { SecretBox } from '../store/secret-box.js';
import {
  businessTimezone,
  getSetting,
  setSettingsAudited,
  settingWrite,
  SETTINGS,
  type Setting,
  type SettingWrite,
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

export function getReportSettings(db: Db, box: SecretBox): ReportSettings {
  const sealed = getSetting(db, SETTINGS.reportsSmtpUrlSealed);
  let smtpUrl: string | null = null;
  try {
    smtpUrl = sealed ? box.open(sealed) : null;
  } catch {
    // Sealed under another data directory's key (a copied database): as if unset.
    smtpUrl = null;
  }
  return {
    smtpUrl,
    from: getSetting(db, SETTINGS.reportsFrom),
    sendTime: getSetting(db, SETTINGS.reportsSendTime),
    timezone: businessTimezone(db),
    holidays: getSetting(db, SETTINGS.reportsHolidays),
    maxAttachmentBytes: getSetting(db, SETTINGS.reportsMaxAttachmentBytes),
    consoleUrl: getSetting(db, SETTINGS.reportsConsoleUrl),
    lookbackDays: getSetting(db, SETTINGS.reportsLookbackDays),
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
    (!Number.isSafeInteger(patch.maxAttachmentBytes) || patch.maxAttachmentBytes < 0)
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
  const p = patch;
  const writes: SettingWrite[] = [];
  const put = <T>(setting: Setting<T>, value: T | undefined) => {
    if (value !== undefined) writes.push(settingWrite(setting, value));
  };
  put(
    SETTINGS.reportsSmtpUrlSealed,
    p.smtpUrl === undefined || p.smtpUrl === null ? p.smtpUrl : box.seal(p.smtpUrl),
  );
  put(SETTINGS.reportsFrom, p.from);
  put(SETTINGS.reportsSendTime, p.sendTime);
  put(SETTINGS.businessTimezone, p.timezone);
  put(SETTINGS.reportsHolidays, p.holidays && [...new Set(p.holidays)].sort());
  put(SETTINGS.reportsMaxAttachmentBytes, p.maxAttachmentBytes);
  put(SETTINGS.reportsConsoleUrl, p.consoleUrl);
  put(SETTINGS.reportsLookbackDays, p.lookbackDays);
  const detail = { ...patch, smtpUrl: patch.smtpUrl ? redactSmtpUrl(patch.smtpUrl) : patch.smtpUrl };
  setSettingsAudited(db, writes, { actor, action: 'reports.settings', subject: 'reports', detail });
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
