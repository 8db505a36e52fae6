import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../server/config.js';
import { startNode, type RunningNode } from '../../server/node.js';
import { latestKnownVersion } from '../../server/store/db.js';
import { verifyLedger } from '../../server/store/wallets.js';
import { runCli } from '../helpers/cli.js';
import { consoleSignIn, recordAnswers, type Answer, type Manifest } from '../fixtures/v1-upgrade/answers.js';

/**
 * A merchant upgrading from the first release: today's node started on a data directory the
 * first version (66ee6dc) wrote (tests/fixtures/v1-upgrade, see its README) must migrate it,
 * answer every old object as that version did, and keep its books, users and credentials.
 */
const FIXTURE = join(import.meta.dirname, '..', 'fixtures', 'v1-upgrade');
const read = (f: string) => JSON.parse(readFileSync(join(FIXTURE, f), 'utf8'));
const manifest = read('manifest.json') as Manifest;
const v1Answers = read('answers-v1.json') as Record<string, Answer>;
const resolvedByV1 = read('resolved-by-v1.json') as Record<string, { status: string; data: unknown }>;

function copyOfFixture(): string {
  const dir = mkdtempSync(join(tmpdir(), 'vendpoint-upgrade-'));
  for (const f of ['vendpoint.db', 'secret.key']) copyFileSync(join(FIXTURE, 'data', f), join(dir, f));
  // git keeps no file modes beyond +x: the node insists on a private key file.
  chmodSync(join(dir, 'secret.key'), 0o600);
  return dir;
}

/**
 * Fields today's answers carry that the first version's did not, each asked for by an issue
 * (README "Upgrading" lists them). An added field not named here fails the test.
 */
const ADDED_FIELDS = new Set([
  // Console sale view: when the provider was last asked, its words, and a failed sale's pending past.
  'last_checked_at',
  'provider_said',
  'was_pending',
  // Console session and users: the environments a user may sell in.
  'start_environment',
  'timezone',
  'environments',
  // Cash-ups: sales by merchant, refunds of earlier shifts, failures after pending.
  'by_merchant',
  'earlier_refunded',
  'failed_after_pending',
  'merchant_code',
  // Daily report: reversals, debit corrections and sales changed after the day.
  'changed_after_day',
  'reversed',
  'debit_corrections',
  'reversals',
  // A pending sale's view: whether the provider said it holds the sale (false until it is asked
  // again: the first release did not record it), and who flagged it for attention.
  'provider_acknowledged',
  'flag',
  // Settings and upstreams: why SMTP or an upstream cannot be used.
  'smtp_warning',
  'problem',
]);

/** Today's answer with the differences an issue asked for taken back to the first version's form. */
function asFirstVersion(label: string, now: unknown, then: unknown): unknown {
  if (Array.isArray(now) && Array.isArray(then)) return now.map((v, i) => asFirstVersion(label, v, then[i]));
  if (now && then && typeof now === 'object' && typeof then === 'object' && !Array.isArray(now)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(now)) {
      const old = (then as Record<string, unknown>)[k];
      if (!(k in then) && ADDED_FIELDS.has(k)) continue;
      // Values that are the time of the request, not stored: the day's report is built anew,
      // and "sold today" is today's.
      if (k === 'generated_at' || k === 'sold_today') out[k] = old;
      else if (k === 'text' && typeof v === 'string') out[k] = csvAsFirstVersion(v);
      else if (k === 'message' && typeof v === 'string')
        out[k] = v.replace(/: that key is an? (gift-card|eSIM) order; read it with .*$/, '');
      else out[k] = asFirstVersion(label, v, old);
    }
    return out;
  }
  return now;
}

/**
 * CSV exports start with a byte-order mark (Excel reads ₦ right) and the daily report's CSV gained
 * the sale's status now and the time zone as its last two columns.
 */
function csvAsFirstVersion(csv: string): string {
  const text = csv.replace(/^\uFEFF/, '');
  if (!text.startsWith('time,internal_reference,')) return text;
  return text.replace(/,[^,\r\n]*,[^,\r\n]*(\r?)$/gm, '$1');
}

const pendingIds = Object.keys(resolvedByV1);

describe('a data directory of the first release, under today’s node', () => {
  let dir: string;
  let node: RunningNode;
  let consoles: { DEMO: Record<string, string>; ACME: Record<string, string> };

  beforeAll(async () => {
    dir = copyOfFixture();
    node = await startNode(testConfig(dir, { webhooksAllowPrivate: true }));
    const boss = await consoleSignIn(node.url, 'boss', manifest.users.boss.password);
    const chi = await consoleSignIn(node.url, 'chi', manifest.users.chi.password);
    consoles = { DEMO: boss.headers!, ACME: chi.headers! };
  });

  afterAll(async () => {
    await node?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('applies every migration and the books still balance', () => {
    const db = node.services.db;
    const newest = db.prepare('SELECT MAX(version) AS v FROM schema_migrations').get() as { v: number };
    expect(newest.v).toBe(latestKnownVersion());
    expect(verifyLedger(db)).toMatchObject({ ok: true });
  });

  it('answers every old object as the first version did, but for what issues asked for', async () => {
    // The fixture left some live sales pending; the poller has not run yet (no schedules here).
    expect(pendingIds.length).toBeGreaterThan(0);
    const now = await recordAnswers(node.url, manifest, consoles);
    expect(Object.keys(now)).toEqual(Object.keys(v1Answers));
    const mapped = Object.fromEntries(
      Object.entries(now).map(([label, a]) => [label, asFirstVersion(label, a, v1Answers[label])]),
    );
    expect(mapped).toEqual(v1Answers);
  });

  it('signs the old console users in with their passwords, and refuses a wrong one', async () => {
    for (const [name, u] of Object.entries(manifest.users)) {
      const r = await consoleSignIn(node.url, name, u.password);
      expect(r.status, name).toBe(200);
      expect(r.body).toMatchObject({ user: { username: name, role: u.role } });
    }
    expect((await consoleSignIn(node.url, 'ada', 'ada-password-1')).status).toBe(401);
  });

  it('settles the sales left pending as the first version itself settled them, the books balanced', async () => {
    const before = await balance('DEMO live');
    await node.services.worker.pollDue();
    let refunded = 0;
    for (const id of pendingIds) {
      const s = manifest.sales.find((x) => x.client_request_id === id)!;
      const r = await get(`/v1/transactions/status?client_request_id=${id}`, s.pair);
      const old = resolvedByV1[id] as {
        status: string;
        response_code: string;
        data: Record<string, unknown>;
      };
      expect(r.json.response_code, id).toBe(old.response_code);
      // The simulator's reference takes the reference's random tail since references are UUID v7
      // (80e2e3d): the first release printed its head.
      const {
        updated_at: _now,
        external_reference: printed,
        ...data
      } = r.json.data as Record<string, unknown>;
      const { updated_at: _then, external_reference: _old, ...oldData } = old.data;
      expect(data, id).toEqual(oldData);
      if (old.response_code === '00')
        expect(printed).toBe(
          `SIM${String(data.internal_reference).replace(/-/g, '').slice(-12).toUpperCase()}`,
        );
      if (old.response_code === '01') refunded += Number(oldData.amount);
    }
    expect(Number(await balance('DEMO live'))).toBeCloseTo(Number(before) + refunded, 2);
    expect(verifyLedger(node.services.db)).toMatchObject({ ok: true });
  });

  it('keeps old sales out of the event feed: only what changed after the upgrade is an event', async () => {
    const feed = await get('/v1/events?limit=100', 'DEMO live');
    expect(feed.status).toBe(200);
    const ids = (feed.json.data as { type: string; data: { data: { request_id: string } } }[]).map(
      (e) => `${e.type} ${e.data.data.request_id}`,
    );
    const expected = pendingIds.map(
      (id) => `transaction.${resolvedByV1[id].status === 'success' ? 'succeeded' : 'failed'} ${id}`,
    );
    expect(ids.sort()).toEqual(expected.sort());
    for (const pair of ['DEMO test', 'ACME test', 'ACME live']) {
      const other = await get('/v1/events?limit=100', pair);
      expect(other.json.data, pair).toEqual([]);
    }
  });

  it('takes new sales and webhooks, verifies its ledger on the CLI and builds a report of an old day', async () => {
    const sale = await post('/v1/transactions', 'ACME test', {
      merchant_code: 'ACME',
      customer_msisdn: '10000000001',
      network: 'Ikeja Electric',
      product: 'ELECTRICITY',
      amount: '1000',
      plan_code: '101',
      client_request_id: 'after-upgrade-1',
    });
    expect(sale.json).toMatchObject({ response_code: '00', data: { token: '12345678901234567890' } });
    const hook = await post('/v1/webhooks', 'ACME test', {
      url: 'http://127.0.0.1:9/hook',
      event_types: ['*'],
    });
    expect(hook.status, JSON.stringify(hook.json)).toBe(201);
    const verify = runCli(dir, ['--json', 'ledger', 'verify']);
    expect(verify.json, verify.stderr).toMatchObject({ ok: true });
    const report = runCli(dir, ['--json', 'report', 'run', '--date', '2026-11-20', '--code', 'DEMO']);
    expect(report.status, report.stderr).toBe(0);
    const old = v1Answers['report DEMO live 2026-11-20'].body as { report: { totals: unknown } };
    expect(JSON.stringify(report.json)).toContain(JSON.stringify(old.report.totals));
  });

  async function get(path: string, pair: string) {
    const p = manifest.pairs[pair];
    const res = await fetch(`${node.url}${path}`, {
      headers: { 'x-merchant-key': p.key, 'x-merchant-secret': p.secret },
    });
    return { status: res.status, json: (await res.json()) as any };
  }

  async function post(path: string, pair: string, body: unknown) {
    const p = manifest.pairs[pair];
    const res = await fetch(`${node.url}${path}`, {
      method: 'POST',
      headers: { 'x-merchant-key': p.key, 'x-merchant-secret': p.secret, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as any };
  }

  async function balance(pair: string): Promise<string> {
    return (await get('/v1/wallet/balance', pair)).json.total as string;
  }
});

describe('restore --from a backup the first release took', () => {
  it('restores it, marked as taken when its name says (or at the last moment it records), and the node takes it over', async () => {
    const root = mkdtempSync(join(tmpdir(), 'vendpoint-upgrade-restore-'));
    const dir = join(root, 'data');
    // The first release's Backup now was SQLite's copy of its database, with no backup mark.
    const backup = join(root, 'vendpoint-2026-11-23T06-30-00-000Z.db');
    copyFileSync(join(FIXTURE, 'data', 'vendpoint.db'), backup);
    chmodSync(backup, 0o644);
    const key = copyOfFixture();
    try {
      const restored = runCli(dir, ['--json', 'restore', '--from', backup]);
      expect(restored.status, restored.stdout + restored.stderr).toBe(0);
      // Taken when its name says: it is after the last moment the database records.
      expect(restored.json.backup_taken_at).toBe('2026-11-23T06:30:00.000Z');
      // The first release left its backups readable by others; the restored database is not.
      expect(statSync(join(dir, 'vendpoint.db')).mode & 0o777).toBe(0o600);
      // Its copy is in WAL mode: reading it leaves no -wal or -shm beside it or the restored database.
      expect(readdirSync(root).sort()).toEqual(['data', 'vendpoint-2026-11-23T06-30-00-000Z.db']);
      expect(readdirSync(dir).sort()).toEqual(['node.lock.db', 'vendpoint.db']);
      // Renamed, it is taken at the last moment it records: the fixture's last sales, Monday 06:00 UTC.
      const renamed = join(root, 'monday.db');
      copyFileSync(backup, renamed);
      const again = runCli(join(root, 'again'), ['--json', 'restore', '--from', renamed]);
      expect(again.json.backup_taken_at).toMatch(/^2026-11-23T06:0\d:\d\d\.\d{3}Z$/);
      expect(readdirSync(root).sort()).toEqual([
        'again',
        'data',
        'monday.db',
        'vendpoint-2026-11-23T06-30-00-000Z.db',
      ]);
      expect(readdirSync(join(root, 'again')).sort()).toEqual(['node.lock.db', 'vendpoint.db']);
      copyFileSync(join(key, 'secret.key'), join(dir, 'secret.key'));
      chmodSync(join(dir, 'secret.key'), 0o600);

      const node = await startNode(testConfig(dir));
      try {
        const db = node.services.db;
        const audit = db.prepare(`SELECT subject FROM audit_log WHERE action = 'backup.restored'`).all();
        expect(audit).toEqual([{ subject: restored.json.backup_taken_at }]);
        expect(verifyLedger(db)).toMatchObject({ ok: true });
        const p = manifest.pairs['DEMO live'];
        const res = await fetch(`${node.url}/v1/wallet/balance`, {
          headers: { 'x-merchant-key': p.key, 'x-merchant-secret': p.secret },
        });
        expect(await res.json()).toEqual(v1Answers['DEMO live balance'].body);
      } finally {
        await node.close();
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
      rmSync(key, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('a first-release data directory with another secret.key', () => {
  it('is refused before the foreign key is recorded or seals anything; with its own key it opens', () => {
    const dir = copyOfFixture();
    try {
      writeFileSync(join(dir, 'secret.key'), randomBytes(32).toString('base64'), { mode: 0o600 });
      const refused = runCli(dir, ['--json', 'merchant', 'list']);
      expect(refused.status).toBe(2);
      expect(refused.json.error).toBe(
        `${join(dir, 'secret.key')} is not the key the database in ${dir} was sealed with: it cannot open what is stored there sealed (an upstream's or a webhook's secret, the SMTP URL, a sale's token or card codes). Copy in the secret.key that belongs to this database, or see VENDPOINT_REPLACE_LOST_SECRET_KEY if it is lost for good.`,
      );
      copyFileSync(join(FIXTURE, 'data', 'secret.key'), join(dir, 'secret.key'));
      const opened = runCli(dir, ['--json', 'merchant', 'list']);
      expect(opened.status, opened.stdout).toBe(0);
      expect(opened.json.merchants.map((m: { merchant_code: string }) => m.merchant_code).sort()).toEqual([
        'ACME',
        'DEMO',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('a data directory from before the key check holding only sealed vouchers', () => {
  it('refuses another secret.key: the tokens and card codes it sealed are its witness', () => {
    const dir = copyOfFixture();
    try {
      // Opened once with its key: the first release's clear tokens and card codes are sealed.
      expect(runCli(dir, ['--json', 'merchant', 'list']).status).toBe(0);
      // Then made as a version from after sealed results and before the key check left it, with
      // no upstream secret and no SMTP URL: its sales' vouchers are all it holds sealed.
      const db = new Database(join(dir, 'vendpoint.db'));
      try {
        db.prepare(`DELETE FROM settings WHERE key IN ('secret_key.check', 'reports.smtp_url_sealed')`).run();
        db.prepare('UPDATE upstreams SET secret_sealed = NULL').run();
        const sealed = db.prepare(`SELECT COUNT(*) AS n FROM purchases WHERE result LIKE 'v1.%'`).get() as {
          n: number;
        };
        expect(sealed.n).toBeGreaterThan(0);
      } finally {
        db.close();
      }
      writeFileSync(join(dir, 'secret.key'), randomBytes(32).toString('base64'), { mode: 0o600 });
      const refused = runCli(dir, ['--json', 'merchant', 'list']);
      expect(refused.status).toBe(2);
      expect(refused.json.error).toMatch(/is not the key the database in .* was sealed with: it cannot open/);
      copyFileSync(join(FIXTURE, 'data', 'secret.key'), join(dir, 'secret.key'));
      expect(runCli(dir, ['--json', 'merchant', 'list']).status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
