import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { Readable } from 'node:stream';
import { csvAmount, csvStream, mapPages, mapPagesAsync, type CsvCell } from '../../domain/csv.js';
import { localDay, localTime, localTimeColumn } from '../../domain/business-days.js';
import { NotFound } from '../../domain/errors.js';
import type { Services } from '../../services/context.js';
import { businessTimezone } from '../../store/settings.js';
import { purchaseOf, type Purchase } from '../../store/purchases.js';
import { purchasePages, type PurchaseFilter } from '../../store/purchase-lists.js';
import { answer, typed } from './contract.js';
import {
  binary,
  callerOf,
  clientGone,
  filterOf,
  HistoryFilters,
  saleViews,
  searchBusy,
  tags,
} from './purchase-routes.js';
import { sessionOf } from './session.js';
import { StartedExports } from './started-exports.js';

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
): Promise<{ filename: string; open: () => Readable }> {
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

const sendCsv = (reply: FastifyReply, csv: { filename: string; open: () => Readable }) =>
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${csv.filename}"`)
    .send(csv.open());

const StartedExportLink = Type.Object({
  href: Type.String({
    description:
      'where the CSV downloads: once, by the user who started it, within a minute; the checks were made and its first page read',
  }),
});

export function registerSalesCsvRoutes(scope: FastifyInstance, s: Services): void {
  const app = typed(scope);
  const started = new StartedExports();
  const csvSchema = {
    tags,
    querystring: CsvQuery,
    response: Object.assign(binary('text/csv', 'CSV of the filtered sales'), searchBusy),
  };
  app.get('/console/purchases.csv', { schema: csvSchema }, async (request, reply) =>
    sendCsv(reply, await salesCsv(s, request, request.query, clientGone(reply))),
  );

  // The desk's export: started with fetch, so a refusal is shown on the page, then downloaded
  // by its one-time link (started-exports.ts).
  const startSchema = {
    tags,
    querystring: CsvQuery,
    response: Object.assign(answer(StartedExportLink), searchBusy),
  };
  app.post('/console/purchases/exports', { schema: startSchema }, async (request, reply) => {
    // Ended if the desk leaves before the answer, if the link is never followed, or if its
    // download is left unfinished: a text search's later pages are then not read.
    const ends = new AbortController();
    clientGone(reply).addEventListener('abort', () => ends.abort(), { once: true });
    const csv = await salesCsv(s, request, request.query, ends.signal);
    const token = started.add(sessionOf(request).user.id, {
      filename: csv.filename,
      open: csv.open,
      abandon: () => ends.abort(),
    });
    return { href: `/console/purchases/exports/${token}` };
  });

  const downloadSchema = {
    tags,
    params: Type.Object({ token: Type.String({ maxLength: 64 }) }),
    response: binary('text/csv', 'CSV of the sales the export was started for'),
  };
  app.get('/console/purchases/exports/:token', { schema: downloadSchema }, async (request, reply) => {
    const csv = started.take(request.params.token, sessionOf(request).user.id);
    if (!csv) throw new NotFound('This export has expired or was downloaded already: export again');
    clientGone(reply).addEventListener('abort', () => csv.abandon(), { once: true });
    return sendCsv(reply, csv);
  });
}
