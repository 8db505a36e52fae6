import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { InvalidInput } from '../domain/errors.js';
import { recipientProblem } from '../../common/email-address.js';

/**
 * SMTP through nodemailer, configured by one URL: `smtp://user:pass@host:port` (STARTTLS when
 * the server offers it) or `smtps://...` (TLS from the first byte, port 465 by default). The
 * password lives in the URL, so the URL is only ever shown or logged redacted. A URL with
 * credentials requires TLS: over smtp:// the server must offer STARTTLS, or nothing is sent
 * (the password never crosses the wire in clear), unless the operator writes `?tls=off`.
 */

export interface ParsedSmtp {
  options: SMTPTransport.Options;
  /** The URL with the password replaced, for logs, errors and the console. */
  redacted: string;
  /** Secrets to scrub from any error text (password, raw and percent-encoded). */
  secrets: string[];
  /** Credentials present and TLS switched off with `?tls=off`: the console warns. */
  credentialsWithoutTls: boolean;
}

/** Said when a server offers no STARTTLS to a URL with credentials. */
export const SMTP_TLS_REQUIRED =
  'the SMTP server offers no STARTTLS and smtp_url carries credentials: nothing was sent, so the password did not cross the network in clear (use smtps://, a server with STARTTLS, or add ?tls=off to send it in clear anyway)';

/** Query options passed through to nodemailer; anything else is refused so typos show. */
const QUERY_OPTIONS: Record<string, (o: SMTPTransport.Options, v: string) => void> = {
  // A relay with a private CA or self-signed certificate; off by default, explicit when used.
  'tls.rejectUnauthorized': (o, v) => (o.tls = { ...o.tls, rejectUnauthorized: v !== 'false' }),
  'tls.servername': (o, v) => (o.tls = { ...o.tls, servername: v }),
  name: (o, v) => (o.name = v),
};

export function redactSmtpUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(invalid SMTP URL)';
  }
}

export function parseSmtpUrl(url: string): ParsedSmtp {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new InvalidInput(
      'smtp_url must be a URL like smtp://user:pass@host:587 or smtps://user:pass@host:465',
      'smtp_url',
    );
  }
  if (u.protocol !== 'smtp:' && u.protocol !== 'smtps:') {
    throw new InvalidInput(`smtp_url must start with smtp:// or smtps:// (got ${u.protocol}//)`, 'smtp_url');
  }
  if (!u.hostname) throw new InvalidInput('smtp_url has no host', 'smtp_url');
  const secure = u.protocol === 'smtps:';
  const options: SMTPTransport.Options = {
    host: u.hostname.replace(/^\[|\]$/g, ''),
    port: u.port ? Number(u.port) : secure ? 465 : 587,
    secure,
    // A mail server that hangs must not hold the schedule for nodemailer's 2-minute defaults.
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  };
  const user = decodeURIComponent(u.username);
  const pass = decodeURIComponent(u.password);
  if (user) options.auth = { user, pass };
  let tlsOff = false;
  for (const [key, value] of u.searchParams) {
    if (key === 'tls') {
      if (value !== 'off') throw new InvalidInput('smtp_url: tls takes only the value off', 'smtp_url');
      tlsOff = true;
      continue;
    }
    // Own keys only: `toString` or `__proto__` is not an option, whatever Object.prototype holds.
    const apply = Object.hasOwn(QUERY_OPTIONS, key) ? QUERY_OPTIONS[key] : undefined;
    if (!apply) throw new InvalidInput(`smtp_url: unknown option ${key}`, 'smtp_url');
    apply(options, value);
  }
  // nodemailer's requireTLS: STARTTLS or fail before AUTH, never a silent plain-text login.
  if (options.auth && !secure && !tlsOff) options.requireTLS = true;
  return {
    options,
    redacted: redactSmtpUrl(url),
    secrets: pass ? [...new Set([pass, u.password])] : [],
    credentialsWithoutTls: !!options.auth && !secure && tlsOff,
  };
}

/**
 * Removes every secret from a message before it is stored or logged. Only where it stands on
 * its own, not inside a longer word: a short password ("p") must not turn "expired" into
 * "ex***ired", which garbles the message and, by the pattern, tells what the password is.
 */
export function scrubSecrets(text: string, secrets: string[]): string {
  let out = text;
  for (const s of secrets) {
    if (!s) continue;
    const literal = s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    out = out.replace(new RegExp(`(?<![A-Za-z0-9])${literal}(?![A-Za-z0-9])`, 'g'), '***');
  }
  return out;
}

export interface OutgoingReport {
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
  attachment: { fileName: string; content: string } | null;
}

export interface SentInfo {
  messageId: string;
  accepted: string[];
  rejected: string[];
  /**
   * Recipients the node itself did not send to: saved before the rule that refuses them was
   * made (an IP address as the domain, session 34), so kept in a merchant's list until edited.
   */
  notSent?: string[];
}

/** What the reports need from a mail transport; tests may pass their own. */
export interface ReportTransport {
  send(mail: OutgoingReport): Promise<SentInfo>;
  close(): void;
  readonly description: string;
}

export class SmtpReportTransport implements ReportTransport {
  /** Made on the first mail: nodemailer is loaded only by a node that sends one. */
  private transporter: Promise<Transporter<SMTPTransport.SentMessageInfo>> | null = null;
  private readonly smtp: ParsedSmtp;
  readonly description: string;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.smtp = parseSmtpUrl(url);
    this.description = this.smtp.redacted;
  }

  private smtpTransporter(): Promise<Transporter<SMTPTransport.SentMessageInfo>> {
    this.transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(this.smtp.options),
    );
    return this.transporter;
  }

  async send(mail: OutgoingReport): Promise<SentInfo> {
    // Saving refuses these now; a list saved before still holds them, and mail is never sent
    // straight to an address's host (common/email-address.ts says why).
    const notSent = mail.to.filter((a) => recipientProblem(a) !== null);
    const to = mail.to.filter((a) => recipientProblem(a) === null);
    if (!to.length)
      throw new Error(
        `no recipient the node sends to: ${notSent.join(', ')} ${notSent.length > 1 ? 'are' : 'is'} at an IP address; set the recipients to addresses at a domain name`,
      );
    try {
      const transporter = await this.smtpTransporter();
      const info = await transporter.sendMail({
        from: this.from,
        to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: mail.messageId,
        attachments: mail.attachment
          ? [
              {
                filename: mail.attachment.fileName,
                content: mail.attachment.content,
                contentType: 'text/csv; charset=utf-8',
              },
            ]
          : [],
      });
      const addr = (a: unknown) =>
        typeof a === 'string' ? a : String((a as { address?: string }).address ?? a);
      return {
        messageId: info.messageId,
        accepted: info.accepted.map(addr),
        rejected: info.rejected.map(addr),
        notSent,
      };
    } catch (err) {
      const e = err as { message?: string; code?: string; responseCode?: number; command?: string };
      if (this.smtp.options.requireTLS && e.code === 'ETLS')
        throw new Error(`ETLS: ${SMTP_TLS_REQUIRED} (via ${this.description})`);
      const detail = [e.code, e.responseCode].filter(Boolean).join(' ');
      // The description is already redacted: scrubbing it again could only mangle it.
      const said = scrubSecrets(
        `${detail ? `${detail}: ` : ''}${e.message ?? String(err)}`,
        this.smtp.secrets,
      );
      throw new Error(`${said} (via ${this.description})`);
    }
  }

  close(): void {
    void this.transporter?.then((t) => t.close());
  }
}
