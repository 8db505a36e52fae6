import type { BrowserWindowClass, BrowserWindowLike, BrowserWindowOptionsLike } from './electron-types.js';
import { type SecurityLog } from './security.js';
export interface WindowOptions {
    /** Absolute path of the compiled preload; only the console window gets one. */
    preload?: string;
    /** Developer tools: on in development, off in packaged builds. */
    devTools: boolean;
    icon?: string;
    title?: string;
}
/** The console is laid out for 1280×800 and still reads at 1024×768. */
export declare function consoleWindowOptions(opts: WindowOptions): BrowserWindowOptionsLike;
/** Opens a window on a URL of the node, shown once painted (no white flash). */
export declare function openNodeWindow(BrowserWindow: BrowserWindowClass, url: string, opts: WindowOptions, log?: SecurityLog): BrowserWindowLike;
/** Brings a window to the front, restoring it when minimised (a second launch does this). */
export declare function focusWindow(win: BrowserWindowLike): void;
