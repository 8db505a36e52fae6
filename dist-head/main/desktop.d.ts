import type { NodeConfig } from '../server/config.js';
import { type DesktopConfig } from './desktop-config.js';
import type { BrowserWindowLike, ElectronMain } from './electron-types.js';
import { DesktopLog } from './error-log.js';
/**
 * Exit code when VendPoint itself told the user why it could not start (dialog and log).
 * scripts/electron-runtime.mjs reads any other early failure as "Electron cannot run here"
 * and falls back to the headless node; keep the two constants equal (a test checks).
 */
export declare const EXIT_START_FAILED = 3;
/** The folder name under the OS application-data directory (see main/README.md). */
export declare const APP_NAME = "VendPoint";
/** How long quitting waits for in-flight vends; after that they stay recoverable (requeried on next start). */
export declare const SHUTDOWN_TIMEOUT_MS = 20000;
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
export declare function runDesktop(deps: DesktopDeps): DesktopHandle | null;
