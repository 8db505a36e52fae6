"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.buildVendpointApi = buildVendpointApi;
/** Same table as CHANNELS in ipc.ts; both are typed by VendpointChannels. */
const CHANNELS = {
    printReceipt: 'vendpoint:print-receipt',
    listPrinters: 'vendpoint:list-printers',
    appVersion: 'vendpoint:app-version',
    openDataFolder: 'vendpoint:open-data-folder',
};
function buildVendpointApi(ipc) {
    return {
        // Only the known fields cross the bridge; main validates them again.
        printReceipt: (options = {}) => ipc.invoke(CHANNELS.printReceipt, {
            silent: options.silent,
            deviceName: options.deviceName,
            pageSize: options.pageSize,
        }),
        listPrinters: () => ipc.invoke(CHANNELS.listPrinters),
        appVersion: () => ipc.invoke(CHANNELS.appVersion),
        openDataFolder: () => ipc.invoke(CHANNELS.openDataFolder),
    };
}
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a sandboxed preload only has require(); electron's typings may be absent
const electron = require('electron');
electron.contextBridge.exposeInMainWorld('vendpoint', buildVendpointApi(electron.ipcRenderer));
//# sourceMappingURL=preload.cjs.map