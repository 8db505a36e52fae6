import { expect } from 'vitest';
import { hashPassword } from '../../server/services/console-auth.js';
import { createConsoleUser, createFirstAdmin } from '../../server/store/console-users.js';
import { getMerchantByCode } from '../../server/store/merchants.js';
import { consoleSession, type TestNode } from './test-node.js';

/** The password of every console user these helpers make. */
export const COUNTER_PASSWORD = 'a long enough password';

/**
 * Two merchants' counters on one node: DEMO's admin `boss` and agent `ada`, and a second
 * merchant OTHER (₦10,000 of test money) with its agent `olu`; both agents sell in test.
 */
export async function seedTwoCounters(t: TestNode): Promise<void> {
  const db = t.node.services.db;
  const passwordHash = await hashPassword(COUNTER_PASSWORD);
  const demo = getMerchantByCode(db, 'DEMO')!;
  createFirstAdmin(db, { merchantId: demo.id, username: 'boss', passwordHash });
  createConsoleUser(db, { merchantId: demo.id, username: 'ada', role: 'agent', passwordHash }, 'test');
  const other = t.merchant('OTHER', { testNaira: 10_000 });
  createConsoleUser(db, { merchantId: other.id, username: 'olu', role: 'agent', passwordHash }, 'test');
}

/** Signs a console user in (the test fails if the node refuses) and returns a caller that sends its cookie and CSRF token. */
export async function signInCounter(t: TestNode, username: string, password = COUNTER_PASSWORD) {
  const { login, call } = await consoleSession(t, username, password);
  expect(login.status).toBe(200);
  return call;
}
