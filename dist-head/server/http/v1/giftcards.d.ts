import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/context.js';
/** Gift-card routes: catalog, quote, availability, orders (spec "Gift cards"). */
export declare function registerGiftcardRoutes(app: FastifyInstance, s: Services): void;
