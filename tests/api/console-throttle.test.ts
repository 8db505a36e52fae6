import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleSession, startTestNode, type TestNode } from '../helpers/test-node.js';
import { hashPassword } from '../../server/services/console-auth.js';
import { createConsoleUser, createFirstAdmin } from '../../server/store/console-users.js';
import { getMerchantByCode } from '../../server/store/merchants.js';

const PASSWORD = 'a long enough password';
let t: TestNode;
let clock = Date.now();
/** Moves past the 15-minute window so each test starts with no failures counted. */
const nextWindow = () => {
  clock += 16 * 60_000;
};

const login = (username: string, password: string) =>
  t.call('POST', '/console/login', { pair: null, body: { username, password } });

beforeAll(async () => {
  t = await startTestNode({}, { now: () => clock });
  const db = t.node.services.db;
  const demo = getMerchantByCode(db, 'DEMO')!;
  const hash = await hashPassword(PASSWORD);
  createFirstAdmin(db, { merchantId: demo.id, username: 'boss', passwordHash: hash });
  for (const username of ['ada', 'bola', 'cleo'])
    createConsoleUser(db, { merchantId: demo.id, username, role: 'agent', passwordHash: hash }, 'test');
});
afterAll(async () => t.close());

describe('console sign-in throttling', () => {
  it('20 wrong passwords sent at once: at most 5 are checked (401), the rest are 429', async () => {
    nextWindow();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login('ada', `wrong password ${i}`)),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(15);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    const limited = answers.find((a) => a.status === 429)!;
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json.message).toMatch(/Too many failed sign-in attempts/);
  });

  it("one agent's five typos lock that agent only: another agent and the admin on the same IP still sign in", async () => {
    nextWindow();
    for (let i = 0; i < 5; i++) expect((await login('ada', `typo ${i}`)).status).toBe(401);
    expect((await login('ada', PASSWORD)).status).toBe(429);
    expect((await login('bola', PASSWORD)).status).toBe(200);
    expect((await login('boss', PASSWORD)).status).toBe(200);
    // The lock is per username whatever its case or spacing.
    expect((await login(' ADA ', PASSWORD)).status).toBe(429);
  });

  it('a successful sign-in clears that username’s failures', async () => {
    nextWindow();
    for (let i = 0; i < 4; i++) expect((await login('ada', `typo ${i}`)).status).toBe(401);
    expect((await login('ada', PASSWORD)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login('ada', `typo again ${i}`)).status).toBe(401);
    expect((await login('ada', PASSWORD)).status).toBe(429);
  });

  it("an admin's new password for a locked agent lets it in at once; the old password fails", async () => {
    nextWindow();
    for (let i = 0; i < 5; i++) expect((await login('bola', `typo ${i}`)).status).toBe(401);
    expect((await login('bola', PASSWORD)).status).toBe(429);
    const admin = await consoleSession(t, 'boss', PASSWORD);
    const bola = (await admin.call('GET', '/console/admin/users')).json.users.find(
      (u: { username: string }) => u.username === 'bola',
    );
    const NEW = 'a brand new password';
    expect((await admin.call('PATCH', `/console/admin/users/${bola.id}`, { password: NEW })).status).toBe(
      200,
    );
    expect((await login('bola', NEW)).status).toBe(200);
    expect((await login('bola', PASSWORD)).status).toBe(401);
  });

  it('an admin unlocks a locked agent on the Users page: the right password is let in at once, audited; an agent may not', async () => {
    nextWindow();
    for (let i = 0; i < 5; i++) expect((await login('ada', `typo ${i}`)).status).toBe(401);
    expect((await login('ada', PASSWORD)).status).toBe(429);
    const admin = await consoleSession(t, 'boss', PASSWORD);
    const ada = (await admin.call('GET', '/console/admin/users')).json.users.find(
      (u: { username: string }) => u.username === 'ada',
    );
    const agent = await consoleSession(t, 'cleo', PASSWORD);
    expect((await agent.call('POST', `/console/admin/users/${ada.id}/unlock`)).status).toBe(403);
    expect((await login('ada', PASSWORD)).status).toBe(429);
    const r = await admin.call('POST', `/console/admin/users/${ada.id}/unlock`);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ id: ada.id, username: 'ada', active: true });
    expect((await login('ada', PASSWORD)).status).toBe(200);
    const audit = t.node.services.db
      .prepare(`SELECT actor, subject FROM audit_log WHERE action = 'console_user.unlock'`)
      .all();
    expect(audit).toEqual([{ actor: 'user:boss', subject: 'ada' }]);
    expect((await admin.call('POST', '/console/admin/users/999/unlock')).status).toBe(404);
  });

  it('spraying many usernames from one IP meets the per-IP ceiling, which then holds for every username', async () => {
    nextWindow();
    const statuses: number[] = [];
    for (let i = 0; i < 55; i++) statuses.push((await login(`sprayed${i}`, 'Summer2026!')).status);
    expect(statuses.slice(0, 50).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(50)).toEqual([429, 429, 429, 429, 429]);
    expect((await login('boss', PASSWORD)).status).toBe(429);
    nextWindow();
    expect((await login('boss', PASSWORD)).status).toBe(200);
  });
});

describe('sign-in fields are bounded before anything is kept about them', () => {
  it('a username or password over 256 characters is a 400 and leaves nothing in the throttle', async () => {
    nextWindow();
    // Within the sign-in's 8 KiB body limit (a larger body is a 413 before it is read).
    const long = 'x'.repeat(1_000);
    for (const body of [
      { username: long, password: PASSWORD },
      { username: 'ada', password: long },
    ]) {
      const r = await t.call('POST', '/console/login', { pair: null, body });
      expect(r.status).toBe(400);
      expect(r.json.message).toMatch(/at most 256 characters/);
    }
    // None of them counted: the five a person may mistype are all still there.
    const tries = await Promise.all(Array.from({ length: 5 }, (_, i) => login('ada', `typo ${i}`)));
    expect(tries.map((x) => x.status)).toEqual([401, 401, 401, 401, 401]);
  });
});
