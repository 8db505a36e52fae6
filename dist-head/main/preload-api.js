/**
 * The typed contract of `window.vendpoint`, the only API the desktop shell gives the console.
 *
 * Types only: no DOM, no Node, no Electron, no runtime code, so the renderer (tsconfig.web.json),
 * the preload and main/ipc.ts can all import it. In a plain browser `window.vendpoint` is
 * undefined and the console falls back to `window.print()`.
 */
export {};
//# sourceMappingURL=preload-api.js.map