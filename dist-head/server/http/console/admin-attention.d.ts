import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/context.js';
/**
 * Needs attention (issue 7): purchases still pending past the node's deadline (the worker
 * flags them), and the other pending ones, oldest first. An admin requeries the upstream, or
 * settles a purchase by hand (success, or failed with its refund), audited with who and why.
 */
export declare function registerAdminAttentionRoutes(app: FastifyInstance, s: Services): void;
