import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/context.js';
/** eSIM routes: catalog, plan, quote, orders and the install QR (spec "eSIM"). */
export declare function registerEsimRoutes(app: FastifyInstance, s: Services): void;
