import type { BrowserWindowClass, BrowserWindowLike, BrowserWindowOptionsLike } from './electron-types.js';
import { secureWebPreferences, type SecurityLog } from './security.js';

export interface WindowOptions {
  /** Absolute path of the compiled preload; only the console window gets one. */
  preload?: string;
  /** Developer tools: on in development, off in packaged builds. */
  devTools: boolean;
  icon?: string;
  title?: string;
}

/** The console is laid out for 1280×800 and still reads at 1024×768. */
export function consoleWindowOptions(opts: WindowOptions): BrowserWindowOptionsLike {
  return {
    width: 1280,
    height: 800,
    minWidth: 1024,
    minHeight: 700,
    show: false,
    title: opts.title ?? 'VendPoint',
    backgroundColor: '#ffffff',
    ...(opts.icon ? { icon: opts.icon } : {}),
    webPreferences: secureWebPreferences({ preload: opts.preload, devTools: opts.devTools }),
  };
}

/** Opens a window on a URL of the node, shown once painted (no white flash). */
export function openNodeWindow(
  BrowserWindow: BrowserWindowClass,
  url: string,
  opts: WindowOptions,
  log?: SecurityLog,
): BrowserWindowLike {
  const win = new BrowserWindow(consoleWindowOptions(opts));
  win.once('ready-to-show', () => win.show());
  win.webContents.on('did-fail-load', (_event, code, description, failedUrl) => {
    log?.warn(`failed to load ${failedUrl}: ${description} (${code})`);
  });
  win.webContents.on('unresponsive', () => log?.warn('the console window stopped responding'));
  win.loadURL(url).catch((err: unknown) => log?.warn(`could not load ${url}: ${String(err)}`));
  return win;
}

/** Brings a window to the front, restoring it when minimised (a second launch does this). */
export function focusWindow(win: BrowserWindowLike): void {
  if (win.isMinimized()) win.restore();
  win.show();
  win.focus();
}
