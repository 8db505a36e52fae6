import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import ts from 'typescript';
import { beforeEach, describe, expect, it } from 'vitest';
import { CHANNELS, electronPrintOptions, parsePrintOptions, registerIpcHandlers } from '../../../main/ipc.js';
import type { VendpointApi } from '../../../common/preload-api.js';
import { FakeIpcMain, FakeShell, FakeWebContents, subFrame, topFrame } from './fake-electron.js';

const ORIGIN = 'http://127.0.0.1:7300';
const DATA_DIR = '/home/agent/.config/VendPoint/data';

let ipcMain: FakeIpcMain;
let shell: FakeShell;
let sender: FakeWebContents;
let warnings: string[];
const fromConsole = () => ({ frame: topFrame(`${ORIGIN}/sell/airtime`), sender });

beforeEach(() => {
  ipcMain = new FakeIpcMain();
  shell = new FakeShell();
  sender = new FakeWebContents();
  sender.printers = [
    { name: 'XP-58', displayName: 'Xprinter 58mm', description: 'Thermal receipt printer' },
    { name: 'Office_A4', displayName: '', description: undefined },
  ];
  warnings = [];
  registerIpcHandlers({
    ipcMain,
    app: { getVersion: () => '1.2.3' },
    shell,
    consoleOrigin: ORIGIN,
    dataDir: DATA_DIR,
    log: { warn: (m) => warnings.push(m) },
  });
});

describe('every IPC handler checks its sender', () => {
  const foreign = [
    ['another origin', topFrame('https://evil.example/')],
    ['the console in a sub-frame', subFrame(`${ORIGIN}/x`, `${ORIGIN}/`)],
    ['a destroyed frame', null],
  ] as const;

  for (const channel of Object.values(CHANNELS)) {
    it.each(foreign)(`${channel} refuses %s and does nothing`, async (_why, frame) => {
      await expect(ipcMain.invoke(channel, { frame, sender }, { silent: true })).rejects.toThrow(
        /not the console/,
      );
      expect(sender.printCalls).toEqual([]);
      expect(shell.openedPaths).toEqual([]);
      expect(warnings).toHaveLength(1);
    });
  }

  it('registers exactly the four channels of the preload API', () => {
    expect([...ipcMain.handlers.keys()].sort()).toEqual([
      'vendpoint:app-version',
      'vendpoint:list-printers',
      'vendpoint:open-data-folder',
      'vendpoint:print-receipt',
    ]);
  });
});

describe('the handlers, called by the console', () => {
  it('appVersion answers the app version', async () => {
    expect(await ipcMain.invoke(CHANNELS.appVersion, fromConsole())).toBe('1.2.3');
  });

  it('listPrinters lists names, display names and descriptions', async () => {
    expect(await ipcMain.invoke(CHANNELS.listPrinters, fromConsole())).toEqual([
      { name: 'XP-58', displayName: 'Xprinter 58mm', description: 'Thermal receipt printer' },
      { name: 'Office_A4', displayName: 'Office_A4', description: '' },
    ]);
  });

  it('openDataFolder opens the data directory, and reports a failure', async () => {
    expect(await ipcMain.invoke(CHANNELS.openDataFolder, fromConsole())).toEqual({
      ok: true,
      path: DATA_DIR,
    });
    expect(shell.openedPaths).toEqual([DATA_DIR]);
    shell.openPathError = 'Failed to open path';
    expect(await ipcMain.invoke(CHANNELS.openDataFolder, fromConsole())).toEqual({
      ok: false,
      reason: 'Failed to open path',
    });
  });

  it('printReceipt prints silently to a chosen thermal printer, backgrounds on, no margins', async () => {
    const result = await ipcMain.invoke(CHANNELS.printReceipt, fromConsole(), {
      silent: true,
      deviceName: 'XP-58',
      pageSize: 'thermal-58mm',
    });
    expect(result).toEqual({ ok: true });
    expect(sender.printCalls).toEqual([
      { silent: true, printBackground: true, deviceName: 'XP-58', margins: { marginType: 'none' } },
    ]);
  });

  it('printReceipt with no options opens the system dialog', async () => {
    expect(await ipcMain.invoke(CHANNELS.printReceipt, fromConsole())).toEqual({ ok: true });
    expect(sender.printCalls).toEqual([{ silent: false, printBackground: true }]);
  });

  it('printReceipt refuses a printer that does not exist, before printing', async () => {
    expect(
      await ipcMain.invoke(CHANNELS.printReceipt, fromConsole(), { silent: true, deviceName: 'Nope' }),
    ).toEqual({ ok: false, reason: 'No printer named "Nope"' });
    expect(sender.printCalls).toEqual([]);
  });

  it('printReceipt passes on why printing failed or was cancelled', async () => {
    sender.printOutcome = [false, 'cancelled'];
    expect(await ipcMain.invoke(CHANNELS.printReceipt, fromConsole(), { pageSize: 'A4' })).toEqual({
      ok: false,
      reason: 'cancelled',
    });
    expect(sender.printCalls[0]).toMatchObject({ pageSize: 'A4', silent: false });
  });

  it('printReceipt refuses malformed options', async () => {
    for (const bad of [
      { silent: 'yes' },
      { pageSize: 'A0' },
      { deviceName: 42 },
      { deviceName: '' },
      { landscape: true },
      'A4',
      [1],
    ]) {
      const r = (await ipcMain.invoke(CHANNELS.printReceipt, fromConsole(), bad)) as { ok: boolean };
      expect(r.ok, JSON.stringify(bad)).toBe(false);
    }
    expect(sender.printCalls).toEqual([]);
  });
});

describe('print options', () => {
  it('keeps known fields and maps papers to Electron page settings', () => {
    expect(parsePrintOptions(undefined)).toEqual({});
    expect(parsePrintOptions({ silent: undefined, deviceName: undefined, pageSize: undefined })).toEqual({});
    expect(electronPrintOptions({ pageSize: 'Letter' })).toEqual({
      silent: false,
      printBackground: true,
      pageSize: 'Letter',
    });
    expect(electronPrintOptions({ pageSize: 'thermal-80mm', silent: true })).toEqual({
      silent: true,
      printBackground: true,
      margins: { marginType: 'none' },
    });
  });
});

/**
 * The preload as Electron's sandbox runs it: compiled to CommonJS, wrapped in a function that
 * receives a `require` knowing only 'electron'. A preload that required a local file, or
 * exposed anything but the named functions, fails here.
 */
function runPreloadInSandbox(invoke: (channel: string, ...args: unknown[]) => Promise<unknown>) {
  const source = readFileSync(fileURLToPath(new URL('../../../main/preload.cts', import.meta.url)), 'utf8');
  const { outputText } = ts.transpileModule(source, {
    fileName: 'preload.cts',
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  });
  const exposed: Record<string, unknown> = {};
  const electron = {
    contextBridge: { exposeInMainWorld: (key: string, api: unknown) => (exposed[key] = api) },
    ipcRenderer: { invoke, send: () => {}, on: () => {} },
  };
  const sandboxRequire = (name: string) => {
    if (name === 'electron') return electron;
    throw new Error(`module not found: ${name} (sandboxed preloads cannot load it)`);
  };
  const module = { exports: {} };
  runInNewContext(`(function (exports, require, module) {${outputText}\n})`, {})(
    module.exports,
    sandboxRequire,
    module,
  );
  return exposed;
}

describe('the preload', () => {
  it('exposes window.vendpoint with the four named functions and nothing else', () => {
    const exposed = runPreloadInSandbox(async () => undefined);
    expect(Object.keys(exposed)).toEqual(['vendpoint']);
    const api = exposed.vendpoint as Record<string, unknown>;
    expect(Object.keys(api).sort()).toEqual(['appVersion', 'listPrinters', 'openDataFolder', 'printReceipt']);
    for (const fn of Object.values(api)) expect(typeof fn).toBe('function');
  });

  it('round-trips every function through the main handlers (channel names agree on both sides)', async () => {
    const exposed = runPreloadInSandbox((channel, ...args) =>
      ipcMain.invoke(channel, fromConsole(), ...args),
    );
    const api = exposed.vendpoint as VendpointApi;
    expect(await api.appVersion()).toBe('1.2.3');
    expect((await api.listPrinters()).map((p) => p.name)).toEqual(['XP-58', 'Office_A4']);
    expect(await api.openDataFolder()).toEqual({ ok: true, path: DATA_DIR });
    expect(await api.printReceipt({ silent: true, deviceName: 'XP-58', pageSize: 'thermal-80mm' })).toEqual({
      ok: true,
    });
    expect(sender.printCalls).toHaveLength(1);
  });

  it('passes only the known print options across the bridge', async () => {
    const sent: unknown[][] = [];
    const exposed = runPreloadInSandbox(async (channel, ...args) => {
      sent.push([channel, ...args]);
      return { ok: true };
    });
    const api = exposed.vendpoint as VendpointApi;
    await api.printReceipt({ silent: false, pageSize: 'A4', evil: 'x' } as never);
    expect(sent).toEqual([
      ['vendpoint:print-receipt', { silent: false, deviceName: undefined, pageSize: 'A4' }],
    ]);
  });
});
