import { describe, expect, it, vi } from 'vitest';
import type { MenuItemOptions } from '../../../main/electron-types.js';
import { buildMenuTemplate } from '../../../main/menu.js';

const flatten = (items: MenuItemOptions[]): MenuItemOptions[] =>
  items.flatMap((i) => [i, ...flatten(i.submenu ?? [])]);
const actions = () => ({ openDataFolder: vi.fn(), openLogFile: vi.fn(), openApiDocs: vi.fn() });

describe('the application menu', () => {
  it('has File, Edit, View, Window and Help; File opens the data folder and the log', () => {
    const a = actions();
    const template = buildMenuTemplate({
      appName: 'VendPoint',
      platform: 'linux',
      devTools: false,
      actions: a,
    });
    expect(template.map((m) => m.label)).toEqual(['File', 'Edit', 'View', 'Window', 'Help']);
    const items = flatten(template);
    items.find((i) => i.label === 'Open Data Folder')?.click?.();
    items.find((i) => i.label === 'Open Log File')?.click?.();
    items.find((i) => i.label === 'API Documentation')?.click?.();
    expect(a.openDataFolder).toHaveBeenCalledOnce();
    expect(a.openLogFile).toHaveBeenCalledOnce();
    expect(a.openApiDocs).toHaveBeenCalledOnce();
    expect(items.some((i) => i.role === 'quit')).toBe(true);
    expect(items.some((i) => i.role === 'copy')).toBe(true);
  });

  it('offers developer tools only where they are enabled (never in packaged builds)', () => {
    const roles = (devTools: boolean) =>
      flatten(
        buildMenuTemplate({ appName: 'VendPoint', platform: 'win32', devTools, actions: actions() }),
      ).map((i) => i.role);
    expect(roles(false)).not.toContain('toggleDevTools');
    expect(roles(true)).toContain('toggleDevTools');
  });

  it('on macOS the first menu is the app menu, which holds Quit', () => {
    const template = buildMenuTemplate({
      appName: 'VendPoint',
      platform: 'darwin',
      devTools: false,
      actions: actions(),
    });
    expect(template[0].label).toBe('VendPoint');
    expect(template[0].submenu?.some((i) => i.role === 'quit')).toBe(true);
    expect(template.find((m) => m.label === 'File')?.submenu?.some((i) => i.role === 'quit')).toBe(false);
  });
});
