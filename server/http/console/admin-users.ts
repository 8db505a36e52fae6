import { userView } from './user-routes.js';
import type { FastifyInstance } from 'fastify';
import { Type, type TSchema } from '@sinclair/typebox';
import { localDayStart } from '../../domain/business-days.js';
import { businessTimezone } from '../../store/settings.js';
import type { Services } from '../../services/context.js';
import { getConsoleUserById, listConsoleUsers, type ConsoleUser } from '../../store/console-users.js';
import { updateConsoleUser, type ConsoleUserPatch } from '../../store/admin-users.js';
import { agentSoldKobo } from '../../store/agent-sales.js';
import { getCashup, listCashups } from '../../store/admin-cashups.js';
import { cashupJson, closeCashup, previewCashup } from '../../services/admin-cashup.js';
import { hashPassword, parseNewPassword } from '../../services/console-auth.js';
import { unlockConsoleUser } from '../../services/console-users.js';
import { Conflict, InvalidInput, NotFound } from '../../domain/errors.js';
import { parseNaira } from '../../domain/money.js';
import { koboToApiNaira } from '../../../common/money.js';
import { adminActor } from './admin-guard.js';
import { parseUserEnvironments } from '../../services/console-environments.js';
import { NoteText, OneLineText } from '../schema-blocks.js';
import { MERCHANT_LIMITS } from '../../../common/input-limits.js';
import { requireRole } from './session.js';
import { answer, consoleErrors, IdParams, typed } from './contract.js';
import { AdminUser, CashupInfo } from './admin-schemas.js';

const created = <T extends TSchema>(t: T) => ({ 201: t, ...consoleErrors });
const tags = ['admin: users'];
/** The id is checked by the handler (a malformed one is 404, as an unknown one). */
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
    merchant_code: Type.Optional(
      OneLineText({
        maxLength: MERCHANT_LIMITS.code,
        description:
          "the merchant the user sells for from now on: past sales stay with theirs, and the user's sessions end",
      }),
    ),
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
  const dayStart = localDayStart(s.now(), businessTimezone(s.db));
  const { created_at, ...user } = userView(s, u);
  return {
    ...user,
    sold_today: {
      test: koboToApiNaira(agentSoldKobo(s.db, u.id, 'test', dayStart)),
      live: koboToApiNaira(agentSoldKobo(s.db, u.id, 'live', dayStart)),
    },
    created_at,
  };
}

/**
 * Users: beside the list and create routes of the console (user-routes.ts), an
 * admin sets an agent's daily sales limit, resets a password, moves a user to another merchant,
 * deactivates a user, and runs
 * an agent's shift cash-up (sales by product and total, printable).
 */
export function registerAdminUserRoutes(scope: FastifyInstance, s: Services): void {
  const app = typed(scope);
  app.get(
    '/console/admin/users',
    { schema: { tags, response: answer(Type.Object({ users: Type.Array(AdminUser) })) } },
    async () => ({
      users: listConsoleUsers(s.db).map((u) => adminUserJson(s, u)),
    }),
  );

  const patchSchema = { tags, params: IdParams, body: UserPatch, response: answer(AdminUser) };
  app.patch('/console/admin/users/:id', { schema: patchSchema }, async (request) => {
    const user = userOf(s, request.params.id);
    const me = requireRole(request, 'admin').user;
    const body = request.body;
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
    if (body.merchant_code !== undefined) patch.merchantCode = body.merchant_code.trim();
    return adminUserJson(s, updateConsoleUser(s.db, user.id, patch, adminActor(request), s.now()));
  });

  // A user locked out by failed sign-ins may try again at once (as `user unlock` does), audited.
  app.post(
    '/console/admin/users/:id/unlock',
    { schema: { tags, params: IdParams, response: answer(AdminUser) } },
    async (request) => {
      const user = userOf(s, request.params.id);
      unlockConsoleUser(s, user.username, adminActor(request));
      return adminUserJson(s, user);
    },
  );

  // The open shift, not recorded: what closing it now would say.
  const previewSchema = {
    tags,
    params: IdParams,
    // The environment is checked by the handler, so a wrong one gets its message.
    querystring: Type.Object({
      environment: Type.Optional(Type.String()),
      from: Type.Optional(Type.String()),
    }),
    response: answer(CashupInfo),
  };
  app.get('/console/admin/users/:id/cashup', { schema: previewSchema }, async (request) => {
    const user = userOf(s, request.params.id);
    const q = request.query;
    if (q.environment !== 'test' && q.environment !== 'live')
      throw new InvalidInput('environment must be test or live', 'environment');
    return previewCashup(s, user.id, q.environment, q.from);
  });

  app.post(
    '/console/admin/users/:id/cashups',
    { schema: { tags, params: IdParams, body: CashupBody, response: created(CashupInfo) } },
    async (request, reply) => {
      const user = userOf(s, request.params.id);
      const b = request.body;
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

  app.get(
    '/console/admin/users/:id/cashups',
    {
      schema: { tags, params: IdParams, response: answer(Type.Object({ cashups: Type.Array(CashupInfo) })) },
    },
    async (request) => {
      const user = userOf(s, request.params.id);
      return { cashups: listCashups(s.db, user.id).map((c) => cashupJson(s, c)) };
    },
  );

  app.get(
    '/console/admin/cashups/:id',
    { schema: { tags, params: IdParams, response: answer(CashupInfo) } },
    async (request) => {
      const id = Number(request.params.id);
      const c = Number.isSafeInteger(id) ? getCashup(s.db, id) : null;
      if (!c) throw new NotFound(`cash-up ${request.params.id} not found`);
      return cashupJson(s, c);
    },
  );
}
