import { expect, test, type Page } from '@playwright/test';
import { ADMIN, expectSuccessfulReceipt, login, openPage, watchPageErrors } from './helpers.js';

/**
 * What has the focus, and whether an agent can see where it is: a ring (outline or shadow) on
 * the element or, for the radios the console draws as buttons, on the label around it.
 */
async function focused(page: Page): Promise<{ tag: string; name: string; testid: string; ring: boolean }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { tag: 'BODY', name: '', testid: '', ring: false };
    const drawn = (e: Element | null) => {
      if (!e) return false;
      const s = getComputedStyle(e);
      return (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none';
    };
    const name =
      el.getAttribute('aria-label') ??
      (el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null) ??
      el.closest('label')?.textContent ??
      el.textContent ??
      '';
    return {
      tag: el.tagName,
      name: name.replace(/\s+/g, ' ').trim(),
      testid:
        el.getAttribute('data-testid') ?? el.closest('[data-testid]')?.getAttribute('data-testid') ?? '',
      ring: el.matches(':focus-visible') && (drawn(el) || drawn(el.closest('label'))),
    };
  });
}

/** Presses Tab (or Shift+Tab) until `want` holds, checking each stop on the way shows its focus. */
async function tabTo(page: Page, want: (f: Awaited<ReturnType<typeof focused>>) => boolean, back = false) {
  const stops: string[] = [];
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const f = await focused(page);
    stops.push(`${f.tag} "${f.name}"`);
    expect(
      f.ring,
      `the focus on ${f.tag} "${f.name}" (${f.testid}) is visible; stops: ${stops.join(' → ')}`,
    ).toBe(true);
    if (want(f)) return stops;
  }
  throw new Error(`never reached the wanted control; stops: ${stops.join(' → ')}`);
}

/** Signs in by typing: the sign-in page opens in its first field, Tab moves on, Enter sends. */
async function signInByKeyboard(page: Page): Promise<void> {
  await openPage(page, '/#/login');
  await expect(page.getByLabel('Username')).toBeFocused();
  await page.keyboard.type(ADMIN.username);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.keyboard.type(ADMIN.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'What is the customer buying?' })).toBeVisible();
}

test('an agent signs in and sells airtime to the receipt with the keyboard alone, seeing the focus all the way', async ({
  page,
}) => {
  const problems = watchPageErrors(page);
  await signInByKeyboard(page);

  // From the top of the page, Tab reaches the Airtime tile through visible stops.
  await tabTo(page, (f) => f.testid === 'tile-airtime');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Airtime' })).toBeVisible();

  // The form opens in the phone field; the network follows the prefix, and arrows change it.
  await expect(page.getByLabel('Customer phone number')).toBeFocused();
  await page.keyboard.type('08031234567');
  await expect(page.getByTestId('network-MTN').getByRole('radio')).toBeChecked();
  await tabTo(page, (f) => f.testid.startsWith('network-'));
  await expect(page.getByTestId('network-MTN').getByRole('radio')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('network-MTN').getByRole('radio')).not.toBeChecked();
  await expect(page.getByTestId('network-warning')).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('network-MTN').getByRole('radio')).toBeChecked();
  await expect(page.getByTestId('network-warning')).toHaveCount(0);

  await tabTo(page, (f) => f.name.startsWith('Amount'));
  await page.keyboard.type('750');
  // A quick amount is a button: Space on it replaces the amount typed.
  await tabTo(page, (f) => f.name === '₦1,000.00');
  await page.keyboard.press('Space');
  await expect(page.getByLabel('Amount (₦)')).toHaveValue('1000');
  await tabTo(page, (f) => f.name.startsWith('Continue'));
  await page.keyboard.press('Enter');

  // The confirm step: the focus is on its Sell button, visibly, and Enter sells.
  await expect(page.getByTestId('confirm-total')).toHaveText('₦1,000.00');
  const onPay = await focused(page);
  expect(onPay.name).toMatch(/^Sell ₦1,000\.00 airtime/);
  expect(onPay.ring, 'the focus on Sell is visible').toBe(true);
  await page.keyboard.press('Enter');

  // The receipt: the focus is on its first action, visibly, not dropped to the page.
  await expectSuccessfulReceipt(page);
  await expect(page.getByTestId('print')).toBeFocused();
  expect((await focused(page)).ring, 'the focus on Print is visible').toBe(true);
  expect(problems).toEqual([]);
});

test('an agent sells postpaid electricity to the receipt with the keyboard alone: a list, a radio choice, verify and pay', async ({
  page,
}) => {
  const problems = watchPageErrors(page);
  await signInByKeyboard(page);
  await tabTo(page, (f) => f.testid === 'tile-electricity');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Electricity' })).toBeVisible();

  // The form opens in the provider list; an arrow chooses in it without opening it.
  const provider = page.getByLabel('Distribution company');
  await expect(provider).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(provider).toHaveValue('Ikeja Electric');

  // The meter type is one Tab stop, at the chosen one; an arrow chooses the other.
  await tabTo(page, (f) => f.name === 'Prepaid');
  await expect(page.getByRole('radio', { name: 'Prepaid' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Postpaid' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Postpaid' })).toBeFocused();

  const stops = await tabTo(page, (f) => f.name === 'Meter number');
  expect(stops, 'the meter type takes one Tab stop').toHaveLength(1);
  await page.keyboard.type('10000000002');
  await tabTo(page, (f) => f.name.startsWith('Verify customer'));
  await page.keyboard.press('Enter');

  // Verified: the focus is in the amount; the optional phone is left empty.
  await expect(page.getByTestId('verified-meter_type')).toHaveText('Postpaid');
  await expect(page.getByLabel('Amount (₦)')).toBeFocused();
  await page.keyboard.type('2500');
  await tabTo(page, (f) => f.name.startsWith('Continue'));
  await page.keyboard.press('Enter');

  await expect(page.getByTestId('confirm-total')).toHaveText('₦2,500.00');
  const onPay = await focused(page);
  expect(onPay.name).toMatch(/^Pay ₦2,500\.00/);
  expect(onPay.ring, 'the focus on Pay is visible').toBe(true);
  await page.keyboard.press('Enter');

  await expectSuccessfulReceipt(page);
  await expect(page.getByTestId('print')).toBeFocused();
  expect((await focused(page)).ring, 'the focus on Print is visible').toBe(true);
  expect(problems).toEqual([]);
});

test('a question dialog holds the focus while open and gives it back to what opened it', async ({ page }) => {
  await signInByKeyboard(page);
  // The new page starts at its heading (not where the sign-in form was, past the top bar), so
  // Shift+Tab reaches the top bar's controls.
  await expect(page.getByRole('heading', { level: 1, name: 'What is the customer buying?' })).toBeFocused();

  // The TEST/LIVE radio group is one Tab stop, the mode in use; an arrow chooses the other, and
  // switching to LIVE asks first.
  const stops = await tabTo(page, (f) => f.name === 'TEST', true);
  expect(stops.join(), 'LIVE is not a Tab stop of its own').not.toContain('LIVE');
  await page.keyboard.press('ArrowRight');
  const dialog = page.getByRole('alertdialog', { name: 'Switch to LIVE?' });
  await expect(dialog).toBeVisible();
  // It opens on Cancel (a stray Enter never goes live), and Tab cycles inside it both ways.
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Switch to LIVE' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('button', { name: 'Switch to LIVE' })).toBeFocused();
  expect((await focused(page)).ring, 'the focus in the dialog is visible').toBe(true);
  // Esc says no: the dialog goes, nothing changed, and the focus is back on LIVE.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('radio', { name: 'TEST' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('radio', { name: 'LIVE' })).toBeFocused();
});

test("the page behind a question dialog takes none of the dialog's keys: no tile's letter, no Esc for back", async ({
  page,
}) => {
  const problems = watchPageErrors(page);
  await login(page);
  const main = page.locator('main.app-main');
  const dialog = page.getByRole('alertdialog', { name: 'Switch to LIVE?' });
  const live = page.getByRole('radio', { name: 'LIVE' });
  // A tile's letter typed while the question is open used to open that sale form behind it.
  await live.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('a');
  await page.keyboard.press('Alt+h');
  await expect(dialog).toBeVisible();
  await expect(main).toHaveAttribute('data-path', '/sell');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(main).toHaveAttribute('data-path', '/sell');

  // On a sell form, the Esc that says no to the question used to take the form a step back too.
  await openPage(page, '/#/sell/airtime');
  await page.getByLabel('Customer phone number').fill('08031234567');
  await live.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(main).toHaveAttribute('data-path', '/sell/airtime');
  await expect(page.getByLabel('Customer phone number')).toHaveValue('08031234567');
  await expect(page.getByRole('radio', { name: 'TEST' })).toHaveAttribute('aria-checked', 'true');
  expect(problems).toEqual([]);
});
