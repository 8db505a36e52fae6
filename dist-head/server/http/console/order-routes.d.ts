import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/context.js';
/**
 * Gift cards and eSIMs from the console: the catalog, quote and availability of the /v1
 * services, and orders placed through createGiftcardOrder / createEsimOrder themselves.
 */
export declare function registerOrderConsoleRoutes(app: FastifyInstance, s: Services): void;
