import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/context.js';
/**
 * Selling from the console goes through the same service functions as the API (no second
 * implementation): the body is the spec's create body with the session's merchant filled in.
 * The page makes the client_request_id when the agent confirms, so a retried click after a
 * lost answer cannot sell twice (422).
 */
export declare function registerSellRoutes(app: FastifyInstance, s: Services): void;
