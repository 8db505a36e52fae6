import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/context.js';
/** Refuses unknown or mistyped options, so a typo does not silently do nothing. */
export declare function parseUpstreamOptions(v: unknown): Record<string, unknown>;
/**
 * Upstreams and routes (issue 7). Secrets go in and never come out: every answer is
 * upstreamJson (has_secret only). Route lists are "product" or "product:NETWORK".
 */
export declare function registerAdminUpstreamRoutes(app: FastifyInstance, s: Services): void;
