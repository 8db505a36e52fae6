import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/context.js';
import { dashboard } from '../../services/admin-dashboard.js';
import { InvalidInput } from '../../domain/errors.js';
import { Type } from '@sinclair/typebox';
import { answer, typed } from './contract.js';
import { DashboardInfo } from './admin-schemas.js';

const tags = ['admin: dashboard'];

/** Dashboard: today's sales by product and status, balances, pending, upstream health. */
export function registerAdminDashboardRoutes(scope: FastifyInstance, s: Services): void {
  const app = typed(scope);
  // The environment is checked by the handler, so a wrong one gets its message.
  const schema = {
    tags,
    querystring: Type.Object({ environment: Type.Optional(Type.String()) }),
    response: answer(DashboardInfo),
  };
  app.get('/console/admin/dashboard', { schema }, async (request) => {
    const env = request.query.environment ?? 'live';
    if (env !== 'test' && env !== 'live')
      throw new InvalidInput('environment must be test or live', 'environment');
    return dashboard(s, env);
  });
}
