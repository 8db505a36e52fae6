import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { Type } from '@sinclair/typebox';
import { Readable } from 'node:stream';
import { answer, ConsoleError, consoleErrors, typed } from './contract.js';
import {
  ReportDeliveryPage,
  ReportDetail,
  ReportResend,
  ReportSettingsInfo,
} from './admin-report-schemas.js';
import type { Services } from '../../services/context.js';
import { OneLineText, PageNumber, PageSize } from '../schema-blocks.js';
import type { Environment } from '../../store/credentials-crypto.js';
import { requireMerchant, getMerchantByCode, type Merchant } from '../../store/merchants.js';
import { findDelivery, listDeliveries } from '../../store/report-deliveries.js';
import { recordAudit } from '../../store/audit.js';
import { businessTimezone } from '../../store/settings.js';
import { Conflict, Forbidden, InvalidInput, NotFound } from '../../domain/errors.js';
import { isDay, parseDay } from '../../domain/business-days.js';
import {
  getReportSettings,
  reportSettingsJson,
  updateReportSettings,
  type ReportSettings,
} from '../../reports/report-settings.js';
import { reportSummaryJson } from '../../reports/report-builder.js';
import { reportCsv, reportCsvFileName } from '../../reports/report-csv.js';
import {
  buildReport,
  deliveryJson,
  openTransport,
  reportContextOf,
  sendReport,
} from '../../reports/delivery-service.js';
import type { DeliveryState } from '../../domain/delivery-policy.js';
import { registerDeskExport, sendCsv, type StartedExports } from './started-exports.js';

export interface ReportRouteOptions {
  /** Who acts, for the audit log (e.g. `user:NAME` from the console session). */
  actorOf?: (request: FastifyRequest) => string;
  /** The one merchant the caller may see, or null for all (a host administrator). */
  merchantScopeOf?: (request: FastifyRequest) => number | null;
  /** The console's started exports: the desk's two-step download of a day's CSV (none without). */
  exports?: StartedExports;
}

type Guard = NonNullable<RouteShorthandOptions['preHandler']>;

const STATES: DeliveryState[] = ['pending', 'sending', 'retrying', 'sent', 'failed'];
const csvAnswer = {
  200: { description: 'CSV', content: { 'text/csv': { schema: { type: 'string', format: 'binary' } } } },
  ...consoleErrors,
};
const isDeliveryState = (v: string): v is DeliveryState => (STATES as string[]).includes(v);

const DeliveryPageQuery = Type.Object({
  page: Type.Optional(PageNumber({ description: 'default 1' })),
  limit: Type.Optional(PageSize(200, { description: 'deliveries per page, default 50' })),
});

/** Report settings: every field optional; the service checks the values, this the types and text. */
const ReportSettingsBody = Type.Object(
  {
    smtp_url: Type.Optional(Type.Union([OneLineText({ maxLength: 500 }), Type.Null()])),
    from: Type.Optional(OneLineText({ maxLength: 200 })),
    send_time: Type.Optional(OneLineText({ maxLength: 10 })),
    timezone: Type.Optional(OneLineText({ maxLength: 64 })),
    holidays: Type.Optional(Type.Array(OneLineText({ maxLength: 10 }), { maxItems: 400 })),
    max_attachment_bytes: Type.Optional(Type.Integer()),
    console_url: Type.Optional(Type.Union([OneLineText({ maxLength: 500 }), Type.Null()])),
    lookback_days: Type.Optional(Type.Integer()),
  },
  // A misspelt field is refused as on every other console form, not saved as nothing.
  { additionalProperties: false },
);

function parseEnv(v: unknown): Environment {
  if (v !== 'test' && v !== 'live') throw new InvalidInput('environment must be test or live', 'environment');
  return v;
}

/**
 * The console's report API (DESIGN "The console": reports list, download, send now; SMTP and
 * schedule settings). The console wires it inside its own scope and passes its admin check as
 * `guard`, which runs before every route here.
 */
export function registerReportConsoleRoutes(
  scope: FastifyInstance,
  s: Services,
  guard: Guard,
  opts: ReportRouteOptions = {},
): void {
  const actorOf = opts.actorOf ?? (() => 'console');
  const scopeOf = opts.merchantScopeOf ?? (() => null);
  const app = typed(scope);
  const tags = ['reports'];
  // The handler checks each part, so a wrong environment or date gets its own message.
  const params = Type.Object({ code: Type.String(), env: Type.String(), date: Type.String() });
  const settingsAnswer = { preHandler: guard, schema: { tags, response: answer(ReportSettingsInfo) } };
  const listQuery = Type.Object({
    merchant_code: Type.Optional(Type.String()),
    environment: Type.Optional(Type.String()),
    state: Type.Optional(Type.String()),
    from: Type.Optional(Type.String()),
    to: Type.Optional(Type.String()),
    ...DeliveryPageQuery.properties,
  });

  const merchantFor = (request: FastifyRequest, code: string): Merchant => {
    const m = requireMerchant(s.db, code);
    const scope = scopeOf(request);
    // Another merchant's reports look like a missing one: no hint that the code exists.
    if (scope !== null && scope !== m.id) throw new NotFound(`merchant ${code} not found`);
    return m;
  };
  const target = (request: FastifyRequest & { params: { code: string; env: string; date: string } }) => {
    const p = request.params;
    return { merchant: merchantFor(request, p.code), env: parseEnv(p.env), day: parseDay(p.date, 'date') };
  };
  /** One day's report as it stands now, cut in the business timezone. */
  const dayReport = (merchant: Merchant, env: Environment, day: string) =>
    buildReport(reportContextOf(s, { nodeUrl: null }), merchant, env, day, businessTimezone(s.db));
  const ctxFor = (request: FastifyRequest) =>
    reportContextOf(s, { nodeUrl: `${request.protocol}://${request.host}` });

  app.get(
    '/console/reports',
    { preHandler: guard, schema: { tags, querystring: listQuery, response: answer(ReportDeliveryPage) } },
    async (request) => {
      const q = request.query;
      const scope = scopeOf(request);
      let merchantId: number | undefined = scope ?? undefined;
      if (q.merchant_code) {
        const m = getMerchantByCode(s.db, q.merchant_code);
        if (!m || (scope !== null && m.id !== scope))
          return { data: [], pagination: { total: 0, page: 1, size: 0, total_pages: 0 } };
        merchantId = m.id;
      }
      if (q.state && !isDeliveryState(q.state))
        throw new InvalidInput(`state must be one of ${STATES.join(', ')}`, 'state');
      for (const f of ['from', 'to'] as const)
        if (q[f] && !isDay(q[f])) throw new InvalidInput(`${f} must be a date YYYY-MM-DD`, f);
      const page = Number(q.page ?? 1);
      const size = Number(q.limit ?? 50);
      const { rows, total } = listDeliveries(
        s.db,
        {
          merchantId,
          environment: q.environment ? parseEnv(q.environment) : undefined,
          state: q.state && isDeliveryState(q.state) ? q.state : undefined,
          from: q.from,
          to: q.to,
        },
        size,
        (page - 1) * size,
      );
      return {
        data: rows.flatMap((d) => deliveryJson(d) ?? []),
        pagination: { total, page, size, total_pages: Math.ceil(total / size) },
      };
    },
  );

  app.get(
    '/console/reports/:code/:env/:date',
    { preHandler: guard, schema: { tags, params, response: answer(ReportDetail) } },
    async (request) => {
      const { merchant, env, day } = target(request);
      const report = dayReport(merchant, env, day);
      return {
        report: reportSummaryJson(report),
        recipients: merchant.reportEmails,
        delivery: deliveryJson(findDelivery(s.db, merchant.id, env, day)),
      };
    },
  );

  /** One day's report as its CSV: built whole, and sent with its length. */
  const reportFile = (request: FastifyRequest & { params: { code: string; env: string; date: string } }) => {
    const { merchant, env, day } = target(request);
    const report = dayReport(merchant, env, day);
    const csv = reportCsv(report);
    // Sent as a stream, with its length told as before: a client that stops reading a busy
    // day's report is cut like any download (http/stalled-streams.ts).
    return {
      filename: reportCsvFileName(report),
      length: Buffer.byteLength(csv),
      open: () => Readable.from([csv]),
    };
  };
  app.get(
    '/console/reports/:code/:env/:date/csv',
    { preHandler: guard, schema: { tags, params, response: csvAnswer } },
    async (request, reply) => sendCsv(reply, reportFile(request)),
  );
  // The desk's download of it, started in two steps so that a refusal (an unknown merchant, a
  // date that is none) is said on the page (started-exports.ts).
  if (opts.exports)
    registerDeskExport(scope, opts.exports, {
      url: '/console/reports/:code/:env/:date/exports',
      tags,
      params,
      file: "CSV of the day's report the export was started for",
      preHandler: guard,
      make: reportFile,
    });

  // Sends the day's report now, also when it was delivered before (the merchant lost it).
  app.post(
    '/console/reports/:code/:env/:date/resend',
    {
      preHandler: guard,
      schema: { tags, params, response: { ...answer(ReportResend), 409: ConsoleError } },
    },
    async (request) => {
      const { merchant, env, day } = target(request);
      if (!merchant.reportEmails.length) throw new Conflict(`${merchant.code} has no report recipients`);
      const ctx = ctxFor(request);
      const settings = getReportSettings(s.db, s.box);
      const transport = openTransport(ctx, settings);
      if (!transport) throw new Conflict('SMTP is not configured: set it in the report settings first');
      try {
        const r = await sendReport(ctx, {
          merchant,
          environment: env,
          day,
          mode: 'resend',
          settings,
          transport,
        });
        if (r.skipped === 'incomplete_day')
          throw new Conflict(`${day} has not ended yet in ${settings.timezone}`);
        if (r.skipped === 'in_progress') throw new Conflict('this report is being sent right now');
        recordAudit(s.db, actorOf(request), 'report.resend', merchant.code, {
          environment: env,
          date: day,
          sent: r.sent,
          error: r.error ?? null,
        });
        return { sent: r.sent, error: r.error ?? null, delivery: deliveryJson(r.delivery) };
      } finally {
        transport.close();
      }
    },
  );

  app.get('/console/report-settings', settingsAnswer, async (request) => {
    if (scopeOf(request) !== null)
      throw new Forbidden('Only a host administrator may see the report settings');
    return reportSettingsJson(getReportSettings(s.db, s.box), s.config.smtpUrl);
  });

  app.put(
    '/console/report-settings',
    { preHandler: guard, schema: { tags, body: ReportSettingsBody, response: answer(ReportSettingsInfo) } },
    async (request) => {
      if (scopeOf(request) !== null)
        throw new Forbidden('Only a host administrator may change the report settings');
      const b: Record<string, unknown> = request.body;
      const patch: Partial<ReportSettings> = {};
      const bad = (k: string): never => {
        throw new InvalidInput(`${k} has the wrong type`, k);
      };
      const str = (k: string) => {
        const v = b[k];
        return v === undefined ? undefined : typeof v === 'string' ? v : bad(k);
      };
      if (b.smtp_url !== undefined)
        patch.smtpUrl = b.smtp_url === null || b.smtp_url === '' ? null : (str('smtp_url') ?? null);
      if (b.from !== undefined) patch.from = str('from');
      if (b.send_time !== undefined) patch.sendTime = str('send_time');
      if (b.timezone !== undefined) patch.timezone = str('timezone');
      if (b.holidays !== undefined) patch.holidays = Array.isArray(b.holidays) ? b.holidays : bad('holidays');
      if (b.max_attachment_bytes !== undefined)
        patch.maxAttachmentBytes =
          typeof b.max_attachment_bytes === 'number' ? b.max_attachment_bytes : bad('max_attachment_bytes');
      if (b.console_url !== undefined)
        patch.consoleUrl =
          b.console_url === null || b.console_url === '' ? null : (str('console_url') ?? null);
      if (b.lookback_days !== undefined)
        patch.lookbackDays = typeof b.lookback_days === 'number' ? b.lookback_days : bad('lookback_days');
      return reportSettingsJson(updateReportSettings(s.db, s.box, patch, actorOf(request)), s.config.smtpUrl);
    },
  );
}
