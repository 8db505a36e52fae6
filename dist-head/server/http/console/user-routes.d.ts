import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/context.js';
/** Console users, admins only. The admin pages (issue 7) build their Users screen on these. */
export declare function registerUserRoutes(app: FastifyInstance, s: Services): void;
