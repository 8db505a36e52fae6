import { _electron as electron, expect, test, type ElectronApplication, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { detectElectronRuntime, probeMachine } from '../../scripts/electron-runtime.mjs';

/**
 * The desktop app end to end: open the window, create the first admin, sign in, sell airtime
 * on test money, print the receipt to PDF, and check the preload API and the lockdown from
 * inside the real window.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const OUT_DIR = join(ROOT, 'test-results', 'e2e-electron');
const ADMIN = { username: 'admin', password: 'desktop smoke test pass' };
const runtime = detectElectronRuntime(probeMachine(import.meta.url));

test.describe('desktop app smoke test', () => {
  test.skip(!runtime.usable, `no usable Electron runtime: ${runtime.usable ? '' : runtime.reason}`);

  let app: ElectronApplication;
  let page: Page;
  let dataDir: string;

  test.beforeAll(async () => {
    if (!runtime.usable) return;
    // What `npm start` builds: the console (when stale) and dist/ for main/ and server/.
    if (existsSync(join(ROOT, 'scripts', 'ensure-renderer.mjs')))
      execFileSync(process.execPath, ['scripts/ensure-renderer.mjs'], { cwd: ROOT, stdio: 'inherit' });
    execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.node.json'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    dataDir = mkdtempSync(join(tmpdir(), 'vendpoint-electron-'));
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env))
      if (v !== undefined && k !== 'ELECTRON_RUN_AS_NODE') env[k] = v;
    app = await electron.launch({
      executablePath: runtime.binary,
      // Chromium refuses to run as root with its sandbox (containers, CI).
      args: [ROOT, ...(process.getuid?.() === 0 ? ['--no-sandbox'] : [])],
      cwd: ROOT,
      env: { ...env, VENDPOINT_DATA_DIR: dataDir, VENDPOINT_PORT: '0', VENDPOINT_SCHEDULES: 'off' },
    });
    page = await app.firstWindow();
  });

  test.afterAll(async () => {
    await app?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test('opens the console, signs in, sells airtime and prints the receipt to PDF', async () => {
    await expect(page).toHaveTitle(/VendPoint/);
    expect(page.url()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);

    // First start: the setup screen creates the admin (and signs in).
    await expect(page.getByRole('heading', { name: 'Welcome to VendPoint' })).toBeVisible();
    await page.getByLabel('Administrator username').fill(ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByLabel('Password again').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Create administrator and sign in' }).click();
    await expect(page.getByRole('heading', { name: 'What is the customer buying?' })).toBeVisible();

    // Sign in again from a fresh session, as an agent would every morning.
    await app.context().clearCookies();
    await page.evaluate(() => (location.hash = '#/login'));
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'What is the customer buying?' })).toBeVisible();

    // Airtime on DEMO's test wallet: the simulator settles it at once.
    await page.evaluate(() => (location.hash = '#/sell/airtime'));
    await page.getByLabel('Customer phone number').fill('08031234567');
    await page.getByLabel('Amount (₦)').fill('500');
    await page.getByRole('button', { name: /Continue/ }).click();
    await page.getByTestId('confirm-sell').click();
    await expect(page.getByTestId('sale-status')).toContainText('Sale successful');
    await expect(page.getByTestId('receipt-amount')).toContainText('500.00');

    // Print to PDF from the main process, as the desktop would print to a PDF printer.
    mkdirSync(OUT_DIR, { recursive: true });
    const pdfBase64 = await app.evaluate(async ({ BrowserWindow }) => {
      const [win] = BrowserWindow.getAllWindows();
      const pdf = await win.webContents.printToPDF({ printBackground: true, preferCSSPageSize: true });
      return pdf.toString('base64');
    });
    const pdf = Buffer.from(pdfBase64, 'base64');
    writeFileSync(join(OUT_DIR, 'airtime-receipt.pdf'), pdf);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await page.screenshot({ path: join(OUT_DIR, 'airtime-sale.png') });
  });

  test('the preload API is there, named functions only, and answers', async () => {
    const api = await page.evaluate(async () => {
      const vp = (window as unknown as { vendpoint: Record<string, (...a: unknown[]) => Promise<unknown>> })
        .vendpoint;
      return {
        keys: Object.keys(vp).sort(),
        version: await vp.appVersion(),
        missingPrinter: await vp.printReceipt({ silent: true, deviceName: 'no-such-printer-here' }),
        hasNode:
          typeof (window as unknown as { require?: unknown }).require !== 'undefined' ||
          typeof (globalThis as { process?: unknown }).process !== 'undefined',
      };
    });
    expect(api.keys).toEqual(['appVersion', 'listPrinters', 'openDataFolder', 'printReceipt']);
    expect(api.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(api.missingPrinter).toEqual({ ok: false, reason: 'No printer named "no-such-printer-here"' });
    expect(api.hasNode).toBe(false);
  });

  test('the window cannot leave the console origin or open new windows', async () => {
    const before = page.url();
    await page.evaluate(() => {
      location.href = 'https://example.com/';
    });
    await page.waitForTimeout(500);
    expect(page.url()).toBe(before);
    const opened = await page.evaluate(() => window.open('https://example.com/') === null);
    expect(opened).toBe(true);
    expect(app.windows()).toHaveLength(1);
  });
});
