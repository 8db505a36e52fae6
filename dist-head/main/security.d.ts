import type { IpcInvokeEventLike, SessionLike, ShellLike, WebContentsLike, WebPreferencesLike } from './electron-types.js';
/**
 * Electron's security checklist, applied to every window: the console is the only content,
 * served by our own node on 127.0.0.1; anything else is denied or handed to the OS browser.
 */
/**
 * Hosts the console may open in the user's browser (https only). Today: the eSIM install help
 * pages the eSIM receipt links to. Add a host here when the console starts linking to it.
 */
export declare const EXTERNAL_LINK_HOSTS: readonly string[];
/**
 * The one web permission the console gets: writing to the clipboard (navigator.clipboard.writeText)
 * for its copy buttons (electricity tokens, references). Chromium asks Electron for it, so a
 * deny-everything handler silently breaks copying. Reading the clipboard stays denied.
 */
export declare const CONSOLE_PERMISSIONS: readonly string[];
export interface SecurityLog {
    warn(message: string): void;
}
/** The origin (scheme://host:port) of a URL, or null when it has none (about:, data:, garbage). */
export declare function originOf(url: string): string | null;
export declare function isConsoleUrl(url: string, consoleOrigin: string): boolean;
/** An https URL on an allowlisted host, default port, no credentials in it. */
export declare function isAllowedExternalUrl(url: string, hosts?: readonly string[]): boolean;
/** shell.openExternal, but only for allowlisted https links; returns whether it opened. */
export declare function openExternalIfAllowed(shell: ShellLike, url: string, hosts?: readonly string[], log?: SecurityLog): boolean;
/** The webPreferences of every VendPoint window. */
export declare function secureWebPreferences(opts: {
    preload?: string;
    devTools: boolean;
}): WebPreferencesLike;
export interface LockdownOptions {
    consoleOrigin: string;
    shell: ShellLike;
    externalHosts?: readonly string[];
    log?: SecurityLog;
}
/**
 * Navigation stays on the console origin; new windows are never created (an allowlisted https
 * link opens in the OS browser instead); <webview> is refused. Apply to every webContents.
 */
export declare function lockDownWebContents(contents: WebContentsLike, opts: LockdownOptions): void;
/** Whether a web permission may be granted: only CONSOLE_PERMISSIONS, only to the console's top frame. */
export declare function isPermissionAllowed(permission: string, requestingUrl: string | undefined, isMainFrame: boolean | undefined, consoleOrigin: string): boolean;
/** Permission requests and checks: denied, except CONSOLE_PERMISSIONS for the console itself. */
export declare function lockDownSession(session: SessionLike, consoleOrigin: string, log?: SecurityLog): void;
export declare class UntrustedSenderError extends Error {
    readonly code = "UNTRUSTED_IPC_SENDER";
    constructor(channel: string, url: string | null);
}
/** An IPC message is trusted only from the console origin's top-level frame, still on that origin. */
export declare function isTrustedSender(event: IpcInvokeEventLike, consoleOrigin: string): boolean;
export declare function assertTrustedSender(event: IpcInvokeEventLike, consoleOrigin: string, channel: string): void;
