import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * End-to-end tests of the console in Debian's Chromium (never a downloaded browser), against
 * `server/serve.ts` on a fresh data directory. The directory is made once here and handed to
 * the workers through the environment, so CLI steps in tests act on the node under test.
 */
process.env.VENDPOINT_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'vendpoint-e2e-'));
// 7399 by default; VENDPOINT_E2E_PORT lets two checkouts on one machine run side by side.
export const E2E_PORT = Number(process.env.VENDPOINT_E2E_PORT ?? 7399);
const dataDir = process.env.VENDPOINT_E2E_DATA_DIR;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    // The first admin is created once, by the setup test; every other test signs in as it.
    { name: 'setup', testMatch: /first-run\.spec\.ts/ },
    { name: 'console', testIgnore: /first-run\.spec\.ts/, dependencies: ['setup'] },
  ],
  webServer: {
    // The flag lets the webhook page deliver to a receiver the test runs on 127.0.0.1.
    command: `node scripts/ensure-renderer.mjs && npx tsx server/serve.ts --data-dir ${JSON.stringify(dataDir)} --port ${E2E_PORT} --allow-private-webhooks`,
    url: `http://127.0.0.1:${E2E_PORT}/v1/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { VENDPOINT_LOG_LEVEL: 'warn' },
  },
});
