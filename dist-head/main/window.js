import { secureWebPreferences } from './security.js';
/** The console is laid out for 1280×800 and still reads at 1024×768. */
export function consoleWindowOptions(opts) {
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
export function openNodeWindow(BrowserWindow, url, opts, log) {
    const win = new BrowserWindow(consoleWindowOptions(opts));
    win.once('ready-to-show', () => win.show());
    win.webContents.on('did-fail-load', (_event, code, description, failedUrl) => {
        log?.warn(`failed to load ${failedUrl}: ${description} (${code})`);
    });
    win.webContents.on('unresponsive', () => log?.warn('the console window stopped responding'));
    win.loadURL(url).catch((err) => log?.warn(`could not load ${url}: ${String(err)}`));
    return win;
}
/** Brings a window to the front, restoring it when minimised (a second launch does this). */
export function focusWindow(win) {
    if (win.isMinimized())
        win.restore();
    win.show();
    win.focus();
}
//# sourceMappingURL=window.js.map