// Builds the console (renderer/dist) when it is missing or older than its sources, so
// `npm run serve` and `npm start` always serve the current console.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { isStale } from './source-freshness.mjs';

const root = new URL('..', import.meta.url).pathname;
const built = join(root, 'renderer', 'dist', 'index.html');

// common/ is bundled into the console too: a change there makes the build stale as well.
const sources = [
  join(root, 'renderer', 'src'),
  join(root, 'renderer', 'index.html'),
  join(root, 'common'),
].filter(existsSync);
const stale = isStale(built, sources);
if (stale && sources.length > 0) {
  console.log('Building the console (vite build)...');
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
