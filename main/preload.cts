/**
 * The console window's preload. It runs sandboxed, so it must be CommonJS (hence .cts) and
 * self-contained: a sandboxed preload may require 'electron' and a few built-ins, never a
 * local file. It exposes named functions only (window.vendpoint), never ipcRenderer itself.
 */
import type {
  OpenDataFolderResult,
  PrinterSummary,
  PrintReceiptOptions,
  PrintReceiptResult,
  VendpointApi,
  VendpointChannels,
} from '../common/preload-api.js';

interface PreloadElectron {
  contextBridge: { exposeInMainWorld(key: string, api: unknown): void };
  ipcRenderer: { invoke(channel: string, ...args: unknown[]): Promise<unknown> };
}

/** Same table as CHANNELS in ipc.ts; both are typed by VendpointChannels. */
const CHANNELS: VendpointChannels = {
  printReceipt: 'vendpoint:print-receipt',
  listPrinters: 'vendpoint:list-printers',
  appVersion: 'vendpoint:app-version',
  openDataFolder: 'vendpoint:open-data-folder',
};

export function buildVendpointApi(ipc: PreloadElectron['ipcRenderer']): VendpointApi {
  return {
    // Only the known fields cross the bridge; main validates them again.
    printReceipt: (options: PrintReceiptOptions = {}) =>
      ipc.invoke(CHANNELS.printReceipt, {
        silent: options.silent,
        deviceName: options.deviceName,
        pageSize: options.pageSize,
      }) as Promise<PrintReceiptResult>,
    listPrinters: () => ipc.invoke(CHANNELS.listPrinters) as Promise<PrinterSummary[]>,
    appVersion: () => ipc.invoke(CHANNELS.appVersion) as Promise<string>,
    openDataFolder: () => ipc.invoke(CHANNELS.openDataFolder) as Promise<OpenDataFolderResult>,
  };
}

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a sandboxed preload only has require(); electron's typings may be absent
const electron = require('electron') as PreloadElectron;
electron.contextBridge.exposeInMainWorld('vendpoint', buildVendpointApi(electron.ipcRenderer));
