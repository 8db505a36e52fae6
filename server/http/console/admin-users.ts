import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { DateTime } from 'luxon';
import type { Services } from '../../services/context.js';
import { getConsoleUserById, listConsoleUsers, type ConsoleUser } from '../../store/console-users.js';
import { updateConsoleUser, type ConsoleUserPatch } from '../../store/admin-users.js';
import { agentSoldKobo } from '../../store/admin-queries.js';
import { getCashup, listCashups } from '../../store/admin-cashups.js';
import { getMerchantById } from '../../store/merchants.js';
import { cashupJson, closeCashup, previewCashup } from '../../services/admin-cashup.js';
import { hashPassword, parseNewPassword } from '../../services/console-auth.js';
import { Conflict, InvalidInput, NotFound } from '../../domain/errors.js';
import { formatNaira, parseNaira } from '../../domain/money.js';
import type { Environment } from '../../store/credentials-crypto.js';
import { adminActor } from './admin-guard.js';
import { parseUserEnvironments } from '../../services/console-environments.js';
import { NoteText, OneLineText } from '../schema-blocks.js';
import { requireRole } from './session.js';

const hide = { hide: true } as const;
const Env = Type.Union([Type.Literal('test'), Type.Literal('live')]);

const UserPatch = Type.Object(
  {
    active: Type.Optional(Type.Boolean()),
    daily_sales_limit: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    password: Type.Optional(Type.String()),
    environments: Type.Optional(
      Type.Array(Type.Union([Type.Literal('test'), Type.Literal('live')]), { maxItems: 2 }),
    ),
    start_environment: Type.Optional(Type.Union([Type.Literal('test'), Type.Literal('live')])),
  },
  { additionalProperties: false },
);

const CashupBody = Type.Object(
  {
    environment: Env,
    from: Type.Optional(OneLineText({ maxLength: 40 })),
    counted: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    note: Type.Optional(NoteText({ maxLength: 500 })),
  },
  { additionalProperties: false },
);

function userOf(s: Services, id: string): ConsoleUser {
  const user = /^\d+$/.test(id) ? getConsoleUserById(s.db, Number(id)) : null;
  if (!user) throw new NotFound(`console user ${id} not found`);
  return user;
}

/** A user with what the Users page needs beside the colleague's view: today's sales per environment. */
function adminUserJson(s: Services, u: ConsoleUser) {
  const dayStart = DateTime.fromMillis(s.now(), { zone: 'Africa/Lagos' }).startOf('day').toUTC().toISO()!;
  return {
    id: u.id,
    username: u.username,
    role: u.role,
    merchant_code: getMerchantById(s.db, u.merchantId)?.code ?? '',
    active: u.active,
    daily_sales_limit: u.dailySalesLimitKobo === null ? null : formatNaira(u.dailySalesLimitKobo),
    environments: u.environments,
    start_environment: u.startEnvironment,
    sold_today: {
      test: formatNaira(agentSoldKobo(s.db, u.id, 'test', dayStart)),
      live: formatNaira(agentSoldKobo(s.db, u.id, 'live', dayStart)),
    },
    created_at: u.createdAt,
  };
}

/**
 * Users (issue 7): beside the list and create routes of the console (user-routes.ts), an
 * admin sets an agent's daily sales limit, resets a password, deactivates a user, and runs
 * an agent's shift cash-up (sales by product and total, printable).
 */
export function registerAdminUserRoutes(app: FastifyInstance, s: Services): void {
  app.get('/console/admin/users', { schema: hide }, async () => ({
    users: listConsoleUsers(s.db).map((u) => adminUserJson(s, u)),
  }));

  app.patch('/console/admin/users/:id', { schema: { ...hide, body: UserPatch } }, async (request) => {
    const user = userOf(s, (request.params as { id: string }).id);
    const me = requireRole(request, 'admin').user;
    const body = request.body as {
      active?: boolean;
      daily_sales_limit?: string | null;
      password?: string;
      environments?: string[];
      start_environment?: string;
    };
    if (body.active === false && user.id === me.id)
      throw new Conflict('you cannot deactivate yourself; another admin can');
    const patch: ConsoleUserPatch = {};
    if (body.active !== undefined) patch.active = body.active;
    if (body.daily_sales_limit !== undefined) {
      const text = body.daily_sales_limit?.trim() ?? '';
      patch.dailySalesLimitKobo = text === '' ? null : parseNaira(text, 'daily_sales_limit');
    }
    if (body.environments !== undefined || body.start_environment !== undefined)
      Object.assign(patch, parseUserEnvironments(body.environments, body.start_environment, user));
    if (body.password !== undefined) patch.passwordHash = await hashPassword(parseNewPassword(body.password));
    return adminUserJson(s, updateConsoleUser(s.db, user.id, patch, adminActor(request)));
  });

  // The open shift, not recorded: what closing it now would say.
  app.get('/console/admin/users/:id/cashup', { schema: hide }, async (request) => {
    const user = userOf(s, (request.params as { id: string }).id);
    const q = request.query as { environment?: string; from?: string };
    if (q.environment !== 'test' && q.environment !== 'live')
      throw new InvalidInput('environment must be test or live', 'environment');
    return previewCashup(s, user.id, q.environment as Environment, q.from);
  });

  app.post(
    '/console/admin/users/:id/cashups',
    { schema: { ...hide, body: CashupBody } },
    async (request, reply) => {
      const user = userOf(s, (request.params as { id: string }).id);
      const b = request.body as {
        environment: Environment;
        from?: string;
        counted?: string | null;
        note?: string;
      };
      const countedText = b.counted?.trim() ?? '';
      // Nothing counted yet is null; an empty drawer is a real count of zero.
      const counted =
        countedText === ''
          ? null
          : /^0+(\.0{1,2})?$/.test(countedText)
            ? 0
            : parseNaira(countedText, 'counted');
      const c = closeCashup(
        s,
        user.id,
        b.environment,
        { from: b.from, countedKobo: counted, note: b.note?.trim() ?? '' },
        adminActor(request),
      );
      return reply.status(201).send(c);
    },
  );

  app.get('/console/admin/users/:id/cashups', { schema: hide }, async (request) => {
    const user = userOf(s, (request.params as { id: string }).id);
    return { cashups: listCashups(s.db, user.id).map((c) => cashupJson(s, c)) };
  });

  app.get('/console/admin/cashups/:id', { schema: hide }, async (request) => {
    const id = Number((request.params as { id: string }).id);
    const c = Number.isSafeInteger(id) ? getCashup(s.db, id) : null;
    if (!c) throw new NotFound(`cash-up ${(request.params as { id: string }).id} not found`);
    return cashupJson(s, c);
  });
}
