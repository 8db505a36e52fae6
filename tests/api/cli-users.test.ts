import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { runCliAsync, runCli } from '../helpers/cli.js';
import { consoleCall } from '../helpers/console-admin-session.js';
import { startNodeProcess, type NodeProcess } from '../helpers/node-process.js';

/**
 * `user list|add|reset-password|unlock` (server/cli/users.ts) against a node running in another
 * process (`npm run serve`'s entry point), as an operator locked out of the console meets it:
 * the node's sign-in throttle lives in that process's memory, and the CLI reaches it through
 * the database alone.
 */
const ADMIN_PASSWORD = 'correct horse battery';
const AGENT_PASSWORD = 'agent staple password';

let dataDir: string;
let node: NodeProcess;
let url: string;
/** Every password this file sets or learns: none may show anywhere but its own one answer. */
const secrets = new Set<string>([ADMIN_PASSWORD, AGENT_PASSWORD]);
/** The password `user add` made for ada, and the admin's session cookie from the unlock. */
let adaPassword = '';
let adminCookie = '';

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'vendpoint-cli-users-'));
  node = await startNodeProcess({
    dataDir,
    // The most the node ever logs: not one of the passwords may be in it.
    args: ['--log-level', 'debug', '--log-format', 'json'],
  });
  url = node.url;
}, 90_000);

afterAll(async () => {
  await node?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** One CLI run with --json (and standard input when given): exit code, the one object, stderr. */
async function cli(args: string[], input?: string) {
  const r =
    input === undefined
      ? await runCliAsync(dataDir, ['--json', ...args])
      : runCli(dataDir, ['--json', ...args], {}, input);
  expect(r.stdout.trim().split('\n')).toHaveLength(1);
  return r;
}

const login = (username: string, password: string) =>
  consoleCall(url, 'POST', '/console/login', { username, password });

const cookieOf = (r: { headers: Record<string, string | string[] | undefined> }) =>
  [r.headers['set-cookie']]
    .flat()
    .find((c) => c?.startsWith('vp_session='))!
    .split(';')[0];

/** What the running node answers a session cookie: 200 while the session lasts, 401 once ended. */
const sessionStatus = async (cookie: string) =>
  (await consoleCall(url, 'GET', '/console/session', undefined, { cookie })).status;

type AuditRow = { actor: string; action: string; subject: string; detail: string };
/** The audit log's rows that `where` picks, read from the database file the node writes. */
function auditRows(where: string): AuditRow[] {
  const db = new Database(join(dataDir, 'vendpoint.db'), { readonly: true });
  try {
    return db
      .prepare(`SELECT actor, action, subject, detail FROM audit_log WHERE ${where} ORDER BY id`)
      .all() as AuditRow[];
  } finally {
    db.close();
  }
}

describe('user add and list', () => {
  it('adds an admin with a password read from standard input: the running node lets it sign in at once', async () => {
    const r = await cli(
      ['user', 'add', '--username', 'admin', '--role', 'admin', '--password-stdin'],
      `${ADMIN_PASSWORD}\n`,
    );
    expect(r.status).toBe(0);
    expect(r.json).toEqual({
      id: expect.any(Number),
      username: 'admin',
      role: 'admin',
      merchant_code: 'DEMO',
      active: true,
      daily_sales_limit: null,
      environments: ['test'],
      start_environment: 'test',
      created_at: expect.any(String),
    });
    expect((await login('admin', ADMIN_PASSWORD)).status).toBe(200);
  });

  it('adds an agent with a password it makes, printed once in the answer; the agent signs in with it', async () => {
    const r = await cli(['user', 'add', '--username', 'ada', '--role', 'agent']);
    expect(r.status).toBe(0);
    expect(r.json).toMatchObject({ username: 'ada', role: 'agent', merchant_code: 'DEMO' });
    adaPassword = r.json.password as string;
    secrets.add(adaPassword);
    expect(adaPassword).toMatch(/^[A-Za-z2-9]{5}(-[A-Za-z2-9]{5}){3}$/);
    expect((await login('ada', adaPassword)).status).toBe(200);
  });

  it('lists the users without a password or a hash', async () => {
    const r = await cli(['user', 'list']);
    expect(r.status).toBe(0);
    expect(r.json.users.map((u: { username: string; role: string }) => [u.username, u.role])).toEqual([
      ['admin', 'admin'],
      ['ada', 'agent'],
    ]);
    expect(Object.keys(r.json.users[0]).sort()).toEqual(
      [
        'active',
        'created_at',
        'daily_sales_limit',
        'environments',
        'id',
        'merchant_code',
        'role',
        'start_environment',
        'username',
      ].sort(),
    );
    expect(r.stdout).not.toMatch(/scrypt|password/i);
  });
});

describe('a locked-out admin gets back in', () => {
  it('five wrong passwords lock admin; `user unlock` from another process lets the right password in at once', async () => {
    for (let i = 0; i < 5; i++) expect((await login('admin', `wrong password ${i}`)).status).toBe(401);
    const locked = await login('admin', ADMIN_PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.json.message).toMatch(/Too many failed sign-in attempts/);

    const r = await cli(['user', 'unlock', '--username', 'ADMIN']);
    expect(r).toMatchObject({ status: 0, json: { username: 'admin', unlocked_at: expect.any(String) } });
    const signedIn = await login('admin', ADMIN_PASSWORD);
    expect(signedIn.status).toBe(200);
    adminCookie = cookieOf(signedIn);
  });

  it('an unlock forgives only the failures before it: five more lock the admin again', async () => {
    for (let i = 0; i < 5; i++) expect((await login('admin', `wrong again ${i}`)).status).toBe(401);
    expect((await login('admin', ADMIN_PASSWORD)).status).toBe(429);
    // Left locked: the next test's reset lifts it.
  });

  it("reset-password ends the user's sessions, lifts the lock, and the old password no longer works", async () => {
    const session = await login('ada', adaPassword);
    expect(session.status).toBe(200);
    const cookie = cookieOf(session);
    expect(await sessionStatus(cookie)).toBe(200);
    expect(await sessionStatus(adminCookie)).toBe(200);
    // The admin is locked (previous test) and has two sessions open (both sign-ins above).
    const r = await cli(['user', 'reset-password', '--username', 'admin']);
    expect(r.status).toBe(0);
    expect(r.json).toEqual({ username: 'admin', sessions_ended: 2, password: expect.any(String) });
    expect(await sessionStatus(adminCookie)).toBe(401);
    expect(await sessionStatus(cookie)).toBe(200);
    const made = r.json.password as string;
    secrets.add(made);
    // Lock lifted: the new password is let in at once, where the old one now fails.
    expect((await login('admin', made)).status).toBe(200);
    expect((await login('admin', ADMIN_PASSWORD)).status).toBe(401);

    const agent = await cli(
      ['user', 'reset-password', '--username', 'ada', '--password-stdin'],
      `${AGENT_PASSWORD}\n`,
    );
    expect(agent.status).toBe(0);
    // Read from standard input, the password is not echoed back.
    expect(agent.json).toEqual({ username: 'ada', sessions_ended: 2 });
    expect(await sessionStatus(cookie)).toBe(401);
    expect((await login('ada', AGENT_PASSWORD)).status).toBe(200);
  });
});

describe('refusals change nothing', () => {
  it('an unknown user, a username outside the rule, a short password or a missing role: exit 2 with {"error"}', async () => {
    const unknown = await cli(['user', 'unlock', '--username', 'nobody']);
    expect(unknown).toMatchObject({ status: 2, json: { error: 'console user nobody not found' } });
    const bad = await cli(['user', 'reset-password', '--username', 'a b']);
    expect(bad).toMatchObject({
      status: 2,
      json: { error: expect.stringMatching(/^--username must be 3 to 32/) },
    });
    const short = await cli(
      ['user', 'add', '--username', 'bola', '--role', 'agent', '--password-stdin'],
      'short\n',
    );
    expect(short).toMatchObject({
      status: 2,
      json: { error: expect.stringMatching(/at least 10 characters/) },
    });
    const noRole = await cli(['user', 'add', '--username', 'bola']);
    expect(noRole).toMatchObject({ status: 2, json: { error: expect.stringMatching(/--role/) } });
    const taken = await cli(['user', 'add', '--username', 'ADA', '--role', 'agent']);
    expect(taken).toMatchObject({ status: 2, json: { error: expect.stringMatching(/already taken/) } });
    expect((await cli(['user', 'list'])).json.users.map((u: { username: string }) => u.username)).toEqual([
      'admin',
      'ada',
    ]);
  });
});

describe('the passwords stay where they were given', () => {
  it("none is in the node's logs or the audit log, which records each change with the CLI as its actor", () => {
    const audit = auditRows(`action LIKE 'console_user.%'`);
    expect(audit.map((a) => [a.action, a.subject])).toEqual([
      ['console_user.create', 'admin'],
      ['console_user.create', 'ada'],
      ['console_user.unlock', 'admin'],
      ['console_user.update', 'admin'],
      ['console_user.update', 'ada'],
    ]);
    for (const a of audit) expect(a.actor).toMatch(/^cli:/);
    expect(audit.filter((a) => a.action === 'console_user.update').map((a) => JSON.parse(a.detail))).toEqual([
      { password_reset: true },
      { password_reset: true },
    ]);
    const text = JSON.stringify(audit);
    const output = node.output();
    expect(output).toMatch(/listening on/);
    for (const secret of secrets) {
      expect(output).not.toContain(secret);
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/scrypt/);
  });
});

describe('user move', () => {
  it('moves a user to another merchant on the running node: its sessions end and its next sign-in sells for the new one', async () => {
    expect((await cli(['merchant', 'create', '--code', 'ACME', '--name', 'Acme Stores'])).status).toBe(0);
    const session = await login('ada', AGENT_PASSWORD);
    expect(session.status).toBe(200);
    const cookie = cookieOf(session);

    const r = await cli(['user', 'move', '--username', 'ADA', '--code', 'acme']);
    expect(r.status).toBe(0);
    expect(r.json).toEqual({
      id: expect.any(Number),
      username: 'ada',
      role: 'agent',
      merchant_code: 'ACME',
      previous_merchant_code: 'DEMO',
      // This sign-in's and the one left open by the reset-password test above.
      sessions_ended: 2,
      active: true,
      daily_sales_limit: null,
      environments: ['test'],
      start_environment: 'test',
      created_at: expect.any(String),
    });
    expect(await sessionStatus(cookie)).toBe(401);
    const again = await login('ada', AGENT_PASSWORD);
    expect(again.json.merchant).toMatchObject({ code: 'ACME', name: 'Acme Stores' });

    // Moving it where it already is changes nothing and ends no session.
    const same = await cli(['user', 'move', '--username', 'ada', '--code', 'ACME']);
    expect(same.json).toMatchObject({
      merchant_code: 'ACME',
      previous_merchant_code: 'ACME',
      sessions_ended: 0,
    });
    expect(await sessionStatus(cookieOf(again))).toBe(200);
  });

  it('refuses an unknown or suspended merchant, or an unknown user: exit 2 with {"error"}, nothing moved', async () => {
    expect(await cli(['user', 'move', '--username', 'ada', '--code', 'NOPE'])).toMatchObject({
      status: 2,
      json: { error: 'merchant NOPE not found' },
    });
    expect((await cli(['merchant', 'create', '--code', 'SHUT', '--name', 'Shut Shop'])).status).toBe(0);
    expect((await cli(['merchant', 'update', '--code', 'SHUT', '--status', 'suspended'])).status).toBe(0);
    expect(await cli(['user', 'move', '--username', 'ada', '--code', 'SHUT'])).toMatchObject({
      status: 2,
      json: { error: expect.stringMatching(/^merchant SHUT is suspended/) },
    });
    expect(await cli(['user', 'move', '--username', 'nobody', '--code', 'DEMO'])).toMatchObject({
      status: 2,
      json: { error: 'console user nobody not found' },
    });
    const ada = (await cli(['user', 'list'])).json.users.find(
      (u: { username: string }) => u.username === 'ada',
    );
    expect(ada.merchant_code).toBe('ACME');

    const moves = auditRows(`action = 'console_user.update' AND detail LIKE '%"merchant"%'`);
    expect(moves).toHaveLength(1);
    expect(moves[0].actor).toMatch(/^cli:/);
    expect(moves[0].subject).toBe('ada');
    expect(JSON.parse(moves[0].detail)).toEqual({ merchant: { from: 'DEMO', to: 'ACME' } });
  });
});

describe('the first user of a node is an admin', () => {
  it('refuses an agent while no admin exists (it would end first-run setup with nobody to run the console), then takes one', async () => {
    const fresh = mkdtempSync(join(tmpdir(), 'vendpoint-cli-first-user-'));
    const addAgentBola = () =>
      runCliAsync(fresh, ['--json', 'user', 'add', '--username', 'bola', '--role', 'agent']);
    try {
      const agentFirst = await addAgentBola();
      expect(agentFirst).toMatchObject({
        status: 2,
        json: { error: expect.stringMatching(/no active admin yet/) },
      });
      expect((await runCliAsync(fresh, ['--json', 'user', 'list'])).json).toEqual({ users: [] });
      const admin = runCli(
        fresh,
        ['--json', 'user', 'add', '--username', 'chief', '--role', 'admin', '--password-stdin'],
        {},
        `${ADMIN_PASSWORD}\n`,
      );
      expect(admin.status).toBe(0);
      const agent = await addAgentBola();
      expect(agent).toMatchObject({ status: 0, json: { username: 'bola', role: 'agent' } });
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  });
});
