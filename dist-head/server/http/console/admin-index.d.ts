import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/context.js';
export declare function adminRouteList(): {
    method: string;
    url: string;
}[];
/**
 * The admin console's API (issue 7), in its own scope inside the console's: the session and
 * CSRF hook of the console runs first, then this scope refuses anyone but an admin before
 * the body is even parsed, so an agent gets 403 from every route here, including routes
 * added later (the hook, not each handler, is the guard).
 */
export declare function registerAdminConsole(scope: FastifyInstance, s: Services): Promise<void>;
