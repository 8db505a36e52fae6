import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startNodeProcess } from '../helpers/node-process.js';

/** Runs `npm run serve`'s entry point with the flags, makes one request, and returns its output. */
async function serveOutput(flags: string[]): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vendpoint-logs-'));
  try {
    // The node's own log defaults, whatever the test run sets.
    const node = await startNodeProcess({
      dataDir,
      args: flags,
      env: { VENDPOINT_LOG_LEVEL: undefined, VENDPOINT_LOG_FORMAT: undefined },
    });
    try {
      expect((await fetch(`${node.url}/v1/healthz`)).status).toBe(200);
      await new Promise((r) => setTimeout(r, 300));
      return node.output();
    } finally {
      await node.stop();
    }
  } finally {
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
