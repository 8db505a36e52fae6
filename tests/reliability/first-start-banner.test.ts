import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from '../../server/store/bootstrap.js';
import { catalogDir } from '../../server/store/catalog.js';
import { resourcesDir } from '../../server/resources.js';
import { runCli } from '../helpers/cli.js';
import { startNodeProcess } from '../helpers/node-process.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const fresh = () => {
  const d = mkdtempSync(join(tmpdir(), 'vendpoint-banner-'));
  dirs.push(d);
  return d;
};

/** Starts serve.ts on dataDir until it has printed everything it prints at start, then stops it. */
async function startOutput(
  dataDir: string,
): Promise<{ out: string; url: string; stop: () => Promise<void> }> {
  // The setup-code line comes last, after the banner when there is one.
  const node = await startNodeProcess({ dataDir, readyWhen: /Console setup: / });
  return { out: node.output(), url: node.url, stop: () => node.stop() };
}

const balance = (url: string, pair: { key: string; secret: string }) =>
  fetch(`${url}/v1/wallet/balance`, {
    headers: { 'x-merchant-key': pair.key, 'x-merchant-secret': pair.secret },
  }).then((r) => r.status);

describe('a first start stopped between creating DEMO and printing its banner (operations review L6)', () => {
  it('the next start shows a fresh DEMO pair in the banner, once; the unseen one no longer works', async () => {
    const dir = fresh();
    // What such a start leaves: the data directory and DEMO committed, its pair never printed.
    const { db, demo } = openStore(dir, catalogDir(resourcesDir()));
    db.close();
    const unseen = demo!.test;

    const next = await startOutput(dir);
    try {
      expect(next.out).toContain(
        'First start completed: the start that created this data directory stopped before showing the DEMO credentials, so a new pair replaces them',
      );
      const key = /X-Merchant-Key:\s+(\S+)/.exec(next.out)![1];
      const secret = /X-Merchant-Secret:\s+(\S+)/.exec(next.out)![1];
      expect(key).not.toBe(unseen.key);
      expect(await balance(next.url, { key, secret })).toBe(200);
      expect(await balance(next.url, unseen)).toBe(401);
    } finally {
      await next.stop();
    }
    const third = await startOutput(dir);
    await third.stop();
    expect(third.out).not.toContain('X-Merchant-Key');
    expect(third.out).not.toContain('First start');
  }, 120_000);

  it('a data directory the CLI created (and showed the pair of) gets no banner and keeps its pair', async () => {
    const dir = join(fresh(), 'data');
    const created = runCli(dir, ['merchant', 'create', '--code', 'SHOWN', '--name', 'Shown']);
    expect(created.status).toBe(0);
    const [, key, secret] = /test key (\S+), secret (\S+)\)/.exec(created.stderr)!;
    const node = await startOutput(dir);
    try {
      expect(node.out).not.toContain('X-Merchant-Key');
      expect(await balance(node.url, { key, secret })).toBe(200);
    } finally {
      await node.stop();
    }
  }, 120_000);

  it('nor does one whose DEMO test pair an operator rotated since (they hold the new pair)', async () => {
    const dir = fresh();
    openStore(dir, catalogDir(resourcesDir())).db.close(); // created, banner never shown
    const rotated = runCli(dir, ['--json', 'credentials', 'rotate', '--code', 'DEMO', '--env', 'test']);
    expect(rotated.status).toBe(0);
    const node = await startOutput(dir);
    try {
      expect(node.out).not.toContain('X-Merchant-Key');
      expect(await balance(node.url, rotated.json)).toBe(200);
    } finally {
      await node.stop();
    }
  }, 120_000);
});
