/**
 * The typed contract of `window.vendpoint`, the only API the desktop shell gives the console.
 *
 * Types only: no DOM, no Node, no Electron, no runtime code, so the renderer (tsconfig.web.json),
 * the preload and main/ipc.ts can all import it. In a plain browser `window.vendpoint` is
 * undefined and the console falls back to `window.print()`.
 */

/** Paper the receipt is laid out for. Thermal rolls keep the printer's own paper size. */
export type ReceiptPaper = 'thermal-58mm' | 'thermal-80mm' | 'A4' | 'Letter';

export interface PrintReceiptOptions {
  /** true: print straight to `deviceName` (or the default printer) without a dialog. */
  silent?: boolean;
  /** A printer `name` from listPrinters(); omitted means the system default. */
  deviceName?: string;
  pageSize?: ReceiptPaper;
}

export type PrintReceiptResult = { ok: true } | { ok: false; reason: string };

export interface PrinterSummary {
  /** The name the OS knows the printer by; pass it back as `deviceName`. */
  name: string;
  /** The name to show people. */
  displayName: string;
  description: string;
}

export type OpenDataFolderResult = { ok: true; path: string } | { ok: false; reason: string };

export interface VendpointApi {
  /** Prints the page as it is now (the receipt view with its print CSS). */
  printReceipt(options?: PrintReceiptOptions): Promise<PrintReceiptResult>;
  listPrinters(): Promise<PrinterSummary[]>;
  appVersion(): Promise<string>;
  /** Opens the node's data directory in the OS file manager. */
  openDataFolder(): Promise<OpenDataFolderResult>;
}

/** The IPC channel behind each function; preload.cts and ipc.ts type their channel tables with it. */
export interface VendpointChannels {
  printReceipt: 'vendpoint:print-receipt';
  listPrinters: 'vendpoint:list-printers';
  appVersion: 'vendpoint:app-version';
  openDataFolder: 'vendpoint:open-data-folder';
}
