import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/context.js';
import { type CreateOptions } from '../../services/transactions.js';
/** POST create handler shared by /v1, /ext/service/v1 and the internal API. */
export declare function createHandler(s: Services, opts: CreateOptions): (request: {
    body: unknown;
    caller: unknown;
}) => Promise<{
    status: import("../../domain/purchase-state.js").PurchaseState;
    response_code: import("../../domain/purchase-state.js").ResponseCode;
    response_message: string;
    data: Record<string, unknown>;
}>;
export declare function statusByKey(s: Services, request: {
    caller: unknown;
}, key: string): {
    status: import("../../domain/purchase-state.js").PurchaseState;
    response_code: import("../../domain/purchase-state.js").ResponseCode;
    response_message: string;
    data: Record<string, unknown>;
};
export declare function registerTransactionRoutes(app: FastifyInstance, s: Services, prefix: '/v1' | '/ext/service/v1'): void;
