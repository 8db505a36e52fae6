import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
/**
 * SMTP through nodemailer, configured by one URL: `smtp://user:pass@host:port` (STARTTLS when
 * the server offers it) or `smtps://...` (TLS from the first byte, port 465 by default). The
 * password lives in the URL, so the URL is only ever shown or logged redacted.
 */
export interface ParsedSmtp {
    options: SMTPTransport.Options;
    /** The URL with the password replaced, for logs, errors and the console. */
    redacted: string;
    /** Secrets to scrub from any error text (password, raw and percent-encoded). */
    secrets: string[];
}
export declare function redactSmtpUrl(url: string): string;
export declare function parseSmtpUrl(url: string): ParsedSmtp;
/** Removes every secret from a message before it is stored or logged. */
export declare function scrubSecrets(text: string, secrets: string[]): string;
export interface OutgoingReport {
    to: string[];
    subject: string;
    text: string;
    html: string;
    messageId: string;
    attachment: {
        fileName: string;
        content: string;
    } | null;
}
export interface SentInfo {
    messageId: string;
    accepted: string[];
    rejected: string[];
}
/** What the reports need from a mail transport; tests may pass their own. */
export interface ReportTransport {
    send(mail: OutgoingReport): Promise<SentInfo>;
    close(): void;
    readonly description: string;
}
export declare class SmtpReportTransport implements ReportTransport {
    private readonly from;
    private readonly transporter;
    private readonly smtp;
    readonly description: string;
    constructor(url: string, from: string);
    send(mail: OutgoingReport): Promise<SentInfo>;
    close(): void;
}
