import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EXIT_START_FAILED as MAIN_EXIT_START_FAILED } from '../../../main/desktop.js';
import {
  EXIT_START_FAILED,
  STARTUP_WINDOW_MS,
  detectElectronRuntime,
  earlyExitReason,
  fallbackLine,
  probeMachine,
  type MachineProbe,
} from '../../../scripts/electron-runtime.mjs';

const BINARY = '/repo/node_modules/electron/dist/electron';

function machine(overrides: Partial<MachineProbe> = {}): MachineProbe {
  return {
    env: { DISPLAY: ':0' },
    platform: 'linux',
    resolveElectronPackage: () => '/repo/node_modules/electron/index.js',
    electronBinaryPath: () => BINARY,
    fileExists: (p) => p === BINARY,
    ...overrides,
  };
}

const notFound = () => {
  throw new Error("Cannot find module 'electron'");
};

describe('npm start: can Electron run here?', () => {
  it('yes, with the package, its binary and a display', () => {
    expect(detectElectronRuntime(machine())).toEqual({ usable: true, binary: BINARY });
    expect(detectElectronRuntime(machine({ env: { WAYLAND_DISPLAY: 'wayland-0' } }))).toEqual({
      usable: true,
      binary: BINARY,
    });
  });

  it('macOS and Windows need no DISPLAY', () => {
    for (const platform of ['darwin', 'win32'])
      expect(detectElectronRuntime(machine({ platform, env: {} })).usable).toBe(true);
  });

  it.each([
    [
      'the package is not installed',
      machine({ resolveElectronPackage: notFound }),
      'the electron package is not installed',
    ],
    [
      'the binary download failed (electron throws)',
      machine({
        electronBinaryPath: () => {
          throw new Error(
            'Electron failed to install correctly, please delete node_modules/electron and try installing again',
          );
        },
      }),
      'the Electron binary was not downloaded',
    ],
    [
      'the binary path does not exist',
      machine({ fileExists: () => false }),
      `the Electron binary is missing at ${BINARY}`,
    ],
    ['Linux without a display', machine({ env: {} }), 'no display: DISPLAY and WAYLAND_DISPLAY are not set'],
    [
      'headless is asked for',
      machine({ env: { DISPLAY: ':0', VENDPOINT_HEADLESS: '1' } }),
      'VENDPOINT_HEADLESS is set',
    ],
  ])('no when %s', (_why, probe, reason) => {
    expect(detectElectronRuntime(probe)).toEqual({ usable: false, reason });
  });

  it('VENDPOINT_HEADLESS=0 or false does not force headless', () => {
    expect(detectElectronRuntime(machine({ env: { DISPLAY: ':0', VENDPOINT_HEADLESS: '0' } })).usable).toBe(
      true,
    );
    expect(
      detectElectronRuntime(machine({ env: { DISPLAY: ':0', VENDPOINT_HEADLESS: 'false' } })).usable,
    ).toBe(true);
  });

  it('the fallback is one line that says why', () => {
    const line = fallbackLine('the electron package is not installed');
    expect(line).toBe(
      'Electron is not available here (the electron package is not installed); starting the headless node instead.',
    );
    expect(line).not.toContain('\n');
  });

  it('the real probe agrees with what is installed in node_modules', () => {
    const installed = existsSync(
      fileURLToPath(new URL('../../../node_modules/electron/package.json', import.meta.url)),
    );
    const probe = probeMachine(import.meta.url, { DISPLAY: ':0' }, 'linux');
    if (installed) expect(probe.resolveElectronPackage()).toMatch(/node_modules[\\/]electron[\\/]/);
    else expect(() => probe.resolveElectronPackage()).toThrow();
    const decision = detectElectronRuntime(probe);
    if (!installed)
      expect(decision).toEqual({ usable: false, reason: 'the electron package is not installed' });
  });
});

describe('npm start: Electron that dies at start-up falls back to headless', () => {
  const exit = (o: Partial<Parameters<typeof earlyExitReason>[0]>) =>
    earlyExitReason({ code: 0, signal: null, uptimeMs: 500, stopRequested: false, ...o });

  it('a crash, a signal or a missing library during start-up falls back', () => {
    expect(exit({ code: 127 })).toBe('Electron exited with code 127 during start-up');
    expect(exit({ code: 1 })).toBe('Electron exited with code 1 during start-up');
    expect(exit({ code: null, signal: 'SIGTRAP' })).toBe('Electron was killed by SIGTRAP during start-up');
  });

  it('a clean exit, a start failure VendPoint reported, a stop we asked for, or a late exit is final', () => {
    expect(exit({ code: 0 })).toBeNull();
    expect(exit({ code: EXIT_START_FAILED })).toBeNull();
    expect(exit({ code: null, signal: 'SIGTERM', stopRequested: true })).toBeNull();
    expect(exit({ code: 1, uptimeMs: STARTUP_WINDOW_MS + 1 })).toBeNull();
  });

  it('main/ and the start script agree on the "start failed, already reported" exit code', () => {
    expect(EXIT_START_FAILED).toBe(MAIN_EXIT_START_FAILED);
  });
});
