import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { login, openPage, SHOTS_DIR, watchPageErrors } from './helpers.js';

/**
 * An admin's ledger and report CSVs, exported in two steps as History's is: a refused start is
 * said on the page, which stays where it was (the plain link's refused download was a failed
 * file named after the JSON); the next click downloads the file.
 */

/** Every download the page starts, counted from now. */
function countDownloads(page: Page): () => number {
  let n = 0;
  page.on('download', () => n++);
  return () => n;
}

test('wallets: a ledger export the node refuses is said on the page; the next one downloads', async ({
  page,
}) => {
  const problems = watchPageErrors(page);
  await login(page);
  await openPage(page, '/#/admin/wallets?code=DEMO&env=test');
  const exportCsv = page.getByTestId('ledger-csv');
  await expect(exportCsv).toBeVisible();
  const at = page.url();
  const downloads = countDownloads(page);

  // From after To: the node's own refusal, said in the page's head.
  await page.locator('#csv-from').fill('2030-01-02');
  await page.locator('#csv-to').fill('2030-01-01');
  await exportCsv.click();
  const refused = page.getByTestId('alert');
  await expect(refused).toHaveText('The CSV was not exported: To must not be before from.');
  await expect(exportCsv).toBeEnabled();
  expect(page.url()).toBe(at);
  await page.screenshot({ path: join(SHOTS_DIR, 'wallets-ledger-export-refused.png') });

  await page.locator('#csv-from').fill('2020-01-01');
  await page.locator('#csv-to').fill('');
  const download = page.waitForEvent('download');
  await exportCsv.click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(
    /^vendpoint-DEMO-test-ledger-2020-01-01-to-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const lines = readFileSync((await file.path())!, 'utf8')
    .trim()
    .split('\n');
  expect(lines[0]).toContain('time_utc');
  // The DEMO wallet's first funding, at the node's first start, is in the range.
  expect(lines.some((l) => l.includes(',funding,'))).toBe(true);
  await expect(refused).toHaveCount(0);
  expect(downloads()).toBe(1);
  expect(page.url()).toBe(at);
  expect(problems).toEqual([]);
});

/** The start of a day's report CSV (POST). */
const REPORT_STARTS = /\/console\/reports\/[^/]+\/(test|live)\/[\d-]+\/exports$/;

test("reports: a day's CSV the node refuses is said on the page; the next one downloads", async ({
  page,
}) => {
  const problems = watchPageErrors(page);
  await login(page);
  await openPage(page, '/#/admin/reports');
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date());
  await page.getByTestId('report-show').getByTestId('merchant-picker').selectOption('DEMO');
  await page.getByRole('combobox', { name: 'Environment' }).selectOption('test');
  await page.getByTestId('report-show').getByLabel('Day').fill(today);
  await page.getByRole('button', { name: 'Show report' }).click();
  const exportCsv = page.getByTestId('report-csv');
  await expect(exportCsv).toBeVisible();
  const at = page.url();
  const downloads = countDownloads(page);

  // The node as it answers while it stops (http/drain.ts): 503, with the wait in Retry-After.
  await page.route(REPORT_STARTS, (route) =>
    route.fulfill({
      status: 503,
      headers: { 'retry-after': '5', 'content-type': 'application/json' },
      body: JSON.stringify({
        status: 'error',
        code: 503,
        message: 'The node is stopping: nothing was stored or charged; retry after 5 s',
      }),
    }),
  );
  await exportCsv.click();
  const refused = page.getByTestId('alert');
  await expect(refused).toHaveText(
    'The CSV was not exported: The node is stopping: nothing was stored or charged; try again in a few seconds.',
  );
  await expect(exportCsv).toBeEnabled();
  expect(page.url()).toBe(at);
  await page.screenshot({ path: join(SHOTS_DIR, 'reports-csv-refused.png') });

  // Asked again once the node answers: the day's file downloads, and the refusal goes.
  await page.unroute(REPORT_STARTS);
  const download = page.waitForEvent('download');
  await exportCsv.click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`vendpoint-report-DEMO-test-${today}.csv`);
  expect(readFileSync((await file.path())!, 'utf8').split('\r\n')[0]).toContain('internal_reference');
  await expect(refused).toHaveCount(0);
  expect(downloads()).toBe(1);

  expect(page.url()).toBe(at);
  expect(problems).toEqual([]);
});
