import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';

/**
 * Every CSV the node writes (console sales and ledger exports, the daily report) goes through
 * `toCsv`, so no text cell can reach a spreadsheet as a formula ("CSV injection", OWASP): a
 * text cell starting with `=`, `+`, `-`, `@` (leading whitespace aside), tab or carriage return
 * gets a leading apostrophe, which spreadsheets show as text and do not evaluate, and so does
 * such a character after a `;`, tab or line break inside a cell (a spreadsheet splitting rows at
 * `;` or tab starts a new cell there). Amounts are the exception on purpose: they are Naira
 * strings the node formats itself, marked with `csvAmount`, and are written as they are (a
 * negative refund stays `-100.00`, a number a spreadsheet can sum).
 */

/**
 * A tab or carriage return first, or a formula character after nothing but whitespace: a
 * spreadsheet may trim leading spaces (LibreOffice's "Trim spaces" import option, a user's own
 * TRIM) and then read ` =1+1` as a formula.
 */
const FORMULA_START = /^(?:[\t\r]|\s*[=+\-@])/;
/**
 * A formula character after a separator a spreadsheet may split at instead of the comma (`;`,
 * the list separator of Excel in many locales and one LibreOffice ticks by default; tab) or a
 * line break, with only spaces or quotes between: that part of the cell can become a cell of
 * its own there, and a quote in the middle of a field protects nothing.
 */
const FORMULA_AFTER_SEPARATOR = /([;\t\r\n][\s"]*)(?=[=+\-@])/g;
const AMOUNT = /^-?\d+(\.\d+)?$/;

/** A number the node formatted itself (Naira with two decimals): written without escaping. */
export class CsvAmount {
  constructor(readonly text: string) {}
}

export type CsvCell = string | CsvAmount | null | undefined;

/** Marks a Naira amount we produced; anything that is not plainly a number stays text. */
export function csvAmount(text: string): CsvAmount {
  return new CsvAmount(text);
}

/** A text cell as a spreadsheet may safely open it, whichever separator it splits the row at. */
export function spreadsheetSafe(text: string): string {
  const inner = text.replace(FORMULA_AFTER_SEPARATOR, "$1'");
  return FORMULA_START.test(inner) ? `'${inner}` : inner;
}

function cellText(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof CsvAmount) return AMOUNT.test(cell.text) ? cell.text : spreadsheetSafe(cell.text);
  return spreadsheetSafe(cell);
}

/**
 * RFC 4180 CSV with a header row (csv-stringify quotes separators, quotes and line breaks).
 * `crlf` for files mailed as attachments, which mail clients and spreadsheets expect. Every file
 * starts with a UTF-8 byte-order mark: Excel reads a CSV without one in the PC's own code page,
 * which garbles ₦, accents and dashes in names, plan titles and reasons.
 */
export function toCsv(columns: readonly string[], rows: CsvCell[][], opts: { crlf?: boolean } = {}): string {
  return stringify([columns.map(spreadsheetSafe), ...rows.map((r) => r.map(cellText))], {
    record_delimiter: opts.crlf ? 'windows' : 'unix',
    bom: true,
  });
}

/**
 * The same file as `toCsv`, made page by page as the reader takes it: an export over years of
 * sales holds one page of rows at a time, not the whole file, and the node answers other
 * requests between two pages (a million rows built at once held the main thread for seconds
 * and a few hundred MB). `pages` is pulled lazily, one page per chunk; each page is read by the
 * caller with a query of its own, so no SQLite statement stays open across the pause. Pages read
 * elsewhere (History's text search, on its thread) come as an async iterable, each awaited.
 */
export function csvStream(
  columns: readonly string[],
  pages: Iterable<CsvCell[][]> | AsyncIterable<CsvCell[][]>,
  opts: { crlf?: boolean } = {},
): Readable {
  const record_delimiter = opts.crlf ? 'windows' : 'unix';
  async function* chunks(): AsyncGenerator<string> {
    yield stringify([columns.map(spreadsheetSafe)], { record_delimiter, bom: true });
    for await (const rows of pages) {
      if (rows.length > 0)
        yield stringify(
          rows.map((r) => r.map(cellText)),
          { record_delimiter },
        );
      // Requests waiting since the last page are served before the next one is read.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
  return Readable.from(chunks(), { objectMode: false, highWaterMark: 1 });
}

/**
 * `pages` with its first page read now, the rest when asked: a started export's first read is
 * made (and any failure of it said) before its download, which streams on from it.
 */
export function firstPageRead<T>(pages: Iterable<T[]>): Iterable<T[]> {
  const rest = pages[Symbol.iterator]();
  const first = rest.next();
  return (function* () {
    if (first.done) return;
    yield first.value;
    for (let next = rest.next(); !next.done; next = rest.next()) yield next.value;
  })();
}

/**
 * Each page's items turned into CSV rows, page by page (for csvStream); `view` first turns a
 * whole page into what the rows are made of (one query for the page, not one per row).
 */
export function* mapPages<T, V = T>(
  pages: Iterable<T[]>,
  view: (page: T[]) => V[],
  row: (item: V) => CsvCell[],
): Generator<CsvCell[][]> {
  for (const page of pages) yield view(page).map(row);
}

/** mapPages over pages read asynchronously (History's text search reads each on its thread). */
export async function* mapPagesAsync<T, V = T>(
  pages: AsyncIterable<T[]>,
  view: (page: T[]) => V[],
  row: (item: V) => CsvCell[],
): AsyncGenerator<CsvCell[][]> {
  for await (const page of pages) yield view(page).map(row);
}
