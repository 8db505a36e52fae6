import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { csvAmount, csvStream, mapPages, mapPagesAsync, type CsvCell } from '../../domain/csv.js';
import { localDay, localTime, localTimeColumn } from '../../domain/business-days.js';
import type { Services } from '../../services/context.js';
import { businessTimezone } from '../../store/settings.js';
import { purchaseOf, type Purchase } from '../../store/purchases.js';
import { purchasePages, type PurchaseFilter } from '../../store/purchase-lists.js';
import { typed } from './contract.js';
import {
  binary,
  callerOf,
  filterOf,
  HistoryFilters,
  saleViews,
  searchBusy,
  tags,
} from './purchase-routes.js';
import { clientGone } from './client-gone.js';
import { registerDeskExport, sendCsv, type CsvFile, type StartedExports } from './started-exports.js';

/**
 * History's CSV: `GET /console/purchases.csv` (scripts, curl) and the desk's two steps, `POST
 * /console/purchases/exports` then the one-time link it answers (started-exports.ts). Every
 * sale the filters hold, written page by page as the file downloads.
 */

const CsvQuery = Type.Object(HistoryFilters);
/** Sales read per query while a CSV streams (every sale the filters hold is exported). */
const CSV_PAGE_ROWS = 250;
const textOf = (v: unknown): string => (v === undefined || v === null ? '' : String(v));

/**
 * purchasePages for a text search, each page read on the search thread. The first page is read
 * before the answer starts, so a busy thread or a stopping node is a 503, not a cut file; the
 * later pages are never refused for the queue's length (one waiting read per export).
 */
async function searchedPages(
  s: Services,
  signal: AbortSignal,
  filter: PurchaseFilter,
): Promise<AsyncIterable<Purchase[]>> {
  const read = async (below: number, admitted: boolean) =>
    (
      await s.search.read({ type: 'csv-page', filter, below, pageSize: CSV_PAGE_ROWS }, { admitted, signal })
    ).rows.map((r) => purchaseOf(r, s.db));
  let rows = await read(Number.MAX_SAFE_INTEGER, false);
  return (async function* () {
    for (;;) {
      if (rows.length > 0) yield rows;
      if (rows.length < CSV_PAGE_ROWS) return;
      rows = await read(rows[rows.length - 1].id, true);
    }
  })();
}

const CSV_COLUMNS = [
  'reference',
  'request_id',
  'environment',
  'product',
  'network',
  'customer',
  'plan',
  'amount',
  'debit',
  'status',
  'token',
  'units',
  'failure_reason',
  'agent',
];

/**
 * The CSV of the sales the query's filters hold, its first page read (a text search's on the
 * search thread: a busy thread or a bad filter is refused here, before any answer), the rest
 * read as the file is written. `signal` ends a text search's reads.
 */
async function salesCsv(
  s: Services,
  request: FastifyRequest,
  q: Partial<Record<string, string>>,
  signal: AbortSignal,
): Promise<CsvFile> {
  const caller = callerOf(s, request);
  const timezone = businessTimezone(s.db);
  const { filter } = filterOf(s, caller, q, timezone);
  const view = (p: Purchase[]) => saleViews(s, caller.merchant.name, p);
  const row = (v: ReturnType<typeof saleViews>[number]): CsvCell[] => [
    localTime(v.created_at, timezone),
    v.reference,
    v.request_id,
    v.environment,
    v.product,
    v.network,
    v.customer,
    v.plan_name || v.plan,
    csvAmount(v.amount),
    csvAmount(v.debit),
    v.status,
    textOf(v.result.token),
    textOf(v.result.units),
    v.failure_reason,
    v.agent,
  ];
  const rows = filter.search
    ? mapPagesAsync(await searchedPages(s, signal, filter), view, row)
    : mapPages(purchasePages(s.db, filter, CSV_PAGE_ROWS), view, row);
  const day = localDay(s.now(), timezone);
  return {
    filename: `vendpoint-${caller.environment}-sales-${day}.csv`,
    open: () => csvStream([localTimeColumn(timezone), ...CSV_COLUMNS], rows),
  };
}

export function registerSalesCsvRoutes(scope: FastifyInstance, s: Services, started: StartedExports): void {
  const app = typed(scope);
  const csvSchema = {
    tags,
    querystring: CsvQuery,
    response: Object.assign(binary('text/csv', 'CSV of the filtered sales'), searchBusy),
  };
  app.get('/console/purchases.csv', { schema: csvSchema }, async (request, reply) =>
    sendCsv(reply, await salesCsv(s, request, request.query, clientGone(reply))),
  );
  // The desk's export: started with fetch, so a refusal is shown on the page, then downloaded
  // by its one-time link; a text search's later pages are not read once it is abandoned.
  registerDeskExport(scope, started, {
    url: '/console/purchases/exports',
    tags,
    querystring: CsvQuery,
    refusals: searchBusy,
    file: 'CSV of the sales the export was started for',
    make: (request, signal) => salesCsv(s, request, request.query, signal),
  });
}
