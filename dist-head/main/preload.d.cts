/**
 * The console window's preload. It runs sandboxed, so it must be CommonJS (hence .cts) and
 * self-contained: a sandboxed preload may require 'electron' and a few built-ins, never a
 * local file. It exposes named functions only (window.vendpoint), never ipcRenderer itself.
 */
import type { VendpointApi } from './preload-api.js';
interface PreloadElectron {
    contextBridge: {
        exposeInMainWorld(key: string, api: unknown): void;
    };
    ipcRenderer: {
        invoke(channel: string, ...args: unknown[]): Promise<unknown>;
    };
}
export declare function buildVendpointApi(ipc: PreloadElectron['ipcRenderer']): VendpointApi;
export {};
