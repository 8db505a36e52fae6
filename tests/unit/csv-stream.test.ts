import { describe, expect, it } from 'vitest';
import {
  csvAmount,
  csvStream,
  firstPageRead,
  mapPages,
  mapPagesAsync,
  toCsv,
  type CsvCell,
} from '../../server/domain/csv.js';

const columns = ['time', 'reference', 'amount', 'note'];
const row = (i: number): CsvCell[] => [
  `2026-01-01 00:00:${String(i % 60).padStart(2, '0')}`,
  `ref-${i}`,
  csvAmount(i % 7 ? `${i}.00` : `-${i}.00`),
  i % 4 === 0 ? `=SUM(A${i}); "quoted", line\nbreak ₦` : i % 4 === 1 ? null : `plain ${i}`,
];
const rows = Array.from({ length: 250 }, (_, i) => row(i));
const pagesOf = (all: CsvCell[][], size: number): CsvCell[][][] =>
  Array.from({ length: Math.ceil(all.length / size) }, (_, i) => all.slice(i * size, (i + 1) * size));

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(parts).toString('utf8');
}

describe('csvStream', () => {
  it('writes exactly the file toCsv writes, whatever the pages (BOM, escaping, amounts, CRLF)', async () => {
    expect(await text(csvStream(columns, pagesOf(rows, 32)))).toBe(toCsv(columns, rows));
    expect(await text(csvStream(columns, pagesOf(rows, 1_000), { crlf: true }))).toBe(
      toCsv(columns, rows, { crlf: true }),
    );
    expect(await text(csvStream(columns, []))).toBe(toCsv(columns, []));
  });

  it('writes the same file from pages read asynchronously (History text search, read on its thread)', async () => {
    async function* pages(): AsyncGenerator<number[]> {
      for (let p = 0; p < 250; p += 32) {
        await new Promise((resolve) => setImmediate(resolve));
        yield Array.from({ length: Math.min(32, 250 - p) }, (_, i) => p + i);
      }
    }
    const views: number[] = [];
    const mapped = mapPagesAsync(
      pages(),
      (page) => {
        views.push(page.length);
        return page;
      },
      row,
    );
    expect(await text(csvStream(columns, mapped))).toBe(toCsv(columns, rows));
    expect(views).toEqual([32, 32, 32, 32, 32, 32, 32, 26]);
  });

  it('reads a page only when the reader wants more, and lets other work run between two pages', async () => {
    const events: string[] = [];
    function* pages(): Generator<CsvCell[][]> {
      for (let p = 0; p < 50; p++) {
        events.push(`page ${p}`);
        // Work queued while a page is read (a request arriving) runs before the next page.
        setImmediate(() => events.push(`other work after page ${p}`));
        yield rows.slice(p * 5, p * 5 + 5);
      }
    }
    const stream = csvStream(columns, pages());
    const reader = stream[Symbol.asyncIterator]();
    await reader.next(); // the header
    await reader.next(); // the first page
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Bounded: a reader that stops taking chunks stops the reading (at most a page or two ahead).
    expect(events.filter((e) => e.startsWith('page')).length).toBeLessThanOrEqual(3);
    for (let r = await reader.next(); !r.done; r = await reader.next());
    expect(events.filter((e) => e.startsWith('page')).length).toBe(50);
    for (let p = 0; p < 49; p++)
      expect(events.indexOf(`other work after page ${p}`)).toBeLessThan(events.indexOf(`page ${p + 1}`));
  });
});

describe('mapPages', () => {
  it('views each page once, then makes its rows', () => {
    const views: number[] = [];
    const out = [
      ...mapPages(
        [[1, 2], [3]],
        (page) => {
          views.push(page.length);
          return page.map((n) => n * 10);
        },
        (v) => [String(v)],
      ),
    ];
    expect(out).toEqual([[['10'], ['20']], [['30']]]);
    expect(views).toEqual([2, 1]);
  });
});

describe('firstPageRead', () => {
  it('reads the first page at once and the rest only when asked, each once', () => {
    const read: number[] = [];
    function* pages() {
      for (const n of [1, 2, 3]) {
        read.push(n);
        yield [n];
      }
    }
    const started = firstPageRead(pages());
    expect(read).toEqual([1]);
    expect([...started]).toEqual([[1], [2], [3]]);
    expect(read).toEqual([1, 2, 3]);
    // Nothing at all to read: no page, and the read was still made.
    expect([...firstPageRead([])]).toEqual([]);
  });
});
