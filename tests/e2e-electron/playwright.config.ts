import { defineConfig } from '@playwright/test';

/**
 * The Electron smoke test: `npx playwright test -c tests/e2e-electron`. It drives the real
 * desktop app, so it runs only where an Electron runtime is usable (see
 * scripts/electron-runtime.mjs); elsewhere it is reported as skipped, with the reason.
 */
export default defineConfig({
  testDir: '.',
  outputDir: '../../test-results/e2e-electron',
  timeout: 120_000,
  expect: { timeout: 15_000 },
  workers: 1,
  retries: 0,
  reporter: [['list']],
});
