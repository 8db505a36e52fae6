import { describe, expect, it } from 'vitest';
import {
  EXTERNAL_LINK_HOSTS,
  assertTrustedSender,
  isAllowedExternalUrl,
  isTrustedSender,
  lockDownSession,
  lockDownWebContents,
  openExternalIfAllowed,
  originOf,
  secureWebPreferences,
  UntrustedSenderError,
} from '../../../main/security.js';
import { consoleWindowOptions } from '../../../main/window.js';
import { FakeSession, FakeShell, FakeWebContents, subFrame, topFrame } from './fake-electron.js';

const ORIGIN = 'http://127.0.0.1:7300';

function lockedContents(hosts?: readonly string[]) {
  const contents = new FakeWebContents();
  const shell = new FakeShell();
  const warnings: string[] = [];
  lockDownWebContents(contents, {
    consoleOrigin: ORIGIN,
    shell,
    externalHosts: hosts,
    log: { warn: (m) => warnings.push(m) },
  });
  return { contents, shell, warnings };
}

describe('window options (Electron security checklist)', () => {
  it('the console window is isolated, sandboxed, without Node, with web security, and gets the preload', () => {
    const options = consoleWindowOptions({ preload: '/app/dist/main/preload.cjs', devTools: false });
    expect(options.webPreferences).toEqual({
      preload: '/app/dist/main/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      devTools: false,
    });
    expect(options.show).toBe(false);
    expect(options.width).toBeGreaterThanOrEqual(1280);
    expect(options.minWidth).toBeLessThanOrEqual(1024);
  });

  it('a window without a preload (API docs) has no preload key at all, and devtools follow the flag', () => {
    const prefs = secureWebPreferences({ devTools: true });
    expect('preload' in prefs).toBe(false);
    expect(prefs.devTools).toBe(true);
    expect(prefs.sandbox && prefs.contextIsolation && !prefs.nodeIntegration).toBe(true);
  });
});

describe('navigation stays on the console origin', () => {
  it('allows pages of the console origin', () => {
    const { contents } = lockedContents();
    expect(contents.navigate(`${ORIGIN}/transactions?q=1`).defaultPrevented).toBe(false);
    expect(contents.navigate(`${ORIGIN}/v1/docs`).defaultPrevented).toBe(false);
  });

  it.each([
    'https://evil.example/',
    'http://127.0.0.1:7301/', // same host, other port: another origin
    'http://localhost:7300/', // same port, other host name: another origin
    'https://127.0.0.1:7300/',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'not a url',
  ])('denies navigation to %s', (url) => {
    const { contents, shell } = lockedContents();
    expect(contents.navigate(url).defaultPrevented).toBe(true);
    expect(shell.openedExternal).toEqual([]);
  });

  it('a plain link to an allowlisted https page opens in the OS browser, not in the window', () => {
    const { contents, shell } = lockedContents();
    const event = contents.navigate('https://support.apple.com/en-ng/118669');
    expect(event.defaultPrevented).toBe(true);
    expect(shell.openedExternal).toEqual(['https://support.apple.com/en-ng/118669']);
  });

  it('denies a redirect that leaves the console origin, without opening anything', () => {
    const { contents, shell, warnings } = lockedContents();
    expect(contents.redirect(`${ORIGIN}/login`).defaultPrevented).toBe(false);
    expect(contents.redirect('https://support.apple.com/').defaultPrevented).toBe(true);
    expect(shell.openedExternal).toEqual([]);
    expect(warnings.some((w) => w.includes('redirect'))).toBe(true);
  });

  it('refuses to attach a <webview>', () => {
    const { contents } = lockedContents();
    expect(contents.attachWebview().defaultPrevented).toBe(true);
  });
});

describe('new windows are never created', () => {
  it('denies window.open to the console origin itself', () => {
    const { contents, shell } = lockedContents();
    expect(contents.openWindow(`${ORIGIN}/receipt/1`)).toEqual({ action: 'deny' });
    expect(shell.openedExternal).toEqual([]);
  });

  it('denies foreign origins and opens nothing', () => {
    const { contents, shell } = lockedContents();
    for (const url of ['https://evil.example/', 'http://support.apple.com/', 'file:///tmp/x.html']) {
      expect(contents.openWindow(url)).toEqual({ action: 'deny' });
    }
    expect(shell.openedExternal).toEqual([]);
  });

  it('hands an allowlisted https link to the OS browser and still denies the window', () => {
    const { contents, shell } = lockedContents(['help.vendpoint.example']);
    expect(contents.openWindow('https://help.vendpoint.example/esim')).toEqual({ action: 'deny' });
    expect(shell.openedExternal).toEqual(['https://help.vendpoint.example/esim']);
  });
});

describe('shell.openExternal allowlist', () => {
  it('accepts https links to allowlisted hosts only', () => {
    expect(EXTERNAL_LINK_HOSTS.length).toBeGreaterThan(0);
    const host = EXTERNAL_LINK_HOSTS[0];
    expect(isAllowedExternalUrl(`https://${host}/some/page?x=1`)).toBe(true);
  });

  it.each([
    ['http, not https', 'http://support.apple.com/'],
    ['a host not on the list', 'https://evil.example/'],
    ['a look-alike suffix', 'https://support.apple.com.evil.example/'],
    ['a sub-domain of a listed host', 'https://x.support.apple.com/'],
    ['credentials in the URL', 'https://user:pw@support.apple.com/'],
    ['a non-default port', 'https://support.apple.com:8443/'],
    ['the file scheme', 'file:///C:/Windows/System32/calc.exe'],
    ['a custom scheme', 'ms-msdt:/id PCWDiagnostic'],
    ['garbage', '::::'],
  ])('refuses %s', (_why, url) => {
    const shell = new FakeShell();
    expect(isAllowedExternalUrl(url)).toBe(false);
    expect(openExternalIfAllowed(shell, url)).toBe(false);
    expect(shell.openedExternal).toEqual([]);
  });

  it('opens an allowed link through the shell', () => {
    const shell = new FakeShell();
    expect(openExternalIfAllowed(shell, 'https://support.google.com/pixelphone/answer/9449293')).toBe(true);
    expect(shell.openedExternal).toEqual(['https://support.google.com/pixelphone/answer/9449293']);
  });
});

describe('session permissions', () => {
  function lockedSession() {
    const session = new FakeSession();
    lockDownSession(session, ORIGIN);
    return session;
  }

  it.each([
    'media',
    'geolocation',
    'notifications',
    'clipboard-read',
    'openExternal',
    'fullscreen',
    'hid',
    'serial',
    'usb',
    'unknown',
  ])('denies %s even to the console', async (permission) => {
    const session = lockedSession();
    expect(await session.request(permission, `${ORIGIN}/sell`)).toBe(false);
    expect(session.check(permission, `${ORIGIN}/sell`)).toBe(false);
  });

  it('grants clipboard writes (copy buttons) to the console top frame only', async () => {
    const session = lockedSession();
    expect(await session.request('clipboard-sanitized-write', `${ORIGIN}/receipt/7`)).toBe(true);
    expect(session.check('clipboard-sanitized-write', `${ORIGIN}/receipt/7`)).toBe(true);
    expect(await session.request('clipboard-sanitized-write', 'https://evil.example/')).toBe(false);
    expect(session.check('clipboard-sanitized-write', 'http://127.0.0.1:7301/')).toBe(false);
    expect(await session.request('clipboard-sanitized-write', `${ORIGIN}/frame`, false)).toBe(false);
  });
});

describe('IPC sender checks', () => {
  const event = (frame: ReturnType<typeof topFrame> | null) => ({
    senderFrame: frame,
    sender: new FakeWebContents(),
  });

  it('trusts the console origin top frame', () => {
    expect(isTrustedSender(event(topFrame(`${ORIGIN}/sell/airtime`)), ORIGIN)).toBe(true);
    expect(() =>
      assertTrustedSender(event(topFrame(`${ORIGIN}/`)), ORIGIN, 'vendpoint:app-version'),
    ).not.toThrow();
  });

  it.each([
    ['another origin', topFrame('https://evil.example/')],
    ['another port on the same host', topFrame('http://127.0.0.1:7301/')],
    ['a file page', topFrame('file:///tmp/page.html')],
    ['about:blank', topFrame('about:blank')],
    ['a sub-frame, even of the console origin', subFrame(`${ORIGIN}/embedded`, `${ORIGIN}/`)],
    ['a frame that is gone', null],
  ])('rejects %s', (_why, frame) => {
    expect(isTrustedSender(event(frame), ORIGIN)).toBe(false);
    expect(() => assertTrustedSender(event(frame), ORIGIN, 'vendpoint:print-receipt')).toThrow(
      UntrustedSenderError,
    );
  });

  it('originOf gives null for URLs without an origin', () => {
    expect(originOf('http://127.0.0.1:7300/a?b#c')).toBe(ORIGIN);
    expect(originOf('about:blank')).toBeNull();
    expect(originOf('data:text/plain,x')).toBeNull();
    expect(originOf('nonsense')).toBeNull();
  });
});
