import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { relative, sep } from 'node:path';

/**
 * Hashed build assets never change under their name; the page itself is revalidated after an
 * upgrade. Only the path inside `dist` is looked at: a console installed under a folder named
 * `assets` would otherwise have its page kept for a year, and an upgrade not seen.
 */
export function consoleFileCacheControl(dist: string, path: string): string {
  return relative(dist, path).startsWith(`assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * The built console (`renderer/dist`) at /. `cacheControl: false` keeps @fastify/static's own
 * `public, max-age=0` out: it is written after `setHeaders` and would replace ours.
 */
export async function registerConsoleFiles(scope: FastifyInstance, dist: string): Promise<void> {
  await scope.register(fastifyStatic, {
    root: dist,
    prefix: '/',
    wildcard: false,
    index: ['index.html'],
    cacheControl: false,
    setHeaders: (res, path) => res.setHeader('cache-control', consoleFileCacheControl(dist, path)),
  });
}
