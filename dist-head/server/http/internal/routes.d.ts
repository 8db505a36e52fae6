import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/context.js';
/**
 * The internal API (spec "Other"): GET /plans/{network} and POST /transactions with `plan`
 * instead of `plan_code`. Same merchant headers as /v1 (DESIGN), same code underneath.
 */
export declare function registerInternalRoutes(app: FastifyInstance, s: Services): void;
