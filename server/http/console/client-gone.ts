import type { FastifyReply } from 'fastify';

/**
 * Aborted when the client goes before its answer is sent (the agent typed on or cancelled, the
 * page was left, a download was left unfinished): a search still waiting for the search thread
 * is then dropped, and one being read is stopped, not read for nobody.
 */
export function clientGone(reply: FastifyReply): AbortSignal {
  const gone = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) gone.abort();
  });
  return gone.signal;
}
