import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** The first admin, created by first-run.spec.ts on the fresh data directory. */
export const ADMIN = { username: 'admin', password: 'correct horse battery staple' };
export const SHOTS_DIR = join('test-results', 'e2e-shots');
const ROOT = join(import.meta.dirname, '..', '..');

/** Signs in through the sign-in page and waits for the sell tiles. */
export async function login(page: Page, user = ADMIN): Promise<void> {
  await page.goto('/#/login');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'What is the customer buying?' })).toBeVisible();
}

/**
 * Opens a console page by its hash ('/#/sell/data') and waits until that page is the one shown. A
 * hash change is a same-document navigation: goto returns before the router has swapped the view,
 * so without this wait a click meant for the new page can land on the old one's Continue button.
 */
export async function openPage(page: Page, hash: string): Promise<void> {
  await page.goto(hash);
  const path = hash.replace(/^\/#/, '').replace(/\?.*$/, '').replace(/\/$/, '');
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await expect(page.locator('main.app-main')).toHaveAttribute('data-path', new RegExp(`^${escaped}/?$`));
}

/**
 * Signs out with the top bar's button (running `answer`, say "Leave without saving", when it asks
 * first) and waits for the sign-in page, which is loaded afresh so that nothing of the user who
 * left stays in the page's memory for the next one at the desk.
 */
export async function signOut(page: Page, answer?: () => Promise<void>): Promise<void> {
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await answer?.();
  await reloaded;
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
}

/**
 * Fails the test on any Content-Security-Policy violation or page error: the console must
 * run under its strict CSP exactly as shipped.
 */
export function watchPageErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  return problems;
}

/** The final screen at both sizes the issue asks for: 1280×800 and 1024×768. */
export async function snap(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  const original = page.viewportSize();
  for (const [w, h] of [
    [1280, 800],
    [1024, 768],
  ]) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: join(SHOTS_DIR, `${name}-${w}x${h}.png`), fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

/** The screen on a phone (390×844) and on a desk (1280×800), full page; the viewport is restored. */
export async function snapPhoneAndDesk(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  const original = page.viewportSize();
  for (const [w, h] of [
    [390, 844],
    [1280, 800],
  ]) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: join(SHOTS_DIR, `${name}-${w}.png`), fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

/**
 * Prints the receipt to PDF on the chosen paper and checks it is one page (a roll has no page
 * length, and these receipts fit an A4 sheet); returns the page's width in mm.
 */
export async function receiptPdf(page: Page, name: string, paper: '58' | '80' | 'a4'): Promise<number> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.getByTestId(`paper-${paper}`).click();
  const pdf = (
    await page.pdf({
      path: join(SHOTS_DIR, `${name}-receipt-${paper}.pdf`),
      preferCSSPageSize: true,
      printBackground: true,
    })
  ).toString('latin1');
  const box = /\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(pdf);
  expect(box, 'the PDF has a page box').not.toBeNull();
  expect(pdf.match(/\/Type\s*\/Page\b(?!s)/g), `${name} on ${paper} prints as one page`).toHaveLength(1);
  return (Number(box![1]) / 72) * 25.4;
}

/**
 * Runs the operator CLI on the node's data directory (or on `dataDir`, another node's), as an
 * operator would, and parses --json.
 */
export function cli(args: string[], dataDir = process.env.VENDPOINT_E2E_DATA_DIR): Record<string, unknown> {
  if (!dataDir) throw new Error('VENDPOINT_E2E_DATA_DIR is not set (run through playwright.config.ts)');
  const r = spawnSync(
    join(ROOT, 'node_modules', '.bin', 'tsx'),
    [join(ROOT, 'server', 'cli.ts'), '--data-dir', dataDir, '--json', ...args],
    {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  if (r.status !== 0) throw new Error(`cli ${args.join(' ')} failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as Record<string, unknown>;
}

/** Signs an API context in as the admin and returns headers carrying its CSRF token. */
export async function adminApi(request: APIRequestContext): Promise<Record<string, string>> {
  const r = await request.post('/console/login', { data: ADMIN });
  expect(r.status()).toBe(200);
  return { 'x-csrf-token': ((await r.json()) as { csrf_token: string }).csrf_token };
}

/** A unique suffix so a test's data never collides with another run's or test's. */
export const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toUpperCase();

/** Waits until the sale page says the sale succeeded and returns the receipt locator. */
export async function expectSuccessfulReceipt(page: Page) {
  await expect(page.getByTestId('sale-status')).toContainText('Sale successful', { timeout: 20_000 });
  const receipt = page.getByTestId('receipt');
  await expect(receipt.getByTestId('receipt-status')).toHaveText('Successful');
  return receipt;
}

/** A successful sale's reference, read from its receipt once the sale page says it succeeded. */
export async function receiptReference(page: Page): Promise<string> {
  const receipt = await expectSuccessfulReceipt(page);
  return (await receipt.getByTestId('receipt-reference').innerText()).trim();
}

/**
 * From the sell tiles: Airtime by its letter, the customer's number and the amount, Enter to the
 * confirm step, then the sale confirmed by its Sell button ('click') or by the keyboard ('Enter').
 */
export async function sellAirtimeFromTiles(
  page: Page,
  phone: string,
  amount: string,
  confirmBy: 'click' | 'Enter' = 'click',
): Promise<void> {
  await page.keyboard.press('a');
  await page.getByLabel('Customer phone number').fill(phone);
  await page.getByLabel('Amount (₦)').fill(amount);
  await page.keyboard.press('Enter');
  if (confirmBy === 'Enter') await page.keyboard.press('Enter');
  else await page.getByTestId('confirm-sell').click();
}
