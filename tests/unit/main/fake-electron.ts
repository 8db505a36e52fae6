import { EventEmitter } from 'node:events';
import type {
  AppLike,
  BrowserWindowLike,
  BrowserWindowOptionsLike,
  ElectronMain,
  IpcInvokeEventLike,
  MenuItemOptions,
  PermissionCallback,
  PermissionCheckDetails,
  PermissionRequestDetails,
  PrinterInfoLike,
  WebContentsLike,
  WebContentsPrintOptions,
  WebFrameLike,
  WindowOpenHandlerResponse,
} from '../../../main/electron-types.js';

/**
 * A small test double of the parts of Electron main/ uses. It behaves like Electron where our
 * code depends on it: events carry preventDefault, app.quit() emits before-quit and only quits
 * when nobody prevented it, a second ipcMain.handle on one channel throws, closing the last
 * window emits window-all-closed, new webContents emit web-contents-created.
 */

export class FakeEvent {
  defaultPrevented = false;
  constructor(public url?: string) {}
  preventDefault(): void {
    this.defaultPrevented = true;
  }
}

export class FakeWebContents extends EventEmitter implements WebContentsLike {
  url = '';
  windowOpenHandler: ((details: { url: string }) => WindowOpenHandlerResponse) | null = null;
  printers: PrinterInfoLike[] = [];
  printCalls: WebContentsPrintOptions[] = [];
  printOutcome: [success: boolean, failureReason: string] = [true, ''];
  reloads = 0;

  setWindowOpenHandler(handler: (details: { url: string }) => WindowOpenHandlerResponse): void {
    this.windowOpenHandler = handler;
  }
  print(options: WebContentsPrintOptions, callback: (success: boolean, failureReason: string) => void): void {
    this.printCalls.push(options);
    setImmediate(() => callback(...this.printOutcome));
  }
  async getPrintersAsync(): Promise<PrinterInfoLike[]> {
    return this.printers;
  }
  getURL(): string {
    return this.url;
  }
  reload(): void {
    this.reloads++;
  }

  /** The page (or a link in it) tries to navigate; returns the event to see if it was prevented. */
  navigate(url: string): FakeEvent {
    const event = new FakeEvent(url);
    this.emit('will-navigate', event, url);
    if (!event.defaultPrevented) this.url = url;
    return event;
  }
  redirect(url: string): FakeEvent {
    const event = new FakeEvent(url);
    this.emit('will-redirect', event, url);
    return event;
  }
  /** window.open / target=_blank. */
  openWindow(url: string): WindowOpenHandlerResponse {
    if (!this.windowOpenHandler) return { action: 'allow' }; // Electron's default
    return this.windowOpenHandler({ url });
  }
  attachWebview(): FakeEvent {
    const event = new FakeEvent();
    this.emit('will-attach-webview', event, {}, {});
    return event;
  }
}

export class FakeSession {
  requestHandler:
    | ((
        wc: WebContentsLike | null,
        permission: string,
        cb: PermissionCallback,
        details: PermissionRequestDetails,
      ) => void)
    | null = null;
  checkHandler:
    | ((
        wc: WebContentsLike | null,
        permission: string,
        origin: string,
        details: PermissionCheckDetails,
      ) => boolean)
    | null = null;

  setPermissionRequestHandler(handler: FakeSession['requestHandler']): void {
    this.requestHandler = handler;
  }
  setPermissionCheckHandler(handler: FakeSession['checkHandler']): void {
    this.checkHandler = handler;
  }

  /** What a page at `url` gets when it requests `permission`; Electron grants everything without a handler. */
  request(permission: string, url: string, isMainFrame = true): Promise<boolean> {
    if (!this.requestHandler) return Promise.resolve(true);
    const wc = new FakeWebContents();
    wc.url = url;
    return new Promise((resolve) =>
      this.requestHandler!(wc, permission, resolve, { requestingUrl: url, isMainFrame }),
    );
  }
  check(permission: string, url: string, isMainFrame = true): boolean {
    if (!this.checkHandler) return true;
    return this.checkHandler(null, permission, new URL(url).origin, { requestingUrl: url, isMainFrame });
  }
}

export class FakeShell {
  openedExternal: string[] = [];
  openedPaths: string[] = [];
  openPathError = '';
  async openExternal(url: string): Promise<void> {
    this.openedExternal.push(url);
  }
  async openPath(path: string): Promise<string> {
    this.openedPaths.push(path);
    return this.openPathError;
  }
}

type InvokeListener = (event: IpcInvokeEventLike, ...args: unknown[]) => unknown;

export class FakeIpcMain {
  handlers = new Map<string, InvokeListener>();
  handle(channel: string, listener: InvokeListener): void {
    if (this.handlers.has(channel))
      throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, listener);
  }
  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }
  /** ipcRenderer.invoke from a frame; arguments and result cross a structured clone, as in Electron. */
  async invoke(
    channel: string,
    from: { frame: WebFrameLike | null; sender?: FakeWebContents },
    ...args: unknown[]
  ): Promise<unknown> {
    const listener = this.handlers.get(channel);
    if (!listener) throw new Error(`No handler registered for '${channel}'`);
    const sender = from.sender ?? new FakeWebContents();
    const result = await listener({ senderFrame: from.frame, sender }, ...structuredClone(args));
    return structuredClone(result);
  }
}

export function topFrame(url: string): WebFrameLike {
  return { url, parent: null };
}

export function subFrame(url: string, parentUrl: string): WebFrameLike {
  return { url, parent: topFrame(parentUrl) };
}

export interface FakeElectron {
  electron: ElectronMain;
  app: FakeApp;
  windows: FakeBrowserWindow[];
  session: FakeSession;
  shell: FakeShell;
  ipcMain: FakeIpcMain;
  menu: { template: MenuItemOptions[] | null; applied: unknown };
  dialogErrors: { title: string; content: string }[];
  crashReporter: { started: { uploadToServer: boolean }[] };
}

export class FakeApp extends EventEmitter implements AppLike {
  hasLock = true;
  isPackaged = false;
  sandboxEnabled = false;
  quitRequests = 0;
  quitted = false;
  exitCode: number | null = null;
  paths: Record<string, string> = {};
  private readyResolve!: () => void;
  private readonly ready = new Promise<void>((resolve) => (this.readyResolve = resolve));

  constructor(appData: string) {
    super();
    this.paths.appData = appData;
    this.paths.userData = `${appData}/Electron`; // Electron's default before the app names it
  }
  /** The userData folder at the time the lock was taken: Electron keeps the lock there. */
  lockFolder: string | null = null;
  requestSingleInstanceLock(): boolean {
    this.lockFolder = this.paths.userData;
    return this.hasLock;
  }
  whenReady(): Promise<void> {
    return this.ready;
  }
  /** Electron becoming ready (tests decide when). */
  becomeReady(): void {
    this.readyResolve();
  }
  getPath(name: 'userData' | 'appData'): string {
    return this.paths[name] ?? `/fake/${name}`;
  }
  setPath(name: 'userData' | 'crashDumps', path: string): void {
    this.paths[name] = path;
  }
  getVersion(): string {
    return '9.8.7';
  }
  getName(): string {
    return 'VendPoint';
  }
  enableSandbox(): void {
    this.sandboxEnabled = true;
  }
  quit(): void {
    this.quitRequests++;
    const event = new FakeEvent();
    this.emit('before-quit', event);
    if (!event.defaultPrevented) this.quitted = true;
  }
  exit(code = 0): void {
    this.exitCode = code;
  }
  /** Another launch of the app: Electron tells the first instance. */
  launchAgain(argv: string[] = []): void {
    this.emit('second-instance', new FakeEvent(), argv);
  }
}

export function createFakeElectron(appData: string): FakeElectron {
  const app = new FakeApp(appData);
  const windows: FakeBrowserWindow[] = [];
  const session = new FakeSession();
  const shell = new FakeShell();
  const ipcMain = new FakeIpcMain();
  const menu: FakeElectron['menu'] = { template: null, applied: null };
  const dialogErrors: FakeElectron['dialogErrors'] = [];
  const crashReporter: FakeElectron['crashReporter'] = { started: [] };

  class BrowserWindow extends FakeBrowserWindow {
    constructor(options: BrowserWindowOptionsLike) {
      super(options, app, windows);
    }
    static getAllWindows(): BrowserWindowLike[] {
      return windows.filter((w) => !w.isDestroyed());
    }
  }

  const electron: ElectronMain = {
    app,
    BrowserWindow,
    Menu: {
      buildFromTemplate: (template) => {
        menu.template = template;
        return { template };
      },
      setApplicationMenu: (m) => (menu.applied = m),
    },
    shell,
    ipcMain,
    dialog: { showErrorBox: (title, content) => dialogErrors.push({ title, content }) },
    crashReporter: { start: (o) => crashReporter.started.push(o) },
    session: { defaultSession: session },
  };
  return { electron, app, windows, session, shell, ipcMain, menu, dialogErrors, crashReporter };
}

export class FakeBrowserWindow extends EventEmitter implements BrowserWindowLike {
  readonly webContents = new FakeWebContents();
  loadedUrls: string[] = [];
  visible = false;
  focused = false;
  minimized = false;
  private destroyed = false;

  constructor(
    readonly options: BrowserWindowOptionsLike,
    private readonly app: FakeApp,
    private readonly registry: FakeBrowserWindow[],
  ) {
    super();
    registry.push(this);
    app.emit('web-contents-created', new FakeEvent(), this.webContents);
  }
  async loadURL(url: string): Promise<void> {
    this.loadedUrls.push(url);
    this.webContents.url = url;
    setImmediate(() => this.emit('ready-to-show'));
  }
  show(): void {
    this.visible = true;
  }
  focus(): void {
    this.focused = true;
  }
  restore(): void {
    this.minimized = false;
  }
  isMinimized(): boolean {
    return this.minimized;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  /** The user closes the window. */
  close(): void {
    this.destroyed = true;
    this.emit('closed');
    if (this.registry.every((w) => w.isDestroyed())) this.app.emit('window-all-closed');
  }
}
