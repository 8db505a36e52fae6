import type { Db } from '../store/db.js';
import type { SecretBox } from '../store/secret-box.js';
import type { Environment } from '../store/credentials-crypto.js';
import type { Merchant } from '../store/merchants.js';
import type { Services } from '../services/context.js';
import { type ReportDelivery } from '../store/report-deliveries.js';
import { type Day } from '../domain/business-days.js';
import { type ReportSettings } from '../services/report-settings.js';
import { type DailyReport } from './report-builder.js';
import { type SendMode } from './delivery-policy.js';
import { type OutgoingReport, type ReportTransport } from './mailer.js';
export interface ReportLog {
    info(o: object, m: string): void;
    warn(o: object, m: string): void;
}
/** What building and sending reports needs; the node, the CLI and the console each make one. */
export interface ReportContext {
    db: Db;
    box: SecretBox;
    /** --smtp-url / VENDPOINT_SMTP_URL of this process: overrides the SMTP URL in settings. */
    flagSmtpUrl: string | null;
    now: () => number;
    /** The node's own URL: the base of download links when no console URL is configured. */
    nodeUrl: string | null;
    log: ReportLog;
    /** Mail transport factory; the default speaks SMTP through nodemailer. */
    transportFor?: (url: string, from: string) => ReportTransport;
}
export declare const silentLog: ReportLog;
export declare function reportContextOf(s: Services, opts: {
    nodeUrl: string | null;
    log?: ReportLog;
    now?: () => number;
}): ReportContext;
/** Live always; test too when the merchant asked for it (merchants.report_test). */
export declare function reportEnvironments(m: Merchant): Environment[];
export declare function buildReport(ctx: ReportContext, merchant: Merchant, env: Environment, day: Day, tz: string): DailyReport;
/** The console route serving a report's CSV; large reports link here. */
export declare function csvDownloadUrl(base: string, code: string, env: Environment, day: Day): string;
/** Opens the configured transport, or null when no SMTP server is configured. */
export declare function openTransport(ctx: ReportContext, settings: ReportSettings): ReportTransport | null;
export declare const SMTP_NOT_CONFIGURED = "SMTP is not configured: set it in the console settings or start the node with --smtp-url";
export interface SendOutcome {
    report: DailyReport;
    delivery: ReportDelivery | null;
    sent: boolean;
    /** Why nothing was attempted. */
    skipped?: 'already_sent' | 'in_progress' | 'not_due' | 'incomplete_day';
    error?: string;
}
/**
 * Sends one report: claims its delivery (at most one process wins), builds it fresh, e-mails
 * it and records the outcome. A failure is recorded with its next attempt; nothing throws.
 */
export declare function sendReport(ctx: ReportContext, a: {
    merchant: Merchant;
    environment: Environment;
    day: Day;
    mode: SendMode;
    settings: ReportSettings;
    transport: ReportTransport | null;
}): Promise<SendOutcome>;
/** Subject, text, HTML and the CSV attached, or linked when it is above the size limit. */
export declare function composeReportMail(ctx: Pick<ReportContext, 'nodeUrl'>, report: DailyReport, settings: ReportSettings): Omit<OutgoingReport, 'to' | 'messageId'>;
/** A delivery as the CLI prints it and the console lists it. */
export declare function deliveryJson(d: ReportDelivery | null): {
    id: number;
    merchant_code: string;
    environment: Environment;
    date: string;
    timezone: string;
    state: import("./delivery-policy.js").DeliveryState;
    recipients: string[];
    attempts: number;
    last_error: string | null;
    next_attempt_at: string | null;
    sent_at: string | null;
    last_sent_at: string | null;
    message_id: string | null;
    resend_count: number;
    attached: boolean | null;
    summary: Record<string, unknown> | null;
    created_at: string;
    updated_at: string;
} | null;
