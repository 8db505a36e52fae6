import type { AppLike, IpcMainLike, ShellLike, WebContentsPrintOptions } from './electron-types.js';
import type { PrintReceiptOptions, VendpointChannels } from './preload-api.js';
import { type SecurityLog } from './security.js';
/** Must match the table in preload.cts (both are typed by VendpointChannels; a test checks the round trip). */
export declare const CHANNELS: VendpointChannels;
export declare class InvalidPrintOptionsError extends Error {
    readonly code = "INVALID_PRINT_OPTIONS";
}
/** Checks what the renderer sent: known fields only, right types; anything else is refused. */
export declare function parsePrintOptions(raw: unknown): PrintReceiptOptions;
/**
 * Electron print options for a receipt. Thermal rolls keep the driver's paper (its roll width,
 * cut after the content) and lose the margins; A4 and Letter name the sheet.
 */
export declare function electronPrintOptions(options: PrintReceiptOptions): WebContentsPrintOptions;
export interface IpcContext {
    ipcMain: IpcMainLike;
    app: Pick<AppLike, 'getVersion'>;
    shell: ShellLike;
    consoleOrigin: string;
    dataDir: string;
    log?: SecurityLog;
}
/** Registers the handlers behind window.vendpoint; each refuses a sender that is not the console. */
export declare function registerIpcHandlers(ctx: IpcContext): {
    dispose(): void;
};
