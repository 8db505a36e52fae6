import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// electron-builder's own YAML parser and schema validator, resolved through electron-builder
// (a devDependency) so the check uses exactly the version `npm run dist` runs.
const fromBuilder = createRequire(createRequire(import.meta.url).resolve('electron-builder'));
const appBuilderLib = createRequire(fromBuilder.resolve('app-builder-lib'));
const yaml = appBuilderLib('js-yaml') as { load(text: string): unknown };
const { validateConfiguration } = appBuilderLib('app-builder-lib/out/util/config/config.js') as {
  validateConfiguration(config: unknown, logger: unknown): Promise<void>;
};
const { DebugLogger } = fromBuilder('builder-util/out/DebugLogger.js') as {
  DebugLogger: new (enabled: boolean) => unknown;
};

const root = new URL('../../../', import.meta.url);
interface BuilderConfig {
  appId: string;
  productName: string;
  electronVersion: string;
  files: string[];
  asarUnpack: string[];
  npmRebuild: boolean;
  directories: { output: string };
  electronFuses: Record<string, boolean>;
  linux: { target: string[]; icon: string };
  win: { target: string[] };
  mac: { target: string[] };
}
const config = yaml.load(readFileSync(new URL('electron-builder.yml', root), 'utf8')) as BuilderConfig;
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));

describe('electron-builder.yml', () => {
  // Compiling electron-builder's schema takes a second or more on a busy machine.
  it('is a valid configuration for the installed electron-builder', { timeout: 30_000 }, async () => {
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
  });

  it(
    'the validator does reject a wrong configuration (so the check above means something)',
    { timeout: 30_000 },
    async () => {
      await expect(
        validateConfiguration({ ...config, electronFuses: { runAsNod: false } }, new DebugLogger(false)),
      ).rejects.toThrow(/electronFuses/);
    },
  );

  it('names the app and pins Electron to the version package.json installs', () => {
    expect(config.appId).toBe('com.vendpoint.desktop');
    expect(config.productName).toBe('VendPoint');
    expect(config.electronVersion).toBe(pkg.optionalDependencies.electron);
  });

  it('packages the compiled main and node, its migrations, the console, resources, and unpacks better-sqlite3 rebuilt for Electron', () => {
    expect(config.files).toEqual(
      expect.arrayContaining([
        'dist/**',
        'server/store/migrations/*.sql',
        'renderer/dist/**',
        'resources/**',
      ]),
    );
    // The headless node's bundle is not the desktop app's (it imports tsc's dist/server/node.js).
    expect(config.files).toContain('!dist/headless/**');
    expect(pkg.main).toMatch(/^dist\//);
    expect(config.asarUnpack).toEqual(expect.arrayContaining(['**/node_modules/better-sqlite3/**']));
    expect(config.npmRebuild).toBe(true);
    expect(config.directories.output).not.toBe('dist'); // dist/ is tsc's output, packaged above
  });

  it('sets the production fuses', () => {
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
    });
  });

  it('builds AppImage and deb, NSIS and dmg, with icons that exist', () => {
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.win.target).toEqual(['nsis']);
    expect(config.mac.target).toEqual(['dmg']);
    for (const size of [256, 512]) {
      const png = readFileSync(new URL(`${config.linux.icon}/${size}x${size}.png`, root));
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([size, size]);
    }
  });
});
