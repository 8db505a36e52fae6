import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/context.js';
/** Gift-card and eSIM routes (issue 4): catalogs, quotes, orders; orders share the purchase lifecycle. */
export declare function registerOrderRoutes(app: FastifyInstance, s: Services): void;
