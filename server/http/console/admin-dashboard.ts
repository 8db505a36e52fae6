import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/context.js';
import { dashboard } from '../../services/admin-dashboard.js';
import { InvalidInput } from '../../domain/errors.js';

const hide = { hide: true } as const;

/** Dashboard: today's sales by product and status, balances, pending, upstream health. */
export function registerAdminDashboardRoutes(app: FastifyInstance, s: Services): void {
  app.get('/console/admin/dashboard', { schema: hide }, async (request) => {
    const env = (request.query as { environment?: string }).environment ?? 'live';
    if (env !== 'test' && env !== 'live')
      throw new InvalidInput('environment must be test or live', 'environment');
    return dashboard(s, env);
  });
}
