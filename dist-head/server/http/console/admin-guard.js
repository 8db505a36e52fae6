import { requireRole } from './session.js';
/** Refuses anyone but a signed-in admin (403 for an agent, 401 without a session). */
export async function requireAdmin(request) {
    requireRole(request, 'admin');
}
/** Who acted, for the audit log and the ledger: the signed-in admin. */
export const adminActor = (request) => `user:${requireRole(request, 'admin').user.username}`;
//# sourceMappingURL=admin-guard.js.map