import type { ReceiptPaper, VendpointApi } from '../../../common/preload-api.js';

export type Paper = '58' | '80' | 'a4';

export const PAPERS: { id: Paper; label: string }[] = [
  { id: '58', label: '58 mm' },
  { id: '80', label: '80 mm' },
  { id: 'a4', label: 'A4' },
];

/**
 * Roll paper's width and margin. A roll has no page length: the page is made as long as the
 * receipt (pageRule), so a receipt prints as one piece of paper whatever its length.
 */
const ROLL: Record<Exclude<Paper, 'a4'>, { widthMm: number; marginMm: number }> = {
  '58': { widthMm: 58, marginMm: 2 },
  '80': { widthMm: 80, marginMm: 3 },
};
const MM_PER_PX = 25.4 / 96;

/**
 * The @page rule for the paper: A4 with office margins; a roll as wide as the roll and as long
 * as the receipt printed on it (`receiptPx`, its height at the printed width), 1 mm spare so
 * rounding never pushes the last line onto a second page.
 */
export function pageRule(paper: Paper, receiptPx: number): string {
  if (paper === 'a4') return '@page { size: A4; margin: 15mm; }';
  const { widthMm, marginMm } = ROLL[paper];
  const lengthMm = Math.ceil(receiptPx * MM_PER_PX + 2 * marginMm + 1);
  return `@page { size: ${widthMm}mm ${lengthMm}mm; margin: ${marginMm}mm; }`;
}

/** The desktop shell's names for the three papers (common/preload-api.ts). */
export const BRIDGE_PAGE_SIZE: Record<Paper, ReceiptPaper> = {
  '58': 'thermal-58mm',
  '80': 'thermal-80mm',
  a4: 'A4',
};

declare global {
  interface Window {
    /** The Electron preload's API; undefined in a plain browser. */
    vendpoint?: VendpointApi;
  }
}

/**
 * Sets the page for the chosen paper and the receipt on screen (a roll's length is the
 * receipt's). The rule goes into print-page.css through the CSSOM, which the console's CSP
 * allows (an inline <style> it would block).
 */
export function setPaper(paper: Paper, receipt: HTMLElement | null): void {
  document.documentElement.dataset.paper = paper;
  const sheet = Array.from(document.styleSheets).find((s) => s.href?.endsWith('/print-page.css'));
  if (!sheet) return;
  while (sheet.cssRules.length) sheet.deleteRule(0);
  // A roll receipt prints as previewed (print.css): its height on screen is its printed length.
  sheet.insertRule(pageRule(paper, receipt?.getBoundingClientRect().height ?? 0), 0);
}

/**
 * Prints the receipt: through the desktop app's printer bridge when present (its failure
 * becomes an error the page shows), else the browser's print dialog.
 */
export async function printReceipt(paper: Paper, receipt: HTMLElement | null): Promise<void> {
  setPaper(paper, receipt);
  const bridge = window.vendpoint;
  if (!bridge?.printReceipt) {
    window.print();
    return;
  }
  const result = await bridge.printReceipt({ pageSize: BRIDGE_PAGE_SIZE[paper] });
  if (!result.ok) throw new Error(result.reason);
}
