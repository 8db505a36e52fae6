// `npm test`: type-check, lint, then every test suite; ends with one line "N passed, N failed"
// summing all suites (the line CI reads). A failed check (types, lint, format) counts as one failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, 'test-results');
mkdirSync(out, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
let broken = false;

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status ?? 1;
}

function step(label, cmd, args) {
  if (run(label, cmd, args) !== 0) {
    console.error(`${label} failed`);
    totals.failed += 1;
    broken = true;
  }
}

step('type-check', 'npx', ['tsc', '-p', 'tsconfig.test.json', '--noEmit']);
step('type-check (renderer)', 'npx', ['vue-tsc', '-p', 'tsconfig.web.json', '--noEmit']);
step('lint', 'npx', ['eslint', '.']);
step('format', 'npx', ['prettier', '--check', '.']);

const vitestJson = join(out, 'vitest.json');
rmSync(vitestJson, { force: true });
const vitestStatus = run('unit + API tests', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
if (existsSync(vitestJson)) {
  const v = JSON.parse(readFileSync(vitestJson, 'utf8'));
  totals.passed += v.numPassedTests;
  // A file that failed without a failed test (it did not load, or a hook threw) counts once;
  // numFailedTestSuites would count a failed test again, with every describe block around it.
  const failedOutright = (v.testResults ?? []).filter(
    (f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'),
  ).length;
  totals.failed += v.numFailedTests + failedOutright;
  totals.skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
} else if (vitestStatus !== 0) {
  totals.failed += 1;
}
if (vitestStatus !== 0) broken = true;

function playwright(label, args) {
  const json = join(out, `${label.replace(/\W+/g, '-')}.json`);
  rmSync(json, { force: true });
  const status = run(label, 'npx', ['playwright', 'test', ...args, '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: json,
  });
  if (existsSync(json)) {
    const s = JSON.parse(readFileSync(json, 'utf8')).stats;
    totals.passed += s.expected + (s.flaky ?? 0);
    totals.failed += s.unexpected;
    totals.skipped += s.skipped;
  } else if (status !== 0) {
    totals.failed += 1;
  }
  if (status !== 0) broken = true;
}

if (existsSync(join(root, 'playwright.config.ts'))) {
  if (run('build console', 'node', ['scripts/ensure-renderer.mjs']) !== 0) broken = true;
  playwright('end-to-end console (Chromium)', []);
}
// The desktop smoke test runs where an Electron binary exists; elsewhere it reports skipped.
if (existsSync(join(root, 'tests', 'e2e-electron', 'playwright.config.ts'))) {
  playwright('desktop smoke (Electron)', ['-c', 'tests/e2e-electron']);
}

console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(broken || totals.failed > 0 ? 1 : 0);
