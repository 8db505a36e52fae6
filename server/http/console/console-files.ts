import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Hashed build assets never change under their name; the page itself is revalidated after an upgrade. */
export function consoleFileCacheControl(path: string): string {
  return /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache';
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
    setHeaders: (res, path) => res.setHeader('cache-control', consoleFileCacheControl(path)),
  });
}
