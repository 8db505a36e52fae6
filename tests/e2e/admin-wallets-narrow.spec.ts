import { expect, test, type Locator, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { login, openPage, watchPageErrors } from './helpers.js';
import { ADMIN_SHOTS_DIR, sideways, wordsCut } from './admin-helpers.js';

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

/**
 * Funding / Adjustment is one choice of two, drawn as a segmented pair: side by side and as wide as
 * each other at every width, a phone wrapping each label inside its half (they stacked there,
 * each as wide as its own words).
 */
test('Funding and Adjustment are a pair of equal width, side by side at 1280, 1024 and 390 px', async ({
  page,
}) => {
  const problems = watchPageErrors(page);
  await login(page);
  await openPage(page, '/#/admin/wallets');
  const kinds = page.getByRole('radiogroup', { name: 'Kind of entry' });
  const funding = kinds.locator('label', { hasText: 'Funding' });
  const adjustment = kinds.locator('label', { hasText: 'Adjustment' });
  await expect(adjustment).toBeVisible();
  for (const width of [1280, 1024, 390]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    const [f, a] = [await boxOf(funding), await boxOf(adjustment)];
    const form = await boxOf(page.getByTestId('fund-form'));
    expect(Math.abs(f.y - a.y), `${width}: side by side`).toBeLessThan(1);
    expect(Math.abs(f.width - a.width), `${width}: as wide as each other`).toBeLessThan(1);
    expect(Math.abs(f.height - a.height), `${width}: as tall as each other`).toBeLessThan(1);
    expect(a.x + a.width, `${width}: inside the form`).toBeLessThanOrEqual(form.x + form.width);
    // Each label whole inside its button, what it is for never broken mid-phrase.
    for (const label of [funding, adjustment]) {
      expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth), `${width}`).toBe(true);
      const noteLines = await label.locator('.kind-note').evaluate((note) => {
        const range = document.createRange();
        range.selectNodeContents(note);
        return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size;
      });
      expect(noteLines, `${width}: ${await label.textContent()}`).toBe(1);
    }
    await kinds.scrollIntoViewIfNeeded();
    await shotAt(page, 'wallets-fund-kind', width);
  }
  // Choosing still works as a radio group: Adjustment brings its Direction.
  await adjustment.click();
  await expect(page.getByLabel('Direction')).toBeVisible();
  expect(problems).toEqual([]);
});

/**
 * The fund form's Reason spans two columns only where the grid has two: on a phone's one column the
 * span added a sliver of a second column, and Amount stopped 16 px short of Reason's edge.
 */
test('at 390 px Amount and Reason are as wide as the fund form; at 1280 px Reason still spans two columns', async ({
  page,
}) => {
  const problems = watchPageErrors(page);
  await login(page);
  await openPage(page, '/#/admin/wallets');
  const form = page.getByTestId('fund-form');
  const amount = form.getByLabel('Amount (₦)');
  const reason = form.getByLabel('Reason');
  await expect(reason).toBeVisible();
  for (const kind of ['Funding', 'Adjustment']) {
    await form.locator('label', { hasText: kind }).click();
    await page.setViewportSize({ width: 390, height: 844 });
    const fields = [amount, reason, ...(kind === 'Adjustment' ? [form.getByLabel('Direction')] : [])];
    const widths = await Promise.all(fields.map(async (f) => Math.round((await boxOf(f)).width)));
    const grid = await amount.evaluate((el) =>
      Math.round(el.closest('.admin-form-grid')!.getBoundingClientRect().width),
    );
    expect(widths, `${kind}: each field as wide as the form`).toEqual(widths.map(() => grid));
    await form.scrollIntoViewIfNeeded();
    await shotAt(page, `wallets-fund-${kind.toLowerCase()}`, 390);
    await page.setViewportSize({ width: 1280, height: 800 });
    expect((await boxOf(reason)).width, kind).toBeGreaterThan(1.5 * (await boxOf(amount)).width);
  }
  expect(problems).toEqual([]);
});

/**
 * A ledger amount is one figure: at a narrow desk its sign stayed on one line and the figure went
 * to the next ("+" / "₦1,000,000.00").
 */
test('at 1024 and 800 px each ledger amount and balance reads on one line', async ({ page }) => {
  const problems = watchPageErrors(page);
  await login(page);
  await openPage(page, '/#/admin/wallets');
  const ledger = page.getByTestId('admin-ledger');
  await expect(ledger.locator('.l-amount').first()).toContainText('₦');
  for (const width of [1024, 800]) {
    await page.setViewportSize({ width, height: 800 });
    for (const cell of await ledger.locator('tbody .l-amount, tbody .l-balance').all())
      expect(await wordsCut(cell), `${width}: ${await cell.textContent()}`).toEqual([]);
    await ledger.scrollIntoViewIfNeeded();
    await shotAt(page, 'wallets-ledger', width);
  }
  expect(problems).toEqual([]);
});

/**
 * Where the balance has no room beside the merchant and the wallet's choice (a narrow desk, a
 * figure in the millions), it goes under them at the card's right edge, its label over the
 * figure's end as on a wide desk: it sat at the left with "BALANCE" hung over the figure's far end.
 */
test('at 901 px a balance that goes under the wallet choice sits at the right of its card', async ({
  page,
}) => {
  const problems = watchPageErrors(page);
  await login(page);
  await openPage(page, '/#/admin/wallets');
  const balance = page.getByTestId('wallet-balance');
  await expect(balance).toContainText('₦');
  for (const width of [901, 1024, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    const at = await balance.evaluate((el) => {
      const card = el.closest('.card')!;
      const r = card.getBoundingClientRect();
      const right = r.right - card.clientLeft - parseFloat(getComputedStyle(card).paddingRight);
      const text = (selector: string) => {
        const range = document.createRange();
        range.selectNodeContents(el.querySelector(selector)!);
        return range.getBoundingClientRect().right;
      };
      return {
        atCardEdge: Math.abs(text('.admin-kpi-value') - right) < 1.5,
        labelOverFigureEnd: Math.abs(text('.admin-kpi-label') - text('.admin-kpi-value')) < 1.5,
      };
    });
    expect(at, `${width}`).toEqual({ atCardEdge: true, labelOverFigureEnd: true });
    await shotAt(page, 'wallets-balance', width);
  }
  expect(problems).toEqual([]);
});
