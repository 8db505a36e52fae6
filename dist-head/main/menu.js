/** The application menu: standard roles plus the operator's shortcuts to the data folder, log and API docs. */
export function buildMenuTemplate(opts) {
    const isMac = opts.platform === 'darwin';
    const { actions } = opts;
    const sep = { type: 'separator' };
    const template = [];
    if (isMac) {
        template.push({
            label: opts.appName,
            submenu: [
                { role: 'about' },
                sep,
                { role: 'hide' },
                { role: 'hideOthers' },
                { role: 'unhide' },
                sep,
                { role: 'quit' },
            ],
        });
    }
    template.push({
        label: 'File',
        submenu: [
            { label: 'Open Data Folder', click: () => actions.openDataFolder() },
            { label: 'Open Log File', click: () => actions.openLogFile() },
            sep,
            isMac ? { role: 'close' } : { role: 'quit' },
        ],
    });
    template.push({
        label: 'Edit',
        submenu: [
            { role: 'undo' },
            { role: 'redo' },
            sep,
            { role: 'cut' },
            { role: 'copy' },
            { role: 'paste' },
            { role: 'selectAll' },
        ],
    });
    template.push({
        label: 'View',
        submenu: [
            { role: 'reload' },
            ...(opts.devTools ? [{ role: 'toggleDevTools' }] : []),
            sep,
            { role: 'resetZoom' },
            { role: 'zoomIn' },
            { role: 'zoomOut' },
            sep,
            { role: 'togglefullscreen' },
        ],
    });
    template.push({
        label: 'Window',
        submenu: isMac
            ? [{ role: 'minimize' }, { role: 'zoom' }, sep, { role: 'front' }]
            : [{ role: 'minimize' }, { role: 'close' }],
    });
    template.push({
        label: 'Help',
        submenu: [
            { label: 'API Documentation', click: () => actions.openApiDocs() },
            ...(isMac ? [] : [sep, { role: 'about' }]),
        ],
    });
    return template;
}
//# sourceMappingURL=menu.js.map