import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { ConsoleError, consoleErrors, typed } from './contract.js';
import type { Services } from '../../services/context.js';
import { adminActor } from './admin-guard.js';
import { Nullable, OneLineText, PatternText } from '../schema-blocks.js';
import { getReconciliationSettings, setReconciliationSettings } from '../../store/reconciliation-settings.js';
import { listExceptions } from '../../store/reconciliation-exceptions.js';
import { listRuns } from '../../store/reconciliations.js';
import { askUpstreamWith, resolveException } from '../../services/reconciliation-resolve.js';
import { reverseSaleWith } from '../../services/reconciliation-reversal.js';
import { reconciliationExceptionJson, reconciliationRunJson } from '../../services/reconciliation-json.js';
import { runReconciliation } from '../../reports/reconciliation-run.js';
import { reportContextOf } from '../../reports/delivery-service.js';
import { parseDay } from '../../domain/business-days.js';
import { EXCEPTION_KINDS } from '../../domain/reconciliation.js';
import { Lit } from './admin-schema-blocks.js';
import { RECONCILIATION_LIMITS } from '../../../common/input-limits.js';
import { OPERATOR_REASON_MAX } from '../../../common/operator-reason.js';

const tags = ['admin: reconciliation'];

const Run = Type.Object({
  id: Type.Integer(),
  upstream: Type.String(),
  day: Type.String(),
  timezone: Type.String(),
  state: Type.Union([Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')]),
  actor: Type.String(),
  upstream_rows: Type.Integer(),
  our_rows: Type.Integer(),
  counts: Type.Record(Type.String(), Type.Integer()),
  open_exceptions: Type.Integer(),
  open_now: Type.Integer(),
  error: Nullable(Type.String()),
  mail: Nullable(Type.String()),
  started_at: Type.String(),
  finished_at: Nullable(Type.String()),
});

const Kind = Lit(...EXCEPTION_KINDS);
const Action = Type.Union([Type.Literal('accept_upstream'), Type.Literal('settled_outside')]);

const Exception = Type.Object({
  id: Type.Integer(),
  upstream: Type.String(),
  day: Type.String(),
  reference: Type.String(),
  kind: Kind,
  accept_effect: Nullable(Type.Union([Type.Literal('reverse'), Type.Literal('debit_correction')])),
  our_state: Nullable(Type.String()),
  our_amount: Nullable(Type.String()),
  their_state: Nullable(Type.String()),
  their_amount: Nullable(Type.String()),
  status: Type.Union([Type.Literal('open'), Type.Literal('cleared'), Type.Literal('resolved')]),
  resolution: Nullable(Action),
  resolved_by: Nullable(Type.String()),
  resolved_reason: Nullable(Type.String()),
  resolved_at: Nullable(Type.String()),
  created_at: Type.String(),
  sent_to: Type.Optional(
    Type.String({
      description:
        'sent_to_other_account only: the provider account the sale was sent to (base URL and merchant code, never a key or secret), which the upstream no longer points at',
    }),
  ),
});

const Settings = Type.Object({ run_time: Type.String(), operator_emails: Type.Array(Type.String()) });

const Overview = Type.Object({
  runs: Type.Array(Run),
  exceptions: Type.Array(Exception),
  settings: Settings,
});

const RunBody = Type.Object(
  {
    date: PatternText('^\\d{4}-\\d{2}-\\d{2}$', 'must be a date YYYY-MM-DD'),
    upstream: Type.Optional(OneLineText({ maxLength: RECONCILIATION_LIMITS.upstream })),
  },
  { additionalProperties: false },
);
const ResolveBody = Type.Object(
  {
    action: Action,
    reason: OneLineText({ maxLength: OPERATOR_REASON_MAX }),
    confirm: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
const SettingsBody = Type.Object(
  {
    run_time: Type.Optional(PatternText('^([01]\\d|2[0-3]):[0-5]\\d$', 'must be a time HH:MM')),
    operator_emails: Type.Optional(
      Type.Array(OneLineText({ maxLength: RECONCILIATION_LIMITS.operatorEmail }), {
        maxItems: RECONCILIATION_LIMITS.operatorEmails,
      }),
    ),
  },
  { additionalProperties: false },
);
const IdParams = Type.Object({ id: PatternText('^[1-9]\\d{0,15}$', 'must be an exception id') });

const settingsJson = (s: Services) => {
  const r = getReconciliationSettings(s.db);
  return { run_time: r.runTime, operator_emails: r.operatorEmails };
};

/**
 * Reconciliation in the admin console: the runs, the exceptions with their resolution, a run
 * by hand for a day, resolving one exception (audited with the admin's name and reason) and
 * the schedule's settings.
 */
export function registerAdminReconciliationRoutes(scope: FastifyInstance, s: Services): void {
  const app = typed(scope);
  app.get(
    '/console/admin/reconciliation',
    { schema: { tags, response: { 200: Overview, ...consoleErrors } } },
    async () => ({
      runs: listRuns(s.db, 100).map(reconciliationRunJson),
      exceptions: listExceptions(s.db, { limit: 500 }).map(reconciliationExceptionJson),
      settings: settingsJson(s),
    }),
  );

  app.post(
    '/console/admin/reconciliation/run',
    {
      schema: {
        tags,
        body: RunBody,
        response: { 200: Type.Object({ runs: Type.Array(Run) }), ...consoleErrors },
      },
    },
    async (request) => {
      const day = parseDay(request.body.date);
      const ctx = { ...reportContextOf(s, { nodeUrl: null }), router: s.router };
      const r = await runReconciliation(ctx, {
        day,
        upstream: request.body.upstream || undefined,
        actor: adminActor(request),
      });
      return { runs: r.runs.map(reconciliationRunJson) };
    },
  );

  app.post(
    '/console/admin/reconciliation/exceptions/:id/resolve',
    {
      schema: {
        tags,
        params: IdParams,
        body: ResolveBody,
        response: { 200: Exception, ...consoleErrors, 409: ConsoleError, 502: ConsoleError },
      },
    },
    async (request) => {
      const e = await resolveException(
        { db: s.db, reverseSale: reverseSaleWith(s), askUpstream: askUpstreamWith(s.router, s.db) },
        {
          id: Number(request.params.id),
          action: request.body.action,
          reason: request.body.reason,
          confirm: request.body.confirm,
          actor: adminActor(request),
        },
      );
      return reconciliationExceptionJson(e);
    },
  );

  app.put(
    '/console/admin/reconciliation/settings',
    { schema: { tags, body: SettingsBody, response: { 200: Settings, ...consoleErrors } } },
    async (request) => {
      setReconciliationSettings(
        s.db,
        { runTime: request.body.run_time, operatorEmails: request.body.operator_emails },
        adminActor(request),
      );
      return settingsJson(s);
    },
  );
}
