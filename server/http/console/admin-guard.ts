import type { FastifyRequest } from 'fastify';
import { requireRole } from './session.js';

/** Refuses anyone but a signed-in admin (403 for an agent, 401 without a session). */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  requireRole(request, 'admin');
}

/** Who acted, for the audit log and the ledger: the signed-in admin. */
export const adminActor = (request: FastifyRequest): string =>
  `user:${requireRole(request, 'admin').user.username}`;
