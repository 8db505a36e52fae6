// Can this machine run the Electron desktop app? The decision behind `npm start` (scripts/start.mjs)
// and the Electron smoke test. detectElectronRuntime() and earlyExitReason() are pure: every
// probe of the machine is passed in, so tests can try each case. probeMachine() does the real probes.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Exit code of a desktop start that failed and already told the user why (main/desktop.ts
 * EXIT_START_FAILED). Any other early failure of Electron means it cannot run here.
 */
export const EXIT_START_FAILED = 3;

/** Electron dying this soon after launch, by itself, is read as "it cannot run here". */
export const STARTUP_WINDOW_MS = 20_000;

/**
 * @typedef {{ usable: true, binary: string } | { usable: false, reason: string }} RuntimeDecision
 * @typedef {{
 *   env: Record<string, string | undefined>,
 *   platform: string,
 *   resolveElectronPackage: () => string,
 *   electronBinaryPath: () => string,
 *   fileExists: (path: string) => boolean,
 * }} MachineProbe
 */

/**
 * @param {MachineProbe} probe
 * @returns {RuntimeDecision}
 */
export function detectElectronRuntime(probe) {
  if (truthy(probe.env.VENDPOINT_HEADLESS)) return { usable: false, reason: 'VENDPOINT_HEADLESS is set' };
  try {
    probe.resolveElectronPackage();
  } catch {
    return { usable: false, reason: 'the electron package is not installed' };
  }
  let binary;
  try {
    binary = probe.electronBinaryPath();
  } catch {
    return { usable: false, reason: 'the Electron binary was not downloaded' };
  }
  if (typeof binary !== 'string' || !binary || !probe.fileExists(binary)) {
    return {
      usable: false,
      reason: `the Electron binary is missing${typeof binary === 'string' && binary ? ` at ${binary}` : ''}`,
    };
  }
  if (probe.platform === 'linux' && !probe.env.DISPLAY && !probe.env.WAYLAND_DISPLAY) {
    return { usable: false, reason: 'no display: DISPLAY and WAYLAND_DISPLAY are not set' };
  }
  return { usable: true, binary };
}

/** The one line `npm start` prints before running headless. */
export function fallbackLine(reason) {
  return `Electron is not available here (${reason}); starting the headless node instead.`;
}

/**
 * Why Electron's exit should send `npm start` to the headless node, or null when it should not:
 * only a failure by itself (a crash, a signal, a non-zero code other than EXIT_START_FAILED)
 * within the start-up window. A clean exit, a reported start failure, an exit we asked for
 * (signal forwarded by us) or one after the app has run a while is final.
 *
 * @param {{ code: number | null, signal: string | null, uptimeMs: number, stopRequested: boolean }} exit
 * @returns {string | null}
 */
export function earlyExitReason(exit) {
  if (exit.stopRequested || exit.uptimeMs > STARTUP_WINDOW_MS) return null;
  if (exit.signal) return `Electron was killed by ${exit.signal} during start-up`;
  if (exit.code === 0 || exit.code === null || exit.code === EXIT_START_FAILED) return null;
  return `Electron exited with code ${exit.code} during start-up`;
}

/**
 * The real machine, seen from a module in this project.
 * @param {string} fromUrl import.meta.url of the caller (module resolution starts there)
 * @returns {MachineProbe}
 */
export function probeMachine(fromUrl, env = process.env, platform = process.platform) {
  const require = createRequire(fromUrl);
  return {
    env,
    platform,
    resolveElectronPackage: () => require.resolve('electron'),
    // In plain Node, the electron package exports the path of its binary (and throws when
    // the postinstall download did not happen).
    electronBinaryPath: () => require('electron'),
    fileExists: existsSync,
  };
}

function truthy(value) {
  return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}
