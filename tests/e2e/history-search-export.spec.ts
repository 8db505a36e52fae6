import { expect, test, type Route } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  expectSuccessfulReceipt,
  login,
  sellAirtimeFromTiles,
  SHOTS_DIR,
  watchPageErrors,
} from './helpers.js';

/**
 * History's slow reads at the desk: a search over years of sales shows that it is reading and
 * for how long, with a Cancel that aborts its request (the node then stops reading it) and puts
 * the page back as it was, saying so.
 */
test('history: a slow search shows its progress and is cancelled: request aborted, list and filters as before', async ({
  page,
}) => {
  const problems = watchPageErrors(page);
  // The page's fetches, with whether each was aborted (a request held by page.route reports no failure).
  await page.addInitScript(() => {
    const calls: { url: string; signal?: AbortSignal | null }[] = [];
    Object.assign(window, { fetchCalls: calls });
    const fetch0 = window.fetch.bind(window);
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(input), signal: init?.signal });
      return fetch0(input, init);
    };
  });
  const abortedSearches = () =>
    page.evaluate(() =>
      (window as unknown as { fetchCalls: { url: string; signal?: AbortSignal | null }[] }).fetchCalls
        .filter((c) => c.url.includes('search=slow-search'))
        .map((c) => c.signal?.aborted ?? false),
    );
  await login(page);
  // A sale, so the list before the search has rows (with whatever other tests sold).
  await sellAirtimeFromTiles(page, '09061234598', '150', 'Enter');
  await expectSuccessfulReceipt(page);
  await page.keyboard.press('Alt+h');
  await expect(page.getByRole('heading', { name: 'Sales history' })).toBeVisible();
  const search = page.getByLabel('Phone, meter, reference or item');
  await expect(page.getByTestId('history-row').first()).toBeVisible();
  const listed = async () => [
    await page.getByTestId('history-count').innerText(),
    ...(await page.getByTestId('history-row').allInnerTexts()),
  ];
  const before = await listed();

  // The node's answer to this search is held back, as a search over a million sales takes seconds.
  const held: Route[] = [];
  await page.route(/\/console\/purchases\?(.*&)?search=slow-search/, (route) => {
    held.push(route);
  });
  await search.fill('slow-search');
  await search.press('Enter');
  const reading = page.getByTestId('history-loading');
  await expect(reading).toContainText('Reading the sales for these filters…');
  await expect(reading.getByRole('progressbar', { name: 'Reading the sales' })).toBeVisible();
  await expect(page.getByTestId('history-loading-seconds')).toHaveText(/^\d+ s\s*$/);
  await reading.screenshot({ path: join(SHOTS_DIR, 'history-search-reading.png') });
  expect(held).toHaveLength(1);
  expect(await abortedSearches()).toEqual([false]);

  await reading.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('history-cancelled')).toHaveText(
    'The search for “slow-search” was cancelled: the list and filters are as they were before it.',
  );
  await expect(reading).toHaveCount(0);
  await expect(search).toHaveValue('');
  await page.locator('section.card').screenshot({ path: join(SHOTS_DIR, 'history-search-cancelled.png') });
  // The list is the one shown before, with the notice above it.
  expect(await listed()).toEqual(before);
  // Its request was aborted (the node drops or stops the search), and not asked again.
  expect(await abortedSearches()).toEqual([true]);
  expect(held).toHaveLength(1);
  expect(problems).toEqual([]);
});

/**
 * History's export refused (the search thread full: 503 with Retry-After) is said on the page,
 * which stays where it was: the download was a navigation, and a refused one was a failed file
 * named after the JSON. Started with fetch, then downloaded by its one-time link.
 */
/** The desk's start of an export (POST; no query when no filter is set). */
const STARTS = /\/console\/purchases\/exports(\?|$)/;

test('history: an export the node refuses is said on the page; one it starts downloads', async ({ page }) => {
  const problems = watchPageErrors(page);
  await login(page);
  await page.keyboard.press('Alt+h');
  await expect(page.getByRole('heading', { name: 'Sales history' })).toBeVisible();
  const at = page.url();

  // The node answers as it does with five History searches under way or waiting.
  await page.route(STARTS, (route) =>
    route.fulfill({
      status: 503,
      headers: { 'retry-after': '2', 'content-type': 'application/json' },
      body: JSON.stringify({
        status: 'error',
        code: 503,
        message:
          'The node is busy: 5 History searches are under way or waiting; retry after the Retry-After delay',
      }),
    }),
  );
  let downloads = 0;
  page.on('download', () => downloads++);
  await page.getByTestId('export-csv').click();
  const refused = page.getByTestId('export-error');
  // The wait in words: the API's "retry after the Retry-After delay" names a header.
  await expect(refused).toHaveText(
    'The CSV was not exported: The node is busy: 5 History searches are under way or waiting; try again in a few seconds.',
  );
  await expect(page.getByTestId('export-csv')).toBeEnabled();
  expect(page.url()).toBe(at);
  await expect(page.getByRole('heading', { name: 'Sales history' })).toBeVisible();
  await page.locator('section.card').screenshot({ path: join(SHOTS_DIR, 'history-export-refused.png') });

  // Asked again once the node has room: the file downloads, and the refusal goes.
  await page.unroute(STARTS);
  const download = page.waitForEvent('download');
  await page.getByTestId('export-csv').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^vendpoint-test-sales-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(readFileSync((await file.path())!, 'utf8').split('\n')[0]).toContain('reference');
  await expect(refused).toHaveCount(0);
  expect(downloads).toBe(1);
  expect(page.url()).toBe(at);
  expect(problems).toEqual([]);
});
