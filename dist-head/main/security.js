/**
 * Electron's security checklist, applied to every window: the console is the only content,
 * served by our own node on 127.0.0.1; anything else is denied or handed to the OS browser.
 */
/**
 * Hosts the console may open in the user's browser (https only). Today: the eSIM install help
 * pages the eSIM receipt links to. Add a host here when the console starts linking to it.
 */
export const EXTERNAL_LINK_HOSTS = ['support.apple.com', 'support.google.com'];
/**
 * The one web permission the console gets: writing to the clipboard (navigator.clipboard.writeText)
 * for its copy buttons (electricity tokens, references). Chromium asks Electron for it, so a
 * deny-everything handler silently breaks copying. Reading the clipboard stays denied.
 */
export const CONSOLE_PERMISSIONS = ['clipboard-sanitized-write'];
/** The origin (scheme://host:port) of a URL, or null when it has none (about:, data:, garbage). */
export function originOf(url) {
    try {
        const origin = new URL(url).origin;
        return origin === 'null' ? null : origin;
    }
    catch {
        return null;
    }
}
export function isConsoleUrl(url, consoleOrigin) {
    return originOf(url) === consoleOrigin;
}
/** An https URL on an allowlisted host, default port, no credentials in it. */
export function isAllowedExternalUrl(url, hosts = EXTERNAL_LINK_HOSTS) {
    let parsed;
    try {
        parsed = new URL(url);
    }
    catch {
        return false;
    }
    if (parsed.protocol !== 'https:' || parsed.username || parsed.password || parsed.port)
        return false;
    return hosts.includes(parsed.hostname);
}
/** shell.openExternal, but only for allowlisted https links; returns whether it opened. */
export function openExternalIfAllowed(shell, url, hosts = EXTERNAL_LINK_HOSTS, log) {
    if (!isAllowedExternalUrl(url, hosts)) {
        log?.warn(`refused to open external URL ${safeForLog(url)}`);
        return false;
    }
    void shell.openExternal(url).catch((err) => log?.warn(`could not open ${url}: ${String(err)}`));
    return true;
}
/** The webPreferences of every VendPoint window. */
export function secureWebPreferences(opts) {
    return {
        ...(opts.preload ? { preload: opts.preload } : {}),
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        nodeIntegrationInWorker: false,
        nodeIntegrationInSubFrames: false,
        webSecurity: true,
        allowRunningInsecureContent: false,
        experimentalFeatures: false,
        webviewTag: false,
        navigateOnDragDrop: false,
        spellcheck: false,
        devTools: opts.devTools,
    };
}
/**
 * Navigation stays on the console origin; new windows are never created (an allowlisted https
 * link opens in the OS browser instead); <webview> is refused. Apply to every webContents.
 */
export function lockDownWebContents(contents, opts) {
    const hosts = opts.externalHosts ?? EXTERNAL_LINK_HOSTS;
    const guardNavigation = (kind) => (event, legacyUrl) => {
        const url = event.url ?? legacyUrl;
        if (isConsoleUrl(url, opts.consoleOrigin))
            return;
        event.preventDefault();
        // A plain link to an allowlisted page still works, in the user's browser.
        if (kind === 'navigation' && isAllowedExternalUrl(url, hosts))
            openExternalIfAllowed(opts.shell, url, hosts, opts.log);
        else
            opts.log?.warn(`blocked ${kind} to ${safeForLog(url)}`);
    };
    contents.on('will-navigate', guardNavigation('navigation'));
    contents.on('will-redirect', guardNavigation('redirect'));
    contents.setWindowOpenHandler(({ url }) => {
        if (isAllowedExternalUrl(url, hosts))
            openExternalIfAllowed(opts.shell, url, hosts, opts.log);
        else
            opts.log?.warn(`blocked new window for ${safeForLog(url)}`);
        return { action: 'deny' };
    });
    contents.on('will-attach-webview', (event) => {
        event.preventDefault();
        opts.log?.warn('blocked a <webview>');
    });
}
/** Whether a web permission may be granted: only CONSOLE_PERMISSIONS, only to the console's top frame. */
export function isPermissionAllowed(permission, requestingUrl, isMainFrame, consoleOrigin) {
    return (CONSOLE_PERMISSIONS.includes(permission) &&
        isMainFrame !== false &&
        requestingUrl !== undefined &&
        isConsoleUrl(requestingUrl, consoleOrigin));
}
/** Permission requests and checks: denied, except CONSOLE_PERMISSIONS for the console itself. */
export function lockDownSession(session, consoleOrigin, log) {
    session.setPermissionRequestHandler((contents, permission, callback, details) => {
        const url = details?.requestingUrl ?? contents?.getURL();
        const allowed = isPermissionAllowed(permission, url, details?.isMainFrame, consoleOrigin);
        if (!allowed)
            log?.warn(`denied permission ${permission} to ${safeForLog(url ?? '?')}`);
        callback(allowed);
    });
    session.setPermissionCheckHandler((_contents, permission, requestingOrigin, details) => isPermissionAllowed(permission, details?.requestingUrl ?? requestingOrigin, details?.isMainFrame, consoleOrigin));
}
export class UntrustedSenderError extends Error {
    code = 'UNTRUSTED_IPC_SENDER';
    constructor(channel, url) {
        super(`IPC ${channel} refused: sender ${url === null ? '(gone)' : safeForLog(url)} is not the console`);
    }
}
/** An IPC message is trusted only from the console origin's top-level frame, still on that origin. */
export function isTrustedSender(event, consoleOrigin) {
    const frame = event.senderFrame;
    return frame !== null && frame.parent === null && isConsoleUrl(frame.url, consoleOrigin);
}
export function assertTrustedSender(event, consoleOrigin, channel) {
    if (!isTrustedSender(event, consoleOrigin))
        throw new UntrustedSenderError(channel, event.senderFrame?.url ?? null);
}
/** URLs in logs lose their query and fragment: they may carry tokens. */
function safeForLog(url) {
    const cut = url.search(/[?#]/);
    return (cut === -1 ? url : url.slice(0, cut)).slice(0, 200);
}
//# sourceMappingURL=security.js.map