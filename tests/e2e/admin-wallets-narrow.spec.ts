import { expect, test, type Locator, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { login, openPage, watchPageErrors } from './helpers.js';
import { ADMIN_SHOTS_DIR, sideways } from './admin-helpers.js';

/**
 * Admin → Wallets at a desk's and a phone's widths: the Ledger's dates and the kind of entry
 * laid out as the console's other filters and toggles are.
 */

const boxOf = async (locator: Locator) => (await locator.boundingBox())!;

async function shotAt(page: Page, name: string, width: number): Promise<void> {
  mkdirSync(ADMIN_SHOTS_DIR, { recursive: true });
  await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
  await page.screenshot({ path: join(ADMIN_SHOTS_DIR, `${name}-${width}.png`), fullPage: true });
}

/**
 * The Ledger's range on a phone reads as History's filters do: From and To side by side, Export
 * CSV under them at the right (From sat alone on its line, To and the button on the next).
 */
test("at 390 px the Ledger's From and To share a line and Export CSV sits under them", async ({ page }) => {
  const problems = watchPageErrors(page);
  await login(page);
  await openPage(page, '/#/admin/wallets');
  const from = page.locator('#csv-from');
  const to = page.locator('#csv-to');
  const csv = page.getByTestId('ledger-csv');
  await expect(csv).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => sideways(page), { message: 'the wallets page scrolls sideways' }).toBe(0);
  const [f, t, c] = [await boxOf(from), await boxOf(to), await boxOf(csv)];
  const card = await csv.evaluate((el) => {
    const box = el.closest('.card')!;
    const r = box.getBoundingClientRect();
    const inset = box.clientLeft + parseFloat(getComputedStyle(box).paddingLeft);
    return { left: r.left + inset, right: r.right - inset };
  });
  expect(Math.abs(f.y - t.y), 'From and To on one line').toBeLessThan(2);
  expect(t.x, 'To right of From').toBeGreaterThan(f.x + f.width);
  expect(Math.abs(f.width - t.width), 'From and To alike').toBeLessThan(2);
  // Together the two fields fill the card's width, as History's do.
  expect(Math.round(f.x)).toBe(Math.round(card.left));
  expect(Math.round(t.x + t.width)).toBe(Math.round(card.right));
  expect(c.y, 'Export CSV under the dates').toBeGreaterThan(f.y + f.height);
  expect(Math.round(c.x + c.width), 'Export CSV at the right').toBe(Math.round(card.right));
  await csv.scrollIntoViewIfNeeded();
  await shotAt(page, 'wallets-ledger-range', 390);

  // A desk: the two dates and the button on one line beside the heading, as before.
  await page.setViewportSize({ width: 1280, height: 800 });
  const [wf, wt, wc] = [await boxOf(from), await boxOf(to), await boxOf(csv)];
  const heading = await boxOf(page.getByRole('heading', { name: 'Ledger' }));
  expect(Math.abs(wf.y - wt.y)).toBeLessThan(2);
  expect(wc.x).toBeGreaterThan(wt.x + wt.width);
  expect(wf.x).toBeGreaterThan(heading.x + heading.width);
  await shotAt(page, 'wallets-ledger-range', 1280);
  await shotAt(page, 'wallets-ledger-range', 1024);
  expect(problems).toEqual([]);
});
