import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from '../helpers/test-node.js';
import { setupFirstAdmin, type ConsoleClient } from '../helpers/console-admin-session.js';
import { runCli } from '../helpers/cli.js';

const RULE = 'must not contain control characters (line breaks, tabs and the like)';

describe('stored text refuses control characters on every surface', () => {
  let t: TestNode;
  let admin: ConsoleClient;

  beforeAll(async () => {
    t = await startTestNode();
    admin = await setupFirstAdmin(t.url, 'ada', 'correct horse battery');
  }, 60_000);
  afterAll(() => t.close());

  it('a merchant name with CR/LF is refused by the console with a 400 naming the field, and nothing is created', async () => {
    const r = await admin.post('/console/admin/merchants', {
      code: 'ACME',
      name: 'Acme\r\nBcc: x@example.com',
    });
    expect(r.status).toBe(400);
    expect(r.json).toEqual({ status: 'error', code: 400, message: `name ${RULE}` });
    const list = await admin.get('/console/admin/merchants');
    expect(list.json.merchants.map((m: { code: string }) => m.code)).not.toContain('ACME');
  });

  it('renaming a merchant refuses TAB, DEL, a C1 control and a Unicode line separator, and keeps the old name', async () => {
    for (const name of ['Demo\tShop', 'Demo\u007f', 'Demo\u0085Shop', 'Demo\u2028Shop']) {
      const r = await admin.patch('/console/admin/merchants/DEMO', { name });
      expect(r.status, JSON.stringify(name)).toBe(400);
      expect(r.json.message).toBe(`name ${RULE}`);
    }
    expect((await admin.get('/console/admin/merchants/DEMO')).json.name).not.toMatch(
      /[\t\u007f\u0085\u2028]/,
    );
  });

  it('a name or reason hiding text with a bidi override, a zero-width space or a BOM is refused', async () => {
    const named = await admin.post('/console/admin/merchants', {
      code: 'BIDI',
      name: 'Acme \u202eecnanif\u202c Ltd',
    });
    expect(named.status).toBe(400);
    expect(named.json.message).toBe(`name ${RULE}`);
    for (const reason of ['refund \u202egnp.exe', 'top\u200bup', '\ufefftop-up', 'a\u2066b\u2069']) {
      const fund = await admin.post('/console/admin/merchants/DEMO/wallets/test/fund', {
        kind: 'funding',
        amount: '1.00',
        reason,
      });
      expect(fund.status, JSON.stringify(reason)).toBe(400);
      expect(fund.json.message).toBe(`reason ${RULE}`);
    }
    const cli = runCli(t.dataDir, [
      '--json',
      'merchant',
      'create',
      '--code',
      'BIDI',
      '--name',
      'Acme\u202e Ltd',
    ]);
    expect(cli.json).toEqual({ error: `--name ${RULE}` });
  });

  it('names in any script, with accents and the Naira sign, are still accepted', async () => {
    const r = await admin.post('/console/admin/merchants', { code: 'OJA', name: 'Ọjà Ventures — ₦ Ltd' });
    expect(r.status).toBe(201);
    expect(r.json.merchant.name).toBe('Ọjà Ventures — ₦ Ltd');
  });

  it('a report From address with CRLF (a header injection) is refused and the setting is unchanged', async () => {
    const before = await admin.get('/console/report-settings');
    const r = await admin.put('/console/report-settings', {
      // The address in <> is valid, so only the control-character rule stops the extra header line.
      from: 'Reports\r\nBcc: everyone@example.com <reports@example.com>',
    });
    expect(r.status).toBe(400);
    expect(r.json).toEqual({ status: 'error', code: 400, message: `from ${RULE}` });
    expect((await admin.get('/console/report-settings')).json.from).toBe(before.json.from);
    const ok = await admin.put('/console/report-settings', { from: 'Reports <reports@example.com>' });
    expect(ok.status).toBe(200);
  });

  it('a wallet funding reason and an attention reason with a line break are refused', async () => {
    const fund = await admin.post('/console/admin/merchants/DEMO/wallets/test/fund', {
      kind: 'funding',
      amount: '10.00',
      reason: 'top-up\nsecond line',
    });
    expect(fund.status).toBe(400);
    expect(fund.json.message).toBe(`reason ${RULE}`);
  });

  it('the CLI refuses a merchant name with CR/LF with the same words and a non-zero exit, creating nothing', () => {
    const human = runCli(t.dataDir, ['merchant', 'create', '--code', 'CLI1', '--name', 'Cli\r\nOne']);
    expect(human.status).not.toBe(0);
    expect(human.stderr).toContain(`error: --name ${RULE}`);
    const json = runCli(t.dataDir, ['--json', 'merchant', 'create', '--code', 'CLI1', '--name', 'Cli\nOne']);
    expect(json.status).not.toBe(0);
    expect(json.json).toEqual({ error: `--name ${RULE}` });
    const list = runCli(t.dataDir, ['--json', 'merchant', 'list']);
    expect(list.json.merchants.map((m: { code: string }) => m.code)).not.toContain('CLI1');
  });

  it('the CLI refuses control characters in other stored flags too (reason, upstream secret)', () => {
    const fund = runCli(t.dataDir, [
      'wallet',
      'fund',
      '--code',
      'DEMO',
      '--env',
      'test',
      '--amount',
      '5',
      '--reason',
      'a\tb',
    ]);
    expect(fund.status).not.toBe(0);
    expect(fund.stderr).toContain(`--reason ${RULE}`);
    const up = runCli(t.dataDir, [
      'upstream',
      'add',
      '--name',
      'prov',
      '--type',
      'vending-api',
      '--base-url',
      'http://127.0.0.1:9/',
      '--merchant-code',
      'M1',
      '--key',
      'k',
      '--secret',
      's\r\nX-Evil: 1',
    ]);
    expect(up.status).not.toBe(0);
    expect(up.stderr).toContain(`--secret ${RULE}`);
  });
});
