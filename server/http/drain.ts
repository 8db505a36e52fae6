import type { FastifyInstance, FastifyReply } from 'fastify';
import { errorBody } from './errors.js';

/** Seconds a request refused while the node stops is told to wait: about a restart. */
export const STOPPING_RETRY_AFTER_S = 5;

const stopping = new WeakSet<FastifyInstance>();

/**
 * From now on every new request to this app is refused (see refuseWhileStopping); requests
 * already in the handlers, held sales among them, are answered as usual.
 */
export function startStopping(app: FastifyInstance): void {
  stopping.add(app);
}

/**
 * Marks the app stopping when it closes (the node's close() does so itself, earlier), and
 * answers the requests still in its hands with `Connection: close`: a keep-alive connection
 * left idle after its answer would hold the close for Fastify's 72-s keep-alive time-out.
 */
export function drainOnClose(app: FastifyInstance): void {
  app.addHook('preClose', (done) => {
    startStopping(app);
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (stopping.has(app)) reply.header('connection', 'close');
    done(null, payload);
  });
}

export function isStopping(app: FastifyInstance): boolean {
  return stopping.has(app);
}

/**
 * A request arriving on an open keep-alive connection while the node drains: the API's error
 * body with Retry-After (Fastify's own 503 says neither what happened nor when to retry).
 */
export function refuseWhileStopping(reply: FastifyReply): void {
  reply.header('retry-after', STOPPING_RETRY_AFTER_S);
  reply.header('connection', 'close');
  reply
    .status(503)
    .send(
      errorBody(
        503,
        `The node is stopping: nothing was stored or charged; retry after ${STOPPING_RETRY_AFTER_S} s`,
      ),
    );
}
