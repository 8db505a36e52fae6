import type {
  AppLike,
  IpcInvokeEventLike,
  IpcMainLike,
  ShellLike,
  WebContentsPrintOptions,
} from './electron-types.js';
import type {
  OpenDataFolderResult,
  PrinterSummary,
  PrintReceiptOptions,
  PrintReceiptResult,
  ReceiptPaper,
  VendpointChannels,
} from '../common/preload-api.js';
import { assertTrustedSender, type SecurityLog } from './security.js';

/** Must match the table in preload.cts (both are typed by VendpointChannels; a test checks the round trip). */
export const CHANNELS: VendpointChannels = {
  printReceipt: 'vendpoint:print-receipt',
  listPrinters: 'vendpoint:list-printers',
  appVersion: 'vendpoint:app-version',
  openDataFolder: 'vendpoint:open-data-folder',
};

const PAPERS: readonly ReceiptPaper[] = ['thermal-58mm', 'thermal-80mm', 'A4', 'Letter'];

export class InvalidPrintOptionsError extends Error {
  readonly code = 'INVALID_PRINT_OPTIONS';
}

/** Checks what the renderer sent: known fields only, right types; anything else is refused. */
export function parsePrintOptions(raw: unknown): PrintReceiptOptions {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw))
    throw new InvalidPrintOptionsError('print options must be an object');
  const input = raw as Record<string, unknown>;
  const unknownKeys = Object.keys(input).filter((k) => !['silent', 'deviceName', 'pageSize'].includes(k));
  if (unknownKeys.length)
    throw new InvalidPrintOptionsError(`unknown print option ${unknownKeys.join(', ')}`);
  const out: PrintReceiptOptions = {};
  if (input.silent !== undefined) {
    if (typeof input.silent !== 'boolean') throw new InvalidPrintOptionsError('silent must be a boolean');
    out.silent = input.silent;
  }
  if (input.deviceName !== undefined) {
    if (
      typeof input.deviceName !== 'string' ||
      input.deviceName.length === 0 ||
      input.deviceName.length > 256
    ) {
      throw new InvalidPrintOptionsError('deviceName must be a printer name');
    }
    out.deviceName = input.deviceName;
  }
  if (input.pageSize !== undefined) {
    if (!PAPERS.includes(input.pageSize as ReceiptPaper))
      throw new InvalidPrintOptionsError(`pageSize must be one of ${PAPERS.join(', ')}`);
    out.pageSize = input.pageSize as ReceiptPaper;
  }
  return out;
}

/**
 * Electron print options for a receipt. Thermal rolls keep the driver's paper (its roll width,
 * cut after the content) and lose the margins; A4 and Letter name the sheet.
 */
export function electronPrintOptions(options: PrintReceiptOptions): WebContentsPrintOptions {
  const out: WebContentsPrintOptions = { silent: options.silent === true, printBackground: true };
  if (options.deviceName) out.deviceName = options.deviceName;
  if (options.pageSize === 'A4' || options.pageSize === 'Letter') out.pageSize = options.pageSize;
  if (options.pageSize === 'thermal-58mm' || options.pageSize === 'thermal-80mm')
    out.margins = { marginType: 'none' };
  return out;
}

export interface IpcContext {
  ipcMain: IpcMainLike;
  app: Pick<AppLike, 'getVersion'>;
  shell: ShellLike;
  consoleOrigin: string;
  dataDir: string;
  log?: SecurityLog;
}

type Handler = (event: IpcInvokeEventLike, ...args: unknown[]) => Promise<unknown>;

/** Registers the handlers behind window.vendpoint; each refuses a sender that is not the console. */
export function registerIpcHandlers(ctx: IpcContext): { dispose(): void } {
  const handlers: Record<keyof VendpointChannels, Handler> = {
    printReceipt: async (event, raw): Promise<PrintReceiptResult> => {
      let options: PrintReceiptOptions;
      try {
        options = parsePrintOptions(raw);
      } catch (err) {
        return { ok: false, reason: (err as Error).message };
      }
      const contents = event.sender;
      if (options.deviceName) {
        const printers = await contents.getPrintersAsync();
        if (!printers.some((p) => p.name === options.deviceName))
          return { ok: false, reason: `No printer named "${options.deviceName}"` };
      }
      return new Promise<PrintReceiptResult>((resolve) => {
        contents.print(electronPrintOptions(options), (success, failureReason) =>
          resolve(success ? { ok: true } : { ok: false, reason: failureReason || 'printing failed' }),
        );
      });
    },
    listPrinters: async (event): Promise<PrinterSummary[]> => {
      const printers = await event.sender.getPrintersAsync();
      return printers.map((p) => ({
        name: p.name,
        displayName: p.displayName || p.name,
        description: p.description ?? '',
      }));
    },
    appVersion: async (): Promise<string> => ctx.app.getVersion(),
    openDataFolder: async (): Promise<OpenDataFolderResult> => {
      const error = await ctx.shell.openPath(ctx.dataDir);
      return error ? { ok: false, reason: error } : { ok: true, path: ctx.dataDir };
    },
  };
  for (const key of Object.keys(handlers) as (keyof VendpointChannels)[]) {
    const channel = CHANNELS[key];
    ctx.ipcMain.handle(channel, (event, ...args) => {
      try {
        assertTrustedSender(event, ctx.consoleOrigin, channel);
      } catch (err) {
        ctx.log?.warn((err as Error).message);
        throw err;
      }
      return handlers[key](event, ...args);
    });
  }
  return {
    dispose() {
      for (const channel of Object.values(CHANNELS)) ctx.ipcMain.removeHandler(channel);
    },
  };
}
