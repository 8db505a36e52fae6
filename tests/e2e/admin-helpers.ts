import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { unique } from './helpers.js';

/** Admin page screenshots. */
export const ADMIN_SHOTS_DIR = join('test-results', 'admin-shots');

/** A full-page screenshot at 1280×800, the size the issue asks for. */
export async function shot(page: Page, name: string): Promise<string> {
  mkdirSync(ADMIN_SHOTS_DIR, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  // The side menu is sticky: from the top, a full-page shot shows it where a reader expects it.
  await page.evaluate(() => window.scrollTo(0, 0));
  const path = join(ADMIN_SHOTS_DIR, `${name}-1280x800.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** The CSRF token of the session the page (or a request context) is signed in with. */
export async function csrfOf(request: APIRequestContext): Promise<Record<string, string>> {
  const r = await request.get('/console/session');
  expect(r.status()).toBe(200);
  return { 'x-csrf-token': ((await r.json()) as { csrf_token: string }).csrf_token };
}

/**
 * Sells MTN airtime from a signed-in desk (a request context and its CSRF headers) through
 * /console/sell, as the sell form does, and returns the sale's reference; the simulator's test
 * numbers decide how it ends (...0001 fails at once, ...0003 fails after pending). `tag` starts
 * the request id, so a test's sales are told apart in the node's log.
 */
export async function sellAirtimeAs(
  desk: APIRequestContext,
  headers: Record<string, string>,
  sale: { amount: string; phone?: string; tag: string },
): Promise<string> {
  const r = await desk.post('/console/sell', {
    headers,
    data: {
      product: 'airtime',
      network: 'mtn',
      customer_msisdn: sale.phone ?? '08031234567',
      amount: sale.amount,
      client_request_id: `${sale.tag}-${unique()}`,
    },
  });
  expect(r.status()).toBe(200);
  return ((await r.json()) as { reference: string }).reference;
}

export interface Pair {
  key: string;
  secret: string;
}

/** Calls the node's /v1 API the way an integrator does: plain fetch with the merchant headers. */
export async function v1(
  baseURL: string,
  pair: Pair,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<{ status: number; json: any }> {
  const res = await fetch(`${baseURL}${path}`, {
    method,
    headers: {
      'x-merchant-key': pair.key,
      'x-merchant-secret': pair.secret,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

/** Opens an admin page from the side menu, as an operator would, and waits for its heading. */
export async function openAdminPage(page: Page, link: string, heading: string | RegExp): Promise<void> {
  await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: link }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/**
 * An element's text as the browser laid it out, one string per line (each trimmed): where a
 * phone number or a URL was broken, if it was.
 */
export async function laidOutLines(locator: Locator): Promise<string[]> {
  return locator.evaluate((el) => {
    const lines: { top: number; text: string }[] = [];
    const range = document.createRange();
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i++) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const box = range.getClientRects()[0];
        if (!box) continue; // collapsed white space
        const last = lines[lines.length - 1];
        if (last && Math.abs(box.top - last.top) < box.height / 2) last.text += text[i];
        else lines.push({ top: box.top, text: text[i] });
      }
    }
    return lines.map((l) => l.text.trim()).filter(Boolean);
  });
}

/**
 * An action's result where the user is looking: on screen, and the focus on it or still on a
 * control (never dropped to the page, where Tab starts again from the top).
 */
export async function expectResultInView(page: Page, result: Locator): Promise<void> {
  await expect(result).toBeInViewport();
  await expect.poll(() => page.evaluate(() => document.activeElement?.tagName ?? 'none')).not.toBe('BODY');
}

/** How far the page scrolls sideways: 0 when everything fits the window. */
export const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Whether an element lies whole inside the window's width. */
export const onScreen = async (locator: Locator, width: number) => {
  const box = (await locator.boundingBox())!;
  return box.x >= 0 && box.x + box.width <= width;
};

/** The words of an element that run over two lines (a text without a space that is not whole on one). */
export const wordsCut = (element: Locator) =>
  element.evaluate((el) => {
    const cut: string[] = [];
    const texts = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = texts.nextNode(); n; n = texts.nextNode()) {
      const text = n.textContent?.trim() ?? '';
      if (!text || /\s/.test(text)) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      const lines = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top)));
      if (lines.size > 1) cut.push(text);
    }
    return cut;
  });
