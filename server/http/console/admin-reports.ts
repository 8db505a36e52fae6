import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { Services } from '../../services/context.js';
import { runReports } from '../../reports/cli-command.js';
import { reportContextOf } from '../../reports/delivery-service.js';
import { adminActor } from './admin-guard.js';

const hide = { hide: true } as const;

/**
 * `report run` from the console (everything the CLI can): builds, and with `send`
 * e-mails, one day's reports of every merchant with recipients (or of one merchant). It is
 * the CLI's own function on this node's own database connection, so both always agree; a report that
 * was delivered is not sent twice (the Reports page resends one on purpose).
 */
export function registerAdminReportRoutes(app: FastifyInstance, s: Services): void {
  app.post(
    '/console/admin/reports/run',
    {
      schema: {
        ...hide,
        body: Type.Object(
          { date: Type.String(), send: Type.Boolean(), code: Type.Optional(Type.String({ maxLength: 20 })) },
          { additionalProperties: false },
        ),
      },
    },
    async (request) => {
      const b = request.body as { date: string; send: boolean; code?: string };
      const r = await runReports(reportContextOf(s, { nodeUrl: null }), {
        date: b.date,
        send: b.send,
        code: b.code || undefined,
        actor: adminActor(request),
      });
      return { ok: r.ok, ...(r.json as Record<string, unknown>) };
    },
  );
}
