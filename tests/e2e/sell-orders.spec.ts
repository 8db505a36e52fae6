import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import {
  expectSuccessfulReceipt,
  login,
  openPage,
  receiptPdf,
  snap,
  snapPhoneAndDesk,
  watchPageErrors,
} from './helpers.js';

test('gift cards: browse by brand, availability checked before charging, codes hidden until revealed', async ({
  page,
}) => {
  const problems = watchPageErrors(page);
  await login(page);
  await page.keyboard.press('g');
  await page.getByLabel('Brand').selectOption('Steam');
  await page.getByLabel('Currency').selectOption('USD');
  const list = page.getByTestId('giftcard-list').locator('label');
  await expect(list.first()).toContainText('Steam');
  for (const t of await list.allInnerTexts()) expect(t).toContain('USD');
  await list.first().click();
  await page.getByLabel('Quantity').selectOption('2');
  await snap(page, 'giftcard-browse');

  const stock = page.waitForResponse((r) => r.url().includes('/availability?quantity=2'));
  await page.getByTestId('giftcard-next').click();
  expect((await stock).status()).toBe(200);
  await expect(page.getByTestId('confirm')).toContainText('Quantity');
  await page.getByTestId('confirm-sell').click();

  const receipt = await expectSuccessfulReceipt(page);
  await expect(receipt.getByTestId('receipt-cards')).toContainText('2 card codes hidden');
  // The product inside a sentence reads as one ("gift card"), not as a heading ("Gift card").
  await expect(page.getByRole('link', { name: 'Another gift card sale' })).toBeVisible();
  await expect(receipt.getByTestId('card-code')).toHaveCount(0);
  await page.getByTestId('reveal-cards').click();
  await expect(receipt.getByTestId('card-code').first()).toContainText('TEST-');
  // Reveal's button is gone: the focus moves on to the next one, Copy, rather than to the page.
  await expect(page.getByTestId('copy-cards')).toBeFocused();
  // The codes copy as text, one card per line, for pasting into the customer's message.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const firstCode = await receipt.getByTestId('card-code').first().textContent();
  await page.getByTestId('copy-cards').click();
  await expect(page.getByText('Card codes copied (2 cards).')).toBeVisible();
  const copied = (await page.evaluate(() => navigator.clipboard.readText())).split('\n');
  expect(copied).toHaveLength(2);
  expect(copied[0]).toMatch(new RegExp(`^Card 1: Code ${firstCode}, PIN \\d+`));
  await snap(page, 'giftcard-receipt');
  // Revealed codes make the receipt longer: on a roll it is still one piece of paper.
  expect(await receiptPdf(page, 'giftcard', '58')).toBeCloseTo(58, 0);
  expect(await receiptPdf(page, 'giftcard', '80')).toBeCloseTo(80, 0);
  expect(await receiptPdf(page, 'giftcard', 'a4')).toBeCloseTo(210, 0);
  // Shown codes can be put away again once the customer has them.
  await page.getByTestId('hide-cards').click();
  await expect(receipt.getByTestId('card-code')).toHaveCount(0);
  await expect(page.getByTestId('reveal-cards')).toBeFocused();
  await expect(receipt.getByTestId('receipt-cards')).toContainText('2 card codes hidden');
  expect(problems).toEqual([]);
});

test('a long receipt (five gift cards, codes shown) prints as one piece of roll paper, not a 210 mm page and a spill', async ({
  page,
}) => {
  const problems = watchPageErrors(page);
  await login(page);
  await page.keyboard.press('g');
  await page.getByLabel('Brand').selectOption('Steam');
  await page.getByLabel('Currency').selectOption('USD');
  await page.getByTestId('giftcard-list').locator('label').first().click();
  await page.getByLabel('Quantity').selectOption('5');
  await page.getByTestId('giftcard-next').click();
  await page.getByTestId('confirm-sell').click();
  const receipt = await expectSuccessfulReceipt(page);
  await page.getByTestId('reveal-cards').click();
  await expect(receipt.getByTestId('card-code').first()).toContainText('TEST-');
  // Longer than the 210 mm page the rolls used to have: one page all the same.
  await page.getByTestId('paper-58').click();
  expect((await receipt.boundingBox())!.height).toBeGreaterThan((210 * 96) / 25.4);
  expect(await receiptPdf(page, 'giftcard-5', '58')).toBeCloseTo(58, 0);
  expect(await receiptPdf(page, 'giftcard-5', '80')).toBeCloseTo(80, 0);
  expect(problems).toEqual([]);
});

test('gift cards: a variable-value card prints the value bought, and History shows it', async ({ page }) => {
  const problems = watchPageErrors(page);
  await login(page);
  await page.keyboard.press('g');
  await page.getByLabel('Search').fill('Amazon.com USD 10-500');
  await page.getByTestId('giftcard-5035').click();
  // A third decimal is refused with the rule it breaks.
  await page.getByLabel(/^Value in USD/).fill('35.555');
  await page.getByTestId('giftcard-next').click();
  await expect(page.locator('.field-error')).toHaveText(
    'Enter a value with at most two decimals, from 10 to 500 USD.',
  );
  await page.getByLabel(/^Value in USD/).fill('35.5');
  await page.getByTestId('giftcard-next').click();
  // The confirm step writes the value as money: two decimals.
  await expect(page.getByTestId('confirm')).toContainText('USD 35.50');
  await snap(page, 'giftcard-variable-confirm');
  await page.getByTestId('confirm-sell').click();
  const receipt = await expectSuccessfulReceipt(page);
  await expect(receipt.getByTestId('receipt-card-value')).toHaveText('USD 35.50');
  const reference = (await receipt.getByTestId('receipt-reference').innerText()).trim();
  await page.keyboard.press('Alt+h');
  await page.getByLabel('Phone, meter, reference or item').fill(reference.slice(-8));
  await expect(page.getByTestId('history-row').first()).toContainText(
    'Amazon.com USD 10-500 (US) · USD 35.50',
  );
  expect(problems).toEqual([]);
});

test('gift cards: an out-of-stock card is marked in the list and cannot be chosen', async ({ page }) => {
  await login(page);
  // The default catalog carries an out-of-stock card precisely so this path can be tried.
  const catalog = JSON.parse(readFileSync('resources/catalog/giftcards.json', 'utf8')) as {
    plan_id: number;
    title: string;
    fulfillment: string;
  }[];
  const gone = catalog.find((c) => c.fulfillment === 'out_of_stock')!;
  expect(gone).toBeTruthy();
  await page.keyboard.press('g');
  await page.getByLabel('Search').fill(gone.title);
  const card = page.getByTestId(`giftcard-${gone.plan_id}`);
  await expect(card).toContainText('out of stock');
  // The card's region is a country's name, as the admin's Catalogs page says it (not "US").
  await expect(card).toContainText(' · United Kingdom');
  await expect(page.locator('#gc-region option', { hasText: 'United States' })).toHaveCount(1);
  await expect(card.locator('input')).toBeDisabled();
  await card.click({ force: true });
  await expect(card.locator('input')).not.toBeChecked();
  await page.getByTestId('giftcard-next').click();
  await expect(page.getByTestId('confirm')).toHaveCount(0);
  await snap(page, 'giftcard-out-of-stock');
});

test('eSIM: browse by country, then the receipt shows the QR, LPA, SM-DP+ and activation code', async ({
  page,
}) => {
  const problems = watchPageErrors(page);
  await login(page);
  await page.keyboard.press('s');
  await page.getByLabel('Country or plan').fill('United Kingdom');
  const list = page.getByTestId('esim-list').locator('label');
  await expect(list.first()).toContainText('United Kingdom');
  // Smallest first, by the number: 1GB, 5GB, 10GB, 20GB (as text, 10GB came before 1GB).
  const sizes = (await list.locator('.pick-title').allInnerTexts()).map((t) =>
    Number(/(\d+)GB/.exec(t)?.[1]),
  );
  expect(sizes).toEqual([1, 5, 10, 20]);
  await snapPhoneAndDesk(page, 'esim-list-by-size');
  await list.first().click();
  await page.keyboard.press('Enter');
  // Before paying, the agent is reminded to check the customer's phone can take an eSIM.
  await expect(page.getByTestId('confirm-notice')).toHaveText(
    'Before paying, ask the customer to check that their phone supports eSIM and is not locked to one network. A phone that cannot take an eSIM cannot use this one.',
  );
  await snap(page, 'esim-confirm');
  await page.setViewportSize({ width: 390, height: 844 });
  // The total stays on one line at phone width (it used to break as "₦15,167." over "00").
  const total = page.getByTestId('confirm-total');
  const lineHeight = await total.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
  const box = (await total.boundingBox())!;
  expect(box.height).toBeLessThan(lineHeight * 1.5 + 20);
  // …and inside its column, not past the summary's edge.
  expect(await total.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await page.screenshot({ path: 'test-results/e2e-shots/esim-confirm-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByTestId('confirm-sell').click();

  const receipt = await expectSuccessfulReceipt(page);
  await expect(receipt.getByTestId('receipt-lpa')).toHaveText(/^LPA:1\$/);
  await expect(receipt.getByTestId('receipt-activation')).not.toBeEmpty();
  await expect(receipt).toContainText('SM-DP+');
  const qr = receipt.getByTestId('receipt-qr');
  await expect(qr).toBeVisible();
  await expect
    .poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(50);
  await snap(page, 'esim-receipt');
  // On a phone the QR is a screen or two down: the panel's button brings it into view.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(qr).not.toBeInViewport();
  await page.getByTestId('show-qr').click();
  await expect(qr).toBeInViewport();
  await page.screenshot({ path: 'test-results/e2e-shots/esim-qr-390.png' });
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await receiptPdf(page, 'esim', 'a4')).toBeCloseTo(210, 0);
  // The eSIM slip (QR, codes, install steps) is long: on 80 mm it used to spill onto a second page.
  expect(await receiptPdf(page, 'esim', '80')).toBeCloseTo(80, 0);
  expect(await receiptPdf(page, 'esim', '58')).toBeCloseTo(58, 0);
  expect(problems).toEqual([]);
});

test('eSIM and gift cards by keyboard, as data plans: one match is chosen, Enter goes on, ↓ enters the list', async ({
  page,
}) => {
  const problems = watchPageErrors(page);
  await login(page);
  await page.keyboard.press('s');
  const esimSearch = page.getByLabel('Country or plan');
  await expect(esimSearch).toBeFocused();
  const plans = page.getByTestId('esim-list').getByRole('radio');
  await expect(plans.first()).toBeAttached();
  // A plan for a whole region is said the same way in the list and on the confirm step.
  await esimSearch.fill('europe 3gb');
  const europe = page.getByTestId('esim-list').locator('label').filter({ hasText: 'Europe 3GB / 30 days' });
  await expect(europe.getByTestId('esim-destination')).toHaveText('Several countries · Europe');
  await europe.click();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('confirm').locator('dt:text-is("Destination") + dd')).toHaveText(
    'Several countries · Europe',
  );
  await page.keyboard.press('Escape');
  await esimSearch.fill('');
  // A search that leaves one plan chooses it: Enter alone goes on.
  await page.keyboard.type('united kingdom 5gb');
  await expect(plans).toHaveCount(1);
  await expect(plans).toBeChecked();
  await snap(page, 'esim-one-match');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('confirm')).toContainText('United Kingdom 5GB / 30 days');
  // Back to the form: ↓ enters the list at the chosen plan, the arrows move, Enter takes one.
  await page.keyboard.press('Escape');
  await esimSearch.fill('United Kingdom');
  await expect(plans).toHaveCount(4);
  await esimSearch.press('ArrowDown');
  const fiveGb = page.getByTestId('esim-list').locator('label').filter({ hasText: '5GB' }).getByRole('radio');
  await expect(fiveGb).toBeFocused();
  // The plans run smallest first: ↑ from 5GB is 1GB.
  await page.keyboard.press('ArrowUp');
  const oneGb = page.getByTestId('esim-list').locator('label').filter({ hasText: ' 1GB' }).getByRole('radio');
  await expect(oneGb).toBeFocused();
  await expect(oneGb).toBeChecked();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('confirm')).toContainText('United Kingdom 1GB / 7 days');

  await openPage(page, '/#/sell/giftcards');
  const gcSearch = page.getByLabel('Search');
  await expect(gcSearch).toBeFocused();
  const cards = page.getByTestId('giftcard-list').getByRole('radio');
  await page.keyboard.type('steam');
  await expect(cards).toHaveCount(4);
  // Several matches: none is chosen for the agent; ↓ takes the first, ↓ again the next.
  for (const c of await cards.all()) await expect(c).not.toBeChecked();
  await page.keyboard.press('ArrowDown');
  await expect(cards.first()).toBeFocused();
  await expect(cards.first()).toBeChecked();
  await page.keyboard.press('ArrowDown');
  await expect(cards.nth(1)).toBeFocused();
  await expect(cards.nth(1)).toBeChecked();
  await snap(page, 'giftcard-arrows');
  // ↑ back up the list, and from its first row into the search box (not round to the last row).
  await page.keyboard.press('ArrowUp');
  await expect(cards.first()).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(gcSearch).toBeFocused();
  // One match is chosen; Enter checks its stock and price.
  await gcSearch.fill('steam gbp');
  await expect(cards).toHaveCount(1);
  await expect(cards).toBeChecked();
  await gcSearch.press('Enter');
  await expect(page.getByTestId('confirm')).toContainText('Steam Wallet GBP 20 (GB)');
  // The eSIM's phone check is not a gift card's.
  await expect(page.getByTestId('confirm-notice')).toHaveCount(0);
  expect(problems).toEqual([]);
});

/** On a phone the card names keep their width and prices are not cut off. */
test('gift cards at 390 px: whole names and whole prices', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page);
  await openPage(page, '/#/sell/giftcards');
  await page.getByLabel('Search').fill('Amazon');
  const row = page.getByTestId('giftcard-list').locator('label').first();
  await expect(row).toContainText('Amazon');
  const fits = await row.evaluate((el) =>
    Array.from(el.querySelectorAll<HTMLElement>('.pick-title, .pick-price, .pick-detail')).map((c) => ({
      cls: c.className,
      width: c.getBoundingClientRect().width,
      clipped: c.scrollWidth > c.clientWidth + 1,
      right: c.getBoundingClientRect().right,
    })),
  );
  const listRight = await page
    .getByTestId('giftcard-list')
    .evaluate((el) => el.getBoundingClientRect().right);
  for (const c of fits) {
    expect(c.clipped, c.cls).toBe(false);
    expect(c.right, c.cls).toBeLessThanOrEqual(listRight);
  }
  expect(fits.find((c) => c.cls.includes('title'))!.width).toBeGreaterThan(250);
  await page.screenshot({ path: 'test-results/e2e-shots/giftcard-list-390.png' });
});

test('eSIM and gift cards: a choice the search hides is dropped, so Enter or Continue cannot sell it', async ({
  page,
}) => {
  const problems = watchPageErrors(page);
  await login(page);
  await page.keyboard.press('s');
  const esimSearch = page.getByLabel('Country or plan');
  const plans = page.getByTestId('esim-list').getByRole('radio');
  await esimSearch.fill('United Kingdom');
  await page.getByTestId('esim-list').locator('label').filter({ hasText: '20GB' }).click();
  await esimSearch.fill('Kenya');
  await expect(plans.first()).toBeAttached();
  for (const p of await plans.all()) await expect(p).not.toBeChecked();
  await esimSearch.press('Enter');
  await expect(page.getByTestId('confirm')).toHaveCount(0);
  await expect(page.getByText('Choose a plan.')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('confirm')).toHaveCount(0);

  await openPage(page, '/#/sell/giftcards');
  const gcSearch = page.getByLabel('Search');
  const cards = page.getByTestId('giftcard-list').locator('label');
  await gcSearch.fill('steam');
  await cards.first().click();
  await expect(page.getByLabel('Quantity')).toBeVisible();
  await gcSearch.fill('amazon');
  await expect(cards.first()).toContainText('Amazon');
  for (const c of await cards.getByRole('radio').all()) await expect(c).not.toBeChecked();
  await expect(page.getByLabel('Quantity')).toHaveCount(0);
  await gcSearch.press('Enter');
  await expect(page.getByTestId('confirm')).toHaveCount(0);
  await snap(page, 'giftcard-hidden-choice-dropped');
  expect(problems).toEqual([]);
});
