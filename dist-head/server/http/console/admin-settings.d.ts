import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/context.js';
/**
 * Settings (issue 7) beside the report settings of reports.ts: where the node runs (read-only:
 * port and data directory are start-up flags), "backup now", the backups, and the audit log.
 */
export declare function registerAdminSettingsRoutes(app: FastifyInstance, s: Services): void;
