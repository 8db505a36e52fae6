import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/context.js';
/** Dashboard (issue 7): today's sales by product and status, balances, pending, upstream health. */
export declare function registerAdminDashboardRoutes(app: FastifyInstance, s: Services): void;
