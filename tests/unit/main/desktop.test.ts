import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { EventEmitter } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NodeConfig } from '../../../server/config.js';
import { startNode } from '../../../server/node.js';
import {
  EXIT_START_FAILED,
  runDesktop,
  type DesktopDeps,
  type DesktopHandle,
  type DesktopNode,
} from '../../../main/desktop.js';
import { DESKTOP_LOG_FILE } from '../../../main/error-log.js';
import { createFakeElectron, FakeEvent, topFrame, type FakeElectron } from './fake-electron.js';

let appData: string;
let userData: string;
let fake: FakeElectron;
let processEvents: EventEmitter;

beforeEach(() => {
  appData = mkdtempSync(join(tmpdir(), 'vendpoint-desktop-'));
  userData = join(appData, 'VendPoint');
  fake = createFakeElectron(appData);
  processEvents = new EventEmitter();
});
afterEach(() => rmSync(appData, { recursive: true, force: true }));

/** A node double: records its config and how it was closed. */
function fakeNode() {
  const calls = { configs: [] as NodeConfig[], closed: 0 };
  let finishClose: () => void = () => {};
  const gate = { holdClose: false, release: () => finishClose() };
  const start = async (config: NodeConfig): Promise<DesktopNode> => {
    calls.configs.push(config);
    return {
      url: `http://127.0.0.1:${config.port || 45678}`,
      firstRun: null,
      close: () => {
        calls.closed++;
        return gate.holdClose ? new Promise<void>((resolve) => (finishClose = resolve)) : Promise.resolve();
      },
    };
  };
  return { start, calls, gate };
}

function run(deps: Partial<DesktopDeps> & Pick<DesktopDeps, 'startNode'>): DesktopHandle | null {
  return runDesktop({
    electron: fake.electron,
    argv: [],
    env: {},
    platform: 'linux',
    preloadPath: '/app/dist/main/preload.cjs',
    processEvents,
    portFree: async () => true,
    ...deps,
  });
}

async function started(deps: Partial<DesktopDeps> & Pick<DesktopDeps, 'startNode'>): Promise<DesktopHandle> {
  const handle = run(deps);
  if (!handle) throw new Error('expected the single-instance lock');
  fake.app.becomeReady();
  await handle.started;
  return handle;
}

const readLog = (h: DesktopHandle) => readFileSync(join(h.config.node.dataDir, DESKTOP_LOG_FILE), 'utf8');

describe('single instance', () => {
  it('a second launch does not start a node and quits at once', () => {
    fake.app.hasLock = false;
    const node = fakeNode();
    expect(run({ startNode: node.start })).toBeNull();
    expect(fake.app.lockFolder).toBe(userData); // the app's own folder, named before the lock
    expect(fake.app.quitted).toBe(true);
    expect(node.calls.configs).toEqual([]);
    expect(fake.windows).toEqual([]);
  });

  it('the first instance brings its window to the front when launched again', async () => {
    const h = await started({ startNode: fakeNode().start });
    const win = fake.windows[0];
    win.minimized = true;
    win.focused = false;
    fake.app.launchAgain(['--port', '1']);
    expect(win.minimized).toBe(false);
    expect(win.visible && win.focused).toBe(true);
    expect(fake.windows).toHaveLength(1);
    expect(h.mainWindow()).toBe(win);
  });

  it('a launch after the window was closed (macOS) opens a new one', async () => {
    await started({ startNode: fakeNode().start, platform: 'darwin' });
    fake.windows[0].close();
    fake.app.launchAgain();
    expect(fake.windows).toHaveLength(2);
    expect(fake.windows[1].focused).toBe(true);
  });
});

describe('start', () => {
  it('starts the node on 127.0.0.1 with the data directory in userData, then opens the console', async () => {
    const node = fakeNode();
    const h = await started({ startNode: node.start, env: { VENDPOINT_HOST: '0.0.0.0' } });
    expect(node.calls.configs).toHaveLength(1);
    expect(node.calls.configs[0]).toMatchObject({
      host: '127.0.0.1',
      port: 7300,
      dataDir: join(userData, 'data'),
    });
    expect(fake.app.sandboxEnabled).toBe(true);
    expect(fake.windows).toHaveLength(1);
    const win = fake.windows[0];
    expect(win.loadedUrls).toEqual(['http://127.0.0.1:7300/']);
    expect(win.options.webPreferences).toMatchObject({
      preload: '/app/dist/main/preload.cjs',
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
    });
    await new Promise((r) => setImmediate(r));
    expect(win.visible).toBe(true);
    expect(readLog(h)).toMatch(/binds 127\.0\.0\.1, not 0\.0\.0\.0/);
  });

  it('honours --data-dir and an explicit --port', async () => {
    const node = fakeNode();
    const dir = join(userData, 'elsewhere');
    await started({
      startNode: node.start,
      argv: ['--data-dir', dir, '--port', '7398'],
      portFree: async () => false,
    });
    expect(node.calls.configs[0]).toMatchObject({ dataDir: dir, port: 7398 });
  });

  it('takes a free port when the default one is in use', async () => {
    const node = fakeNode();
    const h = await started({ startNode: node.start, portFree: async () => false });
    expect(node.calls.configs[0].port).toBe(0);
    expect(readLog(h)).toMatch(/port 7300 is taken/);
  });

  it('locks down the session, the window contents and IPC on the node origin', async () => {
    await started({ startNode: fakeNode().start });
    const contents = fake.windows[0].webContents;
    expect(contents.navigate('https://evil.example/').defaultPrevented).toBe(true);
    expect(contents.navigate('http://127.0.0.1:7300/wallet').defaultPrevented).toBe(false);
    expect(contents.openWindow('http://127.0.0.1:7300/')).toEqual({ action: 'deny' });
    expect(await fake.session.request('media', 'http://127.0.0.1:7300/')).toBe(false);
    expect(
      await fake.ipcMain.invoke('vendpoint:app-version', { frame: topFrame('http://127.0.0.1:7300/') }),
    ).toBe('9.8.7');
    await expect(
      fake.ipcMain.invoke('vendpoint:app-version', { frame: topFrame('http://127.0.0.1:7301/') }),
    ).rejects.toThrow();
  });

  it('sets the application menu; its data-folder and log entries open those paths', async () => {
    const h = await started({ startNode: fakeNode().start });
    const file = fake.menu.template?.find((m) => m.label === 'File');
    file?.submenu?.find((i) => i.label === 'Open Data Folder')?.click?.();
    file?.submenu?.find((i) => i.label === 'Open Log File')?.click?.();
    expect(fake.menu.applied).not.toBeNull();
    expect(fake.shell.openedPaths).toEqual([
      h.config.node.dataDir,
      join(h.config.node.dataDir, DESKTOP_LOG_FILE),
    ]);
    const help = fake.menu.template?.find((m) => m.label === 'Help');
    help?.submenu?.find((i) => i.label === 'API Documentation')?.click?.();
    expect(fake.windows[1].loadedUrls).toEqual(['http://127.0.0.1:7300/v1/docs']);
    expect(fake.windows[1].options.webPreferences.preload).toBeUndefined();
  });

  it('keeps crash dumps in the data directory and never uploads them', async () => {
    const h = await started({ startNode: fakeNode().start });
    expect(fake.app.paths.crashDumps).toBe(join(h.config.node.dataDir, 'crash-dumps'));
    expect(fake.crashReporter.started).toEqual([{ uploadToServer: false }]);
  });

  it('a node that cannot start is reported in a dialog and the log, and the app exits with EXIT_START_FAILED', async () => {
    const h = await started({
      startNode: async () => {
        throw new Error('database is from a newer VendPoint (migration 42)');
      },
    });
    expect(fake.dialogErrors[0].title).toBe('VendPoint could not start');
    expect(fake.dialogErrors[0].content).toMatch(/migration 42/);
    expect(fake.app.exitCode).toBe(EXIT_START_FAILED);
    expect(fake.windows).toEqual([]);
    expect(readLog(h)).toMatch(/ERROR VendPoint could not start: Error: database is from a newer VendPoint/);
  });
});

describe('shutdown', () => {
  it('quitting waits for the node to close, then quits for real', async () => {
    const node = fakeNode();
    node.gate.holdClose = true;
    const h = await started({ startNode: node.start });
    fake.app.quit();
    await new Promise((r) => setImmediate(r));
    expect(fake.app.quitted).toBe(false); // held until the node is closed
    expect(node.calls.closed).toBe(1);
    fake.app.quit(); // impatient second request: no second close
    expect(node.calls.closed).toBe(1);
    node.gate.release();
    await h.stopped;
    await new Promise((r) => setImmediate(r));
    expect(fake.app.quitted).toBe(true);
    expect(h.node()).toBeNull();
    expect(readLog(h)).toMatch(/node stopped/);
  });

  it('closing the last window quits on Windows and Linux, not on macOS', async () => {
    await started({ startNode: fakeNode().start });
    fake.windows[0].close();
    expect(fake.app.quitRequests).toBe(1);

    fake = createFakeElectron(appData);
    await started({ startNode: fakeNode().start, platform: 'darwin' });
    fake.windows[0].close();
    expect(fake.app.quitRequests).toBe(0);
    fake.app.emit('activate');
    expect(fake.windows).toHaveLength(2);
  });

  it('a node that does not stop in time is logged and the app still quits', async () => {
    const node = fakeNode();
    node.gate.holdClose = true;
    const h = await started({ startNode: node.start, shutdownTimeoutMs: 20 });
    fake.app.quit();
    await h.stopped;
    await new Promise((r) => setImmediate(r));
    expect(fake.app.quitted).toBe(true);
    expect(readLog(h)).toMatch(/did not stop within 20 ms; unfinished vends are requeried/);
  });

  it('SIGTERM quits gracefully', async () => {
    const node = fakeNode();
    const h = await started({ startNode: node.start });
    processEvents.emit('SIGTERM');
    await h.stopped;
    expect(node.calls.closed).toBe(1);
  });
});

describe('errors and crashes go to desktop.log in the data directory', () => {
  it('an uncaught exception is logged with its stack, shown, and the app quits gracefully', async () => {
    const node = fakeNode();
    const h = await started({ startNode: node.start });
    processEvents.emit('uncaughtException', new TypeError('boom in main'));
    await h.stopped;
    const log = readLog(h);
    expect(log).toMatch(/ERROR uncaught exception in the main process: TypeError: boom in main\n\s+at /);
    expect(fake.dialogErrors[0].content).toMatch(/boom in main/);
    expect(node.calls.closed).toBe(1);
    // The log sits beside the database and is as private (umask 022 would make it 0644).
    expect(statSync(join(h.config.node.dataDir, DESKTOP_LOG_FILE)).mode & 0o777).toBe(0o600);
  });

  it('an unhandled rejection and a crashed renderer are logged; the crashed console is reloaded', async () => {
    const h = await started({ startNode: fakeNode().start });
    processEvents.emit('unhandledRejection', new Error('lost promise'));
    const contents = fake.windows[0].webContents;
    fake.app.emit('render-process-gone', new FakeEvent(), contents, { reason: 'crashed', exitCode: 133 });
    fake.app.emit('child-process-gone', new FakeEvent(), { type: 'GPU', reason: 'crashed', exitCode: 9 });
    const log = readLog(h);
    expect(log).toMatch(/unhandled promise rejection in the main process: Error: lost promise/);
    expect(log).toMatch(/console renderer gone: crashed \(exit code 133\)/);
    expect(log).toMatch(/GPU process gone: crashed/);
    expect(contents.reloads).toBe(1);
  });
});

describe('with the real node', () => {
  it('serves the console in-process from <userData>/data and closes SQLite on quit', async () => {
    const h = await started({
      startNode,
      portFree: async () => false,
      env: { VENDPOINT_SCHEDULES: 'off', VENDPOINT_LOG_LEVEL: 'silent' },
    });
    const running = h.node() as Awaited<ReturnType<typeof startNode>>;
    expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(running.services.config.dataDir).toBe(join(userData, 'data'));
    expect(running.firstRun).not.toBeNull(); // a new data directory: DEMO created
    const res = await fetch(`${running.url}/v1/healthz`);
    expect(res.status).toBe(200);
    expect(fake.windows[0].loadedUrls).toEqual([`${running.url}/`]);
    const db = running.services.db;
    fake.app.quit();
    await h.stopped;
    expect(db.open).toBe(false);
    await expect(fetch(`${running.url}/v1/healthz`)).rejects.toThrow();
  }, 20_000);
});
