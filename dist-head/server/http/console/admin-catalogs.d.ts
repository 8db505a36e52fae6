import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/context.js';
/** Catalogs (issue 7): browse every catalog, enable or disable a plan, sync now, last sync. */
export declare function registerAdminCatalogRoutes(app: FastifyInstance, s: Services): void;
