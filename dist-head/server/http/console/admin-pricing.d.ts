import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/context.js';
/**
 * Pricing (issue 7): per merchant, a discount (negative basis points) or markup per product,
 * optionally per network or provider. The merchant keeps sending the catalog price (the
 * spec's "amount must equal the plan price"); the wallet debit applies these terms.
 */
export declare function registerAdminPricingRoutes(app: FastifyInstance, s: Services): void;
