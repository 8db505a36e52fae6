import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo, Socket } from 'node:net';
import { parseSmtpUrl, SmtpReportTransport, type OutgoingReport } from '../../server/reports/mailer.js';
import { startTestNode, type TestNode } from '../helpers/test-node.js';
import { setupFirstAdmin } from '../helpers/console-admin-session.js';

/**
 * SMTP and TLS: a URL with credentials never sends them in clear. Against a real SMTP server
 * on 127.0.0.1 that offers no STARTTLS, the mail is refused before AUTH with a clear error;
 * with the operator's explicit `?tls=off` it is sent, and the console warns about it.
 */

const USER = 'reports@vendpoint.test';
const PASS = 'Cl3ar-Text-Pa55';

interface Plain {
  port: number;
  authAttempts: number;
  accepted: number;
  /** Every byte the client wrote, to prove the password never crossed the wire. */
  wire: () => string;
  close(): Promise<void>;
}

async function plainSmtpServer(): Promise<Plain> {
  const state = { authAttempts: 0, accepted: 0 };
  const chunks: Buffer[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onConnect(_session, cb) {
      cb();
    },
    onAuth(auth, _session, cb) {
      state.authAttempts++;
      if (auth.username === USER && auth.password === PASS) return cb(null, { user: USER });
      return cb(new Error('Invalid username or password'));
    },
    onData(stream, _session, cb) {
      stream.on('data', () => {});
      stream.on('end', () => {
        state.accepted++;
        cb();
      });
    },
  });
  server.server.on('connection', (socket: Socket) => socket.on('data', (c: Buffer) => chunks.push(c)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    port: (server.server.address() as AddressInfo).port,
    get authAttempts() {
      return state.authAttempts;
    },
    get accepted() {
      return state.accepted;
    },
    wire: () => Buffer.concat(chunks).toString('latin1'),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const mail: OutgoingReport = {
  to: ['merchant@example.test'],
  subject: 'Daily report',
  text: 'hello',
  html: '<p>hello</p>',
  messageId: '<tls-test@vendpoint.test>',
  attachment: null,
};

let smtp: Plain;
beforeAll(async () => {
  smtp = await plainSmtpServer();
});
afterAll(async () => smtp?.close());

const url = (query = '') =>
  `smtp://${encodeURIComponent(USER)}:${encodeURIComponent(PASS)}@127.0.0.1:${smtp.port}${query}`;

describe('credentials in the SMTP URL require TLS', () => {
  it('a server without STARTTLS gets no AUTH and no password; the error says why and what to do', async () => {
    const transport = new SmtpReportTransport(url(), 'Reports <reports@vendpoint.test>');
    try {
      await expect(transport.send(mail)).rejects.toThrow(/offers no STARTTLS.*\?tls=off/);
    } finally {
      transport.close();
    }
    expect(smtp.authAttempts).toBe(0);
    expect(smtp.accepted).toBe(0);
    const wire = smtp.wire();
    expect(wire).toMatch(/EHLO/);
    expect(wire).not.toMatch(/AUTH/);
    for (const form of [
      PASS,
      Buffer.from(PASS).toString('base64'),
      Buffer.from(`\0${USER}\0${PASS}`).toString('base64'),
    ])
      expect(wire).not.toContain(form);
  });

  it('with ?tls=off, written by the operator, it logs in and sends', async () => {
    const transport = new SmtpReportTransport(url('?tls=off'), 'Reports <reports@vendpoint.test>');
    try {
      const sent = await transport.send(mail);
      expect(sent.accepted).toEqual(['merchant@example.test']);
    } finally {
      transport.close();
    }
    expect(smtp.authAttempts).toBe(1);
    expect(smtp.accepted).toBe(1);
  });

  it('the URL options: TLS required with credentials, not without; tls takes only "off"', () => {
    expect(parseSmtpUrl(url()).options).toMatchObject({ requireTLS: true });
    expect(parseSmtpUrl(url()).credentialsWithoutTls).toBe(false);
    expect(parseSmtpUrl(url('?tls=off')).options.requireTLS).toBeUndefined();
    expect(parseSmtpUrl(url('?tls=off')).credentialsWithoutTls).toBe(true);
    expect(parseSmtpUrl(`smtp://127.0.0.1:${smtp.port}`).options.requireTLS).toBeUndefined();
    expect(parseSmtpUrl(`smtps://${USER}:${PASS}@127.0.0.1:465?tls=off`).credentialsWithoutTls).toBe(false);
    expect(() => parseSmtpUrl(url('?tls=no'))).toThrow(/tls takes only the value off/);
  });
});

describe('the console Settings page', () => {
  let t: TestNode;
  beforeAll(async () => {
    t = await startTestNode();
  });
  afterAll(async () => t?.close());

  it('warns while the SMTP URL in use sends a password with tls=off, and not otherwise', async () => {
    const admin = await setupFirstAdmin(t.url, 'operator', 'a long admin password');
    const secure = await admin.put('/console/report-settings', { smtp_url: url() });
    expect(secure.status, secure.text).toBe(200);
    expect(secure.json.smtp_warning).toBeNull();
    const off = await admin.put('/console/report-settings', { smtp_url: url('?tls=off') });
    expect(off.json.smtp_warning).toMatch(/tls=off.*without encryption/);
    expect((await admin.get('/console/report-settings')).json.smtp_warning).toMatch(/tls=off/);
    expect(off.text).not.toContain(PASS);
  });
});
