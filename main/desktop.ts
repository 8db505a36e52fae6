import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { NodeConfig } from '../server/config.js';
import { choosePort, desktopConfig, isPortFree, type DesktopConfig } from './desktop-config.js';
import type { BrowserWindowLike, ElectronMain } from './electron-types.js';
import { DesktopLog, describeError } from './error-log.js';
import { registerIpcHandlers } from './ipc.js';
import { buildMenuTemplate } from './menu.js';
import { lockDownSession, lockDownWebContents, originOf } from './security.js';
import { focusWindow, openNodeWindow } from './window.js';

/**
 * Exit code when VendPoint itself told the user why it could not start (dialog and log).
 * scripts/electron-runtime.mjs reads any other early failure as "Electron cannot run here"
 * and falls back to the headless node; keep the two constants equal (a test checks).
 */
export const EXIT_START_FAILED = 3;

/** The folder name under the OS application-data directory (see main/README.md). */
export const APP_NAME = 'VendPoint';

/** How long quitting waits for in-flight vends; after that they stay recoverable (requeried on next start). */
export const SHUTDOWN_TIMEOUT_MS = 20_000;

/** What the shell needs of a running node (server/node.ts RunningNode satisfies it). */
export interface DesktopNode {
  url: string;
  firstRun: unknown;
  close(): Promise<void>;
}

export interface ProcessEvents {
  on(event: string, listener: (arg: unknown) => void): unknown;
}

export interface DesktopDeps {
  electron: ElectronMain;
  startNode(config: NodeConfig): Promise<DesktopNode>;
  /** VendPoint's own arguments (see userArgs). */
  argv: string[];
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  preloadPath: string;
  iconPath?: string;
  /** `process` in production: crash and signal hooks are attached to it. */
  processEvents: ProcessEvents;
  portFree?: (host: string, port: number) => Promise<boolean>;
  shutdownTimeoutMs?: number;
}

export interface DesktopHandle {
  config: DesktopConfig;
  log: DesktopLog;
  /** Settles once the node runs and the window is open (or start failed and the app exits). */
  started: Promise<void>;
  node(): DesktopNode | null;
  mainWindow(): BrowserWindowLike | null;
  /** Settles when quitting has closed the node. */
  stopped: Promise<void>;
}

/**
 * The desktop app: one instance; the node in-process on 127.0.0.1; one locked-down console
 * window; graceful shutdown that closes the node (schedules, in-flight vends, SQLite) before
 * Electron exits; errors and crashes written to desktop.log in the data directory.
 * Returns null when another instance already runs (it is focused instead).
 */
export function runDesktop(deps: DesktopDeps): DesktopHandle | null {
  const { electron, platform } = deps;
  const { app } = electron;
  // One user-data folder in development and packaged builds alike (the lock lives there too).
  // (Electron documents that setPath wants an existing directory.)
  const userData = join(app.getPath('appData'), APP_NAME);
  mkdirSync(userData, { recursive: true });
  app.setPath('userData', userData);
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return null;
  }
  app.enableSandbox();

  const config = desktopConfig(deps.argv, deps.env, app.getPath('userData'));
  const dataDir = config.node.dataDir;
  const log = new DesktopLog(dataDir);
  log.info(`VendPoint ${app.getVersion()} starting (data directory ${dataDir})`);
  if (config.ignoredHost)
    log.warn(
      `the desktop node binds ${config.node.host}, not ${config.ignoredHost}; use \`npm run serve\` to serve a network`,
    );
  const crashDumps = join(dataDir, 'crash-dumps');
  mkdirSync(crashDumps, { recursive: true, mode: 0o700 });
  app.setPath('crashDumps', crashDumps);
  electron.crashReporter.start({ uploadToServer: false });

  const devTools = !app.isPackaged;
  let node: DesktopNode | null = null;
  let consoleOrigin: string | null = null;
  let mainWindow: BrowserWindowLike | null = null;
  let disposeIpc: (() => void) | null = null;
  let lastReload = 0;
  let phase: 'running' | 'stopping' | 'stopped' = 'running';
  let markStopped: () => void = () => {};
  const stopped = new Promise<void>((resolve) => (markStopped = resolve));

  const openConsoleWindow = (): BrowserWindowLike | null => {
    if (!node || phase !== 'running') return null;
    const win = openNodeWindow(
      electron.BrowserWindow,
      `${node.url}/`,
      { preload: deps.preloadPath, devTools, icon: deps.iconPath },
      log,
    );
    win.on('closed', () => {
      if (mainWindow === win) mainWindow = null;
    });
    mainWindow = win;
    return win;
  };

  const openApiDocs = (): void => {
    if (node)
      openNodeWindow(
        electron.BrowserWindow,
        `${node.url}/v1/docs`,
        { devTools, icon: deps.iconPath, title: 'VendPoint API' },
        log,
      );
  };

  const openPath = (path: string): void => {
    void electron.shell.openPath(path).then((error) => error && log.warn(`could not open ${path}: ${error}`));
  };

  // Every webContents, present or future, is locked to the console origin (none before the node runs).
  app.on('web-contents-created', (_event, contents) => {
    lockDownWebContents(contents, {
      consoleOrigin: consoleOrigin ?? 'vendpoint-not-started',
      shell: electron.shell,
      log,
    });
  });

  app.on('second-instance', () => {
    log.info('a second launch was redirected to this window');
    const win = mainWindow && !mainWindow.isDestroyed() ? mainWindow : openConsoleWindow();
    if (win) focusWindow(win);
  });

  app.on('render-process-gone', (_event, contents, details) => {
    log.error(`console renderer gone: ${details.reason} (exit code ${details.exitCode})`);
    const crashed = details.reason !== 'clean-exit';
    // Reload a crashed console once in a while, not in a loop.
    if (crashed && mainWindow && contents === mainWindow.webContents && Date.now() - lastReload > 10_000) {
      lastReload = Date.now();
      contents.reload();
    }
  });
  app.on('child-process-gone', (_event, details) => {
    log.warn(
      `${details.type} process gone: ${details.reason} (exit code ${details.exitCode})${details.name ? ` ${details.name}` : ''}`,
    );
  });

  deps.processEvents.on('uncaughtException', (err: unknown) => {
    log.error('uncaught exception in the main process', err);
    electron.dialog.showErrorBox(
      'VendPoint hit an unexpected error',
      `${describeError(err).split('\n')[0]}\n\nDetails are in ${log.path}. VendPoint will close.`,
    );
    app.quit();
  });
  deps.processEvents.on('unhandledRejection', (reason: unknown) =>
    log.error('unhandled promise rejection in the main process', reason),
  );
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    deps.processEvents.on(signal, () => {
      log.info(`${signal}: quitting`);
      app.quit();
    });
  }

  const started = app.whenReady().then(async () => {
    try {
      const port = await choosePort(config, deps.portFree ?? isPortFree);
      if (port !== config.node.port) log.warn(`port ${config.node.port} is taken; using a free port`);
      node = await deps.startNode({ ...config.node, port });
      consoleOrigin = originOf(node.url);
      if (!consoleOrigin) throw new Error(`the node answered on an unusable URL ${node.url}`);
      lockDownSession(electron.session.defaultSession, consoleOrigin, log);
      disposeIpc = registerIpcHandlers({
        ipcMain: electron.ipcMain,
        app,
        shell: electron.shell,
        consoleOrigin,
        dataDir,
        log,
      }).dispose;
      electron.Menu.setApplicationMenu(
        electron.Menu.buildFromTemplate(
          buildMenuTemplate({
            appName: APP_NAME,
            platform,
            devTools,
            actions: {
              openDataFolder: () => openPath(dataDir),
              openLogFile: () => openPath(log.path),
              openApiDocs,
            },
          }),
        ),
      );
      log.info(
        `node listening on ${node.url}${node.firstRun ? ' (first start: DEMO merchant created)' : ''}`,
      );
      openConsoleWindow();
    } catch (err) {
      log.error('VendPoint could not start', err);
      electron.dialog.showErrorBox(
        'VendPoint could not start',
        `${err instanceof Error ? err.message : String(err)}\n\nDetails are in ${log.path}.`,
      );
      const running = node;
      node = null;
      await running
        ?.close()
        .catch((closeErr: unknown) => log.error('closing the node after a failed start', closeErr));
      phase = 'stopped';
      markStopped();
      app.exit(EXIT_START_FAILED);
    }
  });

  const closeNode = async (): Promise<void> => {
    await started;
    disposeIpc?.();
    if (!node) return;
    log.info('stopping the node: schedules, in-flight vends, database');
    const timeoutMs = deps.shutdownTimeoutMs ?? SHUTDOWN_TIMEOUT_MS;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>(
      (resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)),
    );
    try {
      const outcome = await Promise.race([node.close().then(() => 'closed' as const), timeout]);
      if (outcome === 'timeout')
        log.warn(
          `the node did not stop within ${timeoutMs} ms; unfinished vends are requeried on the next start`,
        );
      else log.info('node stopped');
    } catch (err) {
      log.error('stopping the node failed', err);
    } finally {
      clearTimeout(timer);
      node = null;
    }
  };

  // Quit waits for the node: the first before-quit is cancelled, the node closes, then quit again.
  app.on('before-quit', (event) => {
    if (phase === 'stopped') return;
    event.preventDefault();
    if (phase === 'stopping') return;
    phase = 'stopping';
    void closeNode().finally(() => {
      phase = 'stopped';
      markStopped();
      app.quit();
    });
  });

  app.on('window-all-closed', () => {
    // macOS apps stay in the dock with the node running; elsewhere closing the window quits.
    if (platform !== 'darwin') app.quit();
  });
  app.on('activate', () => {
    if (!mainWindow || mainWindow.isDestroyed()) openConsoleWindow();
  });

  return { config, log, started, stopped, node: () => node, mainWindow: () => mainWindow };
}
