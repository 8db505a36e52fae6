import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { Services } from '../../services/context.js';
import {
  countConsoleUsers,
  createConsoleSession,
  createFirstAdmin,
  deleteConsoleSession,
  findConsoleUserForLogin,
  setSessionEnvironment,
  type ConsoleSession,
  type ConsoleUser,
} from '../../store/console-users.js';
import { getMerchantById, listMerchants, requireMerchant } from '../../store/merchants.js';
import {
  hashPassword,
  hashToken,
  newToken,
  parseNewPassword,
  parseUsername,
  verifyPassword,
} from '../../services/console-auth.js';
import { LoginThrottle, type AttemptDecision } from '../../services/login-throttle.js';
import { environmentsForUser, startEnvironmentOf } from '../../services/console-environments.js';
import { loopbackCallerCheck } from '../first-run-claim.js';
import { Forbidden, TooManyAttempts, Unauthorized } from '../../domain/errors.js';
import type { Environment } from '../../store/credentials-crypto.js';
import { answer, ConsoleError, typed } from './contract.js';
import { NodeStatus, Ok, SessionInfo } from './console-schemas.js';
import {
  SESSION_TTL_MS,
  clearSessionCookie,
  sessionOf,
  sessionOfCookie,
  setSessionCookie,
} from './session.js';
import { SETUP_CODE_HEADER } from '../../../common/console-protocol.js';
import { businessTimezone } from '../../store/settings.js';

/** Longer than any username (32) or password (200) the console accepts. */
const LOGIN_FIELD_MAX = 256;
/**
 * Sign-in and setup read a body before anyone is proven (every other route answers 401 first):
 * their fields fit many times over in 8 KiB, so nobody makes the node parse a megabyte per attempt.
 */
export const PUBLIC_BODY_LIMIT = 8 * 1024;

const tags = ['session'];
const SessionAnswer = answer(SessionInfo);

function refuseWhenThrottled(
  decision: AttemptDecision,
  what: string,
): asserts decision is AttemptDecision & {
  allowed: true;
} {
  if (decision.allowed) return;
  const minutes = Math.ceil(decision.retryAfterMs / 60_000);
  throw new TooManyAttempts(
    `Too many failed ${what}; try again in ${minutes} minute${minutes > 1 ? 's' : ''}`,
    decision.retryAfterMs,
  );
}

function sessionView(
  s: Services,
  user: ConsoleUser,
  environment: Environment,
  csrfToken: string,
  expiresAt: number,
) {
  const merchant = getMerchantById(s.db, user.merchantId);
  return {
    user: { id: user.id, username: user.username, role: user.role },
    merchant: { id: merchant?.id ?? 0, code: merchant?.code ?? '', name: merchant?.name ?? '' },
    environment,
    environments: environmentsForUser(s.db, user),
    start_environment: user.startEnvironment,
    csrf_token: csrfToken,
    expires_at: new Date(expiresAt).toISOString(),
    timezone: businessTimezone(s.db),
  };
}

function startSession(s: Services, request: FastifyRequest, reply: FastifyReply, user: ConsoleUser) {
  const token = newToken();
  const csrf = newToken();
  const expiresAt = s.now() + SESSION_TTL_MS;
  const environment = startEnvironmentOf(s.db, user);
  createConsoleSession(s.db, {
    idHash: hashToken(token),
    userId: user.id,
    csrfToken: csrf,
    environment,
    expiresAt,
  });
  setSessionCookie(request, reply, token, expiresAt);
  return sessionView(s, user, environment, csrf, expiresAt);
}

export function registerAuthRoutes(scope: FastifyInstance, s: Services, throttle: LoginThrottle): void {
  const app = typed(scope);
  const isLocal = loopbackCallerCheck(s.config.trustedProxies);

  /**
   * Who may see the unclaimed node and claim it: this machine itself, or a caller elsewhere that
   * presents the code the node printed at start. A wrong code counts as a failed sign-in.
   */
  function mayClaim(request: FastifyRequest): boolean {
    if (isLocal(request)) return true;
    const sent = request.headers[SETUP_CODE_HEADER];
    if (sent === undefined) return false;
    const decision = throttle.begin(request.ip, '#setup-code');
    refuseWhenThrottled(decision, 'setup codes');
    if (!s.setupClaim.matches(sent)) throw new Unauthorized('The setup code is not right');
    throttle.succeeded(decision.attempt);
    return true;
  }

  app.get('/console/status', { schema: { tags, response: { 200: NodeStatus } } }, async (request) => {
    const setupRequired = countConsoleUsers(s.db) === 0;
    // Whether this browser's own cookie is a live session (all /console/session would tell it),
    // so that a signed-out page goes to sign-in without a 401 in its console.
    if (!setupRequired)
      return {
        setup_required: false,
        setup_code_required: false,
        signed_in: sessionOfCookie(s, request) !== null,
        merchants: [],
      };
    const local = isLocal(request);
    const allowed = local || mayClaim(request);
    return {
      setup_required: true,
      setup_code_required: !local,
      signed_in: false,
      // Only a caller who may claim the node sees its merchants, for the setup form.
      merchants: allowed ? listMerchants(s.db).map((m) => ({ code: m.code, name: m.name })) : [],
      // This machine may read the code, to claim the node from another one (it could claim it anyway).
      ...(local && s.setupClaim.code ? { setup_code: s.setupClaim.code } : {}),
    };
  });

  app.post(
    '/console/setup',
    {
      bodyLimit: PUBLIC_BODY_LIMIT,
      schema: {
        tags,
        body: Type.Object(
          {
            username: Type.String({ maxLength: LOGIN_FIELD_MAX }),
            password: Type.String({ maxLength: LOGIN_FIELD_MAX }),
            merchant_code: Type.String({ maxLength: LOGIN_FIELD_MAX }),
          },
          { additionalProperties: false },
        ),
        response: SessionAnswer,
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (countConsoleUsers(s.db) > 0) throw new Forbidden('Setup is already done; sign in instead');
      if (!mayClaim(request)) {
        throw new Forbidden(
          'Setup from another computer needs the setup code the node printed when it started',
        );
      }
      const username = parseUsername(body.username);
      const password = parseNewPassword(body.password);
      const merchant = requireMerchant(s.db, body.merchant_code);
      const user = createFirstAdmin(s.db, {
        merchantId: merchant.id,
        username,
        passwordHash: await hashPassword(password),
      });
      s.setupClaim.close();
      return startSession(s, request, reply, user);
    },
  );

  app.post(
    '/console/login',
    {
      bodyLimit: PUBLIC_BODY_LIMIT,
      schema: {
        tags,
        // Bounded before the throttle keys on the name: a megabyte "username" per attempt would
        // otherwise be held for the throttle's window, and enough of them exhaust the heap.
        body: Type.Object(
          {
            username: Type.String({ maxLength: LOGIN_FIELD_MAX }),
            password: Type.String({ maxLength: LOGIN_FIELD_MAX }),
          },
          { additionalProperties: false },
        ),
        response: { ...SessionAnswer, 429: ConsoleError },
      },
    },
    async (request, reply) => {
      const body = request.body;
      // Counted before the hash is awaited: parallel guesses meet the limit, not the slow hash.
      const decision = throttle.begin(request.ip, body.username);
      refuseWhenThrottled(decision, 'sign-in attempts');
      const user = findConsoleUserForLogin(s.db, body.username.trim());
      const ok = await verifyPassword(body.password, user?.passwordHash ?? null);
      if (!ok || !user || !user.active) throw new Unauthorized('The username or password is not right');
      throttle.succeeded(decision.attempt);
      return startSession(s, request, reply, user);
    },
  );

  app.post('/console/logout', { schema: { tags, response: { 200: Ok } } }, async (request, reply) => {
    deleteConsoleSession(s.db, sessionOf(request).idHash);
    clearSessionCookie(reply);
    return { status: 'success' as const };
  });

  app.get('/console/session', { schema: { tags, response: SessionAnswer } }, async (request) => {
    const session: ConsoleSession = sessionOf(request);
    return sessionView(s, session.user, session.environment, session.csrfToken, session.expiresAt);
  });

  app.post(
    '/console/session/environment',
    {
      schema: {
        tags,
        body: Type.Object(
          { environment: Type.Union([Type.Literal('test'), Type.Literal('live')]) },
          { additionalProperties: false },
        ),
        response: SessionAnswer,
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const { environment } = request.body;
      if (!environmentsForUser(s.db, session.user).includes(environment)) {
        throw new Forbidden(
          session.user.environments.includes(environment)
            ? 'This merchant has no active live credentials, so the console stays on test'
            : `Your admin has not allowed you to sell in ${environment}`,
        );
      }
      setSessionEnvironment(s.db, session.idHash, environment);
      return sessionView(s, session.user, environment, session.csrfToken, session.expiresAt);
    },
  );
}
