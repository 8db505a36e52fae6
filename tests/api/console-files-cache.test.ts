import Fastify, { type FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerConsoleFiles } from '../../server/http/console/console-files.js';

/**
 * The console's files are served with the cache headers chosen for them: the page revalidated
 * on every load (so an upgrade's new page is seen at once), the hashed assets kept for a year.
 * @fastify/static writes its own `public, max-age=0` after our setHeaders unless told not to.
 * A built console of two files in a temporary folder stands in for renderer/dist, which a
 * fresh clone has not built when this suite runs. That folder sits inside one named `assets`,
 * as an install path may: only the path inside the console's folder decides.
 */
let base: string;
let dist: string;
let app: FastifyInstance;

beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), 'vp-console-files-'));
  dist = join(base, 'assets', 'vendpoint', 'renderer', 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>VendPoint</title>');
  writeFileSync(join(dist, 'assets', 'index-AbC123.js'), 'console.log(1);');
  app = Fastify();
  await registerConsoleFiles(app, dist);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(base, { recursive: true, force: true });
});

describe('cache headers of the console files', () => {
  it('the page is revalidated on every load', async () => {
    for (const url of ['/', '/index.html']) {
      const r = await app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('a hashed asset is kept for a year and never revalidated', async () => {
    const r = await app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('a file that is not there is a plain 404', async () => {
    const r = await app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(r.statusCode).toBe(404);
  });
});
