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
import { getMerchantById, listCredentials, listMerchants, requireMerchant } from '../../store/merchants.js';
import {
  LoginThrottle,
  hashPassword,
  hashToken,
  newToken,
  parseNewPassword,
  parseUsername,
  verifyPassword,
} from '../../services/console-auth.js';
import { Forbidden, Unauthorized } from '../../domain/errors.js';
import { errorBody } from '../errors.js';
import type { Environment } from '../../store/credentials-crypto.js';
import { ConsoleError, consoleErrors, typed } from './contract.js';
import { NodeStatus, Ok, SessionInfo } from './console-schemas.js';
import { SESSION_TTL_MS, clearSessionCookie, sessionOf, setSessionCookie } from './session.js';

const tags = ['session'];
const SessionAnswer = { 200: SessionInfo, ...consoleErrors };

/** Environments the console may switch to: test always; live only while a live pair is active. */
export function environmentsOf(s: Services, merchantId: number): Environment[] {
  const rows = listCredentials(s.db, merchantId) as { environment: Environment; status: string }[];
  return rows.some((r) => r.environment === 'live' && r.status === 'active') ? ['test', 'live'] : ['test'];
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
    environments: environmentsOf(s, user.merchantId),
    csrf_token: csrfToken,
    expires_at: new Date(expiresAt).toISOString(),
  };
}

function startSession(s: Services, request: FastifyRequest, reply: FastifyReply, user: ConsoleUser) {
  const token = newToken();
  const csrf = newToken();
  const expiresAt = s.now() + SESSION_TTL_MS;
  createConsoleSession(s.db, {
    idHash: hashToken(token),
    userId: user.id,
    csrfToken: csrf,
    environment: 'test',
    expiresAt,
  });
  setSessionCookie(request, reply, token, expiresAt);
  return sessionView(s, user, 'test', csrf, expiresAt);
}

export function registerAuthRoutes(scope: FastifyInstance, s: Services, throttle: LoginThrottle): void {
  const app = typed(scope);
  app.get('/console/status', { schema: { tags, response: { 200: NodeStatus } } }, async () => {
    const setupRequired = countConsoleUsers(s.db) === 0;
    return {
      setup_required: setupRequired,
      // Only a node nobody has claimed yet lists its merchants, for the setup form.
      merchants: setupRequired ? listMerchants(s.db).map((m) => ({ code: m.code, name: m.name })) : [],
    };
  });

  app.post(
    '/console/setup',
    {
      schema: {
        tags,
        body: Type.Object({ username: Type.String(), password: Type.String(), merchant_code: Type.String() }),
        response: SessionAnswer,
      },
    },
    async (request, reply) => {
      const body = request.body;
      const username = parseUsername(body.username);
      const password = parseNewPassword(body.password);
      if (countConsoleUsers(s.db) > 0) throw new Forbidden('Setup is already done; sign in instead');
      const merchant = requireMerchant(s.db, body.merchant_code);
      const user = createFirstAdmin(s.db, {
        merchantId: merchant.id,
        username,
        passwordHash: await hashPassword(password),
      });
      return startSession(s, request, reply, user);
    },
  );

  app.post(
    '/console/login',
    {
      schema: {
        tags,
        body: Type.Object({ username: Type.String(), password: Type.String() }),
        response: { ...SessionAnswer, 429: ConsoleError },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const keys = [`ip:${request.ip}`, `user:${body.username.trim().toLowerCase()}`];
      const wait = throttle.retryAfterMs(keys);
      if (wait > 0) {
        const minutes = Math.ceil(wait / 60_000);
        reply.header('retry-after', Math.ceil(wait / 1000));
        return reply
          .status(429)
          .send(
            errorBody(
              429,
              `Too many failed sign-in attempts; try again in ${minutes} minute${minutes > 1 ? 's' : ''}`,
            ),
          );
      }
      const user = findConsoleUserForLogin(s.db, body.username.trim());
      const ok = await verifyPassword(body.password, user?.passwordHash ?? null);
      if (!ok || !user || !user.active) {
        throttle.recordFailure(keys);
        throw new Unauthorized('The username or password is not right');
      }
      throttle.recordSuccess(keys[1]);
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
        body: Type.Object({ environment: Type.Union([Type.Literal('test'), Type.Literal('live')]) }),
        response: SessionAnswer,
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const { environment } = request.body;
      if (!environmentsOf(s, session.user.merchantId).includes(environment)) {
        throw new Forbidden('This merchant has no active live credentials, so the console stays on test');
      }
      setSessionEnvironment(s.db, session.idHash, environment);
      return sessionView(s, session.user, environment, session.csrfToken, session.expiresAt);
    },
  );
}
