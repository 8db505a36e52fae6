// `npm start`: the desktop app where Electron can run on this machine; otherwise one line saying
// why, then the headless node (`npm run serve`'s steps) with the same arguments. Never a crash
// for want of Electron. The decision itself lives in electron-runtime.mjs (unit-tested).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { constants } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { detectElectronRuntime, earlyExitReason, fallbackLine, probeMachine } from './electron-runtime.mjs';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const args = process.argv.slice(2);
const require = createRequire(import.meta.url);

/** @type {import('node:child_process').ChildProcess | null} */
let child = null;
let stopRequested = false;

// Ctrl-C and a closing terminal reach the whole process group, the child included: just note it.
// A SIGTERM is usually aimed at this process alone, so it is passed on.
for (const signal of ['SIGINT', 'SIGHUP']) process.on(signal, () => (stopRequested = true));
process.on('SIGTERM', () => {
  stopRequested = true;
  child?.kill('SIGTERM');
});

/** Runs a command in the project root with our terminal; resolves with how it ended. */
function run(command, argv, env = process.env) {
  return new Promise((resolve) => {
    child = spawn(command, argv, { cwd: root, env, stdio: 'inherit' });
    child.once('error', (err) => resolve({ code: 127, signal: null, error: err }));
    child.once('exit', (code, signal) => resolve({ code, signal, error: null }));
  }).finally(() => (child = null));
}

function exitLike({ code, signal }) {
  process.exit(signal ? 128 + (constants.signals[signal] ?? 1) : (code ?? 1));
}

/**
 * One of the on-demand builds `npm run serve` runs too (the console, the node's bundle): each
 * builds only what is missing or older than its sources. A failed build ends the start.
 */
async function buildStep(script, ...argv) {
  const result = await run(process.execPath, [join(root, 'scripts', script), ...argv]);
  if (result.code !== 0) exitLike(result);
}

async function startHeadless() {
  await buildStep('ensure-renderer.mjs');
  await buildStep('build-node.mjs', '--if-stale');
  exitLike(await run(process.execPath, [join('dist', 'headless', 'serve.js'), ...args]));
}

async function startDesktop(binary) {
  await buildStep('ensure-renderer.mjs');
  // Compiles server/ and main/ to dist/ (incremental: quick when nothing changed).
  const compiled = await run(process.execPath, [
    require.resolve('typescript/bin/tsc'),
    '-p',
    'tsconfig.node.json',
  ]);
  if (compiled.code !== 0) exitLike(compiled);
  const env = { ...process.env };
  delete env.ELECTRON_RUN_AS_NODE; // it would turn the Electron binary into plain Node
  const startedAt = Date.now();
  const result = await run(binary, [root, ...args], env);
  const reason = earlyExitReason({
    code: result.error ? 127 : result.code,
    signal: result.signal,
    uptimeMs: Date.now() - startedAt,
    stopRequested,
  });
  if (!reason) exitLike(result);
  console.log(fallbackLine(reason));
  await startHeadless();
}

const decision = detectElectronRuntime(probeMachine(import.meta.url));
if (decision.usable) {
  await startDesktop(decision.binary);
} else {
  console.log(fallbackLine(decision.reason));
  await startHeadless();
}
