/**
 * Scenario `console`: Debian's Chromium (headless, through Playwright) sells airtime on the
 * console 50 times against the test simulator, and times each sale from the click on the
 * confirm ("Pay") button to the successful receipt being visible. Reports p50/p95.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { root, startNodeOn, stopServer } from './lib.js';
import { log, wanted } from './options.js';
import { emptySection, row, type Section } from './report.js';

const SALES = 50;
const USER = { username: 'bench', password: 'bench password long enough' };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

export async function consoleSale(): Promise<Section> {
  const out = emptySection();
  if (!wanted('console')) return out;
  if (spawnSync('node', ['scripts/ensure-renderer.mjs'], { cwd: root, stdio: 'inherit' }).status !== 0)
    throw new Error('building the console failed');
  const dataDir = mkdtempSync(join(tmpdir(), 'vendpoint-bench-console-'));
  const n = await startNodeOn(dataDir);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    const context = await browser.newContext({ baseURL: n.url, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    // The first administrator, made the way the setup page makes it; the session cookie stays in the context.
    const setup = await page.request.post('/console/setup', { data: { ...USER, merchant_code: 'DEMO' } });
    if (!setup.ok()) throw new Error(`console setup failed: ${setup.status()} ${await setup.text()}`);
    await page.goto('/');
    await page.getByRole('heading', { name: 'What is the customer buying?' }).waitFor();
    log(`console: ${SALES} airtime sales in Chromium...`);
    const times: number[] = [];
    for (let i = 0; i < SALES; i++) {
      await page.goto('/#/');
      await page.getByRole('heading', { name: 'What is the customer buying?' }).waitFor();
      await page.keyboard.press('a');
      await page.getByLabel('Customer phone number').fill('08031234567');
      await page.getByLabel('Amount (₦)').fill('100');
      await page.keyboard.press('Enter');
      const pay = page.getByTestId('confirm-sell');
      await pay.waitFor();
      const t0 = performance.now();
      await pay.click();
      await page
        .getByTestId('receipt')
        .getByTestId('receipt-status')
        .filter({ hasText: 'Successful' })
        .waitFor({ timeout: 30_000 });
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const p50 = Math.round(percentile(times, 50));
    const p95 = Math.round(percentile(times, 95));
    Object.assign(out.json, { console_sale_p50_ms: p50, console_sale_p95_ms: p95, console_sales: SALES });
    out.rows.push(
      row(
        `console sale, click to receipt (${SALES})`,
        `p50 ${p50} ms, p95 ${p95} ms`,
        'p50 <= 150 ms',
        p50 <= 150,
      ),
    );
  } finally {
    await browser.close();
    await stopServer(n.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
  return out;
}
