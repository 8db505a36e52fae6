import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  /** SMTP envelope: MAIL FROM and RCPT TO, as the server saw them. */
  envelope: { from: string; to: string[] };
  parsed: ParsedMail;
  raw: string;
}

export interface SmtpCapture {
  port: number;
  /** smtp:// (or smtps://) URL of this server, with the credentials when auth is on. */
  url: string;
  received: ReceivedMail[];
  /** Connections refused at AUTH (wrong credentials). */
  authFailures: number;
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 that keeps and parses (mailparser) everything it accepts.
 * `port` reuses a port (to bring a "down" server back); `secure` speaks TLS from the first
 * byte with smtp-server's built-in test certificate; `auth` requires AUTH PLAIN/LOGIN.
 */
export async function startSmtpCapture(
  opts: { port?: number; secure?: boolean; auth?: { user: string; pass: string } } = {},
): Promise<SmtpCapture> {
  const received: ReceivedMail[] = [];
  const state = { authFailures: 0 };
  const server = new SMTPServer({
    secure: opts.secure ?? false,
    // Plain smtp:// here: no STARTTLS with a self-signed certificate the client would refuse.
    disabledCommands: opts.secure ? [] : ['STARTTLS'],
    authOptional: !opts.auth,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, cb) {
      if (opts.auth && auth.username === opts.auth.user && auth.password === opts.auth.pass)
        return cb(null, { user: auth.username });
      state.authFailures++;
      return cb(new Error('Invalid username or password'));
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw)
          .then((parsed) => {
            const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
            received.push({
              envelope: { from, to: session.envelope.rcptTo.map((r) => r.address) },
              parsed,
              raw,
            });
            cb();
          })
          .catch((err: Error) => cb(err));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  const cred = opts.auth
    ? `${encodeURIComponent(opts.auth.user)}:${encodeURIComponent(opts.auth.pass)}@`
    : '';
  const url = opts.secure
    ? `smtps://${cred}127.0.0.1:${port}?tls.rejectUnauthorized=false`
    : `smtp://${cred}127.0.0.1:${port}`;
  return {
    port,
    url,
    received,
    get authFailures() {
      return state.authFailures;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The CSV attachment of a received report, as text. */
export function csvAttachment(
  mail: ReceivedMail,
): { filename: string; contentType: string; text: string } | null {
  const a = mail.parsed.attachments.find((x) => x.filename?.endsWith('.csv'));
  return a ? { filename: a.filename!, contentType: a.contentType, text: a.content.toString('utf8') } : null;
}
