import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/context.js';
import { type MerchantUpdate } from '../../store/merchants.js';
/** The same rules as `merchant update` on the CLI, each message naming the bad entry. */
export declare function parseMerchantPatch(body: Record<string, unknown>): MerchantUpdate;
/**
 * Merchants (issue 7): create, edit, suspend; credential pairs issued, rotated and revoked.
 * A secret leaves the node once, in the answer that created it; it is stored as a hash only.
 */
export declare function registerAdminMerchantRoutes(app: FastifyInstance, s: Services): void;
