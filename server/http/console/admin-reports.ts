import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { Services } from '../../services/context.js';
import { runReports } from '../../reports/report-run.js';
import { reportContextOf } from '../../reports/delivery-service.js';
import { adminActor } from './admin-guard.js';
import { answer, typed } from './contract.js';
import { ReportRun } from './admin-report-schemas.js';
import { REPORT_RUN_CODE_MAX } from '../../../common/input-limits.js';

const tags = ['admin: reports'];

/**
 * `report run` from the console (everything the CLI can): builds, and with `send`
 * e-mails, one day's reports of every merchant with recipients (or of one merchant). It is
 * the CLI's own function on this node's own database connection, so both always agree; a report that
 * was delivered is not sent twice (the Reports page resends one on purpose).
 */
export function registerAdminReportRoutes(scope: FastifyInstance, s: Services): void {
  const app = typed(scope);
  app.post(
    '/console/admin/reports/run',
    {
      schema: {
        tags,
        body: Type.Object(
          {
            date: Type.String(),
            send: Type.Boolean(),
            code: Type.Optional(Type.String({ maxLength: REPORT_RUN_CODE_MAX })),
          },
          { additionalProperties: false },
        ),
        response: answer(ReportRun),
      },
    },
    async (request) => {
      const b = request.body;
      const r = await runReports(reportContextOf(s, { nodeUrl: null }), {
        date: b.date,
        send: b.send,
        code: b.code || undefined,
        actor: adminActor(request),
      });
      return { ok: r.ok, ...(r.json as object) };
    },
  );
}
