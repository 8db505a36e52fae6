import type { FastifyRequest } from 'fastify';
/** Refuses anyone but a signed-in admin (403 for an agent, 401 without a session). */
export declare function requireAdmin(request: FastifyRequest): Promise<void>;
/** Who acted, for the audit log and the ledger: the signed-in admin. */
export declare const adminActor: (request: FastifyRequest) => string;
