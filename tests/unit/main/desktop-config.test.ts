import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { choosePort, desktopConfig, isPortFree, userArgs } from '../../../main/desktop-config.js';
import { createServer } from 'node:net';

const USER_DATA = '/home/agent/.config/VendPoint';

describe('the desktop node configuration', () => {
  it('defaults: data in <userData>/data, 127.0.0.1, port 7300 (may give way)', () => {
    const c = desktopConfig([], {}, USER_DATA);
    expect(c.node).toMatchObject({ dataDir: join(USER_DATA, 'data'), host: '127.0.0.1', port: 7300 });
    expect(c.portIsExplicit).toBe(false);
    expect(c.ignoredHost).toBeNull();
  });

  it('flags and env work as for the headless node, except the host', () => {
    const c = desktopConfig(['--data-dir=/srv/vp', '--port', '7398', '--host', '0.0.0.0'], {}, USER_DATA);
    expect(c.node).toMatchObject({ dataDir: '/srv/vp', port: 7398, host: '127.0.0.1' });
    expect(c.portIsExplicit).toBe(true);
    expect(c.ignoredHost).toBe('0.0.0.0');
    const e = desktopConfig([], { VENDPOINT_DATA_DIR: '/data/vp', VENDPOINT_PORT: '0' }, USER_DATA);
    expect(e.node).toMatchObject({ dataDir: '/data/vp', port: 0 });
    expect(e.portIsExplicit).toBe(true);
  });

  it('drops Electron’s own arguments: the app dir in development, the executable when packaged', () => {
    expect(userArgs(['/x/electron', '/repo', '--port', '1'], true)).toEqual(['--port', '1']);
    expect(userArgs(['/opt/VendPoint/vendpoint', '--port', '1'], false)).toEqual(['--port', '1']);
  });
});

describe('choosing the port', () => {
  it('keeps an explicit port even when taken (the clash is reported), and port 0', async () => {
    const taken = async () => false;
    expect(await choosePort(desktopConfig(['--port', '7398'], {}, USER_DATA), taken)).toBe(7398);
    expect(await choosePort(desktopConfig([], { VENDPOINT_PORT: '0' }, USER_DATA), taken)).toBe(0);
  });

  it('uses the default when free, else a free port', async () => {
    const c = desktopConfig([], {}, USER_DATA);
    expect(await choosePort(c, async () => true)).toBe(7300);
    expect(await choosePort(c, async () => false)).toBe(0);
  });

  it('isPortFree sees a listening socket', async () => {
    const server = createServer();
    await new Promise<void>((r) => server.listen({ host: '127.0.0.1', port: 0 }, r));
    const port = (server.address() as { port: number }).port;
    expect(await isPortFree('127.0.0.1', port)).toBe(false);
    await new Promise<void>((r) => server.close(() => r()));
    expect(await isPortFree('127.0.0.1', port)).toBe(true);
  });
});
