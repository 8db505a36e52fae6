import { expect, test, type Locator, type Page } from '@playwright/test';
import { login, openPage, watchPageErrors } from './helpers.js';

/** How a data table is laid out: as a table, or as a card per row with the header row hidden. */
async function layout(table: Locator): Promise<'table' | 'cards'> {
  return table.evaluate((t) => {
    const row = t.querySelector('tbody tr[data-row]')!;
    const head = t.querySelector('thead')!.getBoundingClientRect();
    const cards = getComputedStyle(t).display === 'block' && getComputedStyle(row).display === 'grid';
    // In cards the header row stays for screen readers only: a 1 px box, clipped.
    if (cards && head.width <= 1 && head.height <= 1) return 'cards';
    if (getComputedStyle(t).display === 'table' && head.height > 1) return 'table';
    throw new Error(
      `half a layout: table ${getComputedStyle(t).display}, header ${head.width}×${head.height}`,
    );
  });
}

/** The style rules that hide a data table's header row for its cards, wherever they are nested. */
function headerHidingRules(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const walk = (rules: CSSRuleList) => {
      for (const r of Array.from(rules)) {
        if (r instanceof CSSStyleRule && /table\.data thead/.test(r.selectorText) && r.style.clip)
          found.push(r.selectorText);
        if ('cssRules' in r) walk((r as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) walk(sheet.cssRules);
    return found;
  });
}

/**
 * A table in .cards-by-width is a card per row wherever its own box is narrower than its columns
 * need (Recent changes: 755 px), one in .cards-on-narrow from 1279 px down (Users, below the admin
 * page's full width). They share one set of card rules (base.css: each raises --table-as-cards, a
 * style query holds the rules): they were written out twice, 35 lines each.
 */
test('tables turn into cards at their class’s width, from one set of card rules', async ({ page }) => {
  const problems = watchPageErrors(page);
  await login(page);
  // Recent changes (Settings) always has a row: the admin's own creation at least.
  await openPage(page, '/#/admin/settings');
  const audit = page.locator('.audit-table.cards-by-width table.data');
  await expect(audit.locator('tbody tr[data-row]').first()).toBeVisible();
  expect(await headerHidingRules(page), 'the card rules are written once').toHaveLength(1);
  // Its card beside the admin menu: 966 px at 1280, 840 at 1100, 764 at 1024, 700 at 960; above
  // it from 900 px down: 834 at 900, 734 at 800, 535 at 601.
  for (const [width, expected] of [
    [1280, 'table'],
    [1100, 'table'],
    [1024, 'table'],
    [960, 'cards'],
    [900, 'table'],
    [800, 'cards'],
    [601, 'cards'],
    [390, 'cards'],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await expect.poll(() => layout(audit), `Recent changes at ${width} px`).toBe(expected);
  }

  // A card's labels say what the hidden header says; the table's header says it itself.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(audit.locator('.phone-label').first()).toBeHidden();
  await page.setViewportSize({ width: 960, height: 800 });
  await expect(audit.locator('.phone-label').first()).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 800 });
  await openPage(page, '/#/admin/users');
  const users = page.locator('.users-table.cards-on-narrow table.data');
  await expect(users.locator('tbody tr[data-row]').first()).toBeVisible();
  for (const [width, expected] of [
    [1440, 'table'],
    [1280, 'table'],
    [1279, 'cards'],
    [1100, 'cards'],
    [601, 'cards'],
    [390, 'cards'],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await expect.poll(() => layout(users), `Users at ${width} px`).toBe(expected);
    // A card's labels say what the hidden header says; the table's header says it itself.
    await expect(users.locator('.phone-label').first()).toBeVisible({ visible: expected === 'cards' });
  }
  expect(problems).toEqual([]);
});
