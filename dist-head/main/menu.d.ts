import type { MenuItemOptions } from './electron-types.js';
export interface MenuActions {
    openDataFolder(): void;
    openLogFile(): void;
    openApiDocs(): void;
}
export interface MenuOptions {
    appName: string;
    platform: NodeJS.Platform;
    /** Developer tools entries appear only where devtools are enabled (not in packaged builds). */
    devTools: boolean;
    actions: MenuActions;
}
/** The application menu: standard roles plus the operator's shortcuts to the data folder, log and API docs. */
export declare function buildMenuTemplate(opts: MenuOptions): MenuItemOptions[];
