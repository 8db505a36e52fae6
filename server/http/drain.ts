import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { errorBody } from './errors.js';
import { cutWhenStalled, STREAM_IDLE_LIMIT_MS } from './stalled-streams.js';

/** Seconds a request refused while the node stops is told to wait: about a restart. */
export const STOPPING_RETRY_AFTER_S = 5;
/**
 * How long a body still being streamed when the node stops (a CSV export, a backup's download)
 * may go on before its connection is cut: a client that stopped reading would otherwise hold
 * the stop for ever, since the node closes only once every answer is sent.
 */
export const STOP_STREAM_GRACE_MS = 5_000;

const stopping = new WeakSet<FastifyInstance>();
/** Answers whose body is a stream still being sent, per app. */
const streaming = new WeakMap<FastifyInstance, Set<ServerResponse>>();

function streamsOf(app: FastifyInstance): Set<ServerResponse> {
  let set = streaming.get(app);
  if (!set) streaming.set(app, (set = new Set()));
  return set;
}

/**
 * From now on every new request to this app is refused (see refuseWhileStopping); requests
 * already in the handlers, held sales among them, are answered as usual. A body still being
 * streamed STOP_STREAM_GRACE_MS later has its connection cut.
 */
export function startStopping(app: FastifyInstance): void {
  if (stopping.has(app)) return;
  stopping.add(app);
  setTimeout(() => {
    const left = [...streamsOf(app)];
    if (left.length === 0) return;
    app.log.warn(
      `stopping: cut ${left.length} ${left.length === 1 ? 'download' : 'downloads'} still being sent after ${STOP_STREAM_GRACE_MS / 1000} s (the client gets an incomplete file)`,
    );
    for (const res of left) res.destroy();
  }, STOP_STREAM_GRACE_MS).unref();
}

/**
 * Marks the app stopping when it closes (the node's close() does so itself, earlier), and
 * answers the requests still in its hands with `Connection: close`: a keep-alive connection
 * left idle after its answer would hold the close for Fastify's 72-s keep-alive time-out. A
 * streamed answer is also cut, at any time, once nothing drained to its client for
 * `streamIdleMs` (http/stalled-streams.ts).
 */
export function drainOnClose(
  app: FastifyInstance,
  { streamIdleMs = STREAM_IDLE_LIMIT_MS }: { streamIdleMs?: number } = {},
): void {
  app.addHook('preClose', (done) => {
    startStopping(app);
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (stopping.has(app)) reply.header('connection', 'close');
    if (isStream(payload)) {
      const set = streamsOf(app);
      const res = reply.raw;
      set.add(res);
      res.once('close', () => set.delete(res));
      cutWhenStalled(res, streamIdleMs, () =>
        // The route's pattern, not the URL: a query's filters (a customer's number) stay out of the log.
        app.log.warn(
          { request_id: reply.request.id, route: reply.request.routeOptions.url },
          `cut a download whose client read nothing for ${streamIdleMs / 1000} s (it gets an incomplete file)`,
        ),
      );
    }
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

const isStream = (payload: unknown): boolean =>
  typeof payload === 'object' &&
  payload !== null &&
  typeof (payload as { pipe?: unknown }).pipe === 'function';
