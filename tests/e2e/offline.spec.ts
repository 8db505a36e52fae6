import { expect, test } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { snap, watchPageErrors } from './helpers.js';
import { startNodeProcess } from '../helpers/node-process.js';

/**
 * The node goes away under an open console and comes back: this test runs its own node (the
 * shared one must stay up for the other tests) on a port of its own, over its own data.
 */
const PORT = Number(
  process.env.VENDPOINT_E2E_OFFLINE_PORT ?? Number(process.env.VENDPOINT_E2E_PORT ?? 7399) - 100,
);
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN = { username: 'offline', password: 'a long enough password' };

/** This spec's node on its own port, so the console finds it again at the same address. */
const startNode = (dataDir: string) => startNodeProcess({ dataDir, port: PORT });

test('with the node stopped a banner says so and navigation waits; once it is back the banner goes', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const problems = watchPageErrors(page);
  const dataDir = mkdtempSync(join(tmpdir(), 'vendpoint-offline-'));
  let node = await startNode(dataDir);
  try {
    const setup = await fetch(`${BASE}/console/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...ADMIN, merchant_code: 'DEMO' }),
    });
    expect(setup.status).toBe(200);
    await page.goto(`${BASE}/#/login`);
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'What is the customer buying?' })).toBeVisible();
    await expect(page.getByTestId('offline-banner')).toHaveCount(0);

    await node.stop();
    // History's page has not been loaded yet: its chunk cannot be fetched now.
    await page.getByRole('link', { name: 'History' }).click();
    const banner = page.getByTestId('offline-banner');
    await expect(banner).toContainText('The VendPoint node cannot be reached.');
    await expect(banner).toContainText(/retrying by itself \(try \d+\)/, { timeout: 15_000 });
    await expect(page).not.toHaveURL(/#\/history/);
    await snap(page, 'counter-offline-banner');

    node = await startNode(dataDir);
    await expect(banner).toHaveCount(0, { timeout: 20_000 });
    // The navigation the agent asked for happens once the node is back.
    await expect(page).toHaveURL(/#\/history/);
    await expect(page.getByRole('heading', { level: 1, name: /History|Sales/ })).toBeVisible();
    const real = problems.filter((p) => !/dynamically imported module/.test(p));
    expect(real).toEqual([]);
  } finally {
    await node.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
