import type { ReceiptPaper, VendpointApi } from '../../../common/preload-api.js';

export type Paper = '58' | '80' | 'a4';

export const PAPERS: { id: Paper; label: string }[] = [
  { id: '58', label: '58 mm' },
  { id: '80', label: '80 mm' },
  { id: 'a4', label: 'A4' },
];

/** Page size per paper: thermal rolls are narrow and long; A4 has office margins. */
export const PAGE_RULE: Record<Paper, string> = {
  '58': '@page { size: 58mm 210mm; margin: 2mm; }',
  '80': '@page { size: 80mm 210mm; margin: 3mm; }',
  a4: '@page { size: A4; margin: 15mm; }',
};

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
 * Sets the page size for the chosen paper. The rule goes into print-page.css through the
 * CSSOM, which the console's CSP allows (an inline <style> it would block).
 */
export function setPaper(paper: Paper): void {
  document.documentElement.dataset.paper = paper;
  const sheet = Array.from(document.styleSheets).find((s) => s.href?.endsWith('/print-page.css'));
  if (!sheet) return;
  while (sheet.cssRules.length) sheet.deleteRule(0);
  sheet.insertRule(PAGE_RULE[paper], 0);
}

/**
 * Prints the receipt: through the desktop app's printer bridge when present (its failure
 * becomes an error the page shows), else the browser's print dialog.
 */
export async function printReceipt(paper: Paper): Promise<void> {
  setPaper(paper);
  const bridge = window.vendpoint;
  if (!bridge?.printReceipt) {
    window.print();
    return;
  }
  const result = await bridge.printReceipt({ pageSize: BRIDGE_PAGE_SIZE[paper] });
  if (!result.ok) throw new Error(result.reason);
}
