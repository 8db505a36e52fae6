import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { NodeConfig } from '../config.js';

/**
 * Request lines at debug, not info: a person reading the terminal sees start-up, warnings and
 * errors, and `--log-level debug` brings every request back. Failures of the node (5xx,
 * stream errors) keep their level.
 */
export class QuietRequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    _request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error)
      reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }

  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (reply.statusCode >= 500) reply.log.error({ req: request, res: reply, err: error }, error?.message);
    else reply.log.debug({ res: reply, err: error }, error?.message);
  }

  override routeNotFound(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'route not found');
  }
}

/**
 * Where log lines go: readable lines (pino-pretty, loaded only then) for a terminal, or pino's
 * own JSON on stdout for a machine or a log collector.
 */
export async function logDestination(config: NodeConfig): Promise<{ stream?: NodeJS.WritableStream }> {
  if (config.logFormat !== 'pretty') return {};
  const { default: pretty } = await import('pino-pretty');
  return {
    stream: pretty({
      colorize: process.stdout.isTTY === true,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname',
      singleLine: true,
    }),
  };
}
