import { routedPath } from './routed-path.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Caller, Services } from '../../services/context.js';
import {
  findConsoleSession,
  setSessionEnvironment,
  type ConsoleRole,
  type ConsoleSession,
} from '../../store/console-users.js';
import {
  NO_ENVIRONMENT_MESSAGE,
  environmentAllowedForSession,
  environmentsForUser,
} from '../../services/console-environments.js';
import { getMerchantById } from '../../store/merchants.js';
import { hashToken, tokensEqual } from '../../services/console-auth.js';
import { Conflict, Forbidden, Unauthorized } from '../../domain/errors.js';
import {
  CSRF_HEADER,
  ENVIRONMENT_HEADER,
  PAGE_ENVIRONMENT_HEADER,
} from '../../../common/console-protocol.js';

declare module 'fastify' {
  interface FastifyRequest {
    consoleSession: ConsoleSession | null;
  }
}

export const SESSION_COOKIE = 'vp_session';
/** A session lasts one working day at most; the agent signs in again the next morning. */
export const SESSION_TTL_MS = 12 * 3_600_000;
/** Routes that work without a session: first-run state, setup and sign-in. */
const PUBLIC_ROUTES = new Set(['/console/status', '/console/setup', '/console/login']);
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Calls that still answer after live access was withdrawn: the page learns its new environment. */
const ENVIRONMENT_NEUTRAL = new Set(['/console/session', '/console/logout']);
/** The switch itself says where to go; signing out is never refused. */
const SWITCHES_ENVIRONMENT = new Set(['/console/session/environment', '/console/logout']);
export const LIVE_WITHDRAWN_MESSAGE =
  'Live selling is no longer allowed for this merchant (its live credentials were revoked); the console is back on test and nothing was charged';

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  expiresAt: number,
) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/console',
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    expires: new Date(expiresAt),
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/console', httpOnly: true, sameSite: 'strict' });
}

/**
 * A state-changing call must come from our own page: a browser names the page's origin in
 * Origin (and Sec-Fetch-Site), and another site's page cannot forge either.
 */
function checkSameOrigin(request: FastifyRequest): void {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') {
    throw new Forbidden(
      'This request did not come from the VendPoint console; reload the console and try again',
    );
  }
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin !== 'null') {
    let host = '';
    try {
      host = new URL(origin).host;
    } catch {
      host = '';
    }
    if (host !== request.headers.host) {
      throw new Forbidden(
        'This request did not come from the VendPoint console; reload the console and try again',
      );
    }
  }
}

/** The live session this request's cookie names, or null: none, unknown, expired or its user deactivated. */
export function sessionOfCookie(s: Services, request: FastifyRequest): ConsoleSession | null {
  const token = request.cookies[SESSION_COOKIE];
  return token ? findConsoleSession(s.db, hashToken(token), s.now()) : null;
}

/**
 * Loads the session for every /console API call, and refuses a state-changing call without
 * the session's CSRF token in X-CSRF-Token (the page reads it from GET /console/session; a
 * cross-site form can neither read it nor set the header).
 */
export function registerSessionHook(app: FastifyInstance, s: Services): void {
  app.decorateRequest('consoleSession', null);
  app.addHook('onRequest', async (request, reply) => {
    const path = routedPath(request);
    if (!path.startsWith('/console/')) return;
    const unsafe = !SAFE_METHODS.has(request.method);
    if (unsafe) checkSameOrigin(request);
    if (PUBLIC_ROUTES.has(path)) return;
    const session = sessionOfCookie(s, request);
    if (!session) throw new Unauthorized('Your session has ended; sign in again');
    if (unsafe) {
      const sent = request.headers[CSRF_HEADER];
      if (typeof sent !== 'string' || !tokensEqual(sent, session.csrfToken)) {
        throw new Forbidden(
          'The security token of this page is missing or old; reload the console and try again',
        );
      }
    }
    // Re-checked on every call: an admin may have withdrawn the environment since the switch.
    // It moves to the user's start environment (test for a withdrawn live pair); a user left
    // with none can still read the session and sign out.
    if (!environmentAllowedForSession(s.db, session)) {
      const allowed = environmentsForUser(s.db, session.user);
      const next = allowed.includes(session.user.startEnvironment)
        ? session.user.startEnvironment
        : allowed[0];
      if (next) {
        setSessionEnvironment(s.db, session.idHash, next);
        session.environment = next;
        reply.header(ENVIRONMENT_HEADER, next);
      }
      if (!ENVIRONMENT_NEUTRAL.has(path))
        throw new Forbidden(
          !next
            ? NO_ENVIRONMENT_MESSAGE
            : next === 'test'
              ? LIVE_WITHDRAWN_MESSAGE
              : 'Your admin changed where you may sell; the console is now on live and nothing was charged',
        );
    }
    if (unsafe && !SWITCHES_ENVIRONMENT.has(path)) {
      const shown = request.headers[PAGE_ENVIRONMENT_HEADER];
      if ((shown === 'test' || shown === 'live') && shown !== session.environment) {
        reply.header(ENVIRONMENT_HEADER, session.environment);
        throw new Conflict(
          `This console was switched to ${session.environment.toUpperCase()} in another tab or window; nothing was done. Check the mode at the top and try again`,
        );
      }
    }
    request.consoleSession = session;
  });
}

export function sessionOf(request: FastifyRequest): ConsoleSession {
  if (!request.consoleSession) throw new Unauthorized('Your session has ended; sign in again');
  return request.consoleSession;
}

export function requireRole(request: FastifyRequest, role: ConsoleRole): ConsoleSession {
  const session = sessionOf(request);
  if (session.user.role !== role) throw new Forbidden(`Only an ${role} may do this`);
  return session;
}

/** The console acts for the user's merchant, in the session's environment (DESIGN "The console"). */
export function consoleCaller(s: Services, session: ConsoleSession): Caller {
  const merchant = getMerchantById(s.db, session.user.merchantId);
  if (!merchant) throw new Unauthorized('Your merchant profile no longer exists; sign in again');
  if (merchant.status !== 'active') throw new Forbidden('This merchant profile is suspended');
  return {
    merchant,
    environment: session.environment,
    actor: `user:${session.user.username}`,
    agentUserId: session.user.id,
  };
}
