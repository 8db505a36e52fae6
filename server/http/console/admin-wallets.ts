import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { answer, ConsoleError, consoleErrors, typed } from './contract.js';
import { AdminLedgerPage, FundResult, LedgerVerify } from './admin-schemas.js';
import { csvAmount, csvStream, firstPageRead, mapPages, type CsvCell } from '../../domain/csv.js';
import { localTime, localTimeColumn } from '../../domain/business-days.js';
import { businessTimezone } from '../../store/settings.js';
import { DateTime } from 'luxon';
import type { Services } from '../../services/context.js';
import { requireMerchant, type Merchant } from '../../store/merchants.js';
import { getWallet, listLedger, type LedgerRow } from '../../store/wallets.js';
import { fundMerchantWallet } from '../../services/admin-wallets.js';
import { ledgerPages } from '../../store/admin-queries.js';
import type { Environment } from '../../store/credentials-crypto.js';
import { InvalidInput } from '../../domain/errors.js';
import { koboToApiNaira } from '../../../common/money.js';
import { adminActor } from './admin-guard.js';
import { LedgerPageQuery, OneLineText } from '../schema-blocks.js';
import { registerDeskExport, sendCsv, type CsvFile, type StartedExports } from './started-exports.js';
import { OPERATOR_REASON_MAX } from '../../../common/operator-reason.js';

const tags = ['admin: wallets'];
const csvAnswer = {
  200: { description: 'CSV', content: { 'text/csv': { schema: { type: 'string', format: 'binary' } } } },
  ...consoleErrors,
};
/** Ledger entries read per query while a CSV streams (the whole range is exported). */
const CSV_PAGE_ROWS = 500;
const EnvParams = Type.Object({
  code: Type.String(),
  env: Type.Union([Type.Literal('test'), Type.Literal('live')]),
});

const FundBody = Type.Object(
  {
    kind: Type.Union([Type.Literal('funding'), Type.Literal('adjustment')]),
    amount: Type.String(),
    reason: OneLineText({ maxLength: OPERATOR_REASON_MAX }),
  },
  { additionalProperties: false },
);

export const ledgerEntryJson = (r: LedgerRow) => ({
  id: r.id,
  kind: r.kind,
  amount: koboToApiNaira(r.amount_kobo),
  amount_kobo: r.amount_kobo,
  // The running balance: every entry records the balance right after it.
  balance_after: koboToApiNaira(r.balance_after_kobo),
  reference: r.internal_reference ?? '',
  reason: r.reason,
  actor: r.actor,
  created_at: r.created_at,
});

function target(
  s: Services,
  request: { params: { code: string; env: Environment } },
): { merchant: Merchant; env: Environment } {
  const { code, env } = request.params;
  return { merchant: requireMerchant(s.db, code), env };
}

function businessDay(value: string | undefined, field: string, fallback: DateTime): DateTime {
  if (!value) return fallback;
  const d = DateTime.fromFormat(value, 'yyyy-LL-dd', { zone: fallback.zone });
  if (!d.isValid) throw new InvalidInput(`${field} must be a date like 2026-01-31`, field);
  return d;
}

const LedgerCsvQuery = Type.Object({ from: Type.Optional(Type.String()), to: Type.Optional(Type.String()) });

/**
 * The ledger of a merchant's wallet between two business days (inclusive), oldest first: every
 * check made and its first page read; the rest is read page by page as the file is written.
 */
function ledgerCsv(
  s: Services,
  params: { code: string; env: Environment },
  q: { from?: string; to?: string },
): CsvFile {
  const { merchant, env } = target(s, { params });
  const timezone = businessTimezone(s.db);
  const today = DateTime.fromMillis(s.now(), { zone: timezone }).startOf('day');
  const from = businessDay(q.from, 'from', today.minus({ days: 30 }));
  const to = businessDay(q.to, 'to', today);
  if (to < from) throw new InvalidInput('to must not be before from', 'to');
  const wallet = getWallet(s.db, merchant.id, env);
  const pages = firstPageRead(
    ledgerPages(s.db, wallet.id, from.toUTC().toISO()!, to.plus({ days: 1 }).toUTC().toISO()!, CSV_PAGE_ROWS),
  );
  const columns = [
    'time_utc',
    localTimeColumn(timezone),
    'kind',
    'amount',
    'balance_after',
    'reference',
    'reason',
    'actor',
  ];
  const row = (r: LedgerRow): CsvCell[] => [
    r.created_at,
    localTime(r.created_at, timezone),
    r.kind,
    csvAmount(koboToApiNaira(r.amount_kobo)),
    csvAmount(koboToApiNaira(r.balance_after_kobo)),
    r.internal_reference ?? '',
    r.reason,
    r.actor,
  ];
  const day = (d: DateTime) => d.toFormat('yyyy-LL-dd');
  return {
    filename: `vendpoint-${merchant.code}-${env}-ledger-${day(from)}-to-${day(to)}.csv`,
    open: () =>
      csvStream(
        columns,
        mapPages(pages, (page) => page, row),
      ),
  };
}

/**
 * Wallets: fund or adjust any merchant's wallet with a required reason (one ledger
 * entry, audited with who and why), read the ledger with its running balance, export it.
 */
export function registerAdminWalletRoutes(
  scope: FastifyInstance,
  s: Services,
  started: StartedExports,
): void {
  const app = typed(scope);
  app.post(
    '/console/admin/merchants/:code/wallets/:env/fund',
    { schema: { tags, params: EnvParams, body: FundBody, response: answer(FundResult) } },
    async (request) => {
      const { code, env } = request.params;
      const after = fundMerchantWallet(s, {
        code,
        env,
        kind: request.body.kind,
        amount: request.body.amount,
        reason: request.body.reason,
        actor: adminActor(request),
      });
      return { environment: env, balance: koboToApiNaira(after), balance_kobo: after };
    },
  );

  app.get(
    '/console/admin/merchants/:code/wallets/:env/ledger',
    {
      schema: {
        tags,
        params: EnvParams,
        querystring: LedgerPageQuery,
        response: answer(AdminLedgerPage),
      },
    },
    async (request) => {
      const { merchant, env } = target(s, request);
      const q = request.query;
      const limit = Number(q.limit ?? 50);
      const before = q.before === undefined ? undefined : Number(q.before);
      const wallet = getWallet(s.db, merchant.id, env);
      const rows = listLedger(s.db, wallet.id, { limit, beforeId: before });
      return {
        merchant_code: merchant.code,
        environment: env,
        balance: koboToApiNaira(wallet.balanceKobo),
        entries: rows.map(ledgerEntryJson),
        next_before: rows.length === limit ? rows[rows.length - 1].id : null,
      };
    },
  );

  // CSV of the ledger between two business days (inclusive), oldest first: for scripts, and
  // started by the desk in two steps so that a refusal is said on the page (started-exports.ts).
  app.get(
    '/console/admin/merchants/:code/wallets/:env/ledger.csv',
    { schema: { tags, params: EnvParams, querystring: LedgerCsvQuery, response: csvAnswer } },
    async (request, reply) => sendCsv(reply, ledgerCsv(s, request.params, request.query)),
  );
  registerDeskExport(scope, started, {
    url: '/console/admin/merchants/:code/wallets/:env/ledger/exports',
    tags,
    params: EnvParams,
    querystring: LedgerCsvQuery,
    file: 'CSV of the ledger entries the export was started for',
    make: (request) => ledgerCsv(s, request.params, request.query),
  });

  // `ledger verify` from the console: every wallet's balance equals its ledger, never negative;
  // on a thread of its own, so the node answers meanwhile (503 when the node stops mid-check).
  app.get(
    '/console/admin/ledger/verify',
    { schema: { tags, response: { ...answer(LedgerVerify), 503: ConsoleError } } },
    () => s.ledgerCheck.verify(),
  );
}
