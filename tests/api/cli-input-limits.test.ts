import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { startTestNode, type TestNode } from '../helpers/test-node.js';
import { setupFirstAdmin, type ConsoleAnswer, type ConsoleClient } from '../helpers/console-admin-session.js';

/**
 * The console's forms refuse an over-long value (its request schemas' maxLength and maxItems);
 * the CLI refuses the same value given as a flag, in the same words with its flag's name where
 * the console names its field, exit 2, and nothing is saved.
 */
let t: TestNode;
let admin: ConsoleClient;
beforeAll(async () => {
  t = await startTestNode();
  admin = await setupFirstAdmin(t.url, 'admin', 'a long enough password');
});
afterAll(async () => t?.close());

const cli = (...args: string[]) => runCli(t.dataDir, ['--json', ...args]);
const cliWithInput = (input: string, ...args: string[]) => runCli(t.dataDir, ['--json', ...args], {}, input);
const long = (n: number, char = 'a') => char.repeat(n);
/** Each test runs the CLI many times, a child process each: seconds apiece on a busy machine. */
const CLI_CALLS_TIMEOUT = 180_000;

/** The console refused with `words` for its field; the CLI, exit 2, with the same words for its flag. */
function sameRefusal(
  page: ConsoleAnswer,
  field: string,
  answer: ReturnType<typeof runCli>,
  flag: string,
  words: string,
): void {
  expect(page.status).toBe(400);
  expect(page.json.message).toBe(`${field} ${words}`);
  expect(answer.json).toEqual({ error: `${flag} ${words}` });
  expect(answer.status).toBe(2);
}

describe('the CLI refuses what the console’s forms refuse for its length', () => {
  it(
    'merchant create: a name over 100 characters and a code over 40, and no merchant is made',
    async () => {
      const page = await admin.post('/console/admin/merchants', { code: 'LIM_A', name: long(101) });
      sameRefusal(
        page,
        'name',
        cli('merchant', 'create', '--code', 'LIM_B', '--name', long(101)),
        '--name',
        'must be at most 100 characters',
      );
      const code = long(41, 'C');
      sameRefusal(
        await admin.post('/console/admin/merchants', { code, name: 'Lim' }),
        'code',
        cli('merchant', 'create', '--code', code, '--name', 'Lim'),
        '--code',
        'must be at most 40 characters',
      );
      // A name of exactly 100 is taken, counted in characters as the console counts them.
      expect(cli('merchant', 'create', '--code', 'LIM_C', '--name', long(100, '🙂')).status).toBe(0);
      const codes = cli('merchant', 'list').json.merchants.map(
        (m: { merchant_code: string }) => m.merchant_code,
      );
      expect(codes).toContain('LIM_C');
      expect(codes).not.toContain('LIM_B');
    },
    CLI_CALLS_TIMEOUT,
  );

  it(
    'merchant update: the name, an allowlist entry, a recipient, and more entries than the console takes',
    async () => {
      const patch = (body: unknown) => admin.patch('/console/admin/merchants/DEMO', body);
      const update = (...args: string[]) => cli('merchant', 'update', '--code', 'DEMO', ...args);
      sameRefusal(
        await patch({ name: long(101) }),
        'name',
        update('--name', long(101)),
        '--name',
        'must be at most 100 characters',
      );
      const ip = `10.0.0.1/${long(48, '0')}`;
      sameRefusal(
        await patch({ allow_ips: [ip] }),
        'allow_ips[0]',
        update('--allow-ip', ip),
        '--allow-ip',
        'must be at most 50 characters',
      );
      const ips = Array.from({ length: 201 }, (_, i) => `10.1.${Math.floor(i / 250)}.${i % 250}`);
      sameRefusal(
        await patch({ allow_ips: ips }),
        'allow_ips',
        update(...ips.flatMap((a) => ['--allow-ip', a])),
        '--allow-ip',
        'must list at most 200 entries',
      );
      const email = `${long(64)}@${long(187)}.ng`;
      sameRefusal(
        await patch({ report_emails: [email] }),
        'report_emails[0]',
        update('--report-email', email),
        '--report-email',
        'must be at most 254 characters',
      );
      const emails = Array.from({ length: 21 }, (_, i) => `ops${i}@shop.ng`);
      sameRefusal(
        await patch({ report_emails: emails }),
        'report_emails',
        update(...emails.flatMap((e) => ['--report-email', e])),
        '--report-email',
        'must list at most 20 entries',
      );
      const demo = cli('merchant', 'list').json.merchants.find(
        (m: { merchant_code: string }) => m.merchant_code === 'DEMO',
      );
      expect(demo).toMatchObject({ allow_ips: [], report_emails: [] });
    },
    CLI_CALLS_TIMEOUT,
  );

  it(
    'upstream add: the name (40, the store’s own rule for it), each field, the secret from standard input and the routes',
    async () => {
      const base = {
        name: 'lim-up',
        type: 'vending-api',
        base_url: 'https://p.example',
        key: 'k',
        secret: 's',
      };
      const add = (...args: string[]) =>
        cli(
          'upstream',
          'add',
          '--type',
          'vending-api',
          ...(args.includes('--name') ? [] : ['--name', 'lim-up']),
          ...args,
        );
      const post = (body: Record<string, unknown>) =>
        admin.post('/console/admin/upstreams', { ...base, ...body });
      const cases: [string, string, number][] = [
        ['name', '--name', 40],
        ['base_url', '--base-url', 500],
        ['merchant_code', '--merchant-code', 60],
        ['key', '--key', 200],
        ['secret', '--secret', 500],
      ];
      for (const [field, flag, max] of cases)
        sameRefusal(
          await post({ [field]: long(max + 1) }),
          field,
          add(flag, long(max + 1)),
          flag,
          `must be at most ${max} characters`,
        );
      sameRefusal(
        await post({ secret: long(501) }),
        'secret',
        cliWithInput(
          `${long(501)}\n`,
          'upstream',
          'add',
          '--name',
          'lim-up',
          '--type',
          'vending-api',
          '--secret',
          '-',
        ),
        '--secret',
        'must be at most 500 characters',
      );
      sameRefusal(
        await post({ routes: ['airtime', long(61)] }),
        'routes[1]',
        add('--products', `airtime,${long(61)}`),
        '--products: each route',
        'must be at most 60 characters',
      );
      sameRefusal(
        await post({ routes: Array.from({ length: 101 }, () => 'airtime') }),
        'routes',
        add('--products', Array.from({ length: 101 }, () => 'airtime').join(',')),
        '--products',
        'must list at most 100 entries',
      );
      expect(cli('upstream', 'list').json.upstreams).toEqual([]);
      // The limit the schema and the flag check is the one the store keeps: 40 is taken.
      const fortyChars = long(40, 'n');
      expect((await post({ name: fortyChars, merchant_code: 'LIM' })).status).toBe(201);
      expect(cli('upstream', 'list').json.upstreams.map((u: { name: string }) => u.name)).toEqual([
        fortyChars,
      ]);
    },
    CLI_CALLS_TIMEOUT,
  );

  it(
    'webhook add, report run, reconcile run, resolve and settings: the URL, the code, the upstream, the reason and the addresses',
    async () => {
      const url = `https://hooks.example/${long(1980)}`;
      sameRefusal(
        await admin.post('/console/admin/merchants/DEMO/webhooks', {
          environment: 'test',
          url,
          event_types: ['*'],
        }),
        'url',
        cli('webhook', 'add', '--code', 'DEMO', '--env', 'test', '--url', url),
        // The service both edges call says it (server/domain/webhook-url.ts); the CLI names its flag.
        '--url',
        'must be at most 2000 characters',
      );
      expect(cli('webhook', 'list', '--code', 'DEMO').json).toEqual({ webhooks: [] });
      sameRefusal(
        await admin.post('/console/admin/reports/run', {
          date: '2025-01-02',
          send: false,
          code: long(21, 'C'),
        }),
        'code',
        cli('report', 'run', '--date', '2025-01-02', '--code', long(21, 'C')),
        '--code',
        'must be at most 20 characters',
      );
      sameRefusal(
        await admin.post('/console/admin/reconciliation/run', { date: '2025-01-02', upstream: long(41) }),
        'upstream',
        cli('reconcile', 'run', '--date', '2025-01-02', '--upstream', long(41)),
        '--upstream',
        'must be at most 40 characters',
      );
      // The service both edges call names the field "reason"; the CLI names its flag.
      sameRefusal(
        await admin.post('/console/admin/reconciliation/exceptions/1/resolve', {
          action: 'settled_outside',
          reason: long(301),
        }),
        'reason',
        cli('reconcile', 'resolve', '--id', '1', '--action', 'settled_outside', '--reason', long(301)),
        '--reason',
        'must be at most 300 characters',
      );
      const email = `${long(64)}@${long(133)}.ng`;
      sameRefusal(
        await admin.put('/console/admin/reconciliation/settings', { operator_emails: [email] }),
        'operator_emails[0]',
        cli('reconcile', 'settings', '--email', email),
        '--email',
        'must be at most 200 characters',
      );
      const emails = Array.from({ length: 21 }, (_, i) => `ops${i}@shop.ng`);
      sameRefusal(
        await admin.put('/console/admin/reconciliation/settings', { operator_emails: emails }),
        'operator_emails',
        cli('reconcile', 'settings', ...emails.flatMap((e) => ['--email', e])),
        '--email',
        'must list at most 20 entries',
      );
      expect(cli('reconcile', 'settings').json.operator_emails).toEqual([]);
    },
    CLI_CALLS_TIMEOUT,
  );
});
