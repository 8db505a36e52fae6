import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Caller, Services } from '../../services/context.js';
import { type ConsoleRole, type ConsoleSession } from '../../store/console-users.js';
declare module 'fastify' {
    interface FastifyRequest {
        consoleSession: ConsoleSession | null;
    }
}
export declare const SESSION_COOKIE = "vp_session";
/** A session lasts one working day at most; the agent signs in again the next morning. */
export declare const SESSION_TTL_MS: number;
export declare function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: number): void;
export declare function clearSessionCookie(reply: FastifyReply): void;
/**
 * Loads the session for every /console API call, and refuses a state-changing call without
 * the session's CSRF token in X-CSRF-Token (the page reads it from GET /console/session; a
 * cross-site form can neither read it nor set the header).
 */
export declare function registerSessionHook(app: FastifyInstance, s: Services): void;
export declare function sessionOf(request: FastifyRequest): ConsoleSession;
export declare function requireRole(request: FastifyRequest, role: ConsoleRole): ConsoleSession;
/** The console acts for the user's merchant, in the session's environment (DESIGN "The console"). */
export declare function consoleCaller(s: Services, session: ConsoleSession): Caller;
