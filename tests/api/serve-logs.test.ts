import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');

/** The environment of the test run without its own log settings (vitest may set them). */
function serveEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, VENDPOINT_SCHEDULES: 'off' };
  delete env.VENDPOINT_LOG_LEVEL;
  delete env.VENDPOINT_LOG_FORMAT;
  return env;
}

/** Runs `npm run serve`'s entry point with the flags, makes one request, and returns its output. */
async function serveOutput(flags: string[]): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vendpoint-logs-'));
  const child = spawn(
    // Node itself (tsx as a loader, not a wrapper process), so a signal reaches the node.
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'server', 'serve.ts'), '--data-dir', dataDir, '--port', '0', ...flags],
    {
      cwd: ROOT,
      env: serveEnv(),
    },
  );
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start-up line in: ${out}`)), 60_000);
      const look = () => {
        const m = /listening on (http:\/\/[\d.:]+)\n/.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]);
        } else setTimeout(look, 50);
      };
      look();
    });
    expect((await fetch(`${url}/v1/healthz`)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    return out;
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const hard = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(hard);
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('terminal output', () => {
  it('is one JSON object per log line when stdout is not a terminal, without a line per request at info', async () => {
    const out = await serveOutput([]);
    const logLines = out.split('\n').filter((l) => l.startsWith('{'));
    expect(logLines.length).toBeGreaterThan(0);
    for (const l of logLines) expect(() => JSON.parse(l)).not.toThrow();
    expect(out).not.toMatch(/request completed/);
  }, 90_000);

  it('is readable lines with --log-format pretty, and request lines come back at --log-level debug', async () => {
    const out = await serveOutput(['--log-format', 'pretty', '--log-level', 'debug']);
    const completed = out.split('\n').find((l) => l.includes('request completed'));
    expect(completed).toBeDefined();
    expect(completed).toMatch(/^\[\d{2}:\d{2}:\d{2}\] DEBUG: request completed/);
    expect(out.split('\n').some((l) => l.startsWith('{'))).toBe(false);
  }, 90_000);
});
