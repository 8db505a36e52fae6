import nodemailer from 'nodemailer';
import { InvalidInput } from '../domain/errors.js';
/** Query options passed through to nodemailer; anything else is refused so typos show. */
const QUERY_OPTIONS = {
    // A relay with a private CA or self-signed certificate; off by default, explicit when used.
    'tls.rejectUnauthorized': (o, v) => (o.tls = { ...o.tls, rejectUnauthorized: v !== 'false' }),
    'tls.servername': (o, v) => (o.tls = { ...o.tls, servername: v }),
    name: (o, v) => (o.name = v),
};
export function redactSmtpUrl(url) {
    try {
        const u = new URL(url);
        if (u.password)
            u.password = '***';
        return u.toString();
    }
    catch {
        return '(invalid SMTP URL)';
    }
}
export function parseSmtpUrl(url) {
    let u;
    try {
        u = new URL(url);
    }
    catch {
        throw new InvalidInput('smtp_url must be a URL like smtp://user:pass@host:587 or smtps://user:pass@host:465', 'smtp_url');
    }
    if (u.protocol !== 'smtp:' && u.protocol !== 'smtps:') {
        throw new InvalidInput(`smtp_url must start with smtp:// or smtps:// (got ${u.protocol}//)`, 'smtp_url');
    }
    if (!u.hostname)
        throw new InvalidInput('smtp_url has no host', 'smtp_url');
    const secure = u.protocol === 'smtps:';
    const options = {
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
    if (user)
        options.auth = { user, pass };
    for (const [key, value] of u.searchParams) {
        const apply = QUERY_OPTIONS[key];
        if (!apply)
            throw new InvalidInput(`smtp_url: unknown option ${key}`, 'smtp_url');
        apply(options, value);
    }
    return { options, redacted: redactSmtpUrl(url), secrets: pass ? [...new Set([pass, u.password])] : [] };
}
/** Removes every secret from a message before it is stored or logged. */
export function scrubSecrets(text, secrets) {
    let out = text;
    for (const s of secrets)
        if (s)
            out = out.split(s).join('***');
    return out;
}
export class SmtpReportTransport {
    from;
    transporter;
    smtp;
    description;
    constructor(url, from) {
        this.from = from;
        this.smtp = parseSmtpUrl(url);
        this.description = this.smtp.redacted;
        this.transporter = nodemailer.createTransport(this.smtp.options);
    }
    async send(mail) {
        try {
            const info = await this.transporter.sendMail({
                from: this.from,
                to: mail.to,
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
            const addr = (a) => typeof a === 'string' ? a : String(a.address ?? a);
            return {
                messageId: info.messageId,
                accepted: info.accepted.map(addr),
                rejected: info.rejected.map(addr),
            };
        }
        catch (err) {
            const e = err;
            const detail = [e.code, e.responseCode].filter(Boolean).join(' ');
            throw new Error(scrubSecrets(`${detail ? `${detail}: ` : ''}${e.message ?? String(err)} (via ${this.description})`, this.smtp.secrets));
        }
    }
    close() {
        this.transporter.close();
    }
}
//# sourceMappingURL=mailer.js.map