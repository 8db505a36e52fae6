import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Services } from '../../services/context.js';
import { rendererDistDir } from '../../resources.js';

/** The console: its /console API (issue 6) and the built renderer served at /. */
export async function registerConsole(app: FastifyInstance, _s: Services): Promise<void> {
  const dist = rendererDistDir();
  if (dist) {
    await app.register(fastifyStatic, { root: dist, prefix: '/', wildcard: false, index: ['index.html'] });
  } else {
    app.get('/', async (_req, reply) =>
      reply.type('text/html').send('<!doctype html><title>VendPoint</title><p>The console has not been built: run <code>npm run build:renderer</code>.</p>'),
    );
  }
}
