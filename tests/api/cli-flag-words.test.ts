import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../helpers/cli.js';

/**
 * A refusal names what the operator typed: the CLI's flag, never the console's field for it
 * (`run_time`, `base URL`, `amount`), however deep in the node the value was refused.
 */
let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'vendpoint-flag-words-'));
  expect(
    runCli(dataDir, ['--json', 'merchant', 'create', '--code', 'FW', '--name', 'Flag Words']).status,
  ).toBe(0);
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const vendingApi = ['upstream', 'add', '--name', 'prov', '--type', 'vending-api'];
const pieces = ['--merchant-code', 'M', '--key', 'k', '--secret', 's'];
const fundFW = ['wallet', 'fund', '--code', 'FW', '--env', 'test'];
const long = (n: number) => 'a'.repeat(n);

const refusals: [string, string[], string, Record<string, string>?][] = [
  [
    'reconcile settings --time',
    ['reconcile', 'settings', '--time', '25:99'],
    '--time must be a time HH:MM (24-hour clock)',
  ],
  [
    'reconcile settings --email',
    ['reconcile', 'settings', '--email', 'nobody'],
    '--email: "nobody" is not an e-mail address',
  ],
  [
    'reconcile run --date',
    ['reconcile', 'run', '--date', '2026-13-01'],
    '--date must be a calendar date YYYY-MM-DD',
  ],
  [
    'reconcile list --date',
    ['reconcile', 'list', '--date', 'soon'],
    '--date must be a calendar date YYYY-MM-DD',
  ],
  [
    'reconcile resolve --reason',
    ['reconcile', 'resolve', '--id', '1', '--action', 'settled_outside', '--reason', long(301)],
    '--reason must be at most 300 characters',
  ],
  ['report run --date', ['report', 'run', '--date', 'today'], '--date must be a calendar date YYYY-MM-DD'],
  [
    'report run --smtp-url',
    ['report', 'run', '--date', '2026-01-01', '--send', '--smtp-url', 'mail.example'],
    '--smtp-url must be a URL like smtp://user:pass@host:587 or smtps://user:pass@host:465',
  ],
  [
    'report run with VENDPOINT_SMTP_URL',
    ['report', 'run', '--date', '2026-01-01', '--send'],
    'VENDPOINT_SMTP_URL must be a URL like smtp://user:pass@host:587 or smtps://user:pass@host:465',
    { VENDPOINT_SMTP_URL: 'mail.example' },
  ],
  [
    'wallet fund --amount',
    [...fundFW, '--amount', 'ten'],
    '--amount must be a positive Naira amount with at most two decimals, e.g. "100.00"',
  ],
  ['wallet fund --amount 0', [...fundFW, '--amount', '0'], '--amount must be greater than zero'],
  [
    'wallet fund --reason',
    [...fundFW, '--amount', '5', '--reason', long(301)],
    '--reason must be at most 300 characters',
  ],
  [
    'wallet threshold --amount',
    ['wallet', 'threshold', '--code', 'FW', '--env', 'test', '--amount', 'lots'],
    '--amount must be a positive Naira amount with at most two decimals, e.g. "100.00"',
  ],
  [
    'webhook add --url',
    ['webhook', 'add', '--code', 'FW', '--env', 'test', '--url', 'hooks.example'],
    '--url must be an absolute http(s) URL',
  ],
  [
    'webhook add --events',
    [
      'webhook',
      'add',
      '--code',
      'FW',
      '--env',
      'test',
      '--url',
      'https://127.0.0.1/h',
      '--allow-private-webhooks',
      '--events',
      'sale.done',
    ],
    '--events must be "*" or a list of: ',
  ],
  [
    'merchant update --allow-ip',
    ['merchant', 'update', '--code', 'FW', '--allow-ip', 'office'],
    '--allow-ip: "office" is not an IP address or CIDR',
  ],
  [
    'upstream add --name',
    ['upstream', 'add', '--name', 'my provider', '--type', 'simulator'],
    '--name: 1-40 letters, digits, _ . -',
  ],
  [
    'upstream add --base-url',
    [...vendingApi, '--base-url', 'ftp://provider.example', ...pieces],
    '--base-url must be http or https',
  ],
  [
    'upstream add without its pieces',
    [...vendingApi, '--base-url', 'https://provider.example', '--key', 'k'],
    'a vending-api upstream needs --base-url, --merchant-code, --key and --secret; missing: --merchant-code, --secret',
  ],
  [
    'upstream add --products product',
    [...vendingApi, '--base-url', 'https://provider.example', ...pieces, '--products', 'tv'],
    'unknown product "tv" in --products; use ',
  ],
  [
    'upstream add --products network',
    [...vendingApi, '--base-url', 'https://provider.example', ...pieces, '--products', 'data:NTEL'],
    '--products: network must be one of mtn, glo, airtel, 9mobile',
  ],
];

describe('CLI refusals name the flag the operator typed', () => {
  it.each(refusals)('%s', (_what, args, words, env) => {
    const r = runCli(dataDir, ['--json', ...args], env);
    expect(r.status).toBe(2);
    expect(r.json.error).toContain(words);
    expect(r.json.error).not.toMatch(
      /^(run_time|date|amount|threshold|reason|url|event_types|smtp_url|base URL|upstream name)\b/,
    );
  });

  it('a refusal that names no field is left in its own words', () => {
    const r = runCli(dataDir, ['--json', ...fundFW, '--amount', '-5']);
    expect(r.json.error).toBe(
      "a funding amount must be positive; the console's Wallets → Adjustment takes money out",
    );
  });
});
