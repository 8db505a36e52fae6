import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { Services } from '../../services/context.js';
export interface ReportRouteOptions {
    /** Who acts, for the audit log (e.g. `user:NAME` from the console session). */
    actorOf?: (request: FastifyRequest) => string;
    /** The one merchant the caller may see, or null for all (a host administrator). */
    merchantScopeOf?: (request: FastifyRequest) => number | null;
}
type Guard = NonNullable<RouteShorthandOptions['preHandler']>;
/**
 * The console's report API (DESIGN "The console": reports list, download, send now; SMTP and
 * schedule settings). The console wires it inside its own scope and passes its admin check as
 * `guard`, which runs before every route here.
 */
export declare function registerReportConsoleRoutes(app: FastifyInstance, s: Services, guard: Guard, opts?: ReportRouteOptions): void;
export {};
