// Whether a build output is older than what it is built from: the one rule of the on-demand
// builds (`ensure-renderer.mjs` for the console, `build-node.mjs --if-stale` for the node).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The newest mtime under a path; a folder's own counts too (a removed or renamed file changes it). */
export function newestMtime(path) {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

/** True when `built` is missing or any existing source changed after it. */
export function isStale(built, sources) {
  if (!existsSync(built)) return true;
  const at = statSync(built).mtimeMs;
  return sources.filter(existsSync).some((s) => newestMtime(s) > at);
}
