import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifySignature } from '../../server/domain/webhook-signature.js';
import { runCli } from '../helpers/cli.js';
import { eventually } from '../helpers/test-node.js';
import { NODE_BUNDLE as BUNDLE, startNodeProcess, type NodeProcess } from '../helpers/node-process.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';

/**
 * The headless node as `npm run serve` and `npm start`'s fallback run it: esbuild's bundle in
 * dist/headless (scripts/build-node.mjs), not the TypeScript sources. What it loads on first use
 * (the schedules with node-cron, pino-pretty, the schema compilers, undici in the vending-api
 * adapter, the sending thread's own entry file) and what it reads by path (migrations,
 * resources/, @fastify/swagger-ui's static files) must work from there.
 */

const ROOT = join(import.meta.dirname, '..', '..');

let dataDir: string;
let node: NodeProcess;
let url: string;
let demo: Record<string, string>;
let rx: WebhookReceiver;

async function call(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: res.status, text, json, cookies: res.headers.getSetCookie() };
}

beforeAll(async () => {
  // What `npm run serve` does before starting: build when missing or older than the sources.
  const built = spawnSync(process.execPath, ['scripts/build-node.mjs', '--if-stale'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  expect(built.status, built.stderr + built.stdout).toBe(0);
  expect(existsSync(BUNDLE)).toBe(true);

  rx = await startWebhookReceiver();
  dataDir = mkdtempSync(join(tmpdir(), 'vendpoint-bundle-'));
  node = await startNodeProcess({
    dataDir,
    bundle: true,
    args: ['--allow-private-webhooks', '--log-format', 'pretty'],
    schedules: true, // the default: schedules on, loaded after listening
    env: { VENDPOINT_LOG_LEVEL: undefined },
    readyWhen: /X-Merchant-Secret:\s+\S+\n/,
  });
  url = node.url;
  demo = {
    'x-merchant-key': /X-Merchant-Key:\s+(\S+)/.exec(node.output())![1],
    'x-merchant-secret': /X-Merchant-Secret:\s+(\S+)/.exec(node.output())![1],
  };
}, 120_000);

afterAll(async () => {
  await node?.stop();
  await rx?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('the bundled headless node (dist/headless/serve.js)', () => {
  it('--help prints the flags and starts nothing; an unknown flag or a stray word is refused before anything is created', () => {
    const scratch = mkdtempSync(join(tmpdir(), 'vendpoint-flags-'));
    try {
      const dir = join(scratch, 'data');
      const run = (...args: string[]) =>
        spawnSync(process.execPath, [BUNDLE, ...args], { cwd: scratch, encoding: 'utf8', timeout: 30_000 });
      const help = run('--help');
      expect(help.status).toBe(0);
      expect(help.stdout).toContain('--data-dir DIR');
      expect(help.stdout).toContain('--allow-private-webhooks');
      expect(help.stdout).toMatch(
        /--smtp-url URL .* a URL with a\n +password: the variable \(ps shows flags\)/,
      );
      const typo = run('--data-dri', dir, '--port', '0');
      expect(typo.status).toBe(1);
      expect(typo.stderr).toContain(
        'VendPoint could not start: unknown flag --data-dri; see --help for the flags',
      );
      const stray = run('--data-dir', dir, 'serve');
      expect(stray.status).toBe(1);
      expect(stray.stderr).toContain('unexpected argument "serve"');
      // Neither the named directory nor the default ./data of the working directory was made.
      expect(existsSync(dir)).toBe(false);
      expect(existsSync(join(scratch, 'data'))).toBe(false);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });

  it('a data directory that cannot be created gets the "must be able to write" hint, from the node and the CLI', () => {
    const scratch = mkdtempSync(join(tmpdir(), 'vendpoint-unwritable-'));
    try {
      // mkdir answers ENOENT under a link to nowhere, as under a parent on a read-only disk.
      symlinkSync(join(scratch, 'gone', 'disk'), join(scratch, 'mnt'));
      const dir = join(scratch, 'mnt', 'data');
      const hint =
        'VendPoint must be able to write its data directory (--data-dir or VENDPOINT_DATA_DIR): check that this user owns it, that the directories above it exist, and that the disk is not read-only.';
      const node = spawnSync(process.execPath, [BUNDLE, '--data-dir', dir, '--port', '0'], {
        cwd: scratch,
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(node.status).toBe(1);
      expect(node.stderr).toContain(
        `VendPoint could not start: ENOENT: no such file or directory, mkdir '${dir}'`,
      );
      expect(node.stderr).toContain(`\n${hint}\n`);
      const cli = runCli(dir, ['--json', 'merchant', 'create', '--code', 'UNW', '--name', 'Unwritable']);
      expect(cli.status).toBe(2);
      expect(cli.json.error).toBe(`ENOENT: no such file or directory, mkdir '${dir}'. ${hint}`);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });

  it('pins the tick-object shape before the rest of the node or its sending thread is loaded', () => {
    // An entry's static imports run before its body; the rest comes in by its dynamic import
    // (server/tick-shape-pin.ts says why the order matters).
    for (const [file, rest] of [
      ['serve.js', 'serve-node'],
      ['webhook-sender-worker.js', 'webhook-sender-worker-body'],
    ]) {
      const entry = readFileSync(join(ROOT, 'dist', 'headless', file), 'utf8');
      const staticImports = [...entry.matchAll(/^import "\.\/([^"]+)";$/gm)].map((m) => m[1]);
      expect(staticImports.length, file).toBeGreaterThan(0);
      expect(readFileSync(join(ROOT, 'dist', 'headless', staticImports[0]), 'utf8'), file).toContain(
        '// server/tick-shape-pin.ts',
      );
      expect(entry, file).toMatch(new RegExp(`await import\\("\\./${rest}-[^"]+\\.js"\\)`));
    }
  });

  it('started on an empty data directory (migrations and default catalogs found) and answers /v1', async () => {
    expect(node.output()).toMatch(/First start: this data directory was new[^\n]*\nCreated merchant DEMO/);
    expect((await call('GET', '/v1/healthz', {})).status).toBe(200);
    const balance = await call('GET', '/v1/wallet/balance', demo);
    expect(balance.status, balance.text).toBe(200);
    expect(balance.json.total).toBe('1000000.00');
    // pino-pretty (loaded only for --log-format pretty) wrote the log lines.
    expect(node.output()).toMatch(/^\[\d{2}:\d{2}:\d{2}\] INFO: /m);
    expect(node.output()).not.toMatch(/could not start|Error:/);
  });

  it("serves the API docs with @fastify/swagger-ui's own static files", async () => {
    const docs = await call('GET', '/v1/docs/', {});
    expect(docs.status).toBe(200);
    const logo = await call('GET', '/v1/docs/static/logo.svg', {});
    expect(logo.status).toBe(200);
    expect(logo.text).toContain('<svg');
    const doc = await call('GET', '/v1/openapi.json', {});
    expect(doc.status).toBe(200);
    expect(doc.json.info.title).toBe('VendPoint Vending Service Interface');
  });

  it('takes an async purchase and delivers its signed webhook from the sending thread', async () => {
    const ep = await call('POST', '/v1/webhooks', demo, {
      url: rx.url,
      event_types: ['transaction.succeeded', 'transaction.failed'],
    });
    expect(ep.status, ep.text).toBe(201);
    const key = `bundle-hook-${Date.now()}`;
    const created = await call('POST', '/v1/transactions', demo, {
      merchant_code: 'DEMO',
      customer_msisdn: '08031234567',
      network: 'mtn',
      product: 'airtime',
      amount: '100',
      client_request_id: key,
    });
    expect(created.status, created.text).toBe(200);
    const hook = await eventually(
      async () => rx.received.find((h) => h.json.data?.data?.request_id === key),
      (h) => h !== undefined,
      30_000,
    );
    expect(hook, `no webhook for ${key}; node output:\n${node.output()}`).toBeDefined();
    expect(hook!.json.type).toBe('transaction.succeeded');
    const signature = String(hook!.headers['vendpoint-signature']);
    expect(verifySignature(ep.json.data.secret, signature, hook!.body, Math.floor(Date.now() / 1000))).toBe(
      true,
    );
  });

  it("verifies every wallet, searches History's text and takes a backup from the console, each on its thread's own entry file in the bundle", async () => {
    const setup = await call(
      'POST',
      '/console/setup',
      {},
      { username: 'bundle', password: 'a long bundle password', merchant_code: 'DEMO' },
    );
    expect(setup.status, setup.text).toBe(200);
    const cookie = setup.cookies.map((c) => c.split(';')[0]).find((c) => c.startsWith('vp_session='));
    const verify = await call('GET', '/console/admin/ledger/verify', { cookie: cookie ?? '' });
    expect(verify.status, verify.text).toBe(200);
    expect(verify.json).toMatchObject({ ok: true, problems: [] });
    // A History text search (no exact match) is read on search-worker.js.
    const search = await call('GET', '/console/purchases?search=found-nowhere', { cookie: cookie ?? '' });
    expect(search.status, search.text).toBe(200);
    expect(search.json).toMatchObject({ rows: [], total: 0, search_matched: 'text' });
    // The copy's integrity check runs on integrity-check-worker.js.
    const backup = await call('POST', '/console/admin/backups', {
      cookie: cookie ?? '',
      'x-csrf-token': setup.json.csrf_token,
    });
    expect(backup.status, backup.text).toBe(201);
    expect(backup.json).toMatchObject({ integrity: 'ok' });
  });

  it('vends live through a vending-api upstream (undici, loaded on first use): itself, with DEMO test credentials', async () => {
    const cli = (...args: string[]) => {
      const r = runCli(dataDir, ['--json', ...args]);
      expect(r.status, r.stderr + r.stdout).toBe(0);
      return r.json;
    };
    cli(
      'upstream',
      'add',
      '--name',
      'itself',
      '--type',
      'vending-api',
      '--base-url',
      url,
      '--merchant-code',
      'DEMO',
      '--key',
      demo['x-merchant-key'],
      '--secret',
      demo['x-merchant-secret'],
      '--products',
      'airtime',
    );
    const shop = cli('merchant', 'create', '--code', 'BUNDLE', '--name', 'Bundle Shop');
    cli('merchant', 'update', '--code', 'BUNDLE', '--allow-ip', '127.0.0.1');
    cli('wallet', 'fund', '--code', 'BUNDLE', '--env', 'live', '--amount', '1000');
    const live = { 'x-merchant-key': shop.live.key, 'x-merchant-secret': shop.live.secret };
    const demoTotal = async () =>
      (await call('GET', '/v1/transactions?page=1&limit=1', demo)).json.pagination.total;
    const before = await demoTotal();
    const key = `bundle-live-${Date.now()}`;
    const sold = await call('POST', '/v1/transactions/airtime/sync', live, {
      merchant_code: 'BUNDLE',
      customer_msisdn: '08031234567',
      network: 'mtn',
      amount: '100',
      client_request_id: key,
    });
    expect(sold.status, sold.text).toBe(200);
    expect(sold.json.response_code, sold.text).toBe('00');
    // The upstream's side of the sale: one more purchase in DEMO's test world.
    expect(await demoTotal()).toBe(before + 1);
  });
});
