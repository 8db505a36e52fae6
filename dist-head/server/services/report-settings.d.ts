import type { Db } from '../store/db.js';
import type { SecretBox } from '../store/secret-box.js';
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
export declare const REPORT_DEFAULTS: Omit<ReportSettings, 'smtpUrl'>;
export declare function getReportSettings(db: Db, box: SecretBox): ReportSettings;
/** Validates and stores the given fields (null clears smtpUrl/consoleUrl), audited without secrets. */
export declare function updateReportSettings(db: Db, box: SecretBox, patch: Partial<ReportSettings>, actor: string): ReportSettings;
/** The SMTP URL in force and where it comes from (the console shows when a flag overrides it). */
export declare function effectiveSmtpUrl(settings: ReportSettings, flagUrl: string | null): {
    url: string | null;
    source: 'flag' | 'settings' | null;
};
/** Settings as the console API returns them: SMTP password redacted. */
export declare function reportSettingsJson(settings: ReportSettings, flagUrl: string | null): {
    smtp_url: string | null;
    smtp_in_use: string | null;
    smtp_source: "flag" | "settings" | null;
    from: string;
    send_time: string;
    timezone: string;
    holidays: string[];
    max_attachment_bytes: number;
    console_url: string | null;
    lookback_days: number;
};
