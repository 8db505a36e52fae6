import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { Services } from '../../services/context.js';
import { listConsoleUsers, type ConsoleUser } from '../../store/console-users.js';
import { addConsoleUser, consoleUserView } from '../../services/console-users.js';
import { requireRole } from './session.js';
import { answer, consoleErrors, typed } from './contract.js';
import { ConsoleUserView } from './console-schemas.js';

const tags = ['users'];

/** A console user as the Users pages show it. */
export const userView = (s: Services, u: ConsoleUser) => consoleUserView(s.db, u);

/** Console users, admins only. The admin pages build their Users screen on these. */
export function registerUserRoutes(scope: FastifyInstance, s: Services): void {
  const app = typed(scope);
  const listSchema = {
    tags,
    response: answer(Type.Object({ users: Type.Array(ConsoleUserView) })),
  };
  app.get('/console/users', { schema: listSchema }, async (request) => {
    requireRole(request, 'admin');
    return { users: listConsoleUsers(s.db).map((u) => userView(s, u)) };
  });

  app.post(
    '/console/users',
    {
      // The role is checked before the body, so an agent always gets 403, never a 400 hint.
      preValidation: async (request) => {
        requireRole(request, 'admin');
      },
      schema: {
        tags,
        response: { 201: ConsoleUserView, ...consoleErrors },
        body: Type.Object(
          {
            username: Type.String(),
            password: Type.String(),
            role: Type.Union([Type.Literal('admin'), Type.Literal('agent')]),
            merchant_code: Type.String(),
            daily_sales_limit: Type.Optional(Type.Union([Type.String(), Type.Null()])),
            environments: Type.Optional(
              Type.Array(Type.Union([Type.Literal('test'), Type.Literal('live')]), {
                maxItems: 2,
                description: 'where the user may sell; omitted: test only',
              }),
            ),
            start_environment: Type.Optional(Type.Union([Type.Literal('test'), Type.Literal('live')])),
          },
          { additionalProperties: false },
        ),
      },
    },
    async (request, reply) => {
      const session = requireRole(request, 'admin');
      const body = request.body;
      const user = await addConsoleUser(
        s,
        {
          username: body.username,
          password: body.password,
          role: body.role,
          merchantCode: body.merchant_code,
          dailySalesLimit: body.daily_sales_limit,
          environments: body.environments,
          startEnvironment: body.start_environment,
        },
        `user:${session.user.username}`,
      );
      return reply.status(201).send(userView(s, user));
    },
  );
}
