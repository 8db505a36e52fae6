/**
 * The part of Electron's main-process API that VendPoint uses, as plain structural types.
 *
 * Why not `import type ... from 'electron'`: the electron package (and its typings) is an
 * optionalDependency whose download can fail, and it is absent on build machines without
 * internet. Every main/ module takes an object of these shapes instead (dependency
 * injection): main.ts passes the real module, the unit tests pass a small test double.
 * The names and signatures follow Electron's documented API; only what we call is listed.
 */
/** An event whose default action a listener may cancel (navigation, quit, webview attach). */
export interface PreventableEvent {
    preventDefault(): void;
}
export interface NavigationEvent extends PreventableEvent {
    /** Electron ≥ 25 puts the target URL on the event; older versions pass it as the next argument. */
    url?: string;
}
export interface WebFrameLike {
    /** The frame's current URL. */
    url: string;
    /** The parent frame; null for a window's top-level frame. */
    parent: WebFrameLike | null;
}
export interface IpcInvokeEventLike {
    /** The frame that sent the message; null when it navigated away or was destroyed since. */
    senderFrame: WebFrameLike | null;
    sender: WebContentsLike;
}
export type PermissionCallback = (granted: boolean) => void;
export interface PermissionRequestDetails {
    requestingUrl?: string;
    isMainFrame?: boolean;
}
export interface PermissionCheckDetails {
    requestingUrl?: string;
    isMainFrame?: boolean;
}
export interface SessionLike {
    setPermissionRequestHandler(handler: ((webContents: WebContentsLike | null, permission: string, callback: PermissionCallback, details: PermissionRequestDetails) => void) | null): void;
    setPermissionCheckHandler(handler: ((webContents: WebContentsLike | null, permission: string, requestingOrigin: string, details: PermissionCheckDetails) => boolean) | null): void;
}
export interface PrinterInfoLike {
    name: string;
    displayName?: string;
    description?: string;
}
/** Options of webContents.print(); pageSize is a named size or microns. */
export interface WebContentsPrintOptions {
    silent?: boolean;
    printBackground?: boolean;
    deviceName?: string;
    pageSize?: string | {
        width: number;
        height: number;
    };
    margins?: {
        marginType: 'default' | 'none' | 'printableArea';
    };
}
export type WindowOpenHandlerResponse = {
    action: 'deny';
} | {
    action: 'allow';
};
export interface WebContentsLike {
    on(event: 'will-navigate' | 'will-redirect', listener: (event: NavigationEvent, url: string) => void): unknown;
    on(event: 'will-attach-webview', listener: (event: PreventableEvent) => void): unknown;
    on(event: 'unresponsive' | 'responsive', listener: () => void): unknown;
    on(event: 'did-fail-load', listener: (event: unknown, errorCode: number, errorDescription: string, validatedURL: string) => void): unknown;
    setWindowOpenHandler(handler: (details: {
        url: string;
    }) => WindowOpenHandlerResponse): void;
    print(options: WebContentsPrintOptions, callback: (success: boolean, failureReason: string) => void): void;
    getPrintersAsync(): Promise<PrinterInfoLike[]>;
    getURL(): string;
    reload(): void;
}
export interface WebPreferencesLike {
    preload?: string;
    contextIsolation: boolean;
    sandbox: boolean;
    nodeIntegration: boolean;
    nodeIntegrationInWorker: boolean;
    nodeIntegrationInSubFrames: boolean;
    webSecurity: boolean;
    allowRunningInsecureContent: boolean;
    experimentalFeatures: boolean;
    webviewTag: boolean;
    navigateOnDragDrop: boolean;
    spellcheck: boolean;
    devTools: boolean;
}
export interface BrowserWindowOptionsLike {
    width: number;
    height: number;
    minWidth: number;
    minHeight: number;
    show: boolean;
    title: string;
    backgroundColor: string;
    icon?: string;
    webPreferences: WebPreferencesLike;
}
export interface BrowserWindowLike {
    webContents: WebContentsLike;
    loadURL(url: string): Promise<void>;
    once(event: 'ready-to-show', listener: () => void): unknown;
    on(event: 'closed', listener: () => void): unknown;
    show(): void;
    focus(): void;
    restore(): void;
    isMinimized(): boolean;
    isDestroyed(): boolean;
}
export interface BrowserWindowClass {
    new (options: BrowserWindowOptionsLike): BrowserWindowLike;
    getAllWindows(): BrowserWindowLike[];
}
export interface MenuItemOptions {
    label?: string;
    role?: string;
    type?: 'separator' | 'submenu' | 'normal';
    accelerator?: string;
    click?: () => void;
    submenu?: MenuItemOptions[];
}
export interface MenuLike {
    buildFromTemplate(template: MenuItemOptions[]): unknown;
    setApplicationMenu(menu: unknown): void;
}
export interface RenderProcessGoneDetails {
    reason: string;
    exitCode: number;
}
export interface ChildProcessGoneDetails {
    type: string;
    reason: string;
    exitCode: number;
    name?: string;
}
export interface AppLike {
    requestSingleInstanceLock(): boolean;
    whenReady(): Promise<void>;
    getPath(name: 'userData' | 'appData'): string;
    setPath(name: 'userData' | 'crashDumps', path: string): void;
    getVersion(): string;
    getName(): string;
    isPackaged: boolean;
    enableSandbox(): void;
    quit(): void;
    exit(code?: number): void;
    on(event: 'second-instance', listener: (event: unknown, argv: string[]) => void): unknown;
    on(event: 'window-all-closed' | 'activate', listener: () => void): unknown;
    on(event: 'before-quit', listener: (event: PreventableEvent) => void): unknown;
    on(event: 'web-contents-created', listener: (event: unknown, contents: WebContentsLike) => void): unknown;
    on(event: 'render-process-gone', listener: (event: unknown, contents: WebContentsLike, details: RenderProcessGoneDetails) => void): unknown;
    on(event: 'child-process-gone', listener: (event: unknown, details: ChildProcessGoneDetails) => void): unknown;
}
export interface ShellLike {
    openExternal(url: string): Promise<void>;
    /** Resolves to an error message, or '' on success. */
    openPath(path: string): Promise<string>;
}
export interface IpcMainLike {
    handle(channel: string, listener: (event: IpcInvokeEventLike, ...args: unknown[]) => unknown): void;
    removeHandler(channel: string): void;
}
export interface DialogLike {
    showErrorBox(title: string, content: string): void;
}
export interface CrashReporterLike {
    start(options: {
        uploadToServer: boolean;
        submitURL?: string;
        compress?: boolean;
    }): void;
}
/** Everything main/ takes from Electron. */
export interface ElectronMain {
    app: AppLike;
    BrowserWindow: BrowserWindowClass;
    Menu: MenuLike;
    shell: ShellLike;
    ipcMain: IpcMainLike;
    dialog: DialogLike;
    crashReporter: CrashReporterLike;
    session: {
        defaultSession: SessionLike;
    };
}
