import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/context.js';
export declare function registerWalletRoutes(app: FastifyInstance, s: Services): void;
