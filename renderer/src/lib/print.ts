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

interface VendpointBridge {
  print?: (options: { paper: Paper }) => Promise<unknown> | unknown;
}

declare global {
  interface Window {
    vendpoint?: VendpointBridge;
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

/** Prints the receipt: the desktop app's printer bridge when present, else the browser's dialog. */
export async function printReceipt(paper: Paper): Promise<void> {
  setPaper(paper);
  if (window.vendpoint?.print) await window.vendpoint.print({ paper });
  else window.print();
}
