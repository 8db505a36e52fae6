import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/context.js';
/** Both wallets of the session's merchant, and each wallet's ledger newest first. */
export declare function registerWalletRoutes(app: FastifyInstance, s: Services): void;
