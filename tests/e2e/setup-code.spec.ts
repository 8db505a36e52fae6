import { expect, test } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { watchPageErrors } from './helpers.js';
import { startNodeProcess, type NodeProcess } from '../helpers/node-process.js';

/**
 * Claiming a node from "another computer". A node of its own, started with 127.0.0.1 as a trusted
 * proxy: the browser's requests then count as relayed from elsewhere, exactly as they would through
 * a TLS proxy, so the Setup view must ask for the code the node printed at start.
 */
let node: NodeProcess | null = null;
let dataDir = '';
let url = '';
let code = '';

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'vendpoint-e2e-claim-'));
  node = await startNodeProcess({
    dataDir,
    args: ['--trusted-proxies', '127.0.0.1'],
    readyWhen: /setup code \S+ from another computer/,
  });
  url = node.url;
  code = /setup code (\S+) from another computer/.exec(node.output())![1];
});

test.afterAll(async () => {
  await node?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test('from another computer the Setup view asks for the printed code before it shows anything', async ({
  page,
}) => {
  const problems = watchPageErrors(page);
  await page.goto(`${url}/`);
  await expect(page.getByRole('heading', { name: 'Welcome to VendPoint' })).toBeVisible();
  await expect(page.getByLabel('Administrator username')).toHaveCount(0);

  await page.getByLabel('Setup code').fill('WRONG-CODE1');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('alert')).toContainText('The setup code is not right');
  await expect(page.getByLabel('Administrator username')).toHaveCount(0);

  await page.getByLabel('Setup code').fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Administrator username').fill('remote-admin');
  await page.getByLabel('Password', { exact: true }).fill('a long enough password');
  await page.getByLabel('Password again').fill('a long enough password');
  await page.getByLabel('Sells for merchant').selectOption('DEMO');
  await page.getByRole('button', { name: 'Create administrator and sign in' }).click();
  await expect(page.getByRole('heading', { name: 'What is the customer buying?' })).toBeVisible();
  expect(problems).toEqual([]);
});
