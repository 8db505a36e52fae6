// First: see server/tick-shape-pin.ts (before any other module can start a garbage collection).
import '../server/tick-shape-pin.js';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startNode } from '../server/node.js';
import { userArgs } from './desktop-config.js';
import { runDesktop } from './desktop.js';
import type { ElectronMain } from './electron-types.js';

// The Electron entry (package.json "main": dist/main/main.js). Wiring only; the logic is in
// desktop.ts. Electron is loaded through require() so type-checking never needs its typings,
// which are absent wherever its download failed (see electron-types.ts).
const electron = createRequire(import.meta.url)('electron') as ElectronMain;
const here = dirname(fileURLToPath(import.meta.url));
const isDefaultApp = Boolean((process as NodeJS.Process & { defaultApp?: boolean }).defaultApp);

runDesktop({
  electron,
  startNode,
  argv: userArgs(process.argv, isDefaultApp),
  env: process.env,
  platform: process.platform,
  preloadPath: join(here, 'preload.cjs'),
  iconPath: join(here, '..', '..', 'resources', 'icons', '512x512.png'),
  processEvents: process,
});
