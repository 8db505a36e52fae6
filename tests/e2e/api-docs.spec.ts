import { expect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { SHOTS_DIR } from './helpers.js';
import { EVENT_TYPES } from '../../server/domain/webhook-events.js';

/**
 * The integrator's review: /v1/docs showed a Content-Security-Policy error in the console (the
 * top bar's Swagger logo is an inline SVG with a <style>) and the Fastify logo. The page must
 * run under its CSP without a single console error or warning and show VendPoint's name.
 */
test('/v1/docs runs under its CSP without console errors and shows VendPoint in the top bar', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  // Violations are also counted in the page, in case the browser words its console message differently.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });

  const answer = await page.goto('/v1/docs');
  const csp = answer?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("style-src 'self'");
  expect(csp).not.toMatch(/unsafe-inline|https:|upgrade-insecure-requests/);

  await expect(page).toHaveTitle('VendPoint API');
  const logo = page.locator('.topbar a img');
  await expect(logo).toBeVisible();
  expect(await logo.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
  const svg = Buffer.from(String(await logo.getAttribute('src')).split(',')[1], 'base64').toString();
  expect(svg).toContain('VendPoint');
  await expect(page.locator('.topbar a svg')).toHaveCount(0); // not Swagger's inline logo
  // The document loaded (the operations come after the top bar, from /v1/docs/json), webhooks included.
  await expect(page.getByRole('heading', { name: /VendPoint Vending Service Interface/ })).toBeVisible();
  await expect(page.locator('.info').getByRole('heading', { name: 'Webhooks', exact: true })).toBeVisible();
  await expect(page.locator('.opblock').first()).toBeVisible();
  await expect(page.locator('.models').getByText('WalletEvent', { exact: true })).toBeVisible();
  // The events themselves, listed from the document's `webhooks` (3.0's `x-webhooks` was not shown).
  const webhooks = page.locator('.webhooks');
  await expect(webhooks.getByRole('heading', { name: 'Webhooks', exact: true })).toBeVisible();
  await expect(webhooks.locator('.opblock')).toHaveCount(EVENT_TYPES.length + 1); // and webhook.test
  await webhooks.locator('.opblock-summary', { hasText: 'transaction.succeeded' }).click();
  await expect(webhooks.locator('.parameter__name', { hasText: 'VendPoint-Signature' })).toBeVisible();

  mkdirSync(SHOTS_DIR, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(logo).toBeVisible();
    await page.screenshot({ path: join(SHOTS_DIR, `api-docs-${width}.png`) });
  }
  expect(problems).toEqual([]);
});
