import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/context.js';
/**
 * `report run` from the console (issue 7: everything the CLI can): builds, and with `send`
 * e-mails, one day's reports of every merchant with recipients (or of one merchant). It is
 * the CLI's own function on this node's data directory, so both always agree; a report that
 * was delivered is not sent twice (the Reports page resends one on purpose).
 */
export declare function registerAdminReportRoutes(app: FastifyInstance, s: Services): void;
