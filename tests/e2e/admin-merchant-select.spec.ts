import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { cli, login, openPage, unique, watchPageErrors } from './helpers.js';
import { ADMIN_SHOTS_DIR, sideways } from './admin-helpers.js';

const NAME = 'Adebayo & Sons General Merchandise and Trading Company Ltd.';

/** The chosen merchant's line under a select, and whether it lies whole inside the select's card. */
async function fullLine(page: Page, selectId: string) {
  const select = page.locator(`#${selectId}`);
  const line = select.locator('xpath=following-sibling::*[@data-testid="merchant-full-name"]');
  return { select, line };
}

/**
 * A native <select> never wraps its text: a merchant's long name ended mid-word at 390 px (and
 * past 400 px on a desk) wherever a merchant is picked. The picker takes a phone's whole width,
 * and whenever the select cuts the chosen merchant's line, the line is written in full under it.
 */
test('a long merchant name is read in full under the merchant select at 390 px; a short one is not repeated', async ({
  page,
}) => {
  const problems = watchPageErrors(page);
  const code = `LONG${unique()}`
    .replace(/[^A-Z0-9]/g, '')
    .padEnd(20, 'X')
    .slice(0, 20);
  cli(['merchant', 'create', '--code', code, '--name', NAME]);
  await login(page);
  await page.setViewportSize({ width: 390, height: 844 });
  mkdirSync(ADMIN_SHOTS_DIR, { recursive: true });

  for (const [hash, id] of [
    [`/#/admin/wallets?code=${code}`, 'merchant-picker'],
    [`/#/admin/webhooks?code=${code}`, 'merchant-picker'],
  ] as const) {
    await openPage(page, hash);
    const { select, line } = await fullLine(page, id);
    await expect(select).toHaveValue(code);
    await expect(line).toHaveText(`${code} — ${NAME}`);
    // The whole line inside the card, the select as wide as the card's content.
    const inCard = await select.evaluate((el) => {
      const card = el.closest('.card')!;
      const r = card.getBoundingClientRect();
      const inset = card.clientLeft + parseFloat(getComputedStyle(card).paddingLeft);
      const s = el.getBoundingClientRect();
      const l = el.nextElementSibling!.getBoundingClientRect();
      return {
        selectFillsCard: Math.abs(s.left - (r.left + inset)) < 1 && Math.abs(s.right - (r.right - inset)) < 1,
        lineInside: l.left >= r.left + inset - 0.5 && l.right <= r.right - inset + 0.5,
      };
    });
    expect(inCard, hash).toEqual({ selectFillsCard: true, lineInside: true });
    expect(await sideways(page), `${hash}: the page scrolls sideways`).toBe(0);
    await page.screenshot({ path: join(ADMIN_SHOTS_DIR, `merchant-select-${id}-390.png`), fullPage: true });
    // A merchant whose line fits is not written twice.
    await select.selectOption('DEMO');
    await expect(line).toHaveCount(0);
  }

  // Add user's "Sells for merchant" does the same.
  await openPage(page, '/#/admin/users');
  await page.getByRole('button', { name: 'Add user' }).click();
  const { select, line } = await fullLine(page, 'nu-merchant');
  await select.selectOption(code);
  await expect(line).toHaveText(`${code} — ${NAME}`);
  await expect(line).toBeInViewport();
  expect(await sideways(page), 'Add user scrolls sideways').toBe(0);
  await page.screenshot({ path: join(ADMIN_SHOTS_DIR, 'merchant-select-add-user-390.png'), fullPage: true });
  expect(problems).toEqual([]);
});
