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
import { sessionEnvironments, startEnvironmentOf } from '../../services/console-environments.js';
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
import { SESSION_TTL_MS, clearSessionCookie, sessionOf, setSessionCookie } from './session.js';

const hide = { hide: true } as const;

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
    environments: sessionEnvironments(s, user),
    start_environment: user.startEnvironment,
    csrf_token: csrfToken,
    expires_at: new Date(expiresAt).toISOString(),
  };
}

function startSession(s: Services, request: FastifyRequest, reply: FastifyReply, user: ConsoleUser) {
  const token = newToken();
  const csrf = newToken();
  const expiresAt = s.now() + SESSION_TTL_MS;
  const environment = startEnvironmentOf(s, user);
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

export function registerAuthRoutes(app: FastifyInstance, s: Services, throttle: LoginThrottle): void {
  app.get('/console/status', { schema: hide }, async () => {
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
        ...hide,
        body: Type.Object({ username: Type.String(), password: Type.String(), merchant_code: Type.String() }),
      },
    },
    async (request, reply) => {
      const body = request.body as { username: string; password: string; merchant_code: string };
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
    { schema: { ...hide, body: Type.Object({ username: Type.String(), password: Type.String() }) } },
    async (request, reply) => {
      const body = request.body as { username: string; password: string };
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

  app.post('/console/logout', { schema: hide }, async (request, reply) => {
    deleteConsoleSession(s.db, sessionOf(request).idHash);
    clearSessionCookie(reply);
    return { status: 'success' };
  });

  app.get('/console/session', { schema: hide }, async (request) => {
    const session: ConsoleSession = sessionOf(request);
    return sessionView(s, session.user, session.environment, session.csrfToken, session.expiresAt);
  });

  app.post(
    '/console/session/environment',
    {
      schema: {
        ...hide,
        body: Type.Object({ environment: Type.Union([Type.Literal('test'), Type.Literal('live')]) }),
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const { environment } = request.body as { environment: Environment };
      if (!sessionEnvironments(s, session.user).includes(environment)) {
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
