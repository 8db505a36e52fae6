import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/context.js';
/**
 * Users (issue 7): beside the list and create routes of the console (user-routes.ts), an
 * admin sets an agent's daily sales limit, resets a password, deactivates a user, and runs
 * an agent's shift cash-up (sales by product and total, printable).
 */
export declare function registerAdminUserRoutes(app: FastifyInstance, s: Services): void;
